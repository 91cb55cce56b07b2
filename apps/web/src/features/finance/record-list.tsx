import { parseYuan, type RecordStatus, recordRangeDaysMax } from '@site/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CalendarPicker, CapsuleTabs, InfiniteScroll, List } from 'antd-mobile';
import { useState } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { formatShanghaiTime } from '../../lib/time.ts';
import { showToast } from '../../lib/toast.ts';
import { financeKeys } from './api.ts';
import { displayYuan } from './money.tsx';
import {
  customRangeDaysBackMax,
  customRecordRange,
  type RecordRange,
  type RecordRangePreset,
  recordRangeDefault,
  recordRangeOf,
  recordRangePresets,
} from './record-range.ts';

const text = messages.finance;
const pageSize = 20;

const statusText = messages.records.statuses satisfies Record<RecordStatus, string>;

type RangeChoice =
  | { kind: 'preset'; preset: RecordRangePreset }
  | { kind: 'custom'; range: RecordRange; label: string };

const customKey = 'custom';
const monthDay = (day: Date) => `${day.getMonth() + 1}/${day.getDate()}`;

/**
 * 今天 · 昨天 · 近7天 · 近30天 · 自定义 as one row of chips; 自定义 opens a calendar of days, and the
 * chosen days show under the chips, where a tap picks again.
 */
function RangeChips(props: { value: RangeChoice; onChange: (choice: RangeChoice) => void }) {
  const [isPicking, setIsPicking] = useState(false);
  const todayMs = Date.now();
  return (
    <>
      <CapsuleTabs
        className="finance-range-chips"
        activeKey={props.value.kind === 'custom' ? customKey : props.value.preset}
        onChange={(key) => {
          const preset = recordRangePresets.find((candidate) => candidate === key);
          if (preset) {
            props.onChange({ kind: 'preset', preset });
          } else {
            setIsPicking(true);
          }
        }}
      >
        {recordRangePresets.map((preset) => (
          <CapsuleTabs.Tab key={preset} title={messages.records.ranges[preset]} />
        ))}
        <CapsuleTabs.Tab key={customKey} title={messages.records.custom} />
      </CapsuleTabs>
      {props.value.kind === 'custom' ? (
        <button type="button" className="finance-range-custom" onClick={() => setIsPicking(true)}>
          {messages.records.customChosen(props.value.label)}
        </button>
      ) : null}
      <CalendarPicker
        visible={isPicking}
        selectionMode="range"
        title={messages.records.customTitle}
        min={new Date(todayMs - customRangeDaysBackMax * 86_400_000)}
        max={new Date(todayMs)}
        onClose={() => setIsPicking(false)}
        onConfirm={(days) => {
          if (!days) {
            return;
          }
          const [first, last] = days;
          const range = customRecordRange(first, last);
          if (!range) {
            showToast(messages.records.rangeTooLong(recordRangeDaysMax));
            return;
          }
          props.onChange({ kind: 'custom', range, label: `${monthDay(first)}-${monthDay(last)}` });
        }}
      />
    </>
  );
}

function useRecords(routeName: 'transactionRecords' | 'bonusRecords', range: RecordRange) {
  return useInfiniteQuery({
    queryKey: [...financeKeys.records, routeName, range.startTime, range.endTime],
    queryFn: ({ pageParam, signal }) =>
      callRoute(routeName, { pageNum: pageParam, pageSize, ...range }, { signal }),
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
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', preset: recordRangeDefault });
  const range = choice.kind === 'custom' ? choice.range : recordRangeOf(choice.preset, Date.now());
  const { data, fetchNextPage, hasNextPage, isPending } = useRecords(props.routeName, range);
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <RangeChips value={choice} onChange={setChoice} />
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
