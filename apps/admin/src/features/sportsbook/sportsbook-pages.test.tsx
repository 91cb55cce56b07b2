import {
  type AdminSportsbookMatch,
  type AdminSportsbookMatchLiability,
  type AdminSportsbookResult,
  type OperatorPermission,
  routes,
  type SportsbookBookSettingsView,
} from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { type Answer, serve } from '../../test/fake-api.ts';
import {
  type AdminSportsbookBet,
  legText,
  SportsbookBetsPage,
  sportsbookBetSearchBody,
} from './bets-page.tsx';
import { matchSearchBody, SportsbookMatchesPage } from './matches-page.tsx';
import {
  type AdminSportsbookReceivable,
  receivableSearchBody,
  SportsbookReceivablesPage,
} from './receivables-page.tsx';
import { resultBody, resultDoneText } from './result-drawer.tsx';
import { formValuesOf, SportsbookSettingsPage, settingsOf } from './settings-page.tsx';
import { suspensionText } from './sportsbook-text.ts';

// ProTable's search form renders slowly in jsdom, the more so on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
const slow = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
  window.history.replaceState(null, '', '/');
});

function renderAs(permissions: OperatorPermission[], page: ReactNode, url = '/') {
  startSession({
    token: 'operator-token',
    expiresAt: '2099-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'ops1', role: 'site_admin', siteIds: [9001], permissions },
  });
  // ProTable reads its search form from the window's URL, as the console's router keeps it.
  window.history.replaceState(null, '', url);
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </AppProviders>,
  );
}

const writer: OperatorPermission[] = ['bets.read', 'book.write'];
const reader: OperatorPermission[] = ['bets.read'];

const finished: AdminSportsbookMatch = {
  matchId: 'fb-epl-0001',
  sport: 'football',
  leagueName: '英超',
  home: '阿森纳',
  away: '切尔西',
  kickOffAt: '2026-11-25T12:00:00.000Z',
  status: 'finished',
  phase: 'finished',
  score: { home: 2, away: 1 },
  result: { fullTime: { home: 2, away: 1 }, halfTime: { home: 1, away: 0 } },
  resultVersion: 2,
  isSuspended: false,
  isHeld: false,
  heldMarketKeys: [],
  cancelReason: null,
  settledAt: '2026-11-25T14:00:00.000Z',
};
const live: AdminSportsbookMatch = {
  ...finished,
  matchId: 'fb-epl-0002',
  home: '利物浦',
  away: '曼城',
  status: 'live',
  phase: 'second_half',
  score: { home: 0, away: 1 },
  result: null,
  resultVersion: 1,
  heldMarketKeys: ['total:full_time:2.5'],
  settledAt: null,
};
const heldLive: AdminSportsbookMatch = { ...live, isHeld: true, isSuspended: true };

/** The liability route of the live match: its markets, one held by staff. */
const liveRisk: AdminSportsbookMatchLiability = {
  matchId: live.matchId,
  sport: 'football',
  leagueName: '英超',
  home: live.home,
  away: live.away,
  kickOffAt: live.kickOffAt,
  status: 'live',
  worstLiability: '1250.00',
  exposureMax: '500000.00',
  markets: [
    {
      marketKey: 'asian_handicap:full_time:-1',
      name: '让球',
      line: '-0.25',
      status: 'open',
      suspendReason: null,
      priceVersion: 3,
      stake: '800.00',
      worstLiability: '1250.00',
      selections: [
        {
          key: 'asian_handicap:full_time:-1:home',
          name: '主 -0.25',
          odds: '1.95',
          potentialReturn: '2050.00',
          liability: '1250.00',
          priceSteps: 0,
        },
        {
          key: 'asian_handicap:full_time:-1:away',
          name: '客 +0.25',
          odds: '1.90',
          potentialReturn: '0.00',
          liability: '-800.00',
          priceSteps: 0,
        },
      ],
    },
    {
      marketKey: 'total:full_time:2.5',
      name: '大小',
      line: '2.5',
      status: 'suspended',
      suspendReason: 'held',
      priceVersion: 5,
      stake: '0.00',
      worstLiability: '0.00',
      selections: [
        {
          key: 'total:full_time:2.5:over',
          name: '大 2.5',
          odds: '2.05',
          potentialReturn: '0.00',
          liability: '0.00',
          priceSteps: 0,
        },
        {
          key: 'total:full_time:2.5:under',
          name: '小 2.5',
          odds: '1.80',
          potentialReturn: '0.00',
          liability: '0.00',
          priceSteps: 0,
        },
      ],
    },
  ],
};

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

