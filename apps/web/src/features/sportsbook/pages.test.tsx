import {
  ErrorCode,
  type SportsbookBetView,
  type SportsbookLeagues,
  type SportsbookMatch,
  type SportsbookPlaceBody,
} from '@site/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeFailure, fakeApi, venueViewOf } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { slipStore } from './slip-store.ts';

// The pages load lazily: on a busy machine the first render takes more than a second.
configure({ asyncUtilTimeout: 5_000 });

const leagues: SportsbookLeagues = [
  {
    sport: 'football',
    name: '足球',
    liveCount: 1,
    leagues: [{ code: 'csl', name: '中超联赛', liveCount: 1, todayCount: 2, earlyCount: 5 }],
  },
  {
    sport: 'basketball',
    name: '篮球',
    liveCount: 0,
    leagues: [{ code: 'cba', name: 'CBA', liveCount: 0, todayCount: 1, earlyCount: 0 }],
  },
];

function matchOf(
  matchId: string,
  home: string,
  away: string,
  patch: Partial<SportsbookMatch> = {},
): SportsbookMatch {
  return {
    matchId,
    sport: 'football',
    leagueCode: 'csl',
    leagueName: '中超联赛',
    home,
    away,
    kickOffAt: '2026-11-25T12:00:00.000Z',
    status: 'scheduled',
    phase: 'not_started',
    clock: null,
    score: { home: 0, away: 0 },
    halfTimeScore: null,
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
        priceVersion: 1,
        selections: [
          { key: 'match_result:full_time:home', name: '主胜', odds: '2.50' },
          { key: 'match_result:full_time:draw', name: '和局', odds: '3.20' },
          { key: 'match_result:full_time:away', name: '客胜', odds: '2.80' },
        ],
      },
      {
        key: 'over_under:full_time:10',
        kind: 'over_under',
        name: '大小',
        line: '2.5',
        isMain: true,
        status: patch.status === 'live' ? 'suspended' : 'open',
        priceVersion: 1,
        selections: [
          { key: 'over_under:full_time:10:over', name: '大 2.5', odds: '1.95' },
          { key: 'over_under:full_time:10:under', name: '小 2.5', odds: '1.90' },
        ],
      },
    ],
    ...patch,
  };
}

const first = matchOf('m-1', '上海海港', '山东泰山');
const second = matchOf('m-2', '北京国安', '成都蓉城');
const live = matchOf('m-3', '武汉三镇', '天津津门虎', {
  status: 'live',
  phase: 'second_half',
  clock: "67'",
  score: { home: 1, away: 2 },
});

const wallet = {
  mainBalance: '100.00',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [],
  totalBalance: '100.00',
  isAutoTransfer: false,
  hasFundsPassword: false,
};

function betOf(body: SportsbookPlaceBody): SportsbookBetView {
  return {
    slipId: body.slipId,
    betId: 'SB1',
    kind: body.kind,
    name: body.kind === 'single' ? '单注' : `${body.legs.length}串1`,
    status: 'open',
    oddsFormat: 'Hongkong',
    odds: '1.50',
    stake: body.stake,
    ticketCount: 1,
    risk: body.stake,
    potentialReturn: '25.00',
    payout: null,
    rejectCode: null,
    rejectMessage: null,
    placedAt: '2026-11-25T10:00:00.000Z',
    acceptAt: null,
    settledAt: null,
    legs: [],
  };
}

