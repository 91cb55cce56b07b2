import { cashierLimits, formatFen, parseYuan, uuidV4, type WithdrawAccount } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, PasscodeInput, Radio } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { paths } from '../../lib/paths.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { AmountInput } from './amount-input.tsx';
import {
  financeKeys,
  useAuditSummary,
  useFinanceMember,
  useRefreshMoney,
  useWallet,
  useWithdrawAccounts,
  useWithdrawals,
} from './api.ts';
import { FinancePage } from './finance-page.tsx';
import { FundsPasswordPopup } from './funds-password-popup.tsx';
import { BigMoney, displayYuan } from './money.tsx';

const text = messages.finance;
const minYuan = formatFen(cashierLimits.withdrawMinFen);
const maxYuan = formatFen(cashierLimits.withdrawMaxFen);

export function accountLabel(account: WithdrawAccount): string {
  return text.accountLabel(
    account.bankName ?? text.accountKinds[account.kind],
    account.accountNumber.slice(-4),
  );
}

function Checklist(props: { hasFundsPassword: boolean; hasAccount: boolean; onSetPassword: () => void }) {
  const navigate = useNavigate();
  const item = (title: string, isDone: boolean, onSet: () => void) => (
    <List.Item
      extra={
        isDone ? (
          <span className="finance-status-success">{text.done}</span>
        ) : (
          <Button size="mini" color="primary" onClick={onSet}>
            {text.toSet}
          </Button>
        )
      }
    >
      {title}
    </List.Item>
  );
  return (
    <List header={text.checklistTitle} className="site-card">
      {item(text.fundsPasswordItem, props.hasFundsPassword, props.onSetPassword)}
      {item(text.withdrawAccountItem, props.hasAccount, () => void navigate(paths.addBankCard))}
    </List>
  );
}

function TurnoverNote() {
  const navigate = useNavigate();
  const { data: audit } = useAuditSummary();
  if (!audit) {
    return null;
  }
  return (
    <List.Item
      onClick={() => void navigate(paths.audit)}
      extra={text.auditLink}
      description={
        audit.isMet ? undefined : (
          <span className="finance-warning">
            {text.auditRemaining} ¥{displayYuan(audit.remainingAmount)}
          </span>
        )
      }
    >
      <span className={audit.isMet ? 'finance-status-success' : 'finance-status-failed'}>
        {audit.isMet ? text.turnoverMet : text.turnoverShort(displayYuan(audit.remainingAmount))}
      </span>
    </List.Item>
  );
}

function maxWithdrawYuan(mainBalance: string | undefined): string {
  const balanceFen = parseYuan(mainBalance ?? '0') ?? 0n;
  return formatFen(balanceFen < cashierLimits.withdrawMaxFen ? balanceFen : cashierLimits.withdrawMaxFen);
}

function validateAmount(amount: string, mainBalance: string | undefined): string | undefined {
  const amountFen = parseYuan(amount);
  if (!amount) {
    return text.enterWithdrawAmount;
  }
  if (amountFen === undefined) {
    return text.amountInvalid;
  }
  if (amountFen < cashierLimits.withdrawMinFen) {
    return text.withdrawMin(minYuan);
  }
  if (amountFen > (parseYuan(mainBalance ?? '0') ?? 0n)) {
    return text.insufficient;
  }
  return undefined;
}

