import { z } from 'zod';
import { pageOf, pageQuery, sortQuery } from './http-schemas.ts';

/**
 * The console's figures: the dashboard (仪表盘), the ledger's reconcile status and the daily money
 * report (每日资金报表). Every figure is of the site the request names; a day is a calendar day in
 * Beijing time, and amounts are yuan strings with two decimals.
 */

/** The time zone report days are counted in. */
export const reportTimeZone = 'Asia/Shanghai';
/** Beijing time is UTC+8 all year (China keeps no daylight saving), so day arithmetic needs no zone data. */
const reportUtcOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** How many days the dashboard's charts show, today included. */
export const dashboardDays = 30;
/** The longest range one daily report covers. */
export const dailyReportRangeDaysMax = 366;
/** A member counts as online when a live session of theirs was active this recently. */
export const onlineWindowMs = 15 * 60_000;

/** The report day (YYYY-MM-DD, Beijing time) an instant falls on. */
export function reportDayOf(instantMs: number): string {
  return new Date(instantMs + reportUtcOffsetMs).toISOString().slice(0, 10);
}

/** The instant a report day (YYYY-MM-DD) starts: its 00:00 in Beijing time. */
export function reportDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`) - reportUtcOffsetMs;
}

/** The day `days` after `day` (before it when negative). */
export function addReportDays(day: string, days: number): string {
  return reportDayOf(reportDayStartMs(day) + days * dayMs);
}

/** How many days [first, last] holds, both included; 0 when last is before first. */
export function reportDaysInRange(first: string, last: string): number {
  return Math.max(0, Math.round((reportDayStartMs(last) - reportDayStartMs(first)) / dayMs) + 1);
}

const daySchema = z.iso.date({ message: '须为日期，例如 2026-01-01' });

/**
 * A page of the daily report, optionally within [startDay, endDay] (both included, Beijing time;
 * both or neither). Without a range it covers the last 30 days; days after today are not listed.
 */
/** What the console may sort the daily report's days by (the row's field names). */
export const dailyMoneySortKeys = [
  'day',
  'depositAmount',
  'depositCount',
  'withdrawalAmount',
  'payoutAmount',
  'netAmount',
] as const;
export type DailyMoneySortKey = (typeof dailyMoneySortKeys)[number];

export const dailyMoneyQuerySchema = pageQuery
  .extend({
    ...sortQuery(dailyMoneySortKeys),
    startDay: daySchema.optional().describe('first day, included (YYYY-MM-DD, Beijing time)'),
    endDay: daySchema.optional().describe('last day, included (YYYY-MM-DD, Beijing time)'),
  })
  .superRefine((query, context) => {
    if ((query.startDay === undefined) !== (query.endDay === undefined)) {
      context.addIssue({ code: 'custom', path: ['endDay'], message: '开始日期与结束日期须同时提供' });
      return;
    }
    if (query.startDay === undefined || query.endDay === undefined) {
      return;
    }
    if (query.endDay < query.startDay) {
      context.addIssue({ code: 'custom', path: ['endDay'], message: '结束日期不能早于开始日期' });
    } else if (reportDaysInRange(query.startDay, query.endDay) > dailyReportRangeDaysMax) {
      context.addIssue({
        code: 'custom',
        path: ['endDay'],
        message: `查询范围不能超过${dailyReportRangeDaysMax}天`,
      });
    }
  });
export type DailyMoneyQuery = z.output<typeof dailyMoneyQuerySchema>;

const yuan = z.string().describe('yuan, two decimals');
const count = z.number().int();

/** One day's business on the dashboard's charts. */
export const dashboardDaySchema = z.object({
  day: z.string().describe('YYYY-MM-DD, Beijing time'),
  registrations: count.describe('members who registered'),
  firstDepositCount: count.describe("members whose first credited deposit was this day's"),
  firstDepositAmount: yuan,
  depositCount: count.describe('deposits credited'),
  depositAmount: yuan,
  withdrawalCount: count.describe('withdrawals approved'),
  withdrawalAmount: yuan.describe('amounts approved, fees included'),
});
export type DashboardDay = z.infer<typeof dashboardDaySchema>;

export const dashboardSchema = z.object({
  today: dashboardDaySchema,
  /** Members with a live session active within the last 15 minutes. */
  onlineMembers: count,
  pendingReviews: z.object({
    withdrawals: count.describe('withdrawals waiting for review'),
    deposits: count.describe('bank-transfer deposits waiting for confirmation'),
    adjustments: count.describe('adjustments waiting for a second staff member'),
    identities: count.describe('real-name verifications waiting for review'),
    total: count,
  }),
  days: z.array(dashboardDaySchema).describe('the last 30 days, oldest first, today last'),
  generatedAt: z.string().describe('ISO-8601 UTC time'),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The site's ledger in one snapshot: balances per account kind and every invariant checked. */
export const ledgerReconcileSchema = z.object({
  isBalanced: z.boolean().describe('every invariant holds and the balances sum to zero'),
  kinds: z.array(
    z.object({
      kind: z
        .string()
        .describe('member_main, member_venue, member_withdrawal_hold, member_bonus, house, venue, external'),
      accounts: count,
      available: yuan,
      pending: yuan,
    }),
  ),
  /** What the site owes its members: every member account, available and pending. */
  memberTotal: yuan,
  /** The sum of every balance of the site: zero in a sound ledger. */
  grandTotal: yuan,
  entries: count.describe('ledger entry rows of the site'),
  failures: z.array(z.object({ check: z.string(), name: z.string(), rows: count })),
  checkedAt: z.string().describe('ISO-8601 UTC time'),
  durationMs: count,
});
export type LedgerReconcile = z.infer<typeof ledgerReconcileSchema>;

/** One day of the daily money report. */
export const dailyMoneyRowSchema = z.object({
  day: z.string().describe('YYYY-MM-DD, Beijing time'),
  depositCount: count.describe('deposits credited'),
  depositAmount: yuan,
  firstDepositCount: count,
  withdrawalCount: count.describe('withdrawals approved'),
  withdrawalAmount: yuan.describe('amounts approved, fees included'),
  feeAmount: yuan.describe('withdrawal fees of the approved withdrawals'),
  payoutAmount: yuan.describe('paid out: withdrawals less their fees'),
  adjustmentCount: count.describe('manual adjustments applied'),
  adjustmentCreditAmount: yuan.describe('added to members by manual adjustment'),
  adjustmentDebitAmount: yuan.describe('taken from members by manual adjustment'),
  netAmount: yuan.describe('deposits less payouts (adjustments stay in the site and do not count)'),
});
export type DailyMoneyRow = z.infer<typeof dailyMoneyRowSchema>;

export const dailyMoneyPageSchema = pageOf(dailyMoneyRowSchema).extend({
  startDay: z.string(),
  endDay: z.string(),
  /** Sums over every day of the range, not only this page's. */
  totals: dailyMoneyRowSchema.omit({ day: true }),
});
export type DailyMoneyPage = z.infer<typeof dailyMoneyPageSchema>;
