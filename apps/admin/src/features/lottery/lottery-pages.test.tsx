import {
  type AdminLotteryDraw,
  type AdminLotteryGame,
  type OperatorPermission,
  type RouteResponse,
  routes,
} from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { serve } from '../../test/fake-api.ts';
import { drawSearchBody, isCancellable, LotteryDrawsPage } from './draws-page.tsx';
import { gameUpdateBody, LotteryGamesPage } from './games-page.tsx';
import { capShare, LotteryLiabilityPage } from './liability-page.tsx';
import { dailyWindowText, numbersText } from './lottery-text.ts';
import { LotteryTicketsPage, selectionText, ticketSearchBody } from './tickets-page.tsx';

// ProTable's search form renders slowly in jsdom, the more so on a busy machine.
vi.setConfig({ testTimeout: 90_000 });
const slow = { timeout: 20_000 };

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function renderAs(permissions: OperatorPermission[], page: ReactNode, url = '/') {
  startSession({
    token: 'operator-token',
    expiresAt: '2099-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'ops1', role: 'site_admin', siteIds: [9001], permissions },
  });
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
    </AppProviders>,
  );
}

const ssc1: AdminLotteryGame = {
  code: 'SSC1',
  kind: 'ssc',
  name: '分分彩',
  intervalSeconds: 60,
  closingSeconds: 5,
  firstDrawSeconds: 60,
  issuesPerDay: 1440,
  houseEdgeBps: 1000,
  ticketStakeMax: '20000.00',
  liabilityCap: '5000.00',
  isPaused: false,
  playLimits: [
    {
      playId: 'ssc_position',
      playName: '定位胆',
      ticketStakeMax: '20000.00',
      issueStakeMax: '20000.00',
      isGameDefault: true,
    },
    {
      playId: 'ssc_dragon_tiger',
      playName: '龙虎和',
      ticketStakeMax: '1000.00',
      issueStakeMax: '5000.00',
      isGameDefault: false,
    },
    {
      playId: 'ssc_position_sides',
      playName: '大小单双',
      ticketStakeMax: '300.00',
      issueStakeMax: '900.00',
      isGameDefault: false,
    },
  ],
  updatedAt: '2026-11-25T02:00:00.000Z',
};
const pk10: AdminLotteryGame = {
  ...ssc1,
  code: 'PK10',
  kind: 'pk10',
  name: '极速赛车',
  intervalSeconds: 75,
  firstDrawSeconds: 75,
  issuesPerDay: 1152,
  liabilityCap: null,
  isPaused: true,
};

const seed = 'a'.repeat(64);
const commitment = 'c'.repeat(64);
const drawnIssue: AdminLotteryDraw = {
  gameCode: 'PK10',
  issueNo: '20261125-0100',
  status: 'settled',
  commitment,
  seed,
  numbers: [3, 10, 1, 2, 4, 5, 6, 7, 8, 9],
  opensAt: '2026-11-25T01:00:00.000Z',
  closesAt: '2026-11-25T01:01:10.000Z',
  drawAt: '2026-11-25T01:01:15.000Z',
  cancelReason: null,
  ticketCount: 2,
  totalStake: '40.00',
  totalPayout: '36.00',
};
const openIssue: AdminLotteryDraw = {
  ...drawnIssue,
  issueNo: '20261125-0101',
  status: 'open',
  commitment: 'd'.repeat(64),
  seed: null,
  numbers: null,
  ticketCount: 3,
  totalStake: '10.00',
  totalPayout: '0.00',
};

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20 });

async function rowOf(text: string): Promise<HTMLElement> {
  const row = (await screen.findByText(text, undefined, slow)).closest('tr');
  if (!row) {
    throw new Error(`no row with ${text}`);
  }
  return row;
}