function fakeBook(place: (body: SportsbookPlaceBody) => SportsbookBetView | FakeFailure = betOf) {
  const sent: SportsbookPlaceBody[] = [];
  const matchBodies: unknown[] = [];
  fakeApi({
    sportsbookLeagues: () => leagues,
    sportsbookMatches: (body) => {
      matchBodies.push(body);
      const filter = (body as { filter: string }).filter;
      const list = filter === 'live' ? [live] : [first, second];
      return { list, total: list.length, pageNum: 1, pageSize: 50 };
    },
    sportsbookMatch: () => live,
    sportsbookPlace: (body) => {
      sent.push(body as SportsbookPlaceBody);
      return place(body as SportsbookPlaceBody);
    },
    sportsbookBets: (body) => ({
      list:
        (body as { status: string }).status === 'settled'
          ? [
              {
                ...betOf({
                  kind: 'single',
                  slipId: 'slip-0001',
                  stake: '10.00',
                  acceptOdds: 'better',
                  oddsFormat: 'Hongkong',
                  legs: [],
                }),
                status: 'settled',
                payout: '25.00',
                legs: [
                  {
                    matchId: 'm-1',
                    sport: 'football',
                    leagueName: '中超联赛',
                    home: '上海海港',
                    away: '山东泰山',
                    kickOffAt: '2026-11-25T12:00:00.000Z',
                    marketKey: 'match_result:full_time',
                    marketName: '独赢',
                    selectionKey: 'match_result:full_time:home',
                    selectionName: '主胜',
                    odds: '1.50',
                    isInPlay: false,
                    scoreAtAcceptance: { home: 0, away: 0 },
                    result: 'win',
                    matchScore: { home: 2, away: 1 },
                  },
                ],
              },
            ]
          : [],
      total: 1,
      pageNum: 1,
      pageSize: 50,
    }),
    walletSummary: () => wallet,
    venueList: (body) => ({
      category: (body as { category: 'TY' | 'DJ' }).category,
      counts: { live: 1, total: 1 },
      list: [venueViewOf({ demoAllowed: false })],
    }),
  });
  return { sent, matchBodies };
}

beforeEach(() => {
  sessionStorage.clear();
  sessionStorage.setItem('securityNoticeShown', '1');
  localStorage.setItem('token', 'token-1');
  slipStore.clear();
});

const oddsButton = (name: RegExp | string) => screen.findByRole('button', { name });

describe('the sportsbook board', () => {
  it('lists today by league with counts, main markets and locked suspended markets', async () => {
    fakeBook();
    renderApp('/game/sport/book');
    expect(await screen.findByText('上海海港')).toBeTruthy();
    expect(screen.getByRole('button', { name: /今日\s*2/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /早盘\s*5/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '中超联赛' })).toBeTruthy();
    // 香港盘 by default: D 2.50 shows 1.50.
    expect(await oddsButton('上海海港 山东泰山 独赢 主胜 1.50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /滚球/ }));
    expect(await screen.findByText('武汉三镇')).toBeTruthy();
    expect(screen.getByText("67'")).toBeTruthy();
    const locked = screen.getByRole('button', { name: '武汉三镇 天津津门虎 大小 大 2.5 已锁定' });
    expect((locked as HTMLButtonElement).disabled).toBe(true);
  });

  it('switches the odds format and remembers it', async () => {
    fakeBook();
    renderApp('/game/sport/book');
    await oddsButton('上海海港 山东泰山 独赢 主胜 1.50');
    fireEvent.change(screen.getByRole('combobox', { name: '盘口类型' }), { target: { value: 'Malay' } });
    expect(await oddsButton('上海海港 山东泰山 独赢 主胜 -0.67')).toBeTruthy();
    expect(localStorage.getItem('sportsbookOddsFormat')).toBe('Malay');
    localStorage.removeItem('sportsbookOddsFormat');
  });

  it('places a single from the slip with its stake, format and accept-odds choice', async () => {
    const { sent } = fakeBook();
    renderApp('/game/sport/book');
    fireEvent.click(await oddsButton('上海海港 山东泰山 独赢 主胜 1.50'));
    fireEvent.click(await screen.findByRole('button', { name: '投注单 1' }));
    const slip = await screen.findByRole('dialog', { name: '投注单' });
    fireEvent.change(within(slip).getByRole('textbox', { name: '主胜 投注额' }), { target: { value: '10' } });
    // 10 元 at 香港盘 1.50 returns 25 元.
    expect(within(slip).getAllByText('¥25.00').length).toBeGreaterThan(0);
    fireEvent.click(within(slip).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      kind: 'single',
      stake: '10.00',
      acceptOdds: 'better',
      oddsFormat: 'Hongkong',
      legs: [
        {
          matchId: 'm-1',
          marketKey: 'match_result:full_time',
          selectionKey: 'match_result:full_time:home',
          odds: '2.50',
        },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: /投注单 \d/ })).toBeNull());
  });

  it('names the venue it was launched from and places through it on every page of the visit', async () => {
    const { sent } = fakeBook();
    const { router } = renderApp('/game/sport/book?venue=IMTY&device=h5');
    expect((await screen.findByTestId('sb-venue')).textContent).toBe('IM体育');
    // The venue stays with the visit when the address no longer names it.
    await router.navigate('/game/sport/book');
    fireEvent.click(await oddsButton('上海海港 山东泰山 独赢 主胜 1.50'));
    fireEvent.click(await screen.findByRole('button', { name: '投注单 1' }));
    const slip = await screen.findByRole('dialog', { name: '投注单' });
    fireEvent.change(within(slip).getByRole('textbox', { name: '主胜 投注额' }), { target: { value: '10' } });
    fireEvent.click(within(slip).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ kind: 'single', stake: '10.00', venueCode: 'IMTY' });
    expect(screen.getByTestId('sb-venue').textContent).toBe('IM体育');
  });

  it('offers 串关 for legs of different matches and prompts when the odds changed', async () => {
    let calls = 0;
    const { sent } = fakeBook((body) => {
      calls += 1;
      return calls === 1
        ? new FakeFailure(ErrorCode.sportsbookOddsChanged, '赔率已变化', {
            matchId: 'm-2',
            selectionKey: 'match_result:full_time:away',
            odds: '2.60',
            priceVersion: 2,
          })
        : betOf(body);
    });
    renderApp('/game/sport/book');
    fireEvent.click(await oddsButton('上海海港 山东泰山 独赢 主胜 1.50'));
    fireEvent.click(await oddsButton('北京国安 成都蓉城 独赢 客胜 1.80'));
    fireEvent.click(await screen.findByRole('button', { name: '投注单 2' }));
    const slip = await screen.findByRole('dialog', { name: '投注单' });
    fireEvent.click(within(slip).getByRole('button', { name: '2串1' }));
    fireEvent.change(within(slip).getByRole('textbox', { name: '投注额' }), { target: { value: '10' } });
    // 2.50 × 2.80 × 10 = 70 元.
    expect(within(slip).getByText('¥70.00')).toBeTruthy();
    fireEvent.click(within(slip).getByRole('button', { name: '确认投注' }));
    expect(await within(slip).findByText('赔率已变化')).toBeTruthy();
    expect(within(slip).getByText('赔率由 1.80 变为 1.60，是否以新赔率继续投注？')).toBeTruthy();
    fireEvent.click(within(slip).getByRole('button', { name: '接受新赔率' }));
    fireEvent.click(within(slip).getByRole('button', { name: '确认投注' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ kind: 'parlay', stake: '10.00' });
    expect(sent[1]?.legs[1]?.odds).toBe('2.60');
  });

  it("shows the server's refusal in Chinese", async () => {
    fakeBook(() => new FakeFailure(ErrorCode.sportsbookMarketSuspended, '盘口已封盘，暂停投注'));
    renderApp('/game/sport/book');
    fireEvent.click(await oddsButton('上海海港 山东泰山 独赢 主胜 1.50'));
    fireEvent.click(await screen.findByRole('button', { name: '投注单 1' }));
    const slip = await screen.findByRole('dialog', { name: '投注单' });
    fireEvent.change(within(slip).getByRole('textbox', { name: '主胜 投注额' }), { target: { value: '10' } });
    fireEvent.click(within(slip).getByRole('button', { name: '确认投注' }));
    expect(await within(slip).findByText('盘口已封盘，暂停投注')).toBeTruthy();
  });
});

