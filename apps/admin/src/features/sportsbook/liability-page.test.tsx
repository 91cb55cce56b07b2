import {
  type AdminSportsbookMarketLiability,
  type AdminSportsbookMatchLiability,
  type OperatorPermission,
  routes,
} from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { type Answer, serve } from '../../test/fake-api.ts';
import {
  capShare,
  isAtRisk,
  liabilityBody,
  liabilityRefreshMs,
  marketsByLiability,
  pickRowsOf,
  SportsbookLiabilityPage,
} from './liability-page.tsx';

vi.setConfig({ testTimeout: 60_000 });
const slow = { timeout: 20_000 };
const liabilityPath = routes.adminSportsbookLiability.path;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  endSession();
  window.history.replaceState(null, '', '/');
});

function renderAs(permissions: OperatorPermission[], url = '/sportsbook/liability') {
  startSession({
    token: 'operator-token',
    expiresAt: '2099-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'ops1', role: 'site_admin', siteIds: [9001], permissions },
  });
  window.history.replaceState(null, '', url);
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <SportsbookLiabilityPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

const reader: OperatorPermission[] = ['bets.read'];

function selection(
  key: string,
  name: string,
  odds: string,
  potentialReturn: string,
  liability: string,
  priceSteps = 0,
): AdminSportsbookMarketLiability['selections'][number] {
  return { key, name, odds, potentialReturn, liability, priceSteps };
}

const handicap: AdminSportsbookMarketLiability = {
  marketKey: 'asian_handicap:full_time:-1',
  name: '让球',
  line: '-0.25',
  status: 'open',
  suspendReason: null,
  priceVersion: 3,
  stake: '800.00',
  worstLiability: '1250.00',
  selections: [
    selection('asian_handicap:full_time:-1:home', '主 -0.25', '1.95', '2050.00', '1250.00'),
    selection('asian_handicap:full_time:-1:away', '客 +0.25', '1.90', '0.00', '-800.00'),
  ],
};
const total: AdminSportsbookMarketLiability = {
  marketKey: 'total:full_time:2.5',
  name: '大小',
  line: '2.5',
  status: 'suspended',
  suspendReason: 'exposure_cap',
  priceVersion: 7,
  stake: '3000.00',
  worstLiability: '5000.00',
  selections: [
    selection('total:full_time:2.5:over', '大 2.5', '1.72', '8000.00', '5000.00', 2),
    selection('total:full_time:2.5:under', '小 2.5', '2.10', '0.00', '-3000.00'),
  ],
};
const winner: AdminSportsbookMarketLiability = {
  marketKey: 'match_winner:full_time',
  name: '独赢',
  line: null,
  status: 'suspended',
  suspendReason: 'held',
  priceVersion: 1,
  stake: '0.00',
  worstLiability: '0.00',
  selections: [selection('match_winner:full_time:home', '主胜', '2.40', '0.00', '0.00')],
};
const corners: AdminSportsbookMarketLiability = {
  ...winner,
  marketKey: 'corners:full_time:9.5',
  name: '角球',
  line: '9.5',
  suspendReason: 'feed',
  worstLiability: '-20.00',
  stake: '20.00',
  selections: [selection('corners:full_time:9.5:over', '角球大 9.5', '1.85', '0.00', '-20.00')],
};

/** At its cap: one market suspended for it; the markets come in out of order. */
const capped: AdminSportsbookMatchLiability = {
  matchId: 'fb-epl-0002',
  sport: 'football',
  leagueName: '英超',
  home: '利物浦',
  away: '曼城',
  kickOffAt: '2026-11-26T12:00:00.000Z',
  status: 'live',
  worstLiability: '5000.00',
  exposureMax: '5000.00',
  markets: [handicap, winner, total, corners],
};
const quarter: AdminSportsbookMatchLiability = {
  matchId: 'bb-nba-0001',
  sport: 'basketball',
  leagueName: 'NBA',
  home: '湖人',
  away: '勇士',
  kickOffAt: '2026-11-27T01:30:00.000Z',
  status: 'scheduled',
  worstLiability: '1250.00',
  exposureMax: '5000.00',
  markets: [handicap],
};

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

async function rowOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text, undefined, slow)).closest('tr');
  if (!row) {
    throw new Error(`no row with ${text}`);
  }
  return row;
}

