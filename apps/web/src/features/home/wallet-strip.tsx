import {
  BillOutline,
  CollectMoneyOutline,
  HandPayCircleOutline,
  TransportQRcodeOutline,
} from 'antd-mobile-icons';
import { Link } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { loginPathFor, paths } from '../../lib/paths.ts';
import { useIsSignedIn } from '../../lib/session.ts';
import { WalletBalance } from '../../lib/wallet-balance.tsx';
import './wallet-strip.css';

const text = messages.mine;

const shortcuts = [
  { path: paths.deposit, label: text.deposit, icon: <CollectMoneyOutline /> },
  { path: paths.transfer, label: text.transfer, icon: <TransportQRcodeOutline /> },
  { path: paths.withdrawal, label: text.withdrawal, icon: <HandPayCircleOutline /> },
  { path: paths.transRecord, label: text.links.transRecord.label, icon: <BillOutline /> },
];

function Shortcuts() {
  return (
    <nav className="wallet-strip__shortcuts" aria-label={messages.mine.groups.funds}>
      {shortcuts.map((shortcut) => (
        <Link key={shortcut.path} to={shortcut.path} className="wallet-strip__shortcut">
          <span className="wallet-strip__icon" aria-hidden="true">
            {shortcut.icon}
          </span>
          {shortcut.label}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The home page's wallet strip (UX.md section 2 item 4): the main-wallet balance with ↻ and the
 * money shortcuts; a visitor reads 您还未登录 / 登录/注册后查看.
 */
export function WalletStrip() {
  const isSignedIn = useIsSignedIn();
  if (!isSignedIn) {
    return (
      <section className="wallet-strip" aria-label={text.mainWallet}>
        <Link to={loginPathFor(paths.home)} className="wallet-strip__guest">
          <strong>{text.guestName}</strong>
          <span>{text.guestHint}</span>
        </Link>
        <Shortcuts />
      </section>
    );
  }
  return (
    <section className="wallet-strip" aria-label={text.mainWallet}>
      <div className="wallet-strip__balance">
        <span className="wallet-strip__label">{text.mainWallet}</span>
        <WalletBalance size="small" />
      </div>
      <Shortcuts />
    </section>
  );
}
