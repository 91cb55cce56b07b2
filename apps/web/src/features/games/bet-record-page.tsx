import {
  type BetRecord,
  type BetStatus,
  type BetTotals,
  betStatuses,
  type GameCategory,
  gameCategories,
  parseYuan,
} from '@site/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, type DropdownRef, InfiniteScroll, List } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callRoute } from '../../lib/api-client.ts';
import { lotteryHallQuery } from '../../lib/lottery-hall.ts';
import { MemberPage } from '../../lib/member-page.tsx';
import { displayYuan } from '../../lib/money.tsx';
import { filterOption, RangeChips, type RangeChoice } from '../../lib/record-filters.tsx';
import { type RecordRange, recordRangeDefault, recordRangeOf } from '../../lib/record-range.ts';
import { SiteEmpty } from '../../lib/site-empty.tsx';
import { formatShanghaiTime } from '../../lib/time.ts';
import { venueListQuery } from '../../lib/venue-list.ts';
import { gameKeys } from './api.ts';
import { gameText } from './game-messages.ts';
import { VenuesLoading } from './venue-tiles.tsx';
import { categoryPath } from './venues.ts';
import './games.css';

const pageSize = 20;

interface BetFilter {
  category?: GameCategory | undefined;
  venueCode?: string | undefined;
  status?: BetStatus | undefined;
}