async function rowOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text, undefined, slow)).closest('tr');
  if (!row) {
    throw new Error(`no row with ${text}`);
  }
  return row;
}

const corrected: AdminSportsbookResult = {
  match: {
    ...finished,
    result: { fullTime: { home: 2, away: 2 }, halfTime: { home: 1, away: 0 } },
    resultVersion: 3,
  },
  isChanged: true,
  betCount: 4,
  reopenedCount: 0,
  payoutDelta: '-120.00',
  receivable: '30.00',
};

describe('赛事管理', () => {
  it('lists each match with its status, scores, result version and 封盘, and opens no write action to a reader', async () => {
    const api = serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([finished, heldLive]) }),
    });
    renderAs(reader, <SportsbookMatchesPage />);
    const done = await rowOf('阿森纳 vs 切尔西');
    expect(within(done).getByText('已完场')).toBeTruthy();
    expect(within(done).getByText('2-1')).toBeTruthy();
    expect(within(done).getByText('1-0')).toBeTruthy();
    expect(within(done).getByText('第 2 版')).toBeTruthy();
    expect(within(done).getByText('已更正')).toBeTruthy();
    const inPlay = await rowOf('利物浦 vs 曼城');
    expect(within(inPlay).getByText(/下半场/)).toBeTruthy();
    expect(within(inPlay).getByText('人工封盘，1 个盘口人工封盘')).toBeTruthy();
    expect(within(inPlay).getByRole('button', { name: '详情' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^(封盘|开盘)/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '更正赛果' })).toBeNull();
    expect(api.bodiesOf(routes.adminSportsbookMatches.path)[0]).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('shows an empty list as such', async () => {
    serve({ [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([]) }) });
    renderAs(reader, <SportsbookMatchesPage />);
    // The empty picture carries the same words as its title: the description is the one shown.
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' }, slow)).toBeTruthy();
  });

  it('checks a correction in the form, sending nothing, then asks before sending it', async () => {
    const api = serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([finished]) }),
      [routes.adminSportsbookResult.path]: () => ({ data: corrected }),
    });
    renderAs(writer, <SportsbookMatchesPage />);
    fireEvent.click(within(await rowOf('阿森纳 vs 切尔西')).getByRole('button', { name: '更正赛果' }));
    const awayFullTime = await screen.findByLabelText('全场 切尔西', undefined, slow);
    expect((awayFullTime as HTMLInputElement).value).toBe('1');
    fireEvent.change(screen.getByLabelText('半场 阿森纳'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: '提交更正' }));
    expect(await screen.findByText('半场比分不能大于全场比分', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('请填写更正原因', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookResult.path)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('半场 阿森纳'), { target: { value: '1' } });
    fireEvent.change(awayFullTime, { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('更正原因'), { target: { value: ' 数据源比分错误 ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交更正' }));
    expect(await screen.findByText('全场 2-1 → 2-2', undefined, slow)).toBeTruthy();
    expect(screen.getByText('半场 1-0 → 1-0')).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookResult.path)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '确认更正' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminSportsbookResult.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminSportsbookResult.path)[0]).toEqual({
      matchId: 'fb-epl-0001',
      fullTime: { home: 2, away: 2 },
      halfTime: { home: 1, away: 0 },
      reason: '数据源比分错误',
    });
    expect(await screen.findByText(/赛果已更正为第 3 版，4 笔注单重新结算/, undefined, slow)).toBeTruthy();
  });

  it('keeps the drawer open with the server refusal when a correction is refused', async () => {
    serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([finished]) }),
      [routes.adminSportsbookResult.path]: () => ({
        code: 10003,
        message: '参数错误：matchId 赛事尚未完场，不能更正赛果',
        data: { field: 'matchId' },
      }),
    });
    renderAs(writer, <SportsbookMatchesPage />);
    fireEvent.click(within(await rowOf('阿森纳 vs 切尔西')).getByRole('button', { name: '更正赛果' }));
    fireEvent.change(await screen.findByLabelText('更正原因', undefined, slow), {
      target: { value: '官方改判' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交更正' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认更正' }, slow));
    expect(await screen.findByText('更正未成功', undefined, slow)).toBeTruthy();
    expect(
      (await screen.findAllByText('参数错误：matchId 赛事尚未完场，不能更正赛果', undefined, slow)).length,
    ).toBeGreaterThan(0);
    expect(screen.getByLabelText('更正原因')).toBeTruthy();
  });

  it('holds a whole match with a reason, then offers to open it, and never a finished one', async () => {
    let match = live;
    const api = serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([match, finished]) }),
      [routes.adminSportsbookHold.path]: () => {
        match = heldLive;
        return { data: match };
      },
    });
    renderAs(writer, <SportsbookMatchesPage />);
    const row = await rowOf('fb-epl-0002');
    expect(within(await rowOf('fb-epl-0001')).queryByRole('button', { name: /^(封盘|开盘)/ })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: '封盘 利物浦 vs 曼城' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认封盘' }, slow));
    expect(await screen.findByText('请填写封盘原因', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookHold.path)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('封盘原因'), { target: { value: ' 赔率异常 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认封盘' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminSportsbookHold.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminSportsbookHold.path)[0]).toEqual({
      matchId: 'fb-epl-0002',
      isHeld: true,
      reason: '赔率异常',
    });
    expect(await screen.findByText('已封盘', undefined, slow)).toBeTruthy();
    // The list reloads: the held match reads so and offers 开盘 instead.
    expect(await screen.findByRole('button', { name: '开盘 利物浦 vs 曼城' }, slow)).toBeTruthy();
    expect(within(await rowOf('fb-epl-0002')).getByText('人工封盘，1 个盘口人工封盘')).toBeTruthy();
  });

  it('shows the refusal of a hold and keeps the dialog open', async () => {
    serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([live]) }),
      [routes.adminSportsbookHold.path]: () => ({ code: 700401, message: '赛事不存在或已结束' }),
    });
    renderAs(writer, <SportsbookMatchesPage />);
    fireEvent.click(within(await rowOf('fb-epl-0002')).getByRole('button', { name: '封盘 利物浦 vs 曼城' }));
    fireEvent.change(await screen.findByLabelText('封盘原因', undefined, slow), {
      target: { value: '赔率异常' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认封盘' }));
    expect(await screen.findByText('赛事不存在或已结束', undefined, slow)).toBeTruthy();
    expect(screen.getByLabelText('封盘原因')).toBeTruthy();
  });

  it('lists the markets of a match in its drawer, and holds and opens one market', async () => {
    let match = live;
    const api = serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([match]) }),
      [routes.adminSportsbookLiability.path]: () => ({ data: pageOf([liveRisk]) }),
      [routes.adminSportsbookHold.path]: () => {
        match = { ...live, heldMarketKeys: [...live.heldMarketKeys, 'asian_handicap:full_time:-1'] };
        return { data: match };
      },
    });
    renderAs(writer, <SportsbookMatchesPage />);
    fireEvent.click(within(await rowOf('fb-epl-0002')).getByRole('button', { name: '详情' }));
    const total = await rowOf('大小 2.5');
    expect(within(total).getByText('人工封盘')).toBeTruthy();
    expect(within(total).getByRole('button', { name: '开盘 利物浦 vs 曼城 · 大小 2.5' })).toBeTruthy();
    expect(within(await rowOf('让球 -0.25')).getByText('1250.00')).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookLiability.path)[0]).toEqual({
      matchId: 'fb-epl-0002',
      pageNum: 1,
      pageSize: 1,
    });
    expect(screen.getByRole('link', { name: '查看注单' }).getAttribute('href')).toBe(
      '/sportsbook/bets?matchId=fb-epl-0002',
    );

    fireEvent.click(screen.getByRole('button', { name: '封盘 利物浦 vs 曼城 · 让球 -0.25' }));
    fireEvent.change(await screen.findByLabelText('封盘原因', undefined, slow), {
      target: { value: '盘口异常' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认封盘' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminSportsbookHold.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminSportsbookHold.path)[0]).toEqual({
      matchId: 'fb-epl-0002',
      marketKey: 'asian_handicap:full_time:-1',
      isHeld: true,
      reason: '盘口异常',
    });
    // The drawer follows the answer: the market is now held by staff, and offers 开盘.
    expect(
      await screen.findByRole('button', { name: '开盘 利物浦 vs 曼城 · 让球 -0.25' }, slow),
    ).toBeTruthy();
  });

  it('shows a market refusal, and a reader the markets without buttons', async () => {
    serve({
      [routes.adminSportsbookMatches.path]: () => ({ data: pageOf([live]) }),
      [routes.adminSportsbookLiability.path]: () => ({ code: 10003, message: '赛事编号格式错误' }),
    });
    renderAs(reader, <SportsbookMatchesPage />);
    fireEvent.click(within(await rowOf('fb-epl-0002')).getByRole('button', { name: '详情' }));
    expect(await screen.findByText('盘口加载失败', undefined, slow)).toBeTruthy();
    expect(screen.getByText('赛事编号格式错误')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^封盘/ })).toBeNull();
  });

  it('turns the search form into the route body', () => {
    expect(
      matchSearchBody({ sport: 'basketball', status: 'bogus', matchId: ' FB-EPL-0001 ', day: '2026-11-25' }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      sport: 'basketball',
      matchId: 'fb-epl-0001',
      day: '2026-11-25',
    });
    expect(matchSearchBody({ status: 'finished', current: 3, pageSize: 50 })).toEqual({
      pageNum: 3,
      pageSize: 50,
      status: 'finished',
    });
  });

  it('sends no half-time of an esports series and reads what a correction moved', () => {
    const values = { fullTimeHome: 2, fullTimeAway: 1, halfTimeHome: 0, halfTimeAway: 0, reason: ' 改判 ' };
    expect(resultBody({ matchId: 'es-lol-0001', sport: 'esports' }, values)).toEqual({
      matchId: 'es-lol-0001',
      fullTime: { home: 2, away: 1 },
      reason: '改判',
    });
    expect(resultDoneText(corrected)).toBe(
      '赛果已更正为第 3 版，4 笔注单重新结算，派彩变动 -120.00 元，会员余额不足未能追回 30.00 元，已记为应收',
    );
    expect(resultDoneText({ ...corrected, isChanged: false })).toBe('赛果与当前相同，未产生变动');
    expect(suspensionText({ ...live, heldMarketKeys: [], isSuspended: true })).toBe('数据源封盘');
    expect(suspensionText(finished)).toBe('');
  });
});

