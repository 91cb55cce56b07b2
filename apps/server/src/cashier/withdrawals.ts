import { randomBytes } from 'node:crypto';
import {
  type AdminWithdrawSortKey,
  cashierLimits,
  type Fen,
  fen,
  formatFen,
  parseYuan,
  presentWithdrawFee,
  type SortRequest,
  subtractFen,
  type WithdrawFeeRule,
  type WithdrawInfo,
  type WithdrawOrder,
  type withdrawApplyBodySchema,
  withdrawFeeFen,
  type withdrawFeeSetBodySchema,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { LedgerRefusal } from '../ledger/service.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import {
  accountsOf,
  type CashierContext,
  externalAccount,
  logOperatorAction,
  type MemberRef,
  type OperatorRef,
  shanghaiDayStart,
} from './context.ts';
import { positiveFen } from './deposits.ts';
import { verifyFundsPassword } from './funds-password.ts';
import { wordedRefusal } from './refusals.ts';
import * as store from './store.ts';
import { accountLabel } from './withdraw-accounts.ts';

type ApplyBody = z.output<typeof withdrawApplyBodySchema>;

/** The house account withdrawal fees are paid into: the operator's revenue. */
const feeAccount = (siteId: number): AccountRef => ({ kind: 'house', siteId, name: 'withdrawal_fee' });

const freeRule: WithdrawFeeRule = { rateBps: 0, fixedFen: fen(0n), capFen: fen(0n) };

/** The site's fee rule; a site that never set one charges nothing. */
export async function withdrawFeeRule(db: Db, siteId: number): Promise<WithdrawFeeRule> {
  const row = await store.findWithdrawFeeRule(db, siteId);
  return row ? { rateBps: row.rate_bps, fixedFen: row.fixed_fen, capFen: row.cap_fen } : freeRule;
}

export async function withdrawInfo(ctx: CashierContext, siteId: number): Promise<WithdrawInfo> {
  return {
    minAmount: formatFen(cashierLimits.withdrawMinFen),
    maxAmount: formatFen(cashierLimits.withdrawMaxFen),
    dailyCountMax: cashierLimits.withdrawDailyCountMax,
    fee: presentWithdrawFee(await withdrawFeeRule(ctx.db, siteId)),
  };
}

/** The operator sets the site's fee rule; orders already placed keep the fee they were charged. */
export async function setWithdrawFee(
  ctx: CashierContext,
  operator: OperatorRef,
  body: z.output<typeof withdrawFeeSetBodySchema>,
): Promise<WithdrawInfo['fee']> {
  const rule: WithdrawFeeRule = {
    rateBps: body.rateBps,
    fixedFen: feeAmountFen(body.fixedAmount, 'fixedAmount'),
    capFen: feeAmountFen(body.capAmount, 'capAmount'),
  };
  const described = presentWithdrawFee(rule);
  await ctx.db.transaction().execute(async (tx) => {
    await store.upsertWithdrawFeeRule(tx, {
      siteId: operator.siteId,
      ...rule,
      at: new Date(ctx.clock.now()),
    });
    await logOperatorAction(tx, ctx, operator, {
      action: 'withdraw_fee_set',
      target: `site:${operator.siteId}`,
      memberId: null,
      amountFen: rule.fixedFen,
      reason: `rateBps=${described.rateBps} fixed=${described.fixedAmount} cap=${described.capAmount}`,
    });
  });
  return described;
}

/** A validated yuan string (zero allowed) in fen. */
function feeAmountFen(amount: string, field: string): Fen {
  const amountFen = parseYuan(amount);
  if (amountFen === undefined) {
    throw validationError(field, '金额格式错误');
  }
  return amountFen;
}

export function presentWithdrawal(row: store.WithdrawOrderRow): WithdrawOrder {
  return {
    orderNo: row.order_no,
    requestId: row.request_id,
    amount: formatFen(row.amount_fen),
    fee: formatFen(row.fee_fen),
    actualAmount: formatFen(subtractFen(row.amount_fen, row.fee_fen)),
    status: row.status,
    accountKind: row.account_kind,
    accountLabel: row.account_label,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
  };
}

function presentForOperator(row: store.WithdrawOrderRow) {
  return {
    ...presentWithdrawal(row),
    memberId: Number(row.member_id),
    holderName: row.holder_name,
    accountNumber: row.account_number,
    reviewer: row.reviewer_username,
    lockedUntil: row.status === 'pending' ? (row.review_locked_until?.toISOString() ?? null) : null,
  };
}

function withdrawAmountFen(amount: string) {
  const amountFen = positiveFen(amount, 'amount');
  if (amountFen < cashierLimits.withdrawMinFen || amountFen > cashierLimits.withdrawMaxFen) {
    throw validationError(
      'amount',
      `单笔提现限额${formatFen(cashierLimits.withdrawMinFen)}元至${formatFen(cashierLimits.withdrawMaxFen)}元`,
    );
  }
  return amountFen;
}

