import { groupCardNumber } from '@site/contract';
import { Button, List } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { paths } from '../../lib/paths.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';
import { type AccountMethodConfig, accountMethods } from './account-methods.ts';
import { useWithdrawAccounts } from './api.ts';
import { FinancePage } from './finance-page.tsx';

const text = messages.finance;

/** /mine/alipayAcount and its siblings: the bound accounts of one method, with 删除 and 添加. */
export function AccountListPage({ config }: { config: AccountMethodConfig }) {
  const navigate = useNavigate();
  const refresh = useRefreshMoney();
  const { data: accounts } = useWithdrawAccounts();
  const kinds: readonly string[] = config.kinds;
  const mine = (accounts ?? []).filter((account) => kinds.includes(account.kind));
  const name = text.methodNames[config.method];
  const remove = async (id: number, label: string) => {
    if (!(await modal.confirm({ content: text.deleteConfirm(label) }))) {
      return;
    }
    try {
      await callRoute('withdrawAccountDelete', { id });
      showToast(text.deleted);
      await refresh();
    } catch {
      // Shown by the shared behaviours.
    }
  };
  return (
    <FinancePage>
      <List header={text.accountListTitle(name)} className="site-card">
        {accounts && mine.length === 0 ? <List.Item>{text.noAccounts}</List.Item> : null}
        {mine.map((account) => {
          const label = `${text.accountKinds[account.kind]} ${groupCardNumber(account.accountNumber)}`;
          return (
            <List.Item
              key={account.id}
              description={`${account.holderName} · ${formatShanghaiTime(account.createdAt)}`}
              extra={
                <Button
                  size="mini"
                  color="danger"
                  fill="outline"
                  onClick={() => void remove(account.id, label)}
                >
                  {text.deleteAccount}
                </Button>
              }
            >
              {label}
            </List.Item>
          );
        })}
      </List>
      <Button block color="primary" size="large" onClick={() => void navigate(config.addPath)}>
        {text.addAccount(name)}
      </Button>
    </FinancePage>
  );
}

/** /mine/virtualCoinCard: every payout method with how many accounts are bound, each to its list. */
export function WithdrawMethodsPage() {
  const navigate = useNavigate();
  const { data: accounts } = useWithdrawAccounts();
  const countOf = (kinds: readonly string[]) =>
    (accounts ?? []).filter((account) => kinds.includes(account.kind)).length;
  return (
    <FinancePage>
      <List header={text.accountsTitle} className="site-card">
        <List.Item
          extra={text.accountsCount(countOf(['bank']))}
          onClick={() => void navigate(paths.addBankCard)}
        >
          {text.bankCardsLink}
        </List.Item>
        {Object.values(accountMethods).map((config) => (
          <List.Item
            key={config.method}
            extra={text.accountsCount(countOf(config.kinds))}
            onClick={() => void navigate(config.listPath)}
          >
            {text.methodNames[config.method]}
          </List.Item>
        ))}
      </List>
    </FinancePage>
  );
}