const parlay: AdminSportsbookBet = {
  slipId: 'slip-00000001',
  betId: 'SB000001',
  kind: 'parlay',
  name: '2串1',
  status: 'settled',
  oddsFormat: 'Europe',
  odds: '3.80',
  stake: '10.00',
  ticketCount: 1,
  risk: '10.00',
  potentialReturn: '38.00',
  payout: '0.00',
  rejectCode: null,
  rejectMessage: null,
  placedAt: '2026-11-25T11:00:00.000Z',
  acceptAt: null,
  settledAt: '2026-11-25T14:00:00.000Z',
  memberId: '77',
  legs: [
    {
      matchId: 'fb-epl-0001',
      sport: 'football',
      leagueName: '英超',
      home: '阿森纳',
      away: '切尔西',
      kickOffAt: '2026-11-25T12:00:00.000Z',
      marketKey: 'asian_handicap:full_time:-1',
      marketName: '让球',
      selectionKey: 'asian_handicap:full_time:-1:home',
      selectionName: '主 -0.25',
      odds: '1.95',
      isInPlay: false,
      scoreAtAcceptance: { home: 0, away: 0 },
      result: 'win',
      matchScore: { home: 2, away: 1 },
    },
    {
      matchId: 'fb-epl-0002',
      sport: 'football',
      leagueName: '英超',
      home: '利物浦',
      away: '曼城',
      kickOffAt: '2026-11-25T12:00:00.000Z',
      marketKey: 'total:full_time:2.5',
      marketName: '大小',
      selectionKey: 'total:full_time:2.5:over',
      selectionName: '大 2.5',
      odds: '1.95',
      isInPlay: true,
      scoreAtAcceptance: { home: 0, away: 1 },
      result: 'loss',
      matchScore: { home: 0, away: 1 },
    },
  ],
};

