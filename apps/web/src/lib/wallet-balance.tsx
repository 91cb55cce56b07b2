import { RedoOutline } from 'antd-mobile-icons';
import { messages } from './messages.ts';
import { BigMoney, displayYuan } from './money.tsx';
import { showToast } from './toast.ts';
import { useWallet } from './wallet.ts';
import './wallet-balance.css';

const text = messages.mine;

/** ↻ beside a balance: fetches the wallet again and says so once it has. */
export function RefreshBalanceButton() {
  const { refetch, isFetching } = useWallet();
  const refresh = async () => {
    const result = await refetch();
    if (result.isSuccess) {
      showToast(text.refreshed);
    }
  };
  return (
    <button
      type="button"
      className="wallet-refresh"
      aria-label={text.refresh}
      aria-busy={isFetching}
      onClick={() => void refresh()}
    >
      <RedoOutline className={isFetching ? 'wallet-refresh__icon is-spinning' : 'wallet-refresh__icon'} />
    </button>
  );
}

/**
 * The main-wallet balance with ↻, one component for the header, the home wallet strip and the
 * member centre, all reading the one wallet query the money pages use.
 */
export function WalletBalance({
  size,
  onOpenDetails,
}: {
  size: 'small' | 'large';
  onOpenDetails?: () => void;
}) {
  const { data: wallet, isError } = useWallet();
  const shown = isError ? '--' : displayYuan(wallet?.mainBalance);
  const amount =
    size === 'large' ? (
      <BigMoney amount={isError ? undefined : wallet?.mainBalance} />
    ) : (
      <span className="wallet-balance__amount">¥{shown}</span>
    );
  return (
    <span className={`wallet-balance wallet-balance--${size}`}>
      {onOpenDetails ? (
        <button
          type="button"
          className="wallet-balance__details"
          aria-label={`${text.balanceDetails} ¥${shown}`}
          onClick={onOpenDetails}
        >
          {amount}
        </button>
      ) : (
        amount
      )}
      <RefreshBalanceButton />
    </span>
  );
}
