import {
  ErrorCode,
  type SportsbookBetView,
  type SportsbookCashOutBody,
  type SportsbookCashOutQuote,
} from '@site/contract';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeFailure, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

configure({ asyncUtilTimeout: 5_000 });

const wallet = {
  mainBalance: '100.00',
  withdrawalHoldBalance: '0.00',
  bonusBalance: '0.00',
  venues: [],
  totalBalance: '100.00',
  isAutoTransfer: false,
  hasFundsPassword: false,
};

function betOf(betId: string, patch: Partial<SportsbookBetView> = {}): SportsbookBetView {
  return {
    slipId: `slip-${betId}`,
    betId,
    kind: 'single',
    name: '单注',
    status: 'open',
    oddsFormat: 'Europe',
    odds: '2.50',
    stake: '10.00',
    ticketCount: 1,
    risk: '10.00',
    potentialReturn: '25.00',
    payout: null,
    rejectCode: null,
    rejectMessage: null,
    placedAt: '2026-11-25T10:00:00.000Z',
    acceptAt: null,
    settledAt: null,
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
        odds: '2.50',
        isInPlay: false,
        scoreAtAcceptance: { home: 0, away: 0 },
        result: null,
        matchScore: null,
      },
    ],
    ...patch,
  };
}

function quoteOf(betId: string, patch: Partial<SportsbookCashOutQuote> = {}): SportsbookCashOutQuote {
  return {
    betId,
    offer: '14.25',
    isSuspended: false,
    unavailableCode: null,
    unavailableMessage: null,
    priceVersion: 3,
    quotedAt: '2026-11-25T11:00:00.000Z',
    ...patch,
  };
}

/** The 注单 page's answers: `bets` open, each quoted by `quote`, cash-outs answered by `take`. */
function fakeCashOut(options: {
  bets: SportsbookBetView[];
  quote?: (betId: string) => SportsbookCashOutQuote | FakeFailure;
  take?: (body: SportsbookCashOutBody) => SportsbookBetView | FakeFailure;
}) {
  const sent: SportsbookCashOutBody[] = [];
  const counts = { bets: 0, wallet: 0, quotes: 0 };
  let bets = options.bets;
  fakeApi({
    sportsbookLeagues: () => [],
    sportsbookBets: (body) => {
      counts.bets += 1;
      const list = (body as { status: string }).status === 'settled' ? [] : bets;
      return { list, total: list.length, pageNum: 1, pageSize: 50 };
    },
    sportsbookCashOutQuote: (body) => {
      counts.quotes += 1;
      return (options.quote ?? quoteOf)((body as { betId: string }).betId);
    },
    sportsbookCashOut: (body) => {
      const cashOut = body as SportsbookCashOutBody;
      sent.push(cashOut);
      const answer =
        options.take?.(cashOut) ??
        betOf(cashOut.betId, {
          status: 'cashed_out',
          payout: cashOut.amount,
          settledAt: '2026-11-25T11:00:01.000Z',
        });
      if (!(answer instanceof FakeFailure)) {
        bets = bets.filter((bet) => bet.betId !== cashOut.betId);
      }
      return answer;
    },
    walletSummary: () => {
      counts.wallet += 1;
      return wallet;
    },
  });
  return { sent, counts };
}

beforeEach(() => {
  sessionStorage.setItem('securityNoticeShown', '1');
  localStorage.setItem('token', 'token-1');
});

