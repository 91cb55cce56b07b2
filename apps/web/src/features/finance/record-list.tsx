import { parseYuan, type RecordStatus } from '@site/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CapsuleTabs, InfiniteScroll, List } from 'antd-mobile';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { financeKeys } from './api.ts';
import { displayYuan } from './money.tsx';
import {
  type RecordRangePreset,
  recordRangeDefault,
  recordRangeOf,
  recordRangePresets,
} from './record-range.ts';

const text = messages.finance;
const pageSize = 20;

const statusText = messages.records.statuses satisfies Record<RecordStatus, string>;

/** 今天 · 昨天 · 近7天 · 近30天 as one row of chips. */
function RangeChips(props: { value: RecordRangePreset; onChange: (preset: RecordRangePreset) => void }) {
  return (
    <CapsuleTabs
      className="finance-range-chips"
      activeKey={props.value}
      onChange={(key) => props.onChange(key as RecordRangePreset)}
    >
      {recordRangePresets.map((preset) => (
        <CapsuleTabs.Tab key={preset} title={messages.records.ranges[preset]} />
      ))}
    </CapsuleTabs>
  );
}

function useRecords(routeName: 'transactionRecords' | 'bonusRecords', preset: RecordRangePreset) {
  return useInfiniteQuery({
    queryKey: [...financeKeys.records, routeName, preset],
    queryFn: ({ pageParam, signal }) =>
      callRoute(
        routeName,
        { pageNum: pageParam, pageSize, ...recordRangeOf(preset, Date.now()) },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/**
 * A wallet's ledger rows within the chosen days, newest first, paged as the list scrolls: title
 * and time on the left, the signed amount over its status on the right (UX.md section 4 "Rows").
 */
export function LedgerRecordList(props: {
  routeName: 'transactionRecords' | 'bonusRecords';
  label: string;
  kindText: Record<string, string>;
}) {
  const [preset, setPreset] = useState<RecordRangePreset>(recordRangeDefault);
  const { data, fetchNextPage, hasNextPage, isPending } = useRecords(props.routeName, preset);
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <RangeChips value={preset} onChange={setPreset} />
      {rows.length > 0 ? (
        <List className="site-card" aria-label={props.label}>
          {rows.map((row) => {
            const isIncoming = (parseYuan(row.amount) ?? 0n) > 0n;
            return (
              <List.Item
                key={`${row.id}-${row.bucket}-${row.amount}`}
                data-testid="trans-record"
                description={formatShanghaiTime(row.createdAt)}
                extra={
                  <span className="finance-record-amount">
                    <span className={isIncoming ? 'finance-amount-positive' : 'finance-amount-negative'}>
                      {displayYuan(row.amount, { sign: true })}
                    </span>
                    <small className={`finance-status-${row.status}`}>{statusText[row.status]}</small>
                  </span>
                }
              >
                {props.kindText[row.kind] ?? text.recordOther}
                {row.memo && row.memo !== props.kindText[row.kind] ? (
                  <small className="finance-hint"> {row.memo}</small>
                ) : null}
              </List.Item>
            );
          })}
        </List>
      ) : null}
      {!isPending && rows.length === 0 ? (
        <p className="finance-empty">{text.emptyRecords}</p>
      ) : (
        <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
          {hasNextPage ? text.loading : text.noMore}
        </InfiniteScroll>
      )}
    </>
  );
}