describe('体育风险', () => {
  it('lists the matches at risk with their worst case against the cap and links to the match and its bets', async () => {
    const api = serve({ [liabilityPath]: () => ({ data: pageOf([capped, quarter]) }) });
    renderAs(reader);
    const atCap = await rowOf('利物浦 vs 曼城');
    expect(within(atCap).getByText('足球 · 英超')).toBeTruthy();
    expect(within(atCap).getByText('进行中')).toBeTruthy();
    expect(within(atCap).getByText('2026-11-26 20:00:00')).toBeTruthy();
    expect(within(atCap).getByText('5,000.00 / 5,000.00')).toBeTruthy();
    expect(within(atCap).getByText('100.0%')).toBeTruthy();
    expect(within(atCap).getByText('已达封顶')).toBeTruthy();
    // Three markets carry a stake or a return; the held one has nothing on it.
    expect(within(atCap).getByText('3')).toBeTruthy();
    expect(within(atCap).getByText('风险封盘 1')).toBeTruthy();
    expect(within(atCap).getByRole('link', { name: '查看注单 利物浦 vs 曼城' }).getAttribute('href')).toBe(
      '/sportsbook/bets?matchId=fb-epl-0002',
    );
    expect(within(atCap).getByRole('link', { name: '赛事详情 利物浦 vs 曼城' }).getAttribute('href')).toBe(
      '/sportsbook/matches?matchId=fb-epl-0002',
    );

    const below = await rowOf('湖人 vs 勇士');
    expect(within(below).getByText('1,250.00 / 5,000.00')).toBeTruthy();
    expect(within(below).getByText('25.0%')).toBeTruthy();
    expect(within(below).queryByText('已达封顶')).toBeNull();
    expect(within(below).getByText('未开赛')).toBeTruthy();
    expect(api.bodiesOf(liabilityPath)[0]).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('opens a match on its markets, biggest first, each pick with its odds, return, liability and price steps', async () => {
    serve({ [liabilityPath]: () => ({ data: pageOf([capped]) }) });
    renderAs(reader);
    const row = await rowOf('利物浦 vs 曼城');
    fireEvent.click(within(row).getByRole('button', { name: /展开|expand/i }));

    const over = await rowOf('大 2.5');
    expect(within(over).getByText('大小 2.5')).toBeTruthy();
    expect(within(over).getByText('赔率版本 7')).toBeTruthy();
    expect(within(over).getByText('风险封盘')).toBeTruthy();
    expect(within(over).getByText('1.72')).toBeTruthy();
    expect(within(over).getByText('8,000.00')).toBeTruthy();
    expect(within(over).getByText('2 档')).toBeTruthy();
    const under = await rowOf('小 2.5');
    // A negative liability is the house's win, shown as such.
    expect(within(under).getByText('-3,000.00').closest('.liability-house-wins')).toBeTruthy();
    expect(within(await rowOf('主 -0.25')).getByText('开盘')).toBeTruthy();
    expect(within(await rowOf('主胜')).getByText('人工封盘')).toBeTruthy();
    expect(within(await rowOf('角球大 9.5')).getByText('数据源封盘')).toBeTruthy();

    const picks = screen
      .getAllByText(/^(大 2.5|小 2.5|主 -0.25|客 \+0.25|主胜|角球大 9.5)$/)
      .map((each) => each.textContent);
    expect(picks).toEqual(['大 2.5', '小 2.5', '主 -0.25', '客 +0.25', '主胜', '角球大 9.5']);
  });

  it('filters by 赛事编号 from the form and the URL, refusing a malformed one without asking', async () => {
    const api = serve({ [liabilityPath]: () => ({ data: pageOf([capped]) }) });
    renderAs(reader, '/sportsbook/liability?matchId=bb-nba-0001');
    await rowOf('利物浦 vs 曼城');
    expect(api.bodiesOf(liabilityPath)[0]).toEqual({ pageNum: 1, pageSize: 20, matchId: 'bb-nba-0001' });
    const field = screen.getByLabelText('赛事编号');
    expect((field as HTMLInputElement).value).toBe('bb-nba-0001');

    fireEvent.change(field, { target: { value: 'fb epl!' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    expect(await screen.findByText('赛事编号格式错误', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(liabilityPath)).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('赛事编号'), { target: { value: ' FB-EPL-0002 ' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(api.bodiesOf(liabilityPath)).toHaveLength(2), slow);
    expect(api.bodiesOf(liabilityPath)[1]).toEqual({ pageNum: 1, pageSize: 20, matchId: 'fb-epl-0002' });
  });

  it('asks again on 刷新 and every 10 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = serve({ [liabilityPath]: () => ({ data: pageOf([capped]) }) });
    renderAs(reader);
    await rowOf('利物浦 vs 曼城');
    expect(api.bodiesOf(liabilityPath)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(api.bodiesOf(liabilityPath)).toHaveLength(2), slow);
    await vi.advanceTimersByTimeAsync(liabilityRefreshMs);
    await waitFor(() => expect(api.bodiesOf(liabilityPath)).toHaveLength(3), slow);
    expect(liabilityRefreshMs).toBe(10_000);
  });

  it('shows a skeleton while loading, then 暂无风险敞口 when nothing is at risk', async () => {
    let answer: (value: Answer) => void = () => undefined;
    serve({ [liabilityPath]: () => new Promise<Answer>((resolve) => (answer = resolve)) });
    renderAs(reader);
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).toBeTruthy(), slow);
    answer({ data: pageOf([]) });
    expect(await screen.findByText('暂无风险敞口', undefined, slow)).toBeTruthy();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
  });

  it('shows a refusal with a retry, and no empty list in its place', async () => {
    let isRefused = true;
    serve({
      [liabilityPath]: () =>
        isRefused ? { code: 10003, message: '赛事编号格式错误' } : { data: pageOf([capped]) },
    });
    renderAs(reader);
    expect(await screen.findByText('加载失败', undefined, slow)).toBeTruthy();
    expect(screen.getByText('赛事编号格式错误')).toBeTruthy();
    expect(screen.queryByText('暂无风险敞口')).toBeNull();
    isRefused = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await rowOf('利物浦 vs 曼城')).toBeTruthy();
    expect(screen.queryByText('加载失败')).toBeNull();
  });

  it('reads shares, risk and order exactly from the wire amounts', () => {
    expect(capShare('1250.00', '5000.00')).toBe(25);
    expect(capShare('5000.01', '5000.00')).toBe(100);
    expect(capShare('-800.00', '5000.00')).toBe(0);
    expect(capShare('100.00', '0.00')).toBe(0);
    expect(isAtRisk(handicap)).toBe(true);
    expect(isAtRisk(winner)).toBe(false);
    // A parlay leg brings a return and no stake: still at risk.
    const leg = selection('match_winner:full_time:home', '主胜', '2.40', '38.00', '38.00');
    expect(isAtRisk({ ...winner, selections: [leg] })).toBe(true);
    expect(marketsByLiability([corners, handicap, winner, total]).map((market) => market.name)).toEqual([
      '大小',
      '让球',
      '独赢',
      '角球',
    ]);
    expect(pickRowsOf([handicap]).map((row) => row.marketRowSpan)).toEqual([2, 0]);
    expect(pickRowsOf([{ ...winner, selections: [] }])).toEqual([
      expect.objectContaining({ selection: null, marketRowSpan: 1 }),
    ]);
    expect(liabilityBody(' FB-EPL-0002 ', { pageNum: 2, pageSize: 50 })).toEqual({
      pageNum: 2,
      pageSize: 50,
      matchId: 'fb-epl-0002',
    });
    expect(liabilityBody('  ', { pageNum: 1, pageSize: 20 })).toEqual({ pageNum: 1, pageSize: 20 });
  });
});