describe('彩种管理', () => {
  it('lists each game with its state, schedule and edge, and pauses one after the confirm', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [ssc1, pk10] }),
      [routes.adminLotteryGameUpdate.path]: () => ({ data: { ...ssc1, isPaused: true } }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    const row = await rowOf('分分彩');
    expect(within(row).getByText('销售中')).toBeTruthy();
    expect(within(row).getByText('00:01:00 至 24:00:00，每日 1440 期')).toBeTruthy();
    expect(within(row).getByText('10.00%')).toBeTruthy();
    expect(within(await rowOf('极速赛车')).getByText('已暂停')).toBeTruthy();
    expect(within(await rowOf('极速赛车')).getByText('不限')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: '暂停' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认暂停' }, slow));
    await waitFor(() => expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)).toHaveLength(1));
    expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)[0]).toEqual({
      gameCode: 'SSC1',
      isPaused: true,
      reason: '',
    });
    expect(await screen.findByText('已暂停销售', undefined, slow)).toBeTruthy();
  });

  it('resumes a paused game, and shows the refusal when the server says no', async () => {
    serve({
      [routes.adminLotteryGames.path]: () => ({ data: [pk10] }),
      [routes.adminLotteryGameUpdate.path]: () => ({ code: 700301, message: '彩种暂不可用' }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    fireEvent.click(within(await rowOf('极速赛车')).getByRole('button', { name: '恢复' }));
    fireEvent.click(await screen.findByRole('button', { name: '确认恢复' }, slow));
    expect(await screen.findByText('彩种暂不可用', undefined, slow)).toBeTruthy();
  });

  it('refuses a closing time not under the draw interval in the form, sending nothing', async () => {
    const api = serve({ [routes.adminLotteryGames.path]: () => ({ data: [ssc1] }) });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    fireEvent.click(within(await rowOf('分分彩')).getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('封盘时间（开奖前秒数）', undefined, slow), {
      target: { value: '60' },
    });
    fireEvent.change(screen.getByPlaceholderText('留空表示不限'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('须小于开奖间隔 60 秒', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('须为大于 0 的金额，最多两位小数', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)).toHaveLength(0);
  });

  it('saves the edge in basis points, sending only what changed', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [ssc1] }),
      [routes.adminLotteryGameUpdate.path]: () => ({ data: { ...ssc1, houseEdgeBps: 550 } }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    fireEvent.click(within(await rowOf('分分彩')).getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('庄家优势（%）', undefined, slow), {
      target: { value: '5.5' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)[0]).toEqual({
      gameCode: 'SSC1',
      houseEdgeBps: 550,
      reason: '',
    });
  });

  it('turns the edit form into a body: a blank cap lifts it, unchanged amounts stay out', () => {
    const values = {
      houseEdgePercent: 10,
      closingSeconds: 5,
      ticketStakeMax: '20000',
      liabilityCap: ' ',
      reason: ' 调整限红 ',
    };
    expect(gameUpdateBody(ssc1, values)).toEqual({
      gameCode: 'SSC1',
      liabilityCap: null,
      reason: '调整限红',
    });
    expect(gameUpdateBody(pk10, { ...values, liabilityCap: '800', closingSeconds: 10 })).toEqual({
      gameCode: 'PK10',
      closingSeconds: 10,
      liabilityCap: '800',
      reason: '调整限红',
    });
  });

  it('hides pause, edit and play limits from staff who may only read venues', async () => {
    serve({ [routes.adminLotteryGames.path]: () => ({ data: [ssc1] }) });
    renderAs(['venue.read'], <LotteryGamesPage />);
    await screen.findByText('分分彩', undefined, slow);
    expect(screen.queryByRole('button', { name: '暂停' })).toBeNull();
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '玩法限额' })).toBeNull();
  });

  it('shows each play with the game default marked, and saves only the custom rows', async () => {
    let games = [ssc1];
    const saved: AdminLotteryGame = {
      ...ssc1,
      playLimits: ssc1.playLimits.map((limit) =>
        limit.playId === 'ssc_position'
          ? { ...limit, ticketStakeMax: '500.00', isGameDefault: false }
          : limit,
      ),
    };
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: games }),
      [routes.adminLotteryGameUpdate.path]: () => {
        games = [saved];
        return { data: saved };
      },
    });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    fireEvent.click(within(await rowOf('分分彩')).getByRole('button', { name: '玩法限额' }));
    const position = await rowOf('定位胆');
    expect(within(position).getByText('使用彩种默认')).toBeTruthy();
    expect(within(await rowOf('龙虎和')).getByText('自定义')).toBeTruthy();

    // Typing makes a row custom; 恢复默认 hands another back to the game.
    fireEvent.change(screen.getByLabelText('定位胆 单注上限（元）'), { target: { value: '500' } });
    expect(within(position).getByText('自定义')).toBeTruthy();
    const sides = await rowOf('大小单双');
    fireEvent.click(within(sides).getByRole('button', { name: '恢复默认' }));
    expect(within(sides).getByText('使用彩种默认')).toBeTruthy();
    expect((screen.getByLabelText('大小单双 单期上限（元）') as HTMLInputElement).value).toBe('20000.00');
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: ' 定位胆限红 ' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)[0]).toEqual({
      gameCode: 'SSC1',
      playLimits: [
        { playId: 'ssc_position', ticketStakeMax: '500', issueStakeMax: '20000.00' },
        { playId: 'ssc_dragon_tiger', ticketStakeMax: '1000.00', issueStakeMax: '5000.00' },
      ],
      reason: '定位胆限红',
    });
    expect(await screen.findByText('玩法限额已保存', undefined, slow)).toBeTruthy();

    // Opened again, the editor shows the limits as the reloaded list has them.
    await waitFor(() => expect(screen.queryByLabelText('定位胆 单注上限（元）')).toBeNull(), slow);
    fireEvent.click(within(await rowOf('分分彩')).getByRole('button', { name: '玩法限额' }));
    await waitFor(
      () => expect((screen.getByLabelText('定位胆 单注上限（元）') as HTMLInputElement).value).toBe('500.00'),
      slow,
    );
  });

  it('refuses a bad limit in the form, sending nothing, then shows the server refusal', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [ssc1] }),
      [routes.adminLotteryGameUpdate.path]: () => ({ code: 700304, message: '该彩种没有此玩法' }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryGamesPage />);
    fireEvent.click(within(await rowOf('分分彩')).getByRole('button', { name: '玩法限额' }));
    fireEvent.change(await screen.findByLabelText('定位胆 单注上限（元）', undefined, slow), {
      target: { value: '0' },
    });
    fireEvent.change(screen.getByLabelText('龙虎和 单期上限（元）'), { target: { value: '1.234' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('须为大于 0 的金额', undefined, slow)).toBeTruthy();
    expect(await screen.findByText('金额格式错误，须为不超过两位小数的正数', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminLotteryGameUpdate.path)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('定位胆 单注上限（元）'), { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('龙虎和 单期上限（元）'), { target: { value: '1.23' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('该彩种没有此玩法', undefined, slow)).toBeTruthy();
    expect(screen.getByLabelText('定位胆 单注上限（元）')).toBeTruthy();
  });
});

describe('开奖记录', () => {
  it('shows the commitment always, the seed and numbers once drawn, and cancels only an open issue', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [pk10, ssc1] }),
      [routes.adminLotteryDraws.path]: () => ({ data: pageOf([openIssue, drawnIssue]) }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryDrawsPage />);
    const drawn = await rowOf('20261125-0100');
    expect(within(drawn).getByText('03,10,01,02,04,05,06,07,08,09')).toBeTruthy();
    expect(within(drawn).getByText(seed)).toBeTruthy();
    expect(within(drawn).getByText(commitment)).toBeTruthy();
    expect(within(drawn).queryByRole('button', { name: '撤单' })).toBeNull();
    const open = await rowOf('20261125-0101');
    expect(within(open).getByText('d'.repeat(64))).toBeTruthy();
    expect(within(open).getByRole('link', { name: '风险敞口' }).getAttribute('href')).toBe(
      '/lottery/liability?gameCode=PK10&issueNo=20261125-0101',
    );
    expect(api.bodiesOf(routes.adminLotteryDraws.path)[0]).toMatchObject({ gameCode: 'PK10' });
  });

  it('asks for a reason before cancelling, then shows what the server answers', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [pk10] }),
      [routes.adminLotteryDraws.path]: () => ({ data: pageOf([openIssue]) }),
      [routes.adminLotteryCancel.path]: () => ({ code: 700305, message: '该期已开奖，不能撤单' }),
    });
    renderAs(['venue.read', 'venue.write'], <LotteryDrawsPage />);
    fireEvent.click(within(await rowOf('20261125-0101')).getByRole('button', { name: '撤单' }));
    expect(await screen.findByText(/3 笔注单（共 10.00 元）将全额退还/, undefined, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认撤单' }));
    expect(await screen.findByText('请填写撤单原因', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminLotteryCancel.path)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('撤单原因'), { target: { value: ' 开奖源异常 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认撤单' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminLotteryCancel.path)).toHaveLength(1), slow);
    expect(api.bodiesOf(routes.adminLotteryCancel.path)[0]).toEqual({
      gameCode: 'PK10',
      issueNo: '20261125-0101',
      reason: '开奖源异常',
    });
    expect(await screen.findByText('该期已开奖，不能撤单', undefined, slow)).toBeTruthy();
  });

  it('hides 撤单 from staff who may only read', async () => {
    serve({
      [routes.adminLotteryGames.path]: () => ({ data: [pk10] }),
      [routes.adminLotteryDraws.path]: () => ({ data: pageOf([openIssue]) }),
    });
    renderAs(['venue.read'], <LotteryDrawsPage />);
    await rowOf('20261125-0101');
    expect(screen.queryByRole('button', { name: '撤单' })).toBeNull();
  });

  it('says why when the games cannot load, and when the site has none', async () => {
    serve({ [routes.adminLotteryGames.path]: () => ({ code: 700301, message: '彩种暂不可用' }) });
    renderAs(['venue.read'], <LotteryDrawsPage />);
    expect(await screen.findByText('彩种加载失败', undefined, slow)).toBeTruthy();
    expect(screen.getByText('彩种暂不可用')).toBeTruthy();
  });

  it('shows an empty site as such', async () => {
    serve({ [routes.adminLotteryGames.path]: () => ({ data: [] }) });
    renderAs(['venue.read'], <LotteryDrawsPage />);
    expect(await screen.findByText('本站暂无彩种', undefined, slow)).toBeTruthy();
  });

  it('turns the search form into the route body, a game always named', () => {
    expect(drawSearchBody({ day: '2026-11-25', status: 'bogus', issueNo: ' ' }, [ssc1])).toEqual({
      pageNum: 1,
      pageSize: 20,
      gameCode: 'SSC1',
      day: '20261125',
    });
    expect(drawSearchBody({ gameCode: 'PK10', status: 'cancelled', current: 2 }, [ssc1, pk10])).toEqual({
      pageNum: 2,
      pageSize: 20,
      gameCode: 'PK10',
      status: 'cancelled',
    });
    expect(lotteryStatusesCancellable()).toEqual(['open', 'closing']);
  });
});

