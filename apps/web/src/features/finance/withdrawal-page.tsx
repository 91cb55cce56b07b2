import {
  type Fen,
  formatFen,
  minFen,
  parseWithdrawFee,
  parseYuan,
  subtractFen,
  uuidV4,
  type WithdrawAccount,
  type WithdrawInfo,
  withdrawFeeFen,
} from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, List, Radio } from 'antd-mobile';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { BigMoney, displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { returnedAccountIdOf, withReturnTo } from '../../lib/return-to.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { useRefreshMoney, useWallet } from '../../lib/wallet.ts';
import { AmountInput } from './amount-input.tsx';
import {
  financeKeys,
  useAuditSummary,
  useFinanceMember,
  useWithdrawAccounts,
  useWithdrawals,
  useWithdrawInfo,
} from './api.ts';
import { FinancePage } from './finance-page.tsx';
import { FundsPasscode, FundsPasswordPopup } from './funds-password-popup.tsx';
import { WithdrawStatusText } from './order-status.tsx';

const text = messages.finance;

/** Adding a payout account from here comes back here, with the new account selected. */
const addBankCardPath = withReturnTo(paths.addBankCard, paths.withdrawal);
const addMethodPath = withReturnTo(paths.withdrawMethods, paths.withdrawal);

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
      {item(text.withdrawAccountItem, props.hasAccount, () => void navigate(addBankCardPath))}
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

const fenOf = (yuan: string | undefined): Fen => parseYuan(yuan ?? '0') ?? (0n as Fen);

function maxWithdrawYuan(mainBalance: string | undefined, info: WithdrawInfo): string {
  const balanceFen = fenOf(mainBalance);
  const maxFen = fenOf(info.maxAmount);
  return formatFen(minFen(balanceFen, maxFen));
}

/** 手续费 and 实际到账 of an amount, as the server computes them; undefined until the amount parses. */
function feeOf(amount: string, info: WithdrawInfo): { feeFen: Fen; actualFen: Fen } | undefined {
  const amountFen = parseYuan(amount);
  const rule = parseWithdrawFee(info.fee);
  if (amountFen === undefined || amountFen <= 0n || rule === undefined) {
    return undefined;
  }
  const feeFen = withdrawFeeFen(amountFen, rule);
  return { feeFen, actualFen: subtractFen(amountFen, feeFen) };
}

function validateAmount(amount: string, mainBalance: string | undefined, info: WithdrawInfo) {
  const amountFen = parseYuan(amount);
  if (!amount) {
    return text.enterWithdrawAmount;
  }
  if (amountFen === undefined) {
    return text.amountInvalid;
  }
  if (amountFen < fenOf(info.minAmount)) {
    return text.withdrawMin(info.minAmount);
  }
  if (amountFen > fenOf(info.maxAmount)) {
    return text.withdrawMax(info.maxAmount);
  }
  if (amountFen > fenOf(mainBalance)) {
    return text.insufficient;
  }
  const fee = feeOf(amount, info);
  if (fee && fee.actualFen <= 0n) {
    return text.feeTooHigh(formatFen(fee.feeFen));
  }
  return undefined;
}

function FeePreview({ amount, info }: { amount: string; info: WithdrawInfo }) {
  const fee = feeOf(amount, info);
  const rule = text.feeRule(String(info.fee.rateBps / 100), info.fee.fixedAmount, info.fee.capAmount);
  return (
    <dl className="finance-fee" aria-label={text.fee}>
      <div>
        <dt>{text.fee}</dt>
        <dd>
          {fee ? `¥${displayYuan(formatFen(fee.feeFen))}` : '--'}
          <small className="finance-hint">（{rule || text.feeFree}）</small>
        </dd>
      </div>
      <div>
        <dt>{text.actualAmount}</dt>
        <dd className="finance-fee__actual">
          {fee && fee.actualFen > 0n ? `¥${displayYuan(formatFen(fee.actualFen))}` : '--'}
        </dd>
      </div>
    </dl>
  );
}

/** Why 确认提现 is off while the turnover audit is short, with the amount still needed and the way to 稽核. */
function TurnoverBlock({ remaining }: { remaining: string }) {
  return (
    <p className="finance-blocked" role="status">
      {text.turnoverBlocked(displayYuan(remaining))}
      <Link to={paths.audit}>{text.auditCheck}</Link>
    </p>
  );
}

function WithdrawForm(props: { accounts: WithdrawAccount[]; isTotpEnabled: boolean; info: WithdrawInfo }) {
  const { accounts, isTotpEnabled, info } = props;
  const navigate = useNavigate();
  const location = useLocation();
  const { data: wallet } = useWallet();
  const { data: audit } = useAuditSummary();
  const refreshMoney = useRefreshMoney();
  const returnedId = returnedAccountIdOf(location.search);
  const [chosenId, setAccountId] = useState<number | undefined>(undefined);
  const accountId =
    chosenId ?? (accounts.some((row) => row.id === returnedId) ? returnedId : accounts[0]?.id);
  const [amount, setAmount] = useState('');
  const [fundsPassword, setFundsPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const requestIdRef = useRef<string | undefined>(undefined);
  const account = accounts.find((row) => row.id === accountId);
  const submit = async () => {
    const problem = validateAmount(amount, wallet?.mainBalance, info);
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
        <dl className="finance-confirm">
          <div>
            <dt>{text.confirmAmount}</dt>
            <dd>¥{displayYuan(amount)}</dd>
          </div>
          <div>
            <dt>{text.fee}</dt>
            <dd>¥{displayYuan(formatFen(feeOf(amount, info)?.feeFen ?? 0n))}</dd>
          </div>
          <div>
            <dt>{text.actualAmount}</dt>
            <dd className="finance-fee__actual">
              ¥{displayYuan(formatFen(feeOf(amount, info)?.actualFen ?? 0n))}
            </dd>
          </div>
          <div>
            <dt>{text.confirmAccount}</dt>
            <dd>{accountLabel(account)}</dd>
          </div>
        </dl>
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
        <List.Item onClick={() => void navigate(addBankCardPath)}>{text.addBankCard}</List.Item>
        <List.Item onClick={() => void navigate(addMethodPath)}>{text.addWithdrawMethod}</List.Item>
      </List>
      <section className="site-card finance-section" aria-label={text.withdrawAmount}>
        <h2 className="finance-section__title">{text.withdrawAmount}</h2>
        <AmountInput
          label={text.withdrawAmount}
          value={amount}
          onChange={changeAmount}
          placeholder={text.withdrawPlaceholder(displayYuan(info.minAmount), displayYuan(info.maxAmount))}
          extra={
            <Button
              size="mini"
              fill="outline"
              onClick={() => changeAmount(maxWithdrawYuan(wallet?.mainBalance, info))}
            >
              {text.maxWithdraw}
            </Button>
          }
        />
        <FeePreview amount={amount} info={info} />
        <p className="finance-hint">{text.dailyCount(info.dailyCountMax)}</p>
        <h2 className="finance-section__title">{text.fundsPassword}</h2>
        <FundsPasscode label={text.fundsPassword} value={fundsPassword} onChange={setFundsPassword} />
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
      {audit?.isMet ? (
        <List className="site-card">
          <TurnoverNote />
        </List>
      ) : null}
      {audit && !audit.isMet ? <TurnoverBlock remaining={audit.remainingAmount} /> : null}
      <Button
        block
        color="primary"
        size="large"
        loading={isSubmitting}
        loadingText={text.submitting}
        disabled={!audit?.isMet}
        onClick={() => void submit()}
      >
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
          description={
            <>
              {formatShanghaiTime(order.createdAt)} · {order.accountLabel}
              <br />
              {text.fee} ¥{displayYuan(order.fee)} · {text.actualAmount} ¥{displayYuan(order.actualAmount)}
            </>
          }
          extra={
            <span className="record-amount">
              <span>¥{displayYuan(order.amount)}</span>
              <WithdrawStatusText status={order.status} />
            </span>
          }
        >
          {text.withdrawalTitle}
        </List.Item>
      ))}
    </List>
  );
}

function Withdrawal() {
  const { data: member } = useFinanceMember();
  const { data: accounts } = useWithdrawAccounts();
  const { data: wallet } = useWallet();
  const { data: info } = useWithdrawInfo();
  const queryClient = useQueryClient();
  const [isPopupOpen, setIsPopupOpen] = useState(false);
  if (!member || !accounts || !wallet || !info) {
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
      {isReady ? <WithdrawForm accounts={accounts} isTotpEnabled={member.isTotpEnabled} info={info} /> : null}
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