describe('提前结算 on 注单', () => {
  it('shows the live offer, confirms the amount, cashes out and asks the bets and balance again', async () => {
    const { sent, counts } = fakeCashOut({ bets: [betOf('SB7')] });
    renderApp('/game/sport/book/bets');
    const button = await screen.findByRole('button', { name: '提前结算 ¥14.25' });
    expect(within(button).getByText('¥14.25')).toBeTruthy();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('本金 ¥10.00，确认以 ¥14.25 提前结算该注单？结算后该注单不再参与赛果派彩。'),
    ).toBeTruthy();
    const betsBefore = counts.bets;
    const walletBefore = counts.wallet;
    fireEvent.click(within(dialog).getByRole('button', { name: '确认结算' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ betId: 'SB7', amount: '14.25' });
    expect(sent[0]?.requestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('提前结算成功，¥14.25 已到账')).toBeTruthy();
    await waitFor(() => expect(counts.bets).toBeGreaterThan(betsBefore));
    await waitFor(() => expect(counts.wallet).toBeGreaterThan(walletBefore));
    await waitFor(() => expect(screen.queryByRole('button', { name: /提前结算/ })).toBeNull());
  });

  it('cancels without cashing out', async () => {
    const { sent } = fakeCashOut({ bets: [betOf('SB8')] });
    renderApp('/game/sport/book/bets');
    fireEvent.click(await screen.findByRole('button', { name: '提前结算 ¥14.25' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toHaveLength(0);
  });

  it('disables the button with 暂停 while the market is suspended', async () => {
    fakeCashOut({
      bets: [betOf('SB9')],
      quote: (betId) =>
        quoteOf(betId, {
          offer: null,
          isSuspended: true,
          unavailableCode: ErrorCode.sportsbookMarketSuspended,
          unavailableMessage: '盘口暂停投注（封盘中），请稍后再试',
        }),
    });
    renderApp('/game/sport/book/bets');
    const button = await screen.findByRole('button', { name: '提前结算 暂停' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(within(button).getByText('暂停')).toBeTruthy();
  });

  it('says so when the offer moved before it was taken', async () => {
    const { sent } = fakeCashOut({
      bets: [betOf('SB10')],
      take: () =>
        new FakeFailure(ErrorCode.sportsbookOddsChanged, '赔率已变化，请确认新赔率后重新投注', {
          betId: 'SB10',
          offer: '12.00',
          priceVersion: 4,
        }),
    });
    renderApp('/game/sport/book/bets');
    fireEvent.click(await screen.findByRole('button', { name: '提前结算 ¥14.25' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '确认结算' }));
    expect(await screen.findByText('结算金额已变化，请确认新金额后重试')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('button', { name: '提前结算 ¥14.25' })).toBeTruthy();
  });

  it('offers nothing on a parlay and shows a cashed-out bet with its amount', async () => {
    const { counts } = fakeCashOut({
      bets: [
        betOf('SB11', { kind: 'parlay', name: '2串1' }),
        betOf('SB12', { status: 'cashed_out', payout: '9.80', settledAt: '2026-11-25T11:00:00.000Z' }),
      ],
    });
    renderApp('/game/sport/book/bets');
    const cards = await screen.findAllByTestId('sb-bet');
    expect(cards).toHaveLength(2);
    expect(within(cards[1] as HTMLElement).getByText('已提前结算')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('¥9.80')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提前结算/ })).toBeNull();
    expect(counts.quotes).toBe(0);
  });
});

describe('提前结算 in 投注记录', () => {
  it('marks a bet closed early beside its status', async () => {
    const record = {
      venueCode: 'IMTY',
      venueName: 'IM体育',
      category: 'TY' as const,
      gameCode: 'match_result',
      roundId: 'm-1',
      stake: '10.00',
      validAmount: '4.25',
      odds: '2.5000',
      placedAt: '2026-11-25T02:00:00.000Z',
      settledAt: '2026-11-25T03:00:00.000Z',
    };
    fakeApi({
      venueList: (body) => ({
        category: (body as { category: 'TY' }).category,
        counts: { live: 0, total: 0 },
        list: [],
      }),
      betRecords: () => ({
        list: [
          { ...record, betId: 'SB1', payout: '14.25', winLoss: '4.25', status: 'win', isCashedOut: true },
          { ...record, betId: 'SB2', payout: '25.00', winLoss: '15.00', status: 'win' },
        ],
        total: 2,
        pageNum: 1,
        pageSize: 20,
        totals: { stake: '20.00', validAmount: '8.50', payout: '39.25', winLoss: '19.25' },
      }),
    });
    renderApp('/mine/record/betRecord');
    const rows = await screen.findAllByTestId('bet-record');
    expect(within(rows[0] as HTMLElement).getByText('赢 · 提前结算')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('赢')).toBeTruthy();
  });
});
