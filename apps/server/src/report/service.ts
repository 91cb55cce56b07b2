import {
  addFen,
  addReportDays,
  type DailyMoneyPage,
  type DailyMoneyQuery,
  type DailyMoneyRow,
  type DailyMoneySortKey,
  type Dashboard,
  type DashboardDay,
  dashboardDays,
  dedupeInFlight,
  type Fen,
  fen,
  formatFen,
  type LedgerReconcile,
  onlineWindowMs,
  reportDayOf,
  reportDayStartMs,
  reportDaysInRange,
  reportTimeZone,
  subtractFen,
} from '@site/contract';
import type { CashierService } from '../cashier/service.ts';
import type { DayRange } from '../db/days.ts';
import type { MemberAccountKind } from '../ledger/accounts.ts';
import type { ReconcileCheck } from '../ledger/reconcile.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { MemberService } from '../member/service.ts';
import type { SessionService } from '../session/service.ts';
import type { Clock } from '../stores/clock.ts';

/** What the reports read, each from the domain that owns the figures. */
export interface ReportDeps {
  clock: Clock;
  members: Pick<MemberService, 'registrationsPerDay'>;
  cashier: Pick<CashierService, 'dailyMoney' | 'dailyAdjustments' | 'pendingReviews'>;
  sessions: Pick<SessionService, 'onlineMembers'>;
  ledger: Pick<LedgerService, 'reconcile'>;
  /** Real-name verifications of the site waiting for staff; the identity domain answers it. */
  pendingIdentities: (siteId: number) => Promise<number>;
}

export type ReportService = ReturnType<typeof createReportService>;

/** The invariants as staff read them on the dashboard. */
const reconcileCheckNames = {
  balances_in_bounds: '会员余额与冻结金额均不为负',
  balance_rows: '每个会员账户有且只有一行余额',
  member_balances_match_entries: '会员余额等于其分录之和',
  checkpoints_match_entries: '检查点余额等于截至该处的分录之和',
  latest_checkpoint_complete: '最新检查点覆盖每个有分录的系统账户',
  balance_after_chains: '会员分录的变动后余额前后连续',
  transfer_entries: '每笔转账有且只有一条首分录',
  entries_well_formed: '分录格式完整',
  entry_legs_follow_phase: '分录借贷方向符合其阶段',
  resolutions_repeat_transfer: '入账或撤销与原转账一致',
  pending_matches_reservations: '冻结金额等于未结的预留',
  entry_accounts_of_site: '分录的账户存在且属于本站点',
} satisfies Record<ReconcileCheck, string>;

const memberAccountKinds: ReadonlySet<string> = new Set([
  'member_main',
  'member_venue',
  'member_withdrawal_hold',
  'member_bonus',
] satisfies MemberAccountKind[]);

/** The instants of whole days [firstDay, lastDay], counted in Beijing time. */
function rangeOf(firstDay: string, lastDay: string): DayRange {
  return {
    from: new Date(reportDayStartMs(firstDay)),
    to: new Date(reportDayStartMs(addReportDays(lastDay, 1))),
    timeZone: reportTimeZone,
  };
}

/** Every day of [firstDay, lastDay], oldest first. */
function daysOf(firstDay: string, lastDay: string): string[] {
  return Array.from({ length: reportDaysInRange(firstDay, lastDay) }, (_, index) =>
    addReportDays(firstDay, index),
  );
}

type CashierDay = Awaited<ReturnType<CashierService['dailyMoney']>>[number];
type AdjustmentDay = Awaited<ReturnType<CashierService['dailyAdjustments']>>[number];

function dashboardDayOf(day: string, registrations: number, money: CashierDay | undefined): DashboardDay {
  return {
    day,
    registrations,
    firstDepositCount: money?.firstDepositCount ?? 0,
    firstDepositAmount: formatFen(money?.firstDepositFen ?? 0n),
    depositCount: money?.depositCount ?? 0,
    depositAmount: formatFen(money?.depositFen ?? 0n),
    withdrawalCount: money?.withdrawalCount ?? 0,
    withdrawalAmount: formatFen(money?.withdrawalFen ?? 0n),
  };
}

