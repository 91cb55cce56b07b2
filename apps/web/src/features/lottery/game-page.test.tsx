import type { LotteryBetBody, LotteryHallGame, LotteryTicketView } from '@site/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

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

function fakeLottery(bet: (body: LotteryBetBody) => LotteryTicketView | FakeFailure) {
  const sent: LotteryBetBody[] = [];
  fakeApi({
    lotteryHall: () => [ssc],
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
  return sent;
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
});

describe('lottery game page', () => {
  it('counts notes and stake with the contract and sends the ticket to the issue on sale', async () => {
    const sent = fakeLottery(ticketOf);
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
    const sent = fakeLottery((body) => (answers.shift() ?? ticketOf)(body));
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
