import { Grid, List } from 'antd-mobile';
import { BillOutline, HistogramOutline, PayCircleOutline, SendOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { useWallet } from '../../lib/wallet.ts';
import { FinancePage } from './finance-page.tsx';
import { MainWalletCard } from './wallet-card.tsx';

const text = messages.finance;

const shortcuts = [
  { path: paths.deposit, title: text.shortcuts.deposit, icon: <PayCircleOutline /> },
  { path: paths.transfer, title: text.shortcuts.transfer, icon: <SendOutline /> },
  { path: paths.withdrawal, title: text.shortcuts.withdrawal, icon: <BillOutline /> },
  { path: paths.transRecord, title: text.shortcuts.records, icon: <HistogramOutline /> },
] as const;

function Shortcuts() {
  const navigate = useNavigate();
  return (
    <Grid columns={4} className="finance-shortcuts">
      {shortcuts.map((shortcut) => (
        <Grid.Item key={shortcut.path}>
          <button type="button" className="finance-shortcut" onClick={() => void navigate(shortcut.path)}>
            <span className="finance-shortcut__icon">{shortcut.icon}</span>
            {shortcut.title}
          </button>
        </Grid.Item>
      ))}
    </Grid>
  );
}

function VenueWallets() {
  const { data: wallet } = useWallet();
  return (
    <List header={text.venueWallets} className="site-card">
      {(wallet?.venues ?? []).map((venue) => (
        <List.Item key={venue.venueCode} extra={`¥${displayYuan(venue.balance)}`}>
          {venue.name}
        </List.Item>
      ))}
    </List>
  );
}

/** /mine/finance/wallet: 主钱包 with ↻, the shortcuts, and every venue wallet. */
export function WalletPage() {
  const navigate = useNavigate();
  return (
    <FinancePage>
      <MainWalletCard>
        <Shortcuts />
      </MainWalletCard>
      <VenueWallets />
      <List className="site-card">
        <List.Item onClick={() => void navigate(paths.balance)}>{text.balanceLink}</List.Item>
        <List.Item onClick={() => void navigate(paths.currency)}>{messages.bonus.title}</List.Item>
        <List.Item onClick={() => void navigate(paths.audit)}>{text.auditLink}</List.Item>
      </List>
    </FinancePage>
  );
}