function lotteryStatusesCancellable() {
  return (['open', 'closing', 'drawn', 'settled', 'cancelled'] as const).filter(isCancellable);
}

describe('风险敞口', () => {
  const liability: RouteResponse<'adminLotteryLiability'> = {
    draw: openIssue,
    liabilityCap: '100.00',
    ticketCount: 3,
    totalStake: '10.00',
    exposures: [
      {
        number: 'pk10_position:0:7',
        playId: 'pk10_position',
        playName: '定位胆',
        position: '冠军',
        pick: '7',
        liability: '120.00',
      },
      {
        number: 'pk10_position:0:3',
        playId: 'pk10_position',
        playName: '定位胆',
        position: '冠军',
        pick: '3',
        liability: '18.00',
      },
    ],
  };

  it('shows the issue named in the URL with its biggest exposures against the cap', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [ssc1, pk10] }),
      [routes.adminLotteryLiability.path]: () => ({ data: liability }),
    });
    renderAs(
      ['venue.read'],
      <LotteryLiabilityPage />,
      '/lottery/liability?gameCode=PK10&issueNo=20261125-0101',
    );
    const seven = await rowOf('120.00');
    expect(within(seven).getByText('冠军')).toBeTruthy();
    expect(within(seven).getByText('120.0%')).toBeTruthy();
    expect(within(seven).getByText('已达上限')).toBeTruthy();
    expect(within(await rowOf('18.00')).getByText('18.0%')).toBeTruthy();
    expect(api.bodiesOf(routes.adminLotteryLiability.path)[0]).toEqual({
      gameCode: 'PK10',
      issueNo: '20261125-0101',
      limit: 20,
    });
  });

  it('opens on the issue on sale when none is named, and shows a refusal', async () => {
    const api = serve({
      [routes.adminLotteryGames.path]: () => ({ data: [pk10] }),
      [routes.adminLotteryDraws.path]: () => ({ data: pageOf([openIssue]) }),
      [routes.adminLotteryLiability.path]: () => ({ code: 700303, message: '期号不存在' }),
    });
    renderAs(['venue.read'], <LotteryLiabilityPage />, '/lottery/liability');
    expect(await screen.findByText('期号不存在', undefined, slow)).toBeTruthy();
    expect(api.bodiesOf(routes.adminLotteryDraws.path)[0]).toMatchObject({
      gameCode: 'PK10',
      status: 'open',
    });
    expect(api.bodiesOf(routes.adminLotteryLiability.path)[0]).toMatchObject({ issueNo: '20261125-0101' });
  });

  it('reads a share of the cap, none without one', () => {
    expect(capShare('50.00', '200.00')).toBe(25);
    expect(capShare('50.00', null)).toBe(0);
  });
});

