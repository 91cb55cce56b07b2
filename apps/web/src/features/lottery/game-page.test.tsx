import {
  FeedMsgId,
  type LotteryBetBody,
  type LotteryChaseStartBody,
  type LotteryChaseView,
  type LotteryHallGame,
  type LotteryTicketView,
} from '@site/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { sharedSocket } from '../../lib/socket.ts';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { FakeFeedSocket } from './fake-feed-socket.ts';

// The page and its sheets load lazily: on a busy machine the first render takes more than a second.
configure({ asyncUtilTimeout: 5_000 });

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const ssc: LotteryHallGame = {
  code: 'SSC1',
  kind: 'ssc',
  name: '分分彩',
  intervalSeconds: 60,
  closingSeconds: 5,
  isPaused: false,
  ticketStakeMax: '20000.00',
  issue: {
    gameCode: 'SSC1',
    issueNo: '20261125-0700',
    status: 'open',
    commitment: 'a'.repeat(64),
    seed: null,
    numbers: null,
    opensAt: inSeconds(-10),
    closesAt: inSeconds(45),
    drawAt: inSeconds(50),
    cancelReason: null,
  },
  drawing: null,
  lastResult: null,
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

function ticketOf(body: LotteryBetBody): LotteryTicketView {
  return {
    ticketId: body.ticketId,
    betId: 'LT1',
    gameCode: body.gameCode,
    issueNo: body.issueNo,
    playId: body.playId,
    playName: '定位胆',
    selection: body.selection,
    unit: body.unit,
    multiplier: body.multiplier,
    notes: 6,
    stake: '1.20',
    status: 'open',
    payout: null,
    placedAt: new Date().toISOString(),
    settledAt: null,
  };
}

type ChaseAnswer = (body: LotteryChaseStartBody) => LotteryChaseView | FakeFailure;

function chaseOf(body: LotteryChaseStartBody): LotteryChaseView {
  return {
    chaseId: body.chaseId,
    gameCode: body.gameCode,
    playId: body.playId,
    playName: '定位胆',
    selection: body.selection,
    unit: body.unit,
    notes: 6,
    isStopOnWin: body.isStopOnWin,
    status: 'running',
    stopCode: null,
    stopMessage: null,
    plannedStake: '37.20',
    createdAt: new Date().toISOString(),
    endedAt: null,
    issues: [],
  };
}

function fakeLottery(
  bet: (body: LotteryBetBody) => LotteryTicketView | FakeFailure,
  chase: ChaseAnswer = chaseOf,
  hall: () => LotteryHallGame[] = () => [ssc],
) {
  const sent: LotteryBetBody[] = [];
  const chases: LotteryChaseStartBody[] = [];
  const fetchMock = fakeApi({
    namingList: () => [],
    memberJwt: () => ({ token: 'socket-token', expiresAt: '2026-11-25T05:00:00.000Z' }),
    lotteryChaseStart: (body) => {
      chases.push(body as LotteryChaseStartBody);
      return chase(body as LotteryChaseStartBody);
    },
    lotteryChases: () => ({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    lotteryHall: hall,
    lotteryPlays: () => ({
      gameCode: 'SSC1',
      unit: 'jiao',
      plays: [{ playId: 'ssc_position', name: '定位胆', notePrice: '0.20', prizes: { win: '1.80' } }],
    }),
    lotteryResults: () => ({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    lotteryTickets: () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
    walletSummary: () => wallet,
    lotteryBet: (body) => {
      sent.push(body as LotteryBetBody);
      return bet(body as LotteryBetBody);
    },
  });
  return { tickets: sent, chases, fetchMock };
}

/** 定位胆 at 角: 万位 5 and 千位 大 (5 notes), so 6 notes of 0.20 元. */
async function buildAndConfirm() {
  fireEvent.click(await screen.findByRole('button', { name: '定位胆', pressed: false }));
  fireEvent.click(screen.getByRole('button', { name: '万位 5' }));
  fireEvent.click(screen.getByRole('button', { name: '千位 大' }));
  fireEvent.click(screen.getByRole('button', { name: '角' }));
  expect(await screen.findByText('¥1.20')).toBeTruthy();
  expect(screen.getByText(/6 注/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: '添加到号码篮' }));
  expect(within(screen.getByTestId('basket-entry')).getByText('5 | 5,6,7,8,9 | - | - | -')).toBeTruthy();
}

async function submit() {
  fireEvent.click(screen.getByRole('button', { name: '确认投注' }));
  const sheet = await screen.findByRole('dialog', { name: '确认投注' });
  expect(within(sheet).getByText('20261125-0700')).toBeTruthy();
  fireEvent.click(within(sheet).getByRole('button', { name: '确认提交' }));
}

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

// Sheets and dialogs load lazily: on a busy machine a test of several steps takes a while.
describe('lottery game page', { timeout: 20_000 }, () => {
  it('counts notes and stake with the contract and sends the ticket to the issue on sale', async () => {
    const { tickets: sent } = fakeLottery(ticketOf);
    renderApp('/game/lottery/SSC1');
    expect(await screen.findByText('第 20261125-0700 期')).toBeTruthy();
    await buildAndConfirm();
    await submit();
    await waitFor(() => expect(screen.queryByTestId('basket-entry')).toBeNull());
    expect(sent).toEqual([
      {
        gameCode: 'SSC1',
        issueNo: '20261125-0700',
        playId: 'ssc_position',
        selection: [[5], [5, 6, 7, 8, 9], [], [], []],
        unit: 'jiao',
        multiplier: 1,
        ticketId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
    ]);
  });

  it('keeps a refused ticket with its reason and sends it anew; an unanswered one again with the same id', async () => {
    const answers: Array<(body: LotteryBetBody) => LotteryTicketView | FakeFailure> = [
      () => new FakeFailure(700201, '余额不足'),
      () => {
        throw new TypeError('Failed to fetch');
      },
      ticketOf,
    ];
    const { tickets: sent } = fakeLottery((body) => (answers.shift() ?? ticketOf)(body));
    renderApp('/game/lottery/SSC1');
    await buildAndConfirm();
    await submit();
    expect(await within(screen.getByTestId('basket-entry')).findByText('余额不足')).toBeTruthy();
    await submit();
    await waitFor(() => expect(sent).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('button', { name: '确认投注' })).toBeTruthy());
    await submit();
    await waitFor(() => expect(screen.queryByTestId('basket-entry')).toBeNull());
    const [refused, unanswered, retried] = sent.map((body) => body.ticketId);
    expect(unanswered).not.toBe(refused);
    expect(retried).toBe(unanswered);
  });
});

/** Opens 追号 on the basket of `buildAndConfirm`, answers the sheet. */
async function openPlanner() {
  fireEvent.click(screen.getByRole('button', { name: '追号' }));
  return screen.findByRole('dialog', { name: '追号' });
}

describe('追号 planner', { timeout: 20_000 }, () => {
  it('previews each issue by the contract and starts the chase of the basket', async () => {
    const sent = fakeLottery(ticketOf);
    renderApp('/game/lottery/SSC1');
    await buildAndConfirm();
    const sheet = await openPlanner();
    // 10 issues at ×1 by default: the basket (1.20) each.
    expect(within(sheet).getAllByTestId('chase-preview-issue')).toHaveLength(10);
    fireEvent.click(within(sheet).getByRole('button', { name: '5期' }));
    fireEvent.click(within(sheet).getByRole('button', { name: '翻倍' }));
    // The issue numbers follow the game's calendar (contract tests); here the multiplier and stakes.
    const rows = within(sheet).getAllByTestId('chase-preview-issue');
    const cells = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(cells[0]?.[0]).toBe('20261125-0700');
    expect(cells.map((row) => row.slice(1).join(' '))).toEqual([
      '×1 ¥1.20 ¥1.20',
      '×2 ¥2.40 ¥3.60',
      '×4 ¥4.80 ¥8.40',
      '×8 ¥9.60 ¥18.00',
      '×16 ¥19.20 ¥37.20',
    ]);
    within(sheet).getByText('共追 5 期，总金额 ¥37.20');
    expect(within(sheet).getByRole('switch', { name: '中奖后停止追号' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '确认追号' }));
    await waitFor(() => expect(screen.queryByTestId('basket-entry')).toBeNull());
    expect(sent.chases).toEqual([
      {
        gameCode: 'SSC1',
        playId: 'ssc_position',
        selection: [[5], [5, 6, 7, 8, 9], [], [], []],
        unit: 'jiao',
        startIssueNo: '20261125-0700',
        plan: { kind: 'doubling', issueCount: 5, multiplier: 1, ratio: 2, every: 1 },
        isStopOnWin: true,
        chaseId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
      },
    ]);
  });

  it("shows a refusal in the server's words and keeps the ticket; an unanswered chase is retried with its id", async () => {
    const answers: ChaseAnswer[] = [
      () => new FakeFailure(700305, '单张投注金额超过上限 20000.00 元'),
      () => {
        throw new TypeError('Failed to fetch');
      },
      chaseOf,
    ];
    const sent = fakeLottery(ticketOf, (body) => (answers.shift() ?? chaseOf)(body));
    renderApp('/game/lottery/SSC1');
    await buildAndConfirm();
    const sheet = await openPlanner();
    fireEvent.click(within(sheet).getByRole('button', { name: '确认追号' }));
    expect(await within(sheet).findByText('单张投注金额超过上限 20000.00 元')).toBeTruthy();
    expect(screen.getByTestId('basket-entry')).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: '确认追号' }));
    await waitFor(() => expect(sent.chases).toHaveLength(2));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: '确认追号' })).toBeTruthy());
    fireEvent.click(within(sheet).getByRole('button', { name: '确认追号' }));
    await waitFor(() => expect(screen.queryByTestId('basket-entry')).toBeNull());
    const [refused, unanswered, retried] = sent.chases.map((body) => body.chaseId);
    expect(unanswered).not.toBe(refused);
    expect(retried).toBe(unanswered);
  });
});

