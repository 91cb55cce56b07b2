import { List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { messages } from '../../lib/messages.ts';
import { BigMoney, displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { useWallet } from '../../lib/wallet.ts';
import { FinancePage } from './finance-page.tsx';

const text = messages.finance;

/** /mine/balance: the total and what it is made of, one row per wallet. */
export function BalancePage() {
  const { data: wallet } = useWallet();
  const navigate = useNavigate();
  return (
    <FinancePage>
      <section className="finance-wallet-card" aria-label={text.totalBalance}>
        <div className="finance-wallet-card__label">{text.totalBalance}</div>
        <BigMoney amount={wallet?.totalBalance} />
      </section>
      <List className="site-card">
        <List.Item extra={`¥${displayYuan(wallet?.mainBalance)}`}>{text.mainWallet}</List.Item>
        <List.Item
          extra={`¥${displayYuan(wallet?.bonusBalance)}`}
          onClick={() => void navigate(paths.currency)}
        >
          {text.bonusBalance}
        </List.Item>
        <List.Item extra={`¥${displayYuan(wallet?.withdrawalHoldBalance)}`}>{text.withdrawalHold}</List.Item>
      </List>
      <List header={text.venueWallets} className="site-card">
        {(wallet?.venues ?? []).map((venue) => (
          <List.Item key={venue.venueCode} extra={`¥${displayYuan(venue.balance)}`}>
            {venue.name}
          </List.Item>
        ))}
      </List>
    </FinancePage>
  );
}
