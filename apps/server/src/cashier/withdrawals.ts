import { randomBytes } from 'node:crypto';
import {
  cashierLimits,
  type Fen,
  formatFen,
  type WithdrawOrder,
  type withdrawApplyBodySchema,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
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

export function presentWithdrawal(row: store.WithdrawOrderRow): WithdrawOrder {
  return {
    orderNo: row.order_no,
    requestId: row.request_id,
    amount: formatFen(row.amount_fen),
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
 * count, audit and balance are checked against one consistent state.
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
  try {
    const row = await ctx.ledger.atomically([main, hold], async (tx, money) => {
      await assertMayWithdraw(tx, ctx, member);
      const order = await store.insertWithdrawOrder(tx, {
        order_no: `W${randomBytes(12).toString('hex')}`,
        request_id: body.requestId,
        site_id: member.siteId,
        member_id: member.memberId,
        amount_fen: amountFen,
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
  query: { pageNum: number; pageSize: number; status?: string | undefined },
) {
  const filter = { siteId, ...(query.status ? { status: query.status } : {}) };
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  const { list, total } = await store.pageWithdrawOrders(ctx.db, filter, page);
  return { list: list.map(presentForOperator), total, ...page };
}

/**
 * The operator's decision: approval pays the held amount out, rejection returns it to the
 * main wallet. Order, ledger transfer and action log change in one transaction; repeating the
 * same decision answers the order again.
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
  const reviewed = await ctx.ledger.atomically([hold, destination], async (tx, money) => {
    const at = new Date(ctx.clock.now());
    const moved = await store.reviewWithdrawOrder(tx, order.order_no, {
      status: decision,
      reason: body.reason,
      at,
    });
    if (!moved) {
      return undefined;
    }
    await money.transfer({
      transferId: isApproved
        ? transferIds.withdrawalPaid(order.order_no)
        : transferIds.withdrawalReturned(order.order_no),
      debitAccount: hold,
      creditAccount: destination,
      amountFen: order.amount_fen,
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
  return presentWithdrawal(reviewed ?? (await alreadyReviewed(ctx, order.order_no, decision)));
}

async function alreadyReviewed(ctx: CashierContext, orderNo: string, decision: 'approved' | 'rejected') {
  const row = await store.findWithdrawOrder(ctx.db, orderNo);
  if (row?.status !== decision) {
    throw new AppError(10001, '该提现订单已处理');
  }
  return row;
}
