import { bonusTurnoverMultiple, formatFen, parseYuan, uuidV4 } from '@site/contract';
import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { modal } from '../../lib/modal-store.ts';
import { BigMoney } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { showToast } from '../../lib/toast.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';
import { AmountToMove } from './amount-input.tsx';
import { FinancePage } from './finance-page.tsx';
import { LedgerRecordList } from './record-list.tsx';

const text = messages.bonus;

export const bonusWalletKey = ['finance', 'bonusWallet'] as const;

function useBonusWallet() {
  return useQuery({
    queryKey: bonusWalletKey,
    queryFn: ({ signal }) => callRoute('bonusWallet', undefined, { signal }),
  });
}

/** 转入主钱包: checked here, confirmed, then sent with an id kept for retries of the same amount. */
function ConvertForm({ balance, multiple }: { balance: string | undefined; multiple: number }) {
  const refreshMoney = useRefreshMoney();
  const [amount, setAmount] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const transferIdRef = useRef<string | undefined>(undefined);
  const submit = async () => {
    const amountFen = parseYuan(amount);
    if (amountFen === undefined || amountFen <= 0n) {
      showToast(messages.finance.amountInvalid);
      return;
    }
    if (amountFen > (parseYuan(balance ?? '0') ?? 0n)) {
      showToast(messages.finance.insufficient);
      return;
    }
    const turnover = formatFen(amountFen * BigInt(multiple));
    if (!(await modal.confirm({ content: text.confirm(formatFen(amountFen), turnover) }))) {
      return;
    }
    transferIdRef.current ??= uuidV4();
    setIsSubmitting(true);
    try {
      await callRoute('bonusConvert', { amount, transferId: transferIdRef.current });
      showToast(text.done);
      transferIdRef.current = undefined;
      setAmount('');
      await refreshMoney();
    } catch {
      // Shown by the shared behaviours; a retry of the same amount reuses the transfer id.
    } finally {
      setIsSubmitting(false);
    }
  };
  return (
    <section className="site-card finance-section" aria-label={text.submit}>
      <AmountToMove
        label={text.amountLabel}
        value={amount}
        onChange={(next) => {
          transferIdRef.current = undefined;
          setAmount(next);
        }}
        placeholder={text.amountPlaceholder}
        availableYuan={balance}
        availableText={text.available}
        submitLabel={text.submit}
        isSubmitting={isSubmitting}
        onSubmit={() => void submit()}
      />
    </section>
  );
}

/** /mine/currency: the 红利钱包 balance, what it is for, and 转入主钱包. */
export function CurrencyPage() {
  const { data: wallet } = useBonusWallet();
  const navigate = useNavigate();
  const multiple = wallet?.turnoverMultiple ?? bonusTurnoverMultiple;
  return (
    <FinancePage>
      <section className="finance-wallet-card" aria-label={text.title}>
        <div className="finance-wallet-card__label">{text.balance}</div>
        <BigMoney amount={wallet?.balance} />
      </section>
      <section className="site-card finance-tips">
        <ol>
          {text.explain(multiple).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </section>
      <ConvertForm balance={wallet?.balance} multiple={multiple} />
      <List className="site-card">
        <List.Item onClick={() => void navigate(paths.currencyRecord)}>{text.recordsLink}</List.Item>
        <List.Item onClick={() => void navigate(paths.audit)}>{text.auditLink}</List.Item>
      </List>
    </FinancePage>
  );
}

/** /mine/record/currencyRecord: bonus wallet movements, with the same date chips as 交易记录. */
export function CurrencyRecordPage() {
  return (
    <FinancePage>
      <LedgerRecordList routeName="bonusRecords" label={text.recordsTitle} kindText={text.recordKinds} />
    </FinancePage>
  );
}