/** A known request id answers its first order again; with other data it is refused. */
function replayOf(row: store.WithdrawOrderRow, amountFen: Fen, body: ApplyBody): WithdrawOrder {
  if (row.amount_fen !== amountFen || row.account_id !== BigInt(body.withdrawAccountId)) {
    throw validationError('requestId', '已用于另一笔不同的提现');
  }
  return presentWithdrawal(row);
}

/**
 * Requests a withdrawal: the amount moves from the main wallet to the hold account in the same
 * transaction that writes the order, behind a lock on the member's settings row, so daily
 * count, audit and balance are checked against one consistent state. The fee, computed here
 * from the site's rule, moves on from the hold account to the house in that transaction: the
 * member sees one debit of the amount, the hold keeps the payout (amount minus fee).
 */
export async function applyWithdrawal(ctx: CashierContext, member: MemberRef, body: ApplyBody) {
  const amountFen = withdrawAmountFen(body.amount);
  const known = await store.findWithdrawOrderByRequest(ctx.db, member.memberId, body.requestId);
  if (known) {
    return replayOf(known, amountFen, body);
  }
  await verifyFundsPassword(ctx, member, body.fundsPassword);
  await ctx.verifySecondFactor(member.memberId, body.totpCode);
  const account = (await store.listWithdrawAccounts(ctx.db, member.memberId)).find(
    (row) => row.id === BigInt(body.withdrawAccountId),
  );
  if (!account) {
    throw validationError('withdrawAccountId', '提现账户不存在');
  }
  const { main, hold } = accountsOf(member);
  const house = feeAccount(member.siteId);
  try {
    const row = await ctx.ledger.atomically([main, hold, house], async (tx, money) => {
      await assertMayWithdraw(tx, ctx, member);
      const feeFen = withdrawFeeFen(amountFen, await withdrawFeeRule(tx, member.siteId));
      if (feeFen >= amountFen) {
        throw validationError('amount', `提现金额须大于手续费${formatFen(feeFen)}元`);
      }
      const order = await store.insertWithdrawOrder(tx, {
        order_no: `W${randomBytes(12).toString('hex')}`,
        request_id: body.requestId,
        site_id: member.siteId,
        member_id: member.memberId,
        amount_fen: amountFen,
        fee_fen: feeFen,
        account_id: account.id,
        account_kind: account.kind,
        account_label: accountLabel(account),
        holder_name: account.holder_name,
        account_number: account.account_number,
        created_at: new Date(ctx.clock.now()),
      });
      await money.transfer({
        transferId: transferIds.withdrawalHold(order.order_no),
        debitAccount: main,
        creditAccount: hold,
        amountFen,
        kind: 'withdrawal_hold',
      });
      if (feeFen > 0n) {
        await money.transfer({
          transferId: transferIds.withdrawalFee(order.order_no),
          debitAccount: hold,
          creditAccount: house,
          amountFen: feeFen,
          kind: 'withdrawal_fee',
        });
      }
      return order;
    });
    return presentWithdrawal(row);
  } catch (error) {
    if (error instanceof LedgerRefusal) {
      // The order and the hold roll back together: no order is left for a refused amount.
      throw wordedRefusal(error, { idField: 'requestId' });
    }
    const raced = isUniqueViolation(error, 'request_id')
      ? await store.findWithdrawOrderByRequest(ctx.db, member.memberId, body.requestId)
      : undefined;
    if (raced) {
      return replayOf(raced, amountFen, body);
    }
    throw error;
  }
}

async function assertMayWithdraw(tx: Db, ctx: CashierContext, member: MemberRef): Promise<void> {
  if (!(await store.lockSettings(tx, member.memberId))?.funds_password_hash) {
    throw new AppError(10001, '请先设置资金密码');
  }
  const since = shanghaiDayStart(ctx.clock.now());
  if (
    (await store.countWithdrawalsSince(tx, member.memberId, since)) >= cashierLimits.withdrawDailyCountMax
  ) {
    throw new AppError(10001, `今日提现次数已达上限（${cashierLimits.withdrawDailyCountMax}次）`);
  }
  if (await store.hasOpenRequirement(tx, member.memberId)) {
    throw new AppError(10001, '您的流水不足，暂不能提现');
  }
}

export async function pageMemberWithdrawals(
  ctx: CashierContext,
  member: MemberRef,
  page: { pageNum: number; pageSize: number },
) {
  const { list, total } = await store.pageWithdrawOrders(ctx.db, member, page);
  return { list: list.map(presentWithdrawal), total, ...page };
}

export async function pageSiteWithdrawals(
  ctx: CashierContext,
  siteId: number,
  query: {
    pageNum: number;
    pageSize: number;
    status?: string | undefined;
    memberId?: bigint | undefined;
  } & SortRequest<AdminWithdrawSortKey>,
) {
  const filter = {
    siteId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.memberId !== undefined ? { memberId: query.memberId } : {}),
  };
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  const sort = { sortBy: query.sortBy, sortOrder: query.sortOrder };
  const { list, total } = await store.pageWithdrawOrders(ctx.db, filter, page, sort);
  return { list: list.map(presentForOperator), total, ...page };
}