function WithdrawForm({ accounts, isTotpEnabled }: { accounts: WithdrawAccount[]; isTotpEnabled: boolean }) {
  const navigate = useNavigate();
  const { data: wallet } = useWallet();
  const refreshMoney = useRefreshMoney();
  const [accountId, setAccountId] = useState<number | undefined>(accounts[0]?.id);
  const [amount, setAmount] = useState('');
  const [fundsPassword, setFundsPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const requestIdRef = useRef<string | undefined>(undefined);
  const account = accounts.find((row) => row.id === accountId);
  const submit = async () => {
    const problem = validateAmount(amount, wallet?.mainBalance);
    if (problem || !account) {
      showToast(problem ?? text.withdrawAccountItem);
      return;
    }
    if (fundsPassword.length !== 6) {
      showToast(text.enterFundsPassword);
      return;
    }
    const isConfirmed = await modal.confirm({
      title: text.confirmTitle,
      content: (
        <>
          <p>
            {text.confirmAmount}：¥{displayYuan(amount)}
          </p>
          <p>
            {text.confirmAccount}：{accountLabel(account)}
          </p>
        </>
      ),
      confirmText: text.confirmSubmit,
      cancelText: text.refill,
    });
    if (!isConfirmed) {
      return;
    }
    requestIdRef.current ??= uuidV4();
    setIsSubmitting(true);
    try {
      await callRoute('withdrawApply', {
        amount,
        withdrawAccountId: account.id,
        fundsPassword,
        requestId: requestIdRef.current,
        ...(isTotpEnabled ? { totpCode } : {}),
      });
      requestIdRef.current = undefined;
      setAmount('');
      setFundsPassword('');
      setTotpCode('');
      showToast(text.withdrawDone);
      await refreshMoney();
    } catch {
      // Shown by the shared behaviours; a retry reuses the request id.
    } finally {
      setIsSubmitting(false);
    }
  };
  const changeAmount = (next: string) => {
    requestIdRef.current = undefined;
    setAmount(next);
  };
  return (
    <>
      <List header={text.withdrawAccount} className="site-card">
        <Radio.Group value={accountId ?? null} onChange={(value) => setAccountId(Number(value))}>
          {accounts.map((row) => (
            <List.Item
              key={row.id}
              extra={<Radio value={row.id} aria-label={accountLabel(row)} />}
              onClick={() => setAccountId(row.id)}
            >
              {accountLabel(row)}
            </List.Item>
          ))}
        </Radio.Group>
        <List.Item onClick={() => void navigate(paths.addBankCard)}>{text.addBankCard}</List.Item>
        <List.Item onClick={() => void navigate(paths.withdrawMethods)}>{text.addWithdrawMethod}</List.Item>
      </List>
      <section className="site-card finance-section" aria-label={text.withdrawAmount}>
        <h2 className="finance-section__title">{text.withdrawAmount}</h2>
        <AmountInput
          label={text.withdrawAmount}
          value={amount}
          onChange={changeAmount}
          placeholder={text.withdrawPlaceholder(displayYuan(minYuan), displayYuan(maxYuan))}
          extra={
            <Button
              size="mini"
              fill="outline"
              onClick={() => changeAmount(maxWithdrawYuan(wallet?.mainBalance))}
            >
              {text.maxWithdraw}
            </Button>
          }
        />
        <p className="finance-hint">{text.dailyCount(cashierLimits.withdrawDailyCountMax)}</p>
        <h2 className="finance-section__title">{text.fundsPassword}</h2>
        <PasscodeInput
          aria-label={text.fundsPassword}
          length={6}
          value={fundsPassword}
          onChange={setFundsPassword}
        />
        {isTotpEnabled ? (
          <Input
            aria-label={text.totpCode}
            placeholder={text.totpPlaceholder}
            value={totpCode}
            onChange={(value) => setTotpCode(value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
          />
        ) : null}
      </section>
      <List className="site-card">
        <TurnoverNote />
      </List>
      <Button block color="primary" size="large" loading={isSubmitting} onClick={() => void submit()}>
        {text.withdrawSubmit}
      </Button>
    </>
  );
}

function WithdrawHistory() {
  const { data } = useWithdrawals();
  const list = data?.list ?? [];
  return (
    <List header={text.withdrawHistory} className="site-card">
      {list.length === 0 ? <List.Item>{text.emptyRecords}</List.Item> : null}
      {list.map((order) => (
        <List.Item
          key={order.orderNo}
          description={`${formatShanghaiTime(order.createdAt)} · ${order.accountLabel}`}
          extra={
            <span className="finance-record-amount">
              <span>¥{displayYuan(order.amount)}</span>
              <small className={statusClass(order.status)}>{text.withdrawStatuses[order.status]}</small>
            </span>
          }
        >
          {text.withdrawalTitle}
        </List.Item>
      ))}
    </List>
  );
}

function statusClass(status: 'pending' | 'approved' | 'rejected'): string {
  switch (status) {
    case 'pending':
      return 'finance-status-pending';
    case 'approved':
      return 'finance-status-success';
    case 'rejected':
      return 'finance-status-failed';
    default: {
      const unknownStatus: never = status;
      return unknownStatus;
    }
  }
}

function Withdrawal() {
  const { data: member } = useFinanceMember();
  const { data: accounts } = useWithdrawAccounts();
  const { data: wallet } = useWallet();
  const queryClient = useQueryClient();
  const [isPopupOpen, setIsPopupOpen] = useState(false);
  if (!member || !accounts || !wallet) {
    return <p className="finance-empty">{text.loading}</p>;
  }
  // The wallet summary says whether a funds password is set; after setting one, ask again.
  const hasFundsPassword = wallet.hasFundsPassword;
  const markSet = () => void queryClient.invalidateQueries({ queryKey: financeKeys.wallet });
  const isReady = hasFundsPassword && accounts.length > 0;
  return (
    <>
      <section className="finance-wallet-card" aria-label={text.withdrawable}>
        <div className="finance-wallet-card__label">{text.withdrawable}</div>
        <BigMoney amount={wallet.mainBalance} />
        <div className="finance-wallet-card__meta">
          <span>
            {text.withdrawalHold} ¥{displayYuan(wallet.withdrawalHoldBalance)}
          </span>
        </div>
      </section>
      {isReady ? null : (
        <Checklist
          hasFundsPassword={hasFundsPassword}
          hasAccount={accounts.length > 0}
          onSetPassword={() => setIsPopupOpen(true)}
        />
      )}
      {isReady ? <WithdrawForm accounts={accounts} isTotpEnabled={member.isTotpEnabled} /> : null}
      <WithdrawHistory />
      <FundsPasswordPopup isVisible={isPopupOpen} onClose={() => setIsPopupOpen(false)} onSet={markSet} />
    </>
  );
}

/** /mine/finance/withdrawal: the safety checklist, then account, amount, funds password and status. */
export function WithdrawalPage() {
  return (
    <FinancePage>
      <Withdrawal />
    </FinancePage>
  );
}
