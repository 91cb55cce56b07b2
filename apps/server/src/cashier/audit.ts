import { addFen, type Fen, formatFen, subtractFen, timesFen } from '@site/contract';
import type { Db } from '../db/database.ts';
import type { CashierContext, MemberRef } from './context.ts';
import * as store from './store.ts';

/**
 * Turnover audit (打码量): each credited deposit (later each bonus) requires valid bets of a
 * multiple of its amount before a withdrawal; valid bets fill the oldest requirement first.
 */
export const depositTurnoverMultiple = 1n;

export async function addDepositRequirement(
  tx: Db,
  order: { site_id: number; member_id: bigint; order_no: string; amount_fen: Fen },
  at: Date,
): Promise<void> {
  await store.insertRequirement(tx, {
    site_id: order.site_id,
    member_id: order.member_id,
    source: 'deposit',
    source_ref: order.order_no,
    required_fen: timesFen(order.amount_fen, depositTurnoverMultiple),
    created_at: at,
  });
}

export async function auditSummary(ctx: CashierContext, member: MemberRef) {
  const rows = await store.listRequirements(ctx.db, member.memberId);
  const requiredFen = rows.reduce((sum, row) => sum + row.required_fen, 0n);
  const completedFen = rows.reduce((sum, row) => sum + row.completed_fen, 0n);
  return {
    requiredAmount: formatFen(requiredFen),
    completedAmount: formatFen(completedFen),
    remainingAmount: formatFen(requiredFen - completedFen),
    isMet: completedFen >= requiredFen,
    items: rows.map((row) => ({
      source: row.source,
      sourceRef: row.source_ref,
      requiredAmount: formatFen(row.required_fen),
      completedAmount: formatFen(row.completed_fen),
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** Venues call this per settled valid bet; the amount fills open requirements oldest first. */
export async function recordValidBet(ctx: CashierContext, memberId: bigint, amountFen: Fen): Promise<void> {
  if (amountFen <= 0n) {
    throw new Error(`cashier: valid bet of ${amountFen} fen is not positive`);
  }
  await ctx.db.transaction().execute(async (tx) => {
    let leftFen = amountFen;
    for (const row of await store.lockOpenRequirements(tx, memberId)) {
      if (leftFen === 0n) {
        break;
      }
      const takenFen = minOf(leftFen, subtractFen(row.required_fen, row.completed_fen));
      await store.setRequirementCompleted(tx, row.id, addFen(row.completed_fen, takenFen));
      leftFen = subtractFen(leftFen, takenFen);
    }
  });
}

function minOf(a: Fen, b: Fen): Fen {
  return a < b ? a : b;
}