describe('彩票注单', () => {
  it('lists tickets with their member, selection and status', async () => {
    const ticket: RouteResponse<'adminLotteryTickets'>['list'][number] = {
      ticketId: 'ticket-0001',
      betId: 'LT000001',
      gameCode: 'SSC1',
      issueNo: '20261125-0100',
      playId: 'ssc_position',
      playName: '定位胆',
      selection: [[7, 3], [], [], [], []],
      unit: 'yuan',
      multiplier: 2,
      notes: 2,
      stake: '8.00',
      status: 'won',
      payout: '36.00',
      placedAt: '2026-11-25T01:00:00.000Z',
      settledAt: '2026-11-25T01:02:00.000Z',
      memberId: 7,
      username: 'player01',
      isChase: true,
    };
    serve({
      [routes.adminLotteryGames.path]: () => ({ data: [ssc1] }),
      [routes.adminLotteryTickets.path]: () => ({ data: pageOf([ticket]) }),
    });
    renderAs(['venue.read'], <LotteryTicketsPage />);
    const row = await rowOf('LT000001');
    expect(within(row).getByText('player01')).toBeTruthy();
    expect(within(row).getByText('7,3 | - | - | - | -')).toBeTruthy();
    expect(within(row).getByText('追号')).toBeTruthy();
    expect(within(row).getByText('已中奖')).toBeTruthy();
  });

  it('turns the search form into the route body', () => {
    expect(
      ticketSearchBody({
        username: ' player01 ',
        gameCode: 'ssc1',
        status: 'bogus',
        range: ['2026-11-25 00:00:00', '2026-11-26 00:00:00'],
      }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      username: 'player01',
      gameCode: 'SSC1',
      startTime: new Date('2026-11-25 00:00:00').toISOString(),
      endTime: new Date('2026-11-26 00:00:00').toISOString(),
    });
    expect(selectionText([[1], [2, 3]])).toBe('1 | 2,3');
  });
});

describe('lottery text', () => {
  it('reads a daily window and pads numbers of games that reach 10', () => {
    expect(dailyWindowText({ firstDrawSeconds: 77_400, intervalSeconds: 300, issuesPerDay: 2 })).toBe(
      '21:30:00 至 21:35:00，每日 2 期',
    );
    expect(numbersText([1, 2, 3], 'ssc')).toBe('1,2,3');
    expect(numbersText([1, 11], 'syxw')).toBe('01,11');
    expect(numbersText(null)).toBe('');
  });
});