describe('体育注单', () => {
  it('lists bets with their picks, stake and status, filtered by the match in the URL', async () => {
    const api = serve({ [routes.adminSportsbookBets.path]: () => ({ data: pageOf([parlay]) }) });
    renderAs(reader, <SportsbookBetsPage />, '/sportsbook/bets?matchId=fb-epl-0001');
    const row = await rowOf('SB000001');
    expect(within(row).getByText('2串1')).toBeTruthy();
    expect(within(row).getByText('77')).toBeTruthy();
    expect(within(row).getByText('已结算')).toBeTruthy();
    expect(within(row).getByText(/英超 阿森纳 vs 切尔西 · 让球 主 -0.25 @1.95 · 赢 · 赛果 2-1/)).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookBets.path)[0]).toEqual({
      pageNum: 1,
      pageSize: 20,
      matchId: 'fb-epl-0001',
    });
  });

  it('shows a rejected bet with why it was refused', async () => {
    serve({
      [routes.adminSportsbookBets.path]: () => ({
        data: pageOf([
          {
            ...parlay,
            status: 'rejected',
            payout: null,
            rejectCode: 700402,
            rejectMessage: '该盘口已关闭，请选择其他盘口',
          },
        ]),
      }),
    });
    renderAs(reader, <SportsbookBetsPage />);
    const row = await rowOf('SB000001');
    expect(within(row).getByText('已拒绝')).toBeTruthy();
    expect(within(row).getByText(/该盘口已关闭/)).toBeTruthy();
  });

  it('turns the search form into the route body, a bad member id left out', () => {
    expect(sportsbookBetSearchBody({ memberId: ' 77 ', status: 'cashed_out', matchId: '' })).toEqual({
      pageNum: 1,
      pageSize: 20,
      memberId: 77,
      status: 'cashed_out',
    });
    expect(sportsbookBetSearchBody({ memberId: 'abc', status: 'bogus' })).toEqual({
      pageNum: 1,
      pageSize: 20,
    });
    expect(legText(parlay.legs[1] as AdminSportsbookBet['legs'][number])).toBe(
      '英超 利物浦 vs 曼城 · 大小 大 2.5 @1.95（滚球 0-1） · 输 · 赛果 0-1',
    );
  });
});