function useBetRecords(range: RecordRange, filter: BetFilter) {
  const body = {
    ...range,
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.venueCode ? { venueCode: filter.venueCode } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
  return useInfiniteQuery({
    queryKey: [...gameKeys.bets, body],
    queryFn: ({ pageParam, signal }) =>
      callRoute('betRecords', { pageNum: pageParam, pageSize, ...body }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
  });
}

/** The venues of the chosen category, or of every category: the 场馆 filter's choices. */
function useVenueChoices(category: GameCategory | undefined) {
  const queryClient = useQueryClient();
  const categories = category ? [category] : gameCategories;
  const { data } = useQuery({
    queryKey: [...gameKeys.all, 'venueChoices', category],
    queryFn: async () => {
      const lists = await Promise.all(categories.map((each) => queryClient.fetchQuery(venueListQuery(each))));
      return lists.flatMap((list) => list.list);
    },
  });
  return data ?? [];
}

/** 分类 · 场馆 · 状态 as a dropdown bar, the house style of 交易记录; 全部 clears one. */
function BetFilterBar(props: { value: BetFilter; onChange: (filter: BetFilter) => void }) {
  const ref = useRef<DropdownRef>(null);
  const venues = useVenueChoices(props.value.category);
  const choose = (patch: BetFilter) => {
    props.onChange({ ...props.value, ...patch });
    ref.current?.close();
  };
  const { category, venueCode, status } = props.value;
  return (
    <Dropdown ref={ref} className="record-filter-bar">
      <Dropdown.Item
        key="category"
        title={category ? gameText.categoryNames[category] : gameText.allCategories}
      >
        <fieldset className="record-filter-options" aria-label={gameText.categoryLabel}>
          {filterOption('all', gameText.allCategories, category === undefined, () =>
            choose({ category: undefined, venueCode: undefined }),
          )}
          {gameCategories.map((each) =>
            filterOption(each, gameText.categoryNames[each], category === each, () =>
              choose({ category: each, venueCode: undefined }),
            ),
          )}
        </fieldset>
      </Dropdown.Item>
      <Dropdown.Item
        key="venue"
        title={venues.find((venue) => venue.code === venueCode)?.name ?? gameText.allVenues}
      >
        <fieldset className="record-filter-options" aria-label={gameText.venueLabel}>
          {filterOption('all', gameText.allVenues, venueCode === undefined, () =>
            choose({ venueCode: undefined }),
          )}
          {venues.map((venue) =>
            filterOption(venue.code, venue.name, venueCode === venue.code, () =>
              choose({ venueCode: venue.code }),
            ),
          )}
        </fieldset>
      </Dropdown.Item>
      <Dropdown.Item key="status" title={status ? gameText.statuses[status] : gameText.allStatuses}>
        <fieldset className="record-filter-options" aria-label={gameText.statusLabel}>
          {filterOption('all', gameText.allStatuses, status === undefined, () =>
            choose({ status: undefined }),
          )}
          {betStatuses.map((each) =>
            filterOption(each, gameText.statuses[each], status === each, () => choose({ status: each })),
          )}
        </fieldset>
      </Dropdown.Item>
    </Dropdown>
  );
}

const signClass = (yuan: string) => {
  const amount = parseYuan(yuan) ?? 0n;
  return amount > 0n ? 'record-amount-positive' : amount < 0n ? 'record-amount-negative' : undefined;
};

/** 合计: 投注额, 有效投注, 派彩, 输赢 of every bet the filters keep, and how many. */
function BetTotalsBar({ totals, count }: { totals: BetTotals; count: number }) {
  return (
    <section className="bet-totals" aria-label={gameText.totalsLabel}>
      <dl className="bet-totals__list">
        {(['stake', 'validAmount', 'payout', 'winLoss'] as const).map((key) => (
          <div key={key} className="bet-totals__item">
            <dt>{gameText.totals[key]}</dt>
            <dd className={key === 'winLoss' ? signClass(totals.winLoss) : undefined}>
              {displayYuan(totals[key], { sign: key === 'winLoss' })}
            </dd>
          </div>
        ))}
      </dl>
      <div className="bet-totals__count">{gameText.betCount(count)}</div>
    </section>
  );
}

/**
 * Names of the lottery hall's games (SSC1 → 分分彩), read only when the list has lottery bets: a
 * CP bet's game code is the hall's and its round is `{gameCode}-{issueNo}`.
 */
function useLotteryGameNames(rows: readonly BetRecord[]): ReadonlyMap<string, string> {
  const { data } = useQuery({
    ...lotteryHallQuery,
    enabled: rows.some((bet) => bet.category === 'CP'),
    select: (games) => new Map(games.map((game) => [game.code, game.name])),
  });
  return data ?? new Map();
}

/** A bet's game and round as the player knows them: a lottery ticket's game name and 期号. */
function gameAndRound(bet: BetRecord, lotteryNames: ReadonlyMap<string, string>): string {
  const lotteryName = bet.category === 'CP' ? lotteryNames.get(bet.gameCode) : undefined;
  if (lotteryName !== undefined) {
    return `${gameText.game} ${lotteryName} · ${gameText.issue} ${bet.roundId.replace(`${bet.gameCode}-`, '')}`;
  }
  return `${gameText.game} ${bet.gameCode} · ${gameText.round} ${bet.roundId}`;
}

function BetRow({ bet, lotteryNames }: { bet: BetRecord; lotteryNames: ReadonlyMap<string, string> }) {
  return (
    <List.Item
      data-testid="bet-record"
      description={
        <span className="bet-row__details">
          <span>
            {gameText.betId} {bet.betId}
          </span>
          <span>
            {gameAndRound(bet, lotteryNames)}
            {bet.odds ? ` · ${gameText.odds} ${bet.odds}` : ''}
          </span>
          <span>
            {gameText.placedAt} {formatShanghaiTime(bet.placedAt)}
          </span>
          {bet.settledAt ? (
            <span>
              {gameText.settledAt} {formatShanghaiTime(bet.settledAt)}
            </span>
          ) : null}
        </span>
      }
      extra={
        <span className="bet-row__amounts">
          <span>
            {gameText.totals.stake} {displayYuan(bet.stake)}
          </span>
          <span>
            {gameText.totals.validAmount} {displayYuan(bet.validAmount)}
          </span>
          <span>
            {gameText.totals.payout} {displayYuan(bet.payout)}
          </span>
          <strong className={signClass(bet.winLoss)}>{displayYuan(bet.winLoss, { sign: true })}</strong>
          <span className={`bet-row__status bet-row__status--${bet.status}`}>
            {bet.isCashedOut
              ? `${gameText.statuses[bet.status]} · ${gameText.cashedOut}`
              : gameText.statuses[bet.status]}
          </span>
        </span>
      }
    >
      {bet.venueName}
    </List.Item>
  );
}

/**
 * `/mine/record/betRecord`: bets of every venue within the chosen days, by category, venue and
 * status, with the totals of all of them, newest first and paged as the list scrolls.
 */
export function BetRecordPage() {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<RangeChoice>({ kind: 'preset', preset: recordRangeDefault });
  const [filter, setFilter] = useState<BetFilter>({});
  const range = choice.kind === 'custom' ? choice.range : recordRangeOf(choice.preset, Date.now());
  const { data, fetchNextPage, hasNextPage, isPending } = useBetRecords(range, filter);
  const rows = data?.pages.flatMap((page) => page.list) ?? [];
  const first = data?.pages[0];
  const lotteryNames = useLotteryGameNames(rows);
  return (
    <MemberPage>
      <RangeChips value={choice} onChange={setChoice} />
      <BetFilterBar value={filter} onChange={setFilter} />
      {first && rows.length > 0 ? <BetTotalsBar totals={first.totals} count={first.total} /> : null}
      {isPending ? (
        <VenuesLoading />
      ) : rows.length === 0 ? (
        <SiteEmpty
          title={gameText.noBets}
          action={
            <Button color="primary" shape="rounded" onClick={() => void navigate(categoryPath('TY'))}>
              {gameText.goPlay}
            </Button>
          }
        />
      ) : (
        <>
          <List className="site-card bet-records" aria-label={gameText.betRecordTitle}>
            {rows.map((bet) => (
              <BetRow key={`${bet.venueCode}-${bet.betId}`} bet={bet} lotteryNames={lotteryNames} />
            ))}
          </List>
          <InfiniteScroll loadMore={async () => void (await fetchNextPage())} hasMore={hasNextPage}>
            {hasNextPage ? gameText.loading : gameText.noMore}
          </InfiniteScroll>
        </>
      )}
    </MemberPage>
  );
}