/**
 * The operator's decision: approval pays the held payout (amount minus fee) out; rejection
 * returns the fee from the house to the hold and then the whole amount to the main wallet.
 * Order, ledger transfers and action log change in one transaction; repeating the same
 * decision answers the order again.
 */
export async function reviewWithdrawal(
  ctx: CashierContext,
  operator: OperatorRef,
  body: { orderNo: string; reason: string },
  decision: 'approved' | 'rejected',
): Promise<WithdrawOrder> {
  const order = await store.findWithdrawOrder(ctx.db, body.orderNo);
  if (!order || order.site_id !== operator.siteId) {
    throw validationError('orderNo', '提现订单不存在');
  }
  const { main, hold } = accountsOf({ siteId: order.site_id, memberId: order.member_id });
  const isApproved = decision === 'approved';
  const destination = isApproved ? externalAccount(order.site_id, 'sandbox_payout') : main;
  const house = feeAccount(order.site_id);
  const reviewed = await ctx.ledger.atomically([hold, destination, house], async (tx, money) => {
    const at = new Date(ctx.clock.now());
    const moved = await store.reviewWithdrawOrder(tx, order.order_no, {
      status: decision,
      reason: body.reason,
      at,
      reviewer: operator,
    });
    if (!moved) {
      return undefined;
    }
    if (!isApproved && order.fee_fen > 0n) {
      await money.transfer({
        transferId: transferIds.withdrawalFeeReturned(order.order_no),
        debitAccount: house,
        creditAccount: hold,
        amountFen: order.fee_fen,
        kind: 'withdrawal_fee_refund',
      });
    }
    await money.transfer({
      transferId: isApproved
        ? transferIds.withdrawalPaid(order.order_no)
        : transferIds.withdrawalReturned(order.order_no),
      debitAccount: hold,
      creditAccount: destination,
      amountFen: isApproved ? subtractFen(order.amount_fen, order.fee_fen) : order.amount_fen,
      kind: isApproved ? 'withdrawal' : 'withdrawal_release',
    });
    await logOperatorAction(tx, ctx, operator, {
      action: isApproved ? 'withdraw_approve' : 'withdraw_reject',
      target: order.order_no,
      memberId: order.member_id,
      amountFen: order.amount_fen,
      reason: body.reason,
    });
    return moved;
  });
  return presentWithdrawal(reviewed ?? (await notReviewable(ctx, operator, order.order_no, decision)));
}

/** How long a reviewer holds a withdrawal; a forgotten hold lapses on its own. */
export const withdrawReviewHoldMs = 10 * 60_000;

/**
 * Takes a pending withdrawal for review, so that another reviewer cannot decide it meanwhile;
 * taking it again extends the hold. Refused (10001, with the holder) while someone else holds it.
 */
export async function holdWithdrawal(ctx: CashierContext, operator: OperatorRef, orderNo: string) {
  const order = await store.findWithdrawOrder(ctx.db, orderNo);
  if (!order || order.site_id !== operator.siteId) {
    throw validationError('orderNo', '提现订单不存在');
  }
  const nowMs = ctx.clock.now();
  const held = await store.lockWithdrawOrder(
    ctx.db,
    orderNo,
    operator,
    new Date(nowMs),
    new Date(nowMs + withdrawReviewHoldMs),
  );
  return presentForOperator(held ?? (await notReviewable(ctx, operator, orderNo, undefined)));
}

/** Lets go of a withdrawal the operator holds, for another reviewer to take. */
export async function releaseWithdrawal(ctx: CashierContext, operator: OperatorRef, orderNo: string) {
  const order = await store.findWithdrawOrder(ctx.db, orderNo);
  if (!order || order.site_id !== operator.siteId) {
    throw validationError('orderNo', '提现订单不存在');
  }
  if (!(await store.unlockWithdrawOrder(ctx.db, orderNo, operator))) {
    throw new AppError(10001, '您未锁定该提现订单');
  }
}

/**
 * Why the operator cannot take or decide the order: another reviewer holds it, or it is decided
 * already. The same reviewer repeating the same decision gets the order back (a replay).
 */
async function notReviewable(
  ctx: CashierContext,
  operator: OperatorRef,
  orderNo: string,
  decision: 'approved' | 'rejected' | undefined,
): Promise<store.WithdrawOrderRow> {
  const row = await store.findWithdrawOrder(ctx.db, orderNo);
  if (!row) {
    throw validationError('orderNo', '提现订单不存在');
  }
  if (row.status === 'pending') {
    throw new AppError(10001, `该提现订单正由${row.reviewer_username ?? '其他员工'}审核中`, {
      reviewer: row.reviewer_username,
      lockedUntil: row.review_locked_until?.toISOString() ?? null,
    });
  }
  if (row.status === decision && row.reviewer_operator_id === operator.operatorId) {
    return row;
  }
  throw new AppError(10001, `该提现订单已由${row.reviewer_username ?? '其他员工'}处理`, {
    reviewer: row.reviewer_username,
    status: row.status,
  });
}