const owed: AdminSportsbookReceivable = {
  id: '5',
  memberId: '77',
  betId: 'SB000001',
  slipId: 'slip-000001',
  settlementVersion: 1,
  matches: [{ matchId: 'fb-epl-0001', home: '阿森纳', away: '切尔西' }],
  amount: '195.00',
  recovered: '45.00',
  outstanding: '150.00',
  state: 'partial',
  createdAt: '2026-11-25T14:30:00.000Z',
  updatedAt: '2026-11-25T15:00:00.000Z',
};

describe('体育应收', () => {
  const money: OperatorPermission[] = ['cashier.read'];

  it('lists what members owe against the bet and its match, filtered by the member in the URL', async () => {
    const api = serve({ [routes.adminSportsbookReceivables.path]: () => ({ data: pageOf([owed]) }) });
    renderAs(money, <SportsbookReceivablesPage />, '/sportsbook/receivables?memberId=77');
    const row = await rowOf('SB000001');
    expect(within(row).getByText('slip-000001')).toBeTruthy();
    expect(within(row).getByText('阿森纳 vs 切尔西')).toBeTruthy();
    expect(within(row).getByText('第 1 版')).toBeTruthy();
    expect(within(row).getByText('195.00')).toBeTruthy();
    expect(within(row).getByText('45.00')).toBeTruthy();
    expect(within(row).getByText('150.00')).toBeTruthy();
    expect(within(row).getByText('部分追回')).toBeTruthy();
    expect(within(row).getByText('2026-11-25 22:30:00')).toBeTruthy();
    expect(api.bodiesOf(routes.adminSportsbookReceivables.path)[0]).toEqual({
      pageNum: 1,
      pageSize: 20,
      memberId: 77,
    });
  });

  it('shows it is loading, then an empty list as such', async () => {
    let answer: (value: Answer) => void = () => undefined;
    serve({
      [routes.adminSportsbookReceivables.path]: () => new Promise<Answer>((resolve) => (answer = resolve)),
    });
    renderAs(money, <SportsbookReceivablesPage />);
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeTruthy(), slow);
    answer({ data: pageOf([]) });
    expect(await screen.findByText('暂无数据', { selector: '.ant-empty-description' }, slow)).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-spin-spinning')).toBeNull(), slow);
  });

  it('turns the search form into the route body, a bad member id or state left out', () => {
    expect(receivableSearchBody({ memberId: ' 77 ', state: 'open' })).toEqual({
      pageNum: 1,
      pageSize: 20,
      memberId: 77,
      state: 'open',
    });
    expect(receivableSearchBody({ memberId: '7x', state: 'waived' })).toEqual({ pageNum: 1, pageSize: 20 });
  });
});

