import { messages } from '../../lib/messages.ts';
import { FinancePage } from './finance-page.tsx';
import { LedgerRecordList } from './record-list.tsx';

const text = messages.finance;

/**
 * /mine/record/transRecord: main-wallet movements within 今天 · 昨天 · 近7天 · 近30天, of one type and
 * status if chosen, with their totals, grouped by day. Each row's status comes from the server: a
 * withdrawal stays 交易中… until reviewed, and a rejection's return is a row of its own.
 */
export function TransRecordPage() {
  return (
    <FinancePage>
      <LedgerRecordList
        routeName="transactionRecords"
        label={text.recordsTitle}
        kindText={text.recordKinds}
      />
    </FinancePage>
  );
}
