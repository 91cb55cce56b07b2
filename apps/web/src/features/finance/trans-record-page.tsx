import { parseYuan } from '@site/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteScroll, List } from 'antd-mobile';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { financeKeys, useWithdrawals } from './api.ts';
import { FinancePage } from './finance-page.tsx';
import { displayYuan } from './money.tsx';

const text = messages.finance;
const pageSize = 20;

type Outcome = 'success' | 'pending' | 'failed';

const outcomeText = {
  success: text.recordSuccess,
  pending: text.withdrawStatuses.pending,
  failed: text.withdrawStatuses.rejected,
} satisfies Record<Outcome, string>;

/**
 * Ledger rows are final once written; a withdrawal hold stays 审核中 until the operator pays it
 * out (交易成功) or sends it back (交易失败), read from the member's withdrawal orders.
 */
function useOutcomeOf() {
  const { data } = useWithdrawals();
  const byOrderNo = new Map((data?.list ?? []).map((order) => [order.orderNo, order.status]));
  return (transferId: string): Outcome => {
    const orderNo = transferId.startsWith('withdraw:') ? transferId.slice('withdraw:'.length) : undefined;
    const status = orderNo ? byOrderNo.get(orderNo) : undefined;
    if (status === 'pending') {
      return 'pending';
    }
    return status === 'rejected' ? 'failed' : 'success';
  };
}

function useRecords() {
  return useInfiniteQuery({
    queryKey: financeKeys.records,
    queryFn: ({ pageParam, signal }) =>
      callRoute('transactionRecords', { pageNum: pageParam, pageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/** /mine/record/transRecord: main-wallet movements, newest first, paged as the list scrolls. */
export function TransRecordPage() {
  const { data, fetchNextPage, hasNextPage, isPending } = useRecords();
  const outcomeOf = useOutcomeOf();
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <FinancePage>
      <List className="finance-card" aria-label={text.recordsTitle}>
        {rows.map((row) => {
          const isIncoming = (parseYuan(row.amount) ?? 0n) > 0n;
          const outcome = outcomeOf(row.transferId);
          return (
            <List.Item
              key={row.id}
              data-testid="trans-record"
              description={formatShanghaiTime(row.createdAt)}
              extra={
                <span className="finance-record-amount">
                  <span className={isIncoming ? 'finance-amount-positive' : 'finance-amount-negative'}>
                    {displayYuan(row.amount, { sign: true })}
                  </span>
                  <small className={`finance-status-${outcome}`}>{outcomeText[outcome]}</small>
                </span>
              }
            >
              {text.recordKinds[row.kind] ?? text.recordOther}
              {row.memo ? <small className="finance-hint"> {row.memo}</small> : null}
            </List.Item>
          );
        })}
      </List>
      {!isPending && rows.length === 0 ? (
        <p className="finance-empty">{text.emptyRecords}</p>
      ) : (
        <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
          {hasNextPage ? text.loading : text.noMore}
        </InfiniteScroll>
      )}
    </FinancePage>
  );
}
