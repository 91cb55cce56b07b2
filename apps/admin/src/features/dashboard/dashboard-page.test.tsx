import {
  addReportDays,
  type DailyMoneyPage,
  type Dashboard,
  type DashboardDay,
  headerNames,
  type LedgerReconcile,
  type OperatorPermission,
  routes,
} from '@site/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/app.tsx';
import { endSession, startSession } from '../../lib/session.ts';
import { DailyMoneyReportPage, dayRangeParams } from './daily-money-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// jsdom draws no canvas: the charts module is stood in for by what it was given.
vi.mock('./dashboard-charts.tsx', () => ({
  DashboardCharts: (props: { days: DashboardDay[] }) => (
    <p>
      图表：{props.days.length} 天，自 {props.days[0]?.day} 起
    </p>
  ),
}));

const quietDay = {
  registrations: 0,
  firstDepositCount: 0,
  firstDepositAmount: '0.00',
  depositCount: 0,
  depositAmount: '0.00',
  withdrawalCount: 0,
  withdrawalAmount: '0.00',
};
const today: DashboardDay = {
  day: '2026-11-22',
  registrations: 12,
  firstDepositCount: 3,
  firstDepositAmount: '1500.00',
  depositCount: 27,
  depositAmount: '123456.70',
  withdrawalCount: 4,
  withdrawalAmount: '8000.00',
};
const dashboard: Dashboard = {
  today,
  onlineMembers: 41,
  pendingReviews: { withdrawals: 2, deposits: 1, adjustments: 0, identities: 5, total: 8 },
  days: [
    ...Array.from({ length: 29 }, (_, index) => ({ ...quietDay, day: addReportDays('2026-10-24', index) })),
    today,
  ],
  generatedAt: '2026-11-22T04:00:00.000Z',
};
const balanced: LedgerReconcile = {
  isBalanced: true,
  kinds: [
    { kind: 'external', accounts: 1, available: '-123456.70', pending: '0.00' },
    { kind: 'member_main', accounts: 27, available: '120000.00', pending: '0.00' },
    { kind: 'member_withdrawal_hold', accounts: 2, available: '3456.70', pending: '0.00' },
  ],
  memberTotal: '123456.70',
  grandTotal: '0.00',
  entries: 31,
  failures: [],
  checkedAt: '2026-11-22T04:00:00.000Z',
  durationMs: 12,
};

function envelope(code: number, message: string, data: unknown) {
  return new Response(JSON.stringify({ code, message, data }), {
    headers: { 'content-type': 'application/json' },
  });
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  endSession();
});

function signIn(permissions: OperatorPermission[]) {
  startSession({
    token: 'operator-token',
    expiresAt: '2026-11-23T12:00:00.000Z',
    operator: { id: 7, username: 'finance1', role: 'finance', siteIds: [9002], permissions },
  });
}

/** Answers each route from `answers` by its path. */
function serve(answers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    const answer = answers[path];
    return answer ? answer() : envelope(10003, '参数错误', null);
  });
}

const callsTo = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).startsWith(path));

