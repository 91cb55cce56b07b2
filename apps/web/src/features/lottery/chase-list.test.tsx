import type { LotteryChaseView, LotteryHallGame, LotteryTicketView } from '@site/contract';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import { sharedSocket } from '../../lib/socket.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { FakeFeedSocket } from './fake-feed-socket.ts';

// The page and its dialogs load lazily: on a busy machine the first render takes more than a second.
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
    issueNo: '20261125-0702',
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

const ticket = (issueNo: string, status: LotteryTicketView['status'], payout: string | null) =>
  ({
    ticketId: `chase:1:${issueNo}`,
    betId: `LT${issueNo}`,
    gameCode: 'SSC1',
    issueNo,
    playId: 'ssc_position',
    playName: '定位胆',
    selection: [[], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], []],
    unit: 'yuan',
    multiplier: 1,
    notes: 10,
    stake: '20.00',
    status,
    payout,
    placedAt: inSeconds(-120),
    settledAt: payout === null ? null : inSeconds(-60),
  }) satisfies LotteryTicketView;

function chaseOf(status: LotteryChaseView['status']): LotteryChaseView {
  const isCancelled = status === 'cancelled';
  return {
    chaseId: 'chase-0001',
    gameCode: 'SSC1',
    playId: 'ssc_position',
    playName: '定位胆',
    selection: [[], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [], [], []],
    unit: 'yuan',
    notes: 10,
    isStopOnWin: false,
    status,
    stopCode: null,
    stopMessage: null,
    plannedStake: '60.00',
    createdAt: '2026-11-25T03:38:10.000Z',
    endedAt: null,
    issues: [
      {
        issueNo: '20261125-0700',
        multiplier: 1,
        stake: '20.00',
        status: 'placed',
        refusalCode: null,
        ticket: ticket('20261125-0700', 'won', '36.00'),
      },
      {
        issueNo: '20261125-0701',
        multiplier: 1,
        stake: '20.00',
        status: 'placed',
        refusalCode: null,
        ticket: ticket('20261125-0701', 'open', null),
      },
      {
        issueNo: '20261125-0702',
        multiplier: 1,
        stake: '20.00',
        status: isCancelled ? 'cancelled' : 'waiting',
        refusalCode: null,
        ticket: null,
      },
    ],
  };
}

function fakeChases(chases: () => LotteryChaseView[]) {
  const cancelled: unknown[] = [];
  fakeApi({
    namingList: () => [],
    memberJwt: () => ({ token: 'socket-token', expiresAt: '2026-11-25T05:00:00.000Z' }),
    lotteryHall: () => [ssc],
    lotteryPlays: () => ({ gameCode: 'SSC1', unit: 'yuan', plays: [] }),
    lotteryResults: () => ({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    lotteryTickets: () => ({ list: [], total: 0, pageNum: 1, pageSize: 20 }),
    lotteryChases: () => ({ list: chases(), total: chases().length, pageNum: 1, pageSize: 10 }),
    lotteryChaseCancel: (body) => {
      cancelled.push(body);
      return chaseOf('cancelled');
    },
    walletSummary: () => ({
      mainBalance: '100.00',
      withdrawalHoldBalance: '0.00',
      bonusBalance: '0.00',
      venues: [],
      totalBalance: '100.00',
      isAutoTransfer: false,
      hasFundsPassword: false,
    }),
  });
  return cancelled;
}

async function openChases() {
  renderApp('/game/lottery/SSC1');
  fireEvent.click(await screen.findByRole('tab', { name: '我的追号' }));
}

beforeEach(() => {
  sessionStorage.setItem('securityNoticeShown', '1');
  localStorage.setItem('token', 'token-1');
  vi.stubGlobal('WebSocket', FakeFeedSocket);
});

afterEach(() => {
  act(() => sharedSocket(createQueryClient()).close());
  vi.unstubAllGlobals();
});

describe('我的追号', { timeout: 20_000 }, () => {
  it('shows each chase with its status, progress and issues, and cancels a running one after confirming', async () => {
    let current = chaseOf('running');
    const cancelled = fakeChases(() => [current]);
    await openChases();
    const row = await screen.findByTestId('lottery-chase');
    within(row).getByText('追号中');
    within(row).getByText('已追 2/3 期 · 已投 ¥40.00 · 已中 ¥36.00');
    within(row).getByText(/计划总额 ¥60.00/);
    expect(within(row).queryAllByTestId('chase-issue')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: '追号详情' }));
    const issues = within(row).getAllByTestId('chase-issue');
    expect(issues.map((issue) => issue.textContent)).toEqual([
      '20261125-0700×1¥20.00已中奖 ¥36.00',
      '20261125-0701×1¥20.00待开奖',
      '20261125-0702×1¥20.00待投注',
    ]);

    // 取消 in the dialog keeps the chase.
    fireEvent.click(within(row).getByRole('button', { name: '撤销追号' }));
    let dialog = await screen.findByRole('dialog');
    within(dialog).getByText('确定撤销该追号吗？尚未投注的期数将不再投注。');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelled).toEqual([]);

    fireEvent.click(within(row).getByRole('button', { name: '撤销追号' }));
    dialog = await screen.findByRole('dialog');
    current = chaseOf('cancelled');
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(cancelled).toEqual([{ chaseId: 'chase-0001' }]));
    const after = await screen.findByTestId('lottery-chase');
    await within(after).findByText('已撤销', { selector: '.chase-status' });
    expect(within(after).queryByRole('button', { name: '撤销追号' })).toBeNull();
  });

  it('says so when the member has no chase', async () => {
    fakeChases(() => []);
    await openChases();
    expect(await screen.findByText('暂无追号')).toBeTruthy();
  });

  it('asks a visitor to log in', async () => {
    localStorage.removeItem('token');
    fakeChases(() => []);
    await openChases();
    expect(await screen.findByText('登录后查看我的追号')).toBeTruthy();
  });
});
