import {
  type AdminTurnoverAudit,
  cashierLimits,
  type Fen,
  formatFen,
  subtractFen,
  timesFen,
} from '@site/contract';
import { validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import { type CashierContext, type MemberRef, shanghaiDayStart } from './context.ts';
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

type RequirementRow = Awaited<ReturnType<typeof store.listRequirements>>[number];

function presentRequirement(row: RequirementRow) {
  return {
    source: row.source,
    sourceRef: row.source_ref,
    requiredAmount: formatFen(row.required_fen),
    completedAmount: formatFen(row.completed_fen),
    createdAt: row.created_at.toISOString(),
  };
}

function summaryOf(rows: ReadonlyArray<RequirementRow>) {
  const requiredFen = rows.reduce((sum, row) => sum + row.required_fen, 0n);
  const completedFen = rows.reduce((sum, row) => sum + row.completed_fen, 0n);
  return {
    requiredAmount: formatFen(requiredFen),
    completedAmount: formatFen(completedFen),
    remainingAmount: formatFen(requiredFen - completedFen),
    isMet: completedFen >= requiredFen,
    items: rows.map(presentRequirement),
  };
}

export async function auditSummary(ctx: CashierContext, member: MemberRef) {
  return summaryOf(await store.listRequirements(ctx.db, member.memberId));
}

/**
 * A member's audit as staff see it (稽核): the member's own summary, each requirement's remainder,
 * and the rules a withdrawal request checks (turnover, funds password, daily count) plus a payout
 * account to send it to, each failing one worded as the reason it would be refused.
 */
export async function staffAuditView(
  ctx: CashierContext,
  siteId: number,
  username: string,
): Promise<AdminTurnoverAudit> {
  const memberId = await ctx.memberIdOf(siteId, username);
  if (memberId === undefined) {
    throw validationError('username', '会员不存在');
  }
  const [rows, settings, accounts, withdrawalsToday] = await Promise.all([
    store.listRequirements(ctx.db, memberId),
    store.findSettings(ctx.db, memberId),
    store.listWithdrawAccounts(ctx.db, memberId),
    store.countWithdrawalsSince(ctx.db, memberId, shanghaiDayStart(ctx.clock.now())),
  ]);
  const summary = summaryOf(rows);
  const hasFundsPassword = Boolean(settings?.funds_password_hash);
  const dailyCountMax = cashierLimits.withdrawDailyCountMax;
  const blockers = [
    summary.isMet ? undefined : `流水未达标，尚需有效投注${summary.remainingAmount}元`,
    hasFundsPassword ? undefined : '未设置资金密码',
    accounts.length > 0 ? undefined : '未绑定提现账户',
    withdrawalsToday < dailyCountMax ? undefined : `今日提现次数已达上限（${dailyCountMax}次）`,
  ].filter((blocker) => blocker !== undefined);
  return {
    ...summary,
    memberId: Number(memberId),
    username: username.trim().toLowerCase(),
    items: rows.map((row) => ({
      ...presentRequirement(row),
      remainingAmount: formatFen(subtractFen(row.required_fen, row.completed_fen)),
      isMet: row.completed_fen >= row.required_fen,
    })),
    withdrawal: {
      isAllowed: blockers.length === 0,
      blockers,
      hasFundsPassword,
      payoutAccountCount: accounts.length,
      withdrawalsToday,
      dailyCountMax,
    },
  };
}