/** One day's money in fen; the report's rows and its totals are made of these. */
interface MoneyFigures {
  depositCount: number;
  depositFen: Fen;
  firstDepositCount: number;
  withdrawalCount: number;
  withdrawalFen: Fen;
  feeFen: Fen;
  adjustmentCount: number;
  adjustmentCreditFen: Fen;
  adjustmentDebitFen: Fen;
}

function figuresOf(money: CashierDay | undefined, adjustments: AdjustmentDay | undefined): MoneyFigures {
  return {
    depositCount: money?.depositCount ?? 0,
    depositFen: money?.depositFen ?? fen(0n),
    firstDepositCount: money?.firstDepositCount ?? 0,
    withdrawalCount: money?.withdrawalCount ?? 0,
    withdrawalFen: money?.withdrawalFen ?? fen(0n),
    feeFen: money?.feeFen ?? fen(0n),
    adjustmentCount: adjustments?.count ?? 0,
    adjustmentCreditFen: adjustments?.creditFen ?? fen(0n),
    adjustmentDebitFen: adjustments?.debitFen ?? fen(0n),
  };
}

function addFigures(a: MoneyFigures, b: MoneyFigures): MoneyFigures {
  return {
    depositCount: a.depositCount + b.depositCount,
    depositFen: addFen(a.depositFen, b.depositFen),
    firstDepositCount: a.firstDepositCount + b.firstDepositCount,
    withdrawalCount: a.withdrawalCount + b.withdrawalCount,
    withdrawalFen: addFen(a.withdrawalFen, b.withdrawalFen),
    feeFen: addFen(a.feeFen, b.feeFen),
    adjustmentCount: a.adjustmentCount + b.adjustmentCount,
    adjustmentCreditFen: addFen(a.adjustmentCreditFen, b.adjustmentCreditFen),
    adjustmentDebitFen: addFen(a.adjustmentDebitFen, b.adjustmentDebitFen),
  };
}

/** Paid out is what members asked for less the fees the site kept; net is what came in less that. */
function presentFigures(figures: MoneyFigures): Omit<DailyMoneyRow, 'day'> {
  const payoutFen = subtractFen(figures.withdrawalFen, figures.feeFen);
  return {
    depositCount: figures.depositCount,
    depositAmount: formatFen(figures.depositFen),
    firstDepositCount: figures.firstDepositCount,
    withdrawalCount: figures.withdrawalCount,
    withdrawalAmount: formatFen(figures.withdrawalFen),
    feeAmount: formatFen(figures.feeFen),
    payoutAmount: formatFen(payoutFen),
    adjustmentCount: figures.adjustmentCount,
    adjustmentCreditAmount: formatFen(figures.adjustmentCreditFen),
    adjustmentDebitAmount: formatFen(figures.adjustmentDebitFen),
    netAmount: formatFen(subtractFen(figures.depositFen, payoutFen)),
  };
}

/** The figure each sort key of the daily report orders by (a day's fen or count). */
const dailyMoneySortValues = {
  day: () => 0n,
  depositAmount: (figures) => figures.depositFen,
  depositCount: (figures) => BigInt(figures.depositCount),
  withdrawalAmount: (figures) => figures.withdrawalFen,
  payoutAmount: (figures) => subtractFen(figures.withdrawalFen, figures.feeFen),
  netAmount: (figures) => subtractFen(figures.depositFen, subtractFen(figures.withdrawalFen, figures.feeFen)),
} satisfies Record<DailyMoneySortKey, (figures: MoneyFigures) => bigint>;

/**
 * The report's days in the order asked for, the day itself breaking ties in the same direction;
 * without a sort key, newest first.
 */
function sortDays<Row extends MoneyFigures & { day: string }>(rows: Row[], query: DailyMoneyQuery): Row[] {
  if (query.sortBy === undefined) {
    return rows.toSorted((a, b) => b.day.localeCompare(a.day));
  }
  const figureOf = dailyMoneySortValues[query.sortBy];
  const sign = query.sortOrder === 'desc' ? -1 : 1;
  return rows.toSorted((a, b) => {
    const [x, y] = [figureOf(a), figureOf(b)];
    const byValue = x === y ? 0 : x < y ? -1 : 1;
    return sign * (byValue === 0 ? a.day.localeCompare(b.day) : byValue);
  });
}

/**
 * The console's figures of one site: the dashboard, the ledger's reconcile status and the daily
 * money report. Every figure is read from the domain owning it, for the site the caller acts on.
 */