describe('the ways in', () => {
  it('体育 and 电竞 lead to the sportsbook beside their venues', async () => {
    fakeBook();
    renderApp('/game/sport');
    expect((await screen.findByRole('link', { name: /平台体育/ })).getAttribute('href')).toBe(
      '/game/sport/book',
    );
  });

  it('/game/gaming/book shows esports only', async () => {
    const { matchBodies } = fakeBook();
    renderApp('/game/gaming/book');
    await screen.findByText('上海海港');
    expect(screen.queryByRole('button', { name: '篮球' })).toBeNull();
    expect(matchBodies.at(-1)).toMatchObject({ sport: 'esports', filter: 'today' });
  });
});

describe('the match page and 注单', () => {
  it('shows the live score and every market', async () => {
    fakeBook();
    renderApp('/game/sport/book/match/m-3');
    expect(await screen.findByTestId('sb-score')).toHaveProperty('textContent', '1 - 2');
    expect(screen.getByRole('region', { name: '独赢' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '大小' })).toBeTruthy();
  });

  it('lists settled bets with their legs and results', async () => {
    fakeBook();
    renderApp('/game/sport/book/bets');
    expect(await screen.findByText('暂无注单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '已结算' }));
    const bet = await screen.findByTestId('sb-bet');
    expect(within(bet).getByText('赢')).toBeTruthy();
    expect(within(bet).getByText(/上海海港 VS 山东泰山 \(2-1\)/)).toBeTruthy();
  });
});
