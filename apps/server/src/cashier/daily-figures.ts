import { type Fen, fen } from '@site/contract';
import type { DayRange } from '../db/days.ts';
import type { CashierContext } from './context.ts';
import * as store from './store.ts';

/**
 * The site's money per calendar day as the cashier keeps it, for reports: deposits by the day
 * they were credited, withdrawals by the day they were approved. Days with none are left out.
 */
export interface CashierDay {
  day: string;
  depositCount: number;
  depositFen: Fen;
  firstDepositCount: number;
  firstDepositFen: Fen;
  withdrawalCount: number;
  /** The amounts members asked for, fees included; the fees alone in `feeFen`. */
  withdrawalFen: Fen;
  feeFen: Fen;
}

/** Manual adjustments of one day: what staff added to members' wallets and what they took. */
export interface AdjustmentDay {
  day: string;
  count: number;
  creditFen: Fen;
  debitFen: Fen;
}

const emptyDay = (day: string): CashierDay => ({
  day,
  depositCount: 0,
  depositFen: fen(0n),
  firstDepositCount: 0,
  firstDepositFen: fen(0n),
  withdrawalCount: 0,
  withdrawalFen: fen(0n),
  feeFen: fen(0n),
});

export async function dailyMoney(
  ctx: CashierContext,
  siteId: number,
  range: DayRange,
): Promise<CashierDay[]> {
  const [deposits, firstDeposits, withdrawals] = await Promise.all([
    store.depositsPerDay(ctx.db, siteId, range),
    store.firstDepositsPerDay(ctx.db, siteId, range),
    store.approvedWithdrawalsPerDay(ctx.db, siteId, range),
  ]);
  const days = new Map<string, CashierDay>();
  const dayOf = (day: string) => {
    const known = days.get(day);
    if (known) {
      return known;
    }
    const created = emptyDay(day);
    days.set(day, created);
    return created;
  };
  for (const row of deposits) {
    Object.assign(dayOf(row.day), { depositCount: Number(row.count), depositFen: row.amount_fen });
  }
  for (const row of firstDeposits) {
    Object.assign(dayOf(row.day), { firstDepositCount: Number(row.count), firstDepositFen: row.amount_fen });
  }
  for (const row of withdrawals) {
    Object.assign(dayOf(row.day), {
      withdrawalCount: Number(row.count),
      withdrawalFen: row.amount_fen,
      feeFen: row.fee_fen,
    });
  }
  return [...days.values()];
}

/**
 * Adjustments move money between a member's main or bonus wallet and the site's house account,
 * so the ledger's posted `adjustment` movements are the record of them.
 */
export async function dailyAdjustments(
  ctx: CashierContext,
  siteId: number,
  range: DayRange,
): Promise<AdjustmentDay[]> {
  const rows = await ctx.ledger.postedPerDay(siteId, ['adjustment'], range);
  return rows.map((row) => ({
    day: row.day,
    count: Number(row.transfers),
    creditFen: row.intoMembersFen,
    debitFen: row.outOfMembersFen,
  }));
}

export function pendingReviews(ctx: CashierContext, siteId: number) {
  return store.countPendingReviews(ctx.db, siteId, new Date(ctx.clock.now()));
}