export function createReportService(deps: ReportDeps) {
  // A reconcile reads every entry of the site: staff opening the dashboard together share one run.
  const reconciling = dedupeInFlight<number, LedgerReconcile>();

  async function dashboard(siteId: number): Promise<Dashboard> {
    const nowMs = deps.clock.now();
    const today = reportDayOf(nowMs);
    const firstDay = addReportDays(today, 1 - dashboardDays);
    const range = rangeOf(firstDay, today);
    const [registrations, money, onlineMembers, cashierReviews, identities] = await Promise.all([
      deps.members.registrationsPerDay(siteId, range),
      deps.cashier.dailyMoney(siteId, range),
      deps.sessions.onlineMembers(siteId, onlineWindowMs),
      deps.cashier.pendingReviews(siteId),
      deps.pendingIdentities(siteId),
    ]);
    const registrationsOf = new Map(registrations.map((row) => [row.day, Number(row.count)]));
    const moneyOf = new Map(money.map((row) => [row.day, row]));
    const days = daysOf(firstDay, today).map((day) =>
      dashboardDayOf(day, registrationsOf.get(day) ?? 0, moneyOf.get(day)),
    );
    const pendingReviews = { ...cashierReviews, identities };
    return {
      today: days.at(-1) ?? dashboardDayOf(today, 0, undefined),
      onlineMembers,
      pendingReviews: {
        ...pendingReviews,
        total: pendingReviews.withdrawals + pendingReviews.deposits + pendingReviews.adjustments + identities,
      },
      days,
      generatedAt: new Date(nowMs).toISOString(),
    };
  }

  async function reconcile(siteId: number): Promise<LedgerReconcile> {
    const startedMs = performance.now();
    const report = await deps.ledger.reconcile({ siteId });
    const memberTotalFen = report.kinds
      .filter((kind) => memberAccountKinds.has(kind.kind))
      .reduce((total, kind) => total + kind.availableFen + kind.pendingFen, 0n);
    return {
      isBalanced: report.problems.length === 0,
      kinds: report.kinds.map((kind) => ({
        kind: kind.kind,
        accounts: Number(kind.accounts),
        available: formatFen(kind.availableFen),
        pending: formatFen(kind.pendingFen),
      })),
      memberTotal: formatFen(memberTotalFen),
      grandTotal: formatFen(report.grandTotalFen),
      entries: Number(report.entries),
      failures: report.failures.map((failure) => ({
        check: failure.check,
        name: reconcileCheckNames[failure.check],
        rows: Number(failure.rows),
      })),
      checkedAt: new Date(deps.clock.now()).toISOString(),
      durationMs: Math.round(performance.now() - startedMs),
    };
  }

  /** Days after today are not listed; without a range, the last 30 days. */
  async function dailyMoney(siteId: number, query: DailyMoneyQuery): Promise<DailyMoneyPage> {
    const today = reportDayOf(deps.clock.now());
    const startDay = query.startDay ?? addReportDays(today, 1 - dashboardDays);
    const endDay = query.endDay !== undefined && query.endDay < today ? query.endDay : today;
    const days = daysOf(startDay, endDay);
    const range = rangeOf(startDay, endDay);
    const [money, adjustments] =
      days.length === 0
        ? [[], []]
        : await Promise.all([
            deps.cashier.dailyMoney(siteId, range),
            deps.cashier.dailyAdjustments(siteId, range),
          ]);
    const moneyOf = new Map(money.map((row) => [row.day, row]));
    const adjustmentsOf = new Map(adjustments.map((row) => [row.day, row]));
    const figures = days.map((day) => ({ day, ...figuresOf(moneyOf.get(day), adjustmentsOf.get(day)) }));
    const offset = (query.pageNum - 1) * query.pageSize;
    return {
      list: sortDays(figures, query)
        .slice(offset, offset + query.pageSize)
        .map((row) => ({ day: row.day, ...presentFigures(row) })),
      total: days.length,
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      startDay,
      endDay,
      totals: presentFigures(figures.reduce(addFigures, figuresOf(undefined, undefined))),
    };
  }

  return {
    dashboard,
    /** One run per site at a time: a caller arriving while one runs gets its answer. */
    reconcile: (siteId: number) => reconciling.run(siteId, () => reconcile(siteId)),
    dailyMoney,
  };
}
