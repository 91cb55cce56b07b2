import {
  FeedMsgId,
  type SportsbookBetView,
  type SportsbookMarketUpdate,
  type SportsbookMatch,
  type SportsbookMatchEvent,
} from '@site/contract';
import { act, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { sharedSocket } from '../../lib/socket.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
// Test code may cross features: the lottery's fake is the gateway's end of the shared socket.
import { FakeFeedSocket } from '../lottery/fake-feed-socket.ts';
import { applyMatchEvent } from './live-updates.ts';

// The pages load lazily: on a busy machine the first render takes more than a second.
configure({ asyncUtilTimeout: 5_000 });

const live: SportsbookMatch = {
  matchId: 'm-3',
  sport: 'football',
  leagueCode: 'csl',
  leagueName: '中超联赛',
  home: '武汉三镇',
  away: '天津津门虎',
  kickOffAt: '2026-11-25T12:00:00.000Z',
  status: 'live',
  phase: 'second_half',
  clock: "67'",
  score: { home: 1, away: 2 },
  halfTimeScore: { home: 1, away: 1 },
  isSuspended: false,
  commitment: 'a'.repeat(64),
  seed: null,
  markets: [
    {
      key: 'match_result:full_time',
      kind: 'match_result',
      name: '独赢',
      line: null,
      isMain: true,
      status: 'open',
      priceVersion: 4,
      selections: [
        { key: 'match_result:full_time:home', name: '主胜', odds: '2.50' },
        { key: 'match_result:full_time:draw', name: '和局', odds: '3.20' },
        { key: 'match_result:full_time:away', name: '客胜', odds: '2.80' },
      ],
    },
    {
      key: 'over_under:full_time:14',
      kind: 'over_under',
      name: '大小',
      line: '3.5',
      isMain: true,
      status: 'open',
      priceVersion: 2,
      selections: [
        { key: 'over_under:full_time:14:over', name: '大 3.5', odds: '1.95' },
        { key: 'over_under:full_time:14:under', name: '小 3.5', odds: '1.90' },
      ],
    },
  ],
};

/** The feed's event of a goal: 2-2, the result market repriced, 大小 suspended. */
const goal: SportsbookMatchEvent = {
  matchId: 'm-3',
  sport: 'football',
  status: 'live',
  phase: 'second_half',
  clock: "68'",
  score: { home: 2, away: 2 },
  halfTimeScore: { home: 1, away: 1 },
  isSuspended: false,
  changes: ['score', 'clock', 'prices', 'markets'],
  markets: [
    {
      key: 'match_result:full_time',
      isMain: true,
      status: 'open',
      priceVersion: 5,
      selections: [
        { key: 'match_result:full_time:home', odds: '3.10' },
        { key: 'match_result:full_time:draw', odds: '2.40' },
        { key: 'match_result:full_time:away', odds: '3.30' },
      ],
    },
    {
      key: 'over_under:full_time:14',
      isMain: true,
      status: 'suspended',
      priceVersion: 2,
      selections: [
        { key: 'over_under:full_time:14:over', odds: '1.95' },
        { key: 'over_under:full_time:14:under', odds: '1.90' },
      ],
    },
  ],
  closedMarketKeys: [],
};

const wallet = {
  mainBalance: '100.00',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [],
  totalBalance: '100.00',
  isAutoTransfer: false,
  hasFundsPassword: false,
};

function fakeBook(bets: () => SportsbookBetView[] = () => []) {
  return fakeApi({
    sportsbookLeagues: () => [],
    sportsbookMatches: (body) => {
      const list = (body as { filter: string }).filter === 'live' ? [live] : [];
      return { list, total: list.length, pageNum: 1, pageSize: 50 };
    },
    sportsbookMatch: () => live,
    sportsbookBets: () => ({ list: bets(), total: bets().length, pageNum: 1, pageSize: 50 }),
    walletSummary: () => wallet,
    namingList: () => [],
    memberJwt: () => ({ token: 'socket-token', expiresAt: '2026-11-25T05:00:00.000Z' }),
  });
}

const callsTo = (fetchMock: ReturnType<typeof fakeApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes(path)).length;

beforeEach(() => {
  sessionStorage.setItem('securityNoticeShown', '1');
  localStorage.setItem('token', 'token-1');
  FakeFeedSocket.latest = undefined;
  vi.stubGlobal('WebSocket', FakeFeedSocket);
});

afterEach(() => {
  // The client's one socket outlives a page: each test starts from a closed one.
  act(() => sharedSocket(createQueryClient()).close());
  vi.unstubAllGlobals();
});

describe('live sportsbook pages', { timeout: 20_000 }, () => {
  it('the match page shows a pushed goal, new prices and a suspended market without reading the match again', async () => {
    const fetchMock = fakeBook();
    const view = renderApp('/game/sport/book/match/m-3');
    expect(await screen.findByTestId('sb-score')).toHaveProperty('textContent', '1 - 2');
    await waitFor(() => expect(FakeFeedSocket.latest?.topics()).toEqual(['match:m-3']));
    const reads = callsTo(fetchMock, 'sportsbook/match');
    expect(reads).toBeGreaterThan(0);

    FakeFeedSocket.latest?.push(FeedMsgId.sportsbookMatch, { topic: 'match:m-3', data: goal });
    await waitFor(() => expect(screen.getByTestId('sb-score').textContent).toBe('2 - 2'));
    expect(screen.getByText(/68'/)).toBeTruthy();
    // 香港盘: decimal 3.10 shows 2.10.
    expect(await screen.findByRole('button', { name: '武汉三镇 天津津门虎 独赢 主胜 2.10' })).toBeTruthy();
    const locked = screen.getByRole('button', { name: '武汉三镇 天津津门虎 大小 大 3.5 已锁定' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
    expect(callsTo(fetchMock, 'sportsbook/match')).toBe(reads);

    // Another match's event on the topic changes nothing.
    FakeFeedSocket.latest?.push(FeedMsgId.sportsbookMatch, {
      topic: 'match:m-3',
      data: { ...goal, matchId: 'm-9', score: { home: 9, away: 9 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('sb-score').textContent).toBe('2 - 2');

    view.unmount();
    await waitFor(() => expect(FakeFeedSocket.latest?.topics()).toEqual([]));
  });

  it("the board's 滚球 list follows its sport's pushed events", async () => {
    fakeBook();
    renderApp('/game/sport/book?filter=live');
    expect(await screen.findByText('武汉三镇')).toBeTruthy();
    await waitFor(() => expect(FakeFeedSocket.latest?.topics()).toEqual(['board:football']));
    FakeFeedSocket.latest?.push(FeedMsgId.sportsbookBoard, {
      topic: 'board:football',
      data: { sport: 'football', matches: [{ ...goal, isSuspended: true }] },
    });
    expect(await screen.findByText('封盘')).toBeTruthy();
    expect(screen.getByText("68'")).toBeTruthy();
    expect(screen.getByRole('button', { name: '武汉三镇 天津津门虎 独赢 主胜 已锁定' })).toBeTruthy();
  });

  it('the bets page and the balance are read again when a bet settles', async () => {
    const fetchMock = fakeBook();
    renderApp('/game/sport/book/bets');
    expect(await screen.findByText('暂无注单')).toBeTruthy();
    await waitFor(() =>
      expect(FakeFeedSocket.latest?.sent.some((frame) => frame.msgId === 10001)).toBe(true),
    );
    const betReads = callsTo(fetchMock, 'sportsbook/bets');
    const walletReads = callsTo(fetchMock, 'wallet/summary');
    FakeFeedSocket.latest?.push(FeedMsgId.sportsbookBet, {
      betId: 'SB1',
      slipId: 'slip-0001',
      status: 'settled',
      payout: '25.00',
    });
    await waitFor(() => expect(callsTo(fetchMock, 'sportsbook/bets')).toBeGreaterThan(betReads));
    await waitFor(() => expect(callsTo(fetchMock, 'wallet/summary')).toBeGreaterThan(walletReads));
  });
});

describe('applying an event to a copy', () => {
  it('keeps names, skips an update older than the copy and asks for a read when a market is new', () => {
    const applied = applyMatchEvent(live, goal, 'all');
    expect(applied.isComplete).toBe(true);
    expect(applied.value.markets[0]?.selections[0]).toEqual({
      key: 'match_result:full_time:home',
      name: '主胜',
      odds: '3.10',
    });

    const repriced = goal.markets[0] as SportsbookMarketUpdate;
    const older = applyMatchEvent(
      applied.value,
      { ...goal, markets: [{ ...repriced, priceVersion: 4, selections: [] }] },
      'all',
    );
    expect(older.value.markets[0]?.selections[0]?.odds).toBe('3.10');

    const sideLine: SportsbookMatchEvent = {
      ...goal,
      markets: [
        { key: 'over_under:full_time:18', isMain: false, status: 'open', priceVersion: 1, selections: [] },
      ],
    };
    expect(applyMatchEvent(live, sideLine, 'all').isComplete).toBe(false);
    // A list holds main markets only: a side line it never showed is no reason to read it again.
    expect(applyMatchEvent(live, sideLine, 'main').isComplete).toBe(true);

    const closed = applyMatchEvent(
      live,
      { ...goal, markets: [], closedMarketKeys: ['over_under:full_time:14'] },
      'all',
    );
    expect(closed.value.markets.map((market) => market.key)).toEqual(['match_result:full_time']);
    expect(applyMatchEvent(live, { ...goal, status: 'finished' }, 'all').isComplete).toBe(false);
  });
});
