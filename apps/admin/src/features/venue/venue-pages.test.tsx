import {
  type AdminBet,
  type AdminSeamlessTransaction,
  type AdminVenue,
  type OperatorPermission,
  routes,
} from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { BetsPage, betSearchBody } from './bets-page.tsx';
import { launchSearchBody } from './launches-page.tsx';
import { SeamlessPage, seamlessSearchBody } from './seamless-page.tsx';
import { VenuesPage, venueUpdateBody } from './venues-page.tsx';

function envelope(data: unknown) {
  return new Response(JSON.stringify({ code: 6000, message: '成功', data }), {
    headers: { 'content-type': 'application/json' },
  });
}

function serve(answers: Record<string, () => unknown>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    const answer = answers[path];
    return answer ? envelope(answer()) : envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    bodiesOf: (path: string) =>
      fetchMock.mock.calls
        .filter(([input]) => String(input).split('?')[0] === path)
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined)),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  endSession();
});

function renderAs(permissions: OperatorPermission[], page: ReactNode) {
  startSession({
    token: 'operator-token',
    expiresAt: '2099-11-23T12:00:00.000Z',
    operator: { id: 3, username: 'ops1', role: 'site_admin', siteIds: [9001], permissions },
  });
  render(<AppProviders client={createQueryClient()}>{page}</AppProviders>);
}

const imty: AdminVenue = {
  code: 'IMTY',
  name: 'IM体育',
  category: 'TY',
  walletMode: 'seamless',
  flavour: 'IM',
  state: 'open',
  storedState: 'maintenance',
  maintenanceMessage: '例行维护',
  maintenanceUntil: '2026-11-25T04:00:00.000Z',
  sort: 1,
  logo: '/media/venues/imty.svg',
  demoAllowed: true,
  apiBaseUrl: '',
  updatedAt: '2026-11-25T02:00:00.000Z',
};

describe('venue console', () => {
  it('场馆管理 lists venues with a lapsed maintenance marked, and saves a change', async () => {
    const api = serve({
      [routes.adminVenueList.path]: () => [imty],
      [routes.adminVenueUpdate.path]: () => ({ ...imty, sort: 5 }),
    });
    renderAs(['venue.read', 'venue.write'], <VenuesPage />);
    const row = (await screen.findByText('IM体育')).closest('tr');
    if (!row) {
      throw new Error('no venue row');
    }
    expect(within(row).getByText('已到期，会员看到开放')).toBeTruthy();
    expect(within(row).getByText('允许')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '编辑' }));
    fireEvent.change(await screen.findByLabelText('排序'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.bodiesOf(routes.adminVenueUpdate.path)).toHaveLength(1), {
      timeout: 5_000,
    });
    expect(api.bodiesOf(routes.adminVenueUpdate.path)[0]).toMatchObject({
      code: 'IMTY',
      state: 'maintenance',
      sort: 5,
      maintenanceMessage: '例行维护',
      maintenanceUntil: '2026-11-25T04:00:00.000Z',
    });
  });

  it('hides 编辑 from staff who may only read venues', async () => {
    serve({ [routes.adminVenueList.path]: () => [imty] });
    renderAs(['venue.read'], <VenuesPage />);
    await screen.findByText('IM体育');
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('sends no maintenance window unless the state is maintenance', () => {
    const values = {
      name: ' IM体育 ',
      logo: '/media/venues/imty.svg',
      maintenanceMessage: '例行维护',
      maintenanceUntil: dayjs('2026-11-25T04:00:00.000Z'),
      sort: 1,
      demoAllowed: false,
    };
    expect(venueUpdateBody('IMTY', { ...values, state: 'open' })).toMatchObject({
      name: 'IM体育',
      maintenanceMessage: '',
      maintenanceUntil: null,
    });
    expect(venueUpdateBody('IMTY', { ...values, state: 'maintenance' })).toMatchObject({
      maintenanceMessage: '例行维护',
      maintenanceUntil: '2026-11-25T04:00:00.000Z',
    });
  });

  it('免转交易 marks replays and rollbacks of debits never seen', async () => {
    const rows: AdminSeamlessTransaction[] = [
      {
        id: 1,
        createdAt: '2026-11-25T02:00:00.000Z',
        venueCode: 'IMTY',
        kind: 'debit',
        transactionId: 'tx-1',
        debitTransactionId: null,
        betId: 'bet-1',
        memberId: 7,
        username: 'player01',
        amount: '10.00',
        isTombstone: false,
        replayCount: 2,
        lastReplayedAt: '2026-11-25T02:01:00.000Z',
        balanceAfter: '90.00',
      },
      {
        id: 2,
        createdAt: '2026-11-25T02:02:00.000Z',
        venueCode: 'IMTY',
        kind: 'rollback',
        transactionId: 'tx-2',
        debitTransactionId: 'tx-never',
        betId: null,
        memberId: null,
        username: null,
        amount: '0.00',
        isTombstone: true,
        replayCount: 0,
        lastReplayedAt: null,
        balanceAfter: null,
      },
    ];
    serve({
      [routes.adminSeamlessTransactions.path]: () => ({ list: rows, total: 2, pageNum: 1, pageSize: 20 }),
    });
    renderAs(['bets.read'], <SeamlessPage />);
    expect(await screen.findByText('重发 2 次')).toBeTruthy();
    expect(screen.getByText('先回滚后扣款')).toBeTruthy();
    expect(screen.getByText('tx-never')).toBeTruthy();
  });

  it('注单查询 shows the totals of the search', async () => {
    const bet: AdminBet = {
      id: 1,
      memberId: 7,
      username: 'player01',
      betId: 'bet-1',
      venueCode: 'IMTY',
      venueName: 'IM体育',
      category: 'TY',
      gameCode: 'football',
      roundId: 'round-1',
      stake: '100.00',
      validAmount: '100.00',
      payout: '0.00',
      winLoss: '-100.00',
      odds: '1.9500',
      status: 'lose',
      placedAt: '2026-11-25T02:00:00.000Z',
      settledAt: '2026-11-25T03:00:00.000Z',
    };
    serve({
      [routes.adminBets.path]: () => ({
        list: [bet],
        total: 1,
        pageNum: 1,
        pageSize: 20,
        totals: { stake: '100.00', validAmount: '100.00', payout: '0.00', winLoss: '-100.00' },
      }),
    });
    renderAs(['bets.read'], <BetsPage />);
    expect(await screen.findByText('合计')).toBeTruthy();
    expect(screen.getAllByText('-100.00')).toHaveLength(2);
  });

  it('turns the search forms into route bodies, dropping what the route would refuse', () => {
    expect(
      betSearchBody({ current: 2, pageSize: 50, category: 'TY', status: 'bogus', venueCode: ' imty ' }),
    ).toEqual({ pageNum: 2, pageSize: 50, category: 'TY', venueCode: 'IMTY' });
    expect(
      seamlessSearchBody({ kind: 'rollback', isReplayed: 'true', sortBy: 'replayCount', sortOrder: 'desc' }),
    ).toEqual({
      pageNum: 1,
      pageSize: 20,
      kind: 'rollback',
      isReplayed: true,
      sortBy: 'replayCount',
      sortOrder: 'desc',
    });
    expect(launchSearchBody({ result: 'refused', isDemo: 'false', username: 'Player01' })).toEqual({
      pageNum: 1,
      pageSize: 20,
      result: 'refused',
      isDemo: false,
      username: 'Player01',
    });
  });
});
