import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { ResponsiveSheet } from '../../lib/responsive-sheet.tsx';
import { useIsSignedIn } from '../../lib/session.ts';
import { useWallet } from '../../lib/wallet.ts';
import { WalletBalance } from '../../lib/wallet-balance.tsx';

const text = messages.mine;

/** What tapping the header balance opens (UX.md section 1): each wallet, then the money pages. */
function BalanceSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { data: wallet } = useWallet();
  const rows = [
    { label: messages.finance.totalBalance, amount: wallet?.totalBalance },
    { label: messages.finance.mainWallet, amount: wallet?.mainBalance },
    { label: messages.bonus.title, amount: wallet?.bonusBalance },
    { label: messages.finance.withdrawalHold, amount: wallet?.withdrawalHoldBalance },
    ...(wallet?.venues ?? []).map((venue) => ({ label: venue.name, amount: venue.balance })),
  ];
  return (
    <ResponsiveSheet title={text.balanceDetails} visible={isOpen} onClose={onClose}>
      <dl className="balance-sheet">
        {rows.map((row) => (
          <div key={row.label} className="balance-sheet__row">
            <dt>{row.label}</dt>
            <dd>¥{displayYuan(row.amount)}</dd>
          </div>
        ))}
      </dl>
      <div className="balance-sheet__actions">
        <Link to={paths.transfer} className="header-wallet__pill" onClick={onClose}>
          {messages.finance.transferTitle}
        </Link>
        <Link
          to={paths.deposit}
          className="header-wallet__pill header-wallet__pill--filled"
          onClick={onClose}
        >
          {text.deposit}
        </Link>
      </div>
    </ResponsiveSheet>
  );
}

/**
 * A member's header (UX.md section 1 "Top bar"): main-wallet balance with ↻, 充值 and 提现;
 * nothing for a visitor, who sees 登录 / 注册 instead.
 */
export function HeaderWallet() {
  const isSignedIn = useIsSignedIn();
  const [isSheetOpen, setSheetOpen] = useState(false);
  if (!isSignedIn) {
    return null;
  }
  return (
    <div className="header-wallet">
      <WalletBalance size="small" onOpenDetails={() => setSheetOpen(true)} />
      <Link to={paths.deposit} className="header-wallet__action">
        <span className="header-wallet__pill header-wallet__pill--filled">{text.deposit}</span>
      </Link>
      <Link to={paths.withdrawal} className="header-wallet__action">
        <span className="header-wallet__pill">{text.withdrawal}</span>
      </Link>
      <BalanceSheet isOpen={isSheetOpen} onClose={() => setSheetOpen(false)} />
    </div>
  );
}