const bookSettings: SportsbookBookSettingsView = {
  settings: {
    marginBps: {
      match_result: 600,
      asian_handicap: 400,
      over_under: 400,
      odd_even: 500,
      correct_score: 2000,
      total_goals: 800,
      both_teams_to_score: 600,
      double_chance: 500,
      half_time_full_time: 1500,
    },
    stakeMin: '1.00',
    stakeMax: {
      match_result: '50000.00',
      asian_handicap: '50000.00',
      over_under: '50000.00',
      odd_even: '20000.00',
      correct_score: '5000.00',
      total_goals: '10000.00',
      both_teams_to_score: '20000.00',
      double_chance: '20000.00',
      half_time_full_time: '5000.00',
    },
    parlayStakeMax: '10000.00',
    memberMarketStakeMax: '100000.00',
    marketExposureMax: '500000.00',
    acceptDelaySeconds: { football: 6, basketball: 4, esports: 7 },
  },
  updatedAt: null,
};

describe('体育设置', () => {
  it('shows the margins in percent and the limits in yuan, and saves a change as the route spells it', async () => {
    const api = serve({ [routes.adminSportsbookSettings.path]: () => ({ data: bookSettings }) });
    renderAs(writer, <SportsbookSettingsPage />);
    const margin = await screen.findByRole('spinbutton', { name: '波胆水位' }, slow);
    expect((margin as HTMLInputElement).value).toBe('20.00');
    fireEvent.change(margin, { target: { value: '18.5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(
      () => expect(api.bodiesOf(routes.adminSportsbookSettingsUpdate.path)).toHaveLength(2),
      slow,
    );
    const sent = api.bodiesOf(routes.adminSportsbookSettingsUpdate.path)[1];
    expect(sent).toEqual({
      ...bookSettings.settings,
      marginBps: { ...bookSettings.settings.marginBps, correct_score: 1850 },
    });
  });

  it('shows a reader the settings without a save button', async () => {
    serve({ [routes.adminSportsbookSettings.path]: () => ({ data: bookSettings }) });
    renderAs(reader, <SportsbookSettingsPage />);
    expect(await screen.findByRole('spinbutton', { name: '独赢水位' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('turns the route’s settings into the form and back unchanged', () => {
    expect(settingsOf(formValuesOf(bookSettings.settings))).toEqual(bookSettings.settings);
  });
});
