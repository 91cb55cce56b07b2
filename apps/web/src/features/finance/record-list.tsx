import {
  parseYuan,
  type RecordStatus,
  recordStatuses,
  type TransRecordType,
  transRecordTypes,
} from '@site/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Dropdown, type DropdownRef, InfiniteScroll, List } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { byDay, filterOption, RangeChips, type RangeChoice } from '../../lib/record-filters.tsx';
import { type RecordRange, recordRangeDefault, recordRangeOf } from '../../lib/record-range.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { financeKeys } from './api.ts';
import { StatusText } from './order-status.tsx';

const text = messages.finance;
const pageSize = 20;

interface RecordFilter {
  type?: TransRecordType | undefined;
  status?: RecordStatus | undefined;
}

function useRecords(
  routeName: 'transactionRecords' | 'bonusRecords',
  range: RecordRange,
  filter: RecordFilter,
) {
  const filterBody = {
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  return useInfiniteQuery({
    queryKey: [...financeKeys.records, routeName, range.startTime, range.endTime, filter.type, filter.status],
    queryFn: ({ pageParam, signal }) =>
      routeName === 'transactionRecords'
        ? callRoute(routeName, { pageNum: pageParam, pageSize, ...range, ...filterBody }, { signal })
        : callRoute(routeName, { pageNum: pageParam, pageSize, ...range }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

const typeKeys = Object.keys(transRecordTypes) as TransRecordType[];

/** 类型 and 状态 as a dropdown bar (UX.md section 4 "Filters"); 全部 clears one. */
function FilterBar(props: { value: RecordFilter; onChange: (filter: RecordFilter) => void }) {
  const ref = useRef<DropdownRef>(null);
  const choose = (patch: RecordFilter) => {
    props.onChange({ ...props.value, ...patch });
    ref.current?.close();
  };
  return (
    <Dropdown ref={ref} className="record-filter-bar">
      <Dropdown.Item
        key="type"
        title={props.value.type ? text.recordTypes[props.value.type] : messages.records.allTypes}
      >
        <fieldset className="record-filter-options" aria-label={messages.records.typeLabel}>
          {filterOption('all', messages.records.allTypes, props.value.type === undefined, () =>
            choose({ type: undefined }),
          )}
          {typeKeys.map((type) =>
            filterOption(type, text.recordTypes[type], props.value.type === type, () => choose({ type })),
          )}
        </fieldset>
      </Dropdown.Item>
      <Dropdown.Item
        key="status"
        title={
          props.value.status ? messages.records.statuses[props.value.status] : messages.records.allStatuses
        }
      >
        <fieldset className="record-filter-options" aria-label={messages.records.statusLabel}>
          {filterOption('all', messages.records.allStatuses, props.value.status === undefined, () =>
            choose({ status: undefined }),
          )}
          {recordStatuses.map((status) =>
            filterOption(status, messages.records.statuses[status], props.value.status === status, () =>
              choose({ status }),
            ),
          )}
        </fieldset>
      </Dropdown.Item>
    </Dropdown>
  );
}

function Totals({ totals }: { totals: { inAmount: string; outAmount: string } }) {
  return (
    <p className="record-totals">
      <span>{messages.records.totalsLabel}</span>
      <span>
        {messages.records.totalIn}{' '}
        <strong className="record-amount-positive">¥{displayYuan(totals.inAmount)}</strong>
      </span>
      <span>
        {messages.records.totalOut}{' '}
        <strong className="record-amount-negative">¥{displayYuan(totals.outAmount)}</strong>
      </span>
    </p>
  );
}

/**
 * A wallet's ledger rows within the chosen days (and, on 交易记录, of one type and status), newest
 * first, paged as the list scrolls: the totals of everything kept, then the rows grouped under
 * sticky day headers, each with its time, title, signed amount and status (UX.md section 4).
 */
export function LedgerRecordList(props: {
  routeName: 'transactionRecords' | 'bonusRecords';
  label: string;
  kindText: Record<string, string>;
  /** The empty state's way forward, for example 去充值. */
  emptyAction?: ReactNode;
}) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', preset: recordRangeDefault });
  const [filter, setFilter] = useState<RecordFilter>({});
  const range = choice.kind === 'custom' ? choice.range : recordRangeOf(choice.preset, Date.now());
  const { data, fetchNextPage, hasNextPage, isPending } = useRecords(props.routeName, range, filter);
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  const totals = data?.pages[0]?.totals;
  const isTransRecords = props.routeName === 'transactionRecords';
  return (
    <>
      <RangeChips value={choice} onChange={setChoice} />
      {isTransRecords ? <FilterBar value={filter} onChange={setFilter} /> : null}
      {totals && rows.length > 0 ? <Totals totals={totals} /> : null}
      {byDay(rows).map((group) => (
        <List
          key={group.day}
          className="site-card record-day"
          aria-label={`${props.label} ${group.day}`}
          header={<span className="finance-record-day__header">{group.day}</span>}
        >
          {group.rows.map((row) => {
            const isIncoming = (parseYuan(row.amount) ?? 0n) > 0n;
            const title = props.kindText[row.kind] ?? text.recordOther;
            return (
              <List.Item
                key={`${row.id}-${row.bucket}-${row.amount}`}
                data-testid="trans-record"
                description={formatShanghaiTime(row.createdAt).slice(-8)}
                extra={
                  <span className="record-amount">
                    <span className={isIncoming ? 'record-amount-positive' : 'record-amount-negative'}>
                      {displayYuan(row.amount, { sign: true })}
                    </span>
                    <StatusText status={row.status} />
                  </span>
                }
              >
                {title}
                {row.memo && row.memo !== title ? <small className="finance-hint"> {row.memo}</small> : null}
              </List.Item>
            );
          })}
        </List>
      ))}
      {!isPending && rows.length === 0 ? (
        <SiteEmpty
          title={text.emptyRecords}
          action={
            props.emptyAction ?? (
              <Button color="primary" shape="rounded" onClick={() => void navigate(paths.deposit)}>
                {messages.records.emptyAction}
              </Button>
            )
          }
        />
      ) : (
        <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
          {hasNextPage ? text.loading : text.noMore}
        </InfiniteScroll>
      )}
    </>
  );
}
