import type { GiftRecord } from '@site/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, DotLoading, InfiniteScroll, List, Tabs } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { MemberPage } from '../../lib/member-page.tsx';
import { messages } from '../../lib/messages.ts';
import { displayYuan } from '../../lib/money.tsx';
import { paths } from '../../lib/paths.ts';
import { byDay, RangeChips, type RangeChoice } from '../../lib/record-filters.tsx';
import { type RecordRange, recordRangeDefault, recordRangeOf } from '../../lib/record-range.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { chatText } from './chat-text.ts';
import './gift-record.css';

type Direction = GiftRecord['direction'];

const directions = ['sent', 'received'] as const satisfies readonly Direction[];
const pageSize = 20;

function directionOf(value: string | null): Direction {
  return value === 'received' ? 'received' : 'sent';
}

function useGiftRecords(direction: Direction, range: RecordRange) {
  return useInfiniteQuery({
    queryKey: ['chat', 'giftRecords', direction, range.startTime, range.endTime],
    queryFn: ({ pageParam, signal }) =>
      callRoute('giftRecords', { pageNum: pageParam, pageSize, direction, ...range }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/**
 * A gift as a fund row: what and to or from whom, in which room; the price out (red) or in
 * (green), or without a sign when the site kept a received gift's money for the house.
 */
function GiftRow({ gift }: { gift: GiftRecord }) {
  const isSent = gift.direction === 'sent';
  const amountClass = isSent
    ? 'record-amount-negative'
    : gift.isCredited
      ? 'record-amount-positive'
      : undefined;
  return (
    <List.Item
      data-testid="gift-record"
      description={
        <span className="gift-record__details">
          <span>
            {isSent
              ? chatText.giftRecordTo(gift.counterpartNickname)
              : chatText.giftRecordFrom(gift.counterpartNickname)}
          </span>
          <span>{gift.roomName}</span>
        </span>
      }
      extra={
        <span className="record-amount">
          <span className={amountClass}>
            {displayYuan(isSent ? `-${gift.price}` : gift.price, { sign: gift.isCredited || isSent })}
          </span>
          {!isSent && !gift.isCredited ? <small>{chatText.giftRecordNotCredited}</small> : null}
          <small className="gift-record__time">{formatShanghaiTime(gift.createdAt).slice(-8)}</small>
        </span>
      }
    >
      {gift.giftName}
    </List.Item>
  );
}

/**
 * `/mine/record/giftRecord`: the member's chat gifts, 送出 or 收到, within the records pages' date
 * chips, newest first under Beijing-day headers and paged as the list scrolls.
 */
export function GiftRecordPage() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const direction = directionOf(searchParams.get('tab'));
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', preset: recordRangeDefault });
  const range = choice.kind === 'custom' ? choice.range : recordRangeOf(choice.preset, Date.now());
  const { data, fetchNextPage, hasNextPage, isPending } = useGiftRecords(direction, range);
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  const directionName = chatText.giftRecordTabs[direction];
  let body: ReactNode;
  if (isPending) {
    body = (
      <div className="gift-record__loading" role="status">
        <DotLoading color="primary" />
        <span>{messages.common.loading}</span>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <SiteEmpty
        title={chatText.giftRecordEmpty[direction]}
        description={direction === 'sent' ? chatText.giftRecordEmptyHint : undefined}
        action={
          <Button color="primary" shape="rounded" onClick={() => void navigate(paths.chat)}>
            {chatText.giftRecordGoChat}
          </Button>
        }
      />
    );
  } else {
    body = (
      <>
        {byDay(rows).map((group) => (
          <List
            key={group.day}
            className="site-card record-day"
            aria-label={chatText.giftRecordsLabel(directionName, group.day)}
            header={<span className="finance-record-day__header">{group.day}</span>}
          >
            {group.rows.map((gift) => (
              <GiftRow key={gift.giftOrderId} gift={gift} />
            ))}
          </List>
        ))}
        <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
          {hasNextPage ? messages.finance.loading : messages.finance.noMore}
        </InfiniteScroll>
      </>
    );
  }
  return (
    <MemberPage>
      <Tabs
        className="site-card gift-record-tabs"
        activeKey={direction}
        activeLineMode="fixed"
        onChange={(key) => setSearchParams({ tab: directionOf(key) }, { replace: true })}
      >
        {directions.map((key) => (
          <Tabs.Tab key={key} title={chatText.giftRecordTabs[key]} />
        ))}
      </Tabs>
      <RangeChips value={choice} onChange={setChoice} />
      {body}
    </MemberPage>
  );
}