describe('live draws', { timeout: 20_000 }, () => {
  it("subscribes to the game's draw topic on the shared socket and reads the hall again on an event", async () => {
    let hall = [ssc];
    const sent = fakeLottery(ticketOf, chaseOf, () => hall);
    const view = renderApp('/game/lottery/SSC1');
    expect(await screen.findByText('第 20261125-0700 期')).toBeTruthy();
    await waitFor(() => expect(FakeFeedSocket.latest?.topics()).toEqual(['draw:SSC1']));
    const next = { ...ssc.issue, issueNo: '20261125-0701' } as NonNullable<LotteryHallGame['issue']>;
    hall = [{ ...ssc, issue: next }];
    const hallCalls = () => sent.fetchMock.mock.calls.filter(([url]) => String(url).includes('lottery/hall'));
    const before = hallCalls().length;
    FakeFeedSocket.latest?.push(FeedMsgId.lotteryDraw, {
      topic: 'draw:SSC1',
      data: { event: 'opened', draw: next },
    });
    expect(await screen.findByText('第 20261125-0701 期')).toBeTruthy();
    expect(hallCalls().length).toBeGreaterThan(before);
    // Leaving the page gives the topic up; the socket stays for the rest of the client.
    view.unmount();
    await waitFor(() => expect(FakeFeedSocket.latest?.topics()).toEqual([]));
  });
});