function renderPage(page: React.ReactNode) {
  render(
    <AppProviders client={createQueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </AppProviders>,
  );
}

describe('DashboardPage', () => {
  it("shows the site's day, what waits for review, the ledger and 30 days of charts", async () => {
    signIn(['report.read', 'cashier.read', 'member.read']);
    serve({
      [routes.adminDashboard.path]: () => envelope(6000, '成功', dashboard),
      [routes.adminLedgerReconcile.path]: () => envelope(6000, '成功', balanced),
    });
    renderPage(<DashboardPage />);

    expect(await screen.findByText('123,456.70')).toBeTruthy();
    expect(screen.getByText('今日注册')).toBeTruthy();
    expect(screen.getByText('首存金额 1,500.00 元')).toBeTruthy();
    expect(screen.getByText('27 笔')).toBeTruthy();
    expect(screen.getByText('41')).toBeTruthy();
    // The queues staff may open are links; 实名审核 is not this role's page.
    expect(screen.getByRole('link', { name: '提现待审核 2' }).getAttribute('href')).toBe(
      '/cashier/withdrawals',
    );
    expect(screen.getByRole('link', { name: '存款待确认 1' }).getAttribute('href')).toBe('/cashier/deposits');
    expect(screen.queryByRole('link', { name: '实名待审核 5' })).toBeNull();
    expect(screen.getByText('实名待审核 5')).toBeTruthy();

    expect(await screen.findByText('账平')).toBeTruthy();
    const kinds = screen.getByRole('columnheader', { name: '账户类型' }).closest('table') as HTMLElement;
    expect(within(kinds).getByText('会员主钱包')).toBeTruthy();
    expect(within(kinds).getByText('提现冻结')).toBeTruthy();
    expect(within(kinds).getByText('-123,456.70')).toBeTruthy();
    expect(screen.getByText('123,456.70 元')).toBeTruthy();
    expect(await screen.findByText('图表：30 天，自 2026-10-24 起')).toBeTruthy();

    // Every call names the site the console is switched to.
    const [, init] = callsTo(routes.adminDashboard.path)[0] ?? [];
    expect(new Headers(init?.headers).get(headerNames.siteId)).toBe('9002');
  });

  it('flags a ledger that does not reconcile with what is broken, and checks again on demand', async () => {
    signIn(['report.read']);
    const broken: LedgerReconcile = {
      ...balanced,
      isBalanced: false,
      grandTotal: '0.01',
      failures: [{ check: 'entry_legs_follow_phase', name: '分录借贷方向符合其阶段', rows: 1 }],
    };
    serve({
      [routes.adminDashboard.path]: () => envelope(6000, '成功', dashboard),
      [routes.adminLedgerReconcile.path]: () => envelope(6000, '成功', broken),
    });
    renderPage(<DashboardPage />);

    expect(await screen.findByText('对账异常')).toBeTruthy();
    expect(screen.getByText('账本存在不一致，请立即联系技术人员核查')).toBeTruthy();
    expect(screen.getByText('分录借贷方向符合其阶段：1 行不符')).toBeTruthy();
    expect(screen.getByText('全部余额合计为 0.01 元，不为零')).toBeTruthy();
    // Without cashier.read the queues are plain text.
    expect(screen.queryByRole('link', { name: '提现待审核 2' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /立即对账/ }));
    await waitFor(() => expect(callsTo(routes.adminLedgerReconcile.path)).toHaveLength(2));
  });

  it("shows the server's refusal when the figures cannot be loaded", async () => {
    signIn(['report.read']);
    serve({
      [routes.adminDashboard.path]: () => envelope(10001, '无权限操作：report.read', null),
      [routes.adminLedgerReconcile.path]: () => envelope(6000, '成功', balanced),
    });
    renderPage(<DashboardPage />);
    expect(await screen.findByText('无权限操作：report.read')).toBeTruthy();
    expect(screen.getAllByText('加载失败').length).toBeGreaterThan(0);
  });
});

describe('DailyMoneyReportPage', () => {
  const row = {
    day: '2026-11-22',
    depositCount: 3,
    depositAmount: '5500.00',
    firstDepositCount: 1,
    withdrawalCount: 1,
    withdrawalAmount: '1000.00',
    feeAmount: '10.00',
    payoutAmount: '990.00',
    adjustmentCount: 2,
    adjustmentCreditAmount: '20.00',
    adjustmentDebitAmount: '5.00',
    netAmount: '4510.00',
  };
  const page: DailyMoneyPage = {
    list: [row],
    total: 30,
    pageNum: 1,
    pageSize: 20,
    startDay: '2026-10-24',
    endDay: '2026-11-22',
    totals: { ...row, depositAmount: '65000.00', netAmount: '64010.00' },
  };

  it('lists the days with their money and the totals of the whole range', async () => {
    signIn(['report.read']);
    serve({ [routes.adminDailyMoney.path]: () => envelope(6000, '成功', page) });
    renderPage(<DailyMoneyReportPage />);

    expect(await screen.findByText('合计：2026-10-24 至 2026-11-22（共 30 天）')).toBeTruthy();
    expect(screen.getByText('65,000.00')).toBeTruthy();
    expect(screen.getByText('64,010.00')).toBeTruthy();
    const cell = await screen.findByText('2026-11-22');
    const tableRow = cell.closest('tr') as HTMLElement;
    for (const text of ['5,500.00', '1,000.00', '10.00', '990.00', '4,510.00']) {
      expect(within(tableRow).getByText(text)).toBeTruthy();
    }
    const [, init] = callsTo(routes.adminDailyMoney.path)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('reads the picked days as the range, and nothing else as none', () => {
    expect(dayRangeParams({ range: ['2026-11-01', '2026-11-22'] })).toEqual({
      startDay: '2026-11-01',
      endDay: '2026-11-22',
    });
    expect(dayRangeParams({ range: ['2026-11-01'] })).toBeUndefined();
    expect(dayRangeParams({ range: ['', '2026-11-22'] })).toBeUndefined();
    expect(dayRangeParams({})).toBeUndefined();
  });
});
