import { Button } from 'antd-mobile';
import { RedoOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { messages } from '../../lib/messages.ts';
import { BigMoney, displayYuan } from '../../lib/money.tsx';
import { showToast } from '../../lib/toast.ts';
import { useWallet } from '../../lib/wallet.ts';

const text = messages.finance;

/** The 主钱包 card: large balance with ↻, the hold beneath, and room for actions. */
export function MainWalletCard({ children }: { children?: ReactNode }) {
  const { data: wallet, refetch, isFetching } = useWallet();
  const refresh = async () => {
    const result = await refetch();
    if (result.isSuccess) {
      showToast(text.refreshed);
    }
  };
  return (
    <section className="finance-wallet-card" aria-label={text.mainWallet}>
      <div className="finance-wallet-card__label">
        {text.mainWallet}
        <Button
          size="mini"
          fill="none"
          aria-label={text.refresh}
          loading={isFetching}
          onClick={() => void refresh()}
        >
          <RedoOutline />
        </Button>
      </div>
      <BigMoney amount={wallet?.mainBalance} />
      <div className="finance-wallet-card__meta">
        <span>
          {text.withdrawalHold} ¥{displayYuan(wallet?.withdrawalHoldBalance)}
        </span>
        <span>
          {text.totalBalance} ¥{displayYuan(wallet?.totalBalance)}
        </span>
      </div>
      {children}
    </section>
  );
}
