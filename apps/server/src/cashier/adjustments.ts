import {
  type AdjustmentRequestSortKey,
  type Fen,
  fen,
  formatFen,
  negatedFen,
  parseYuan,
  type SortRequest,
  timesFen,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import {
  accountsOf,
  type CashierContext,
  cashierActionPrefix,
  logOperatorAction,
  type OperatorRef,
} from './context.ts';
import { positiveFen } from './deposits.ts';
import { refusalsWorded } from './refusals.ts';
import * as store from './store.ts';

export interface AdjustmentBody {
  memberId: number;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
  adjustmentId: string;
  turnoverMultiple: number;
  wallet: 'main' | 'bonus';
}

/**
 * Above this amount an adjustment waits for a second staff member, unless the site sets its own
 * threshold: 5,000.00 yuan.
 */
export const adjustmentApprovalThresholdDefaultFen = fen(500_000n);

/** One adjustment as it is applied: member, wallet, direction, amount and its reason. */
interface Adjustment {
  siteId: number;
  memberId: bigint;
  adjustmentId: string;
  direction: 'credit' | 'debit';
  wallet: 'main' | 'bonus';
  amountFen: Fen;
  turnoverMultiple: number;
  reason: string;
}

/**
 * A manual correction of a member's main or bonus wallet against the house account, with its
 * reason, logged in the same transaction. A main-wallet credit may carry a turnover requirement
 * (for example a goodwill bonus paid by hand); a bonus-wallet grant carries none here, as the
 * requirement is added when the member moves it to main. The adjustment id is the idempotency key.
 * Above the site's approval threshold nothing moves yet: the adjustment waits as a request until
 * another staff member approves it.
 */
export async function adjustBalance(ctx: CashierContext, operator: OperatorRef, body: AdjustmentBody) {
  const adjustment: Adjustment = {
    siteId: operator.siteId,
    memberId: BigInt(body.memberId),
    adjustmentId: body.adjustmentId,
    direction: body.direction,
    wallet: body.wallet,
    amountFen: positiveFen(body.amount, 'amount'),
    turnoverMultiple: body.turnoverMultiple,
    reason: body.reason,
  };
  if ((await ctx.memberSiteIdOf(adjustment.memberId)) !== operator.siteId) {
    throw validationError('memberId', '会员不存在');
  }
  if (body.wallet === 'bonus' && body.turnoverMultiple > 0) {
    throw validationError('turnoverMultiple', '红利钱包的流水要求在转入主钱包时添加，此处须为 0');
  }
  const transferId = transferIds.adjustment(operator.siteId, body.adjustmentId);
  const request = await store.findAdjustmentRequest(ctx.db, operator.siteId, body.adjustmentId);
  if (request) {
    return answerRequested(ctx, request, adjustment);
  }
  const isApplied = (await ctx.ledger.transferById(transferId)) !== undefined;
  if (!isApplied && adjustment.amountFen > (await approvalThresholdFen(ctx, operator.siteId))) {
    return requestApproval(ctx, operator, adjustment);
  }
  return applyAdjustment(ctx, operator, adjustment);
}

async function approvalThresholdFen(ctx: CashierContext, siteId: number): Promise<Fen> {
  const rule = await store.findAdjustmentRule(ctx.db, siteId);
  return rule?.approval_threshold_fen ?? adjustmentApprovalThresholdDefaultFen;
}

/** Moves the money; `decide` runs first in the same transaction (an approval marks its request). */
async function applyAdjustment(
  ctx: CashierContext,
  operator: OperatorRef,
  adjustment: Adjustment,
  decide?: (tx: Db) => Promise<void>,
) {
  const member = { siteId: adjustment.siteId, memberId: adjustment.memberId };
  const { main, bonus } = accountsOf(member);
  const target = adjustment.wallet === 'bonus' ? bonus : main;
  const house: AccountRef = { kind: 'house', siteId: adjustment.siteId, name: 'adjustment' };
  const isCredit = adjustment.direction === 'credit';
  const moved = ctx.ledger.atomically([target, house], async (tx, money) => {
    await decide?.(tx);
    const receipt = await money.transfer({
      transferId: transferIds.adjustment(adjustment.siteId, adjustment.adjustmentId),
      debitAccount: isCredit ? house : target,
      creditAccount: isCredit ? target : house,
      amountFen: adjustment.amountFen,
      kind: 'adjustment',
      memo: adjustment.reason,
    });
    if (receipt.isReplay) {
      return receipt;
    }
    if (isCredit && adjustment.turnoverMultiple > 0) {
      await store.insertRequirement(tx, {
        site_id: member.siteId,
        member_id: member.memberId,
        source: 'adjustment',
        source_ref: adjustment.adjustmentId,
        required_fen: timesFen(adjustment.amountFen, adjustment.turnoverMultiple),
        created_at: new Date(ctx.clock.now()),
      });
    }
    await logOperatorAction(tx, ctx, operator, {
      action: 'adjustment',
      target: adjustmentTarget(adjustment),
      memberId: member.memberId,
      amountFen: signedFen(adjustment),
      reason: adjustment.reason,
    });
    return receipt;
  });
  const { isReplay } = await refusalsWorded(moved, { idField: 'adjustmentId' });
  return { ...(await balancesOf(ctx, adjustment)), status: 'applied' as const, isReplay };
}

const adjustmentTarget = (adjustment: Adjustment) =>
  adjustment.wallet === 'bonus' ? `bonus:${adjustment.adjustmentId}` : adjustment.adjustmentId;

const signedFen = (adjustment: Adjustment) =>
  adjustment.direction === 'credit' ? adjustment.amountFen : negatedFen(adjustment.amountFen);

async function balancesOf(ctx: CashierContext, adjustment: Adjustment) {
  const { main, bonus } = accountsOf({ siteId: adjustment.siteId, memberId: adjustment.memberId });
  const [mainBalance, bonusBalance] = await Promise.all([
    ctx.ledger.balance(main),
    ctx.ledger.balance(bonus),
  ]);
  return {
    adjustmentId: adjustment.adjustmentId,
    mainBalance: formatFen(mainBalance.availableFen),
    bonusBalance: formatFen(bonusBalance.availableFen),
  };
}

/** Records the adjustment as a request for a second staff member; its log entry commits with it. */
async function requestApproval(ctx: CashierContext, operator: OperatorRef, adjustment: Adjustment) {
  const inserted = await ctx.db.transaction().execute(async (tx) => {
    const row = await store.insertAdjustmentRequest(tx, {
      site_id: adjustment.siteId,
      adjustment_id: adjustment.adjustmentId,
      member_id: adjustment.memberId,
      direction: adjustment.direction,
      wallet: adjustment.wallet,
      amount_fen: adjustment.amountFen,
      turnover_multiple: adjustment.turnoverMultiple,
      reason: adjustment.reason,
      requested_by_id: operator.operatorId,
      requested_by_username: operator.username,
      requested_at: new Date(ctx.clock.now()),
    });
    if (row) {
      await logOperatorAction(tx, ctx, operator, {
        action: 'adjustment_request',
        target: adjustmentTarget(adjustment),
        memberId: adjustment.memberId,
        amountFen: signedFen(adjustment),
        reason: adjustment.reason,
      });
    }
    return row;
  });
  if (!inserted) {
    // Another call with this id got there first: answer as its replay.
    const request = await store.findAdjustmentRequest(ctx.db, adjustment.siteId, adjustment.adjustmentId);
    if (!request) {
      throw new Error(`adjustment request ${adjustment.adjustmentId} vanished`);
    }
    return answerRequested(ctx, request, adjustment);
  }
  return { ...(await balancesOf(ctx, adjustment)), status: 'awaiting_approval' as const, isReplay: false };
}

/** A repeated call for an adjustment that went to approval: its state, if the call is the same. */
async function answerRequested(
  ctx: CashierContext,
  request: store.AdjustmentRequestRow,
  adjustment: Adjustment,
) {
  const same = adjustmentOf(request);
  const isSame = (Object.keys(same) as (keyof Adjustment)[]).every((key) => same[key] === adjustment[key]);
  if (!isSame) {
    throw validationError('adjustmentId', '该调整编号已用于另一笔调整');
  }
  const status = request.status === 'pending' ? ('awaiting_approval' as const) : ('applied' as const);
  if (request.status === 'rejected') {
    throw new AppError(10001, `该调整已被${request.decided_by_username ?? ''}拒绝`);
  }
  return { ...(await balancesOf(ctx, adjustment)), status, isReplay: true };
}

function adjustmentOf(request: store.AdjustmentRequestRow): Adjustment {
  return {
    siteId: request.site_id,
    memberId: request.member_id,
    adjustmentId: request.adjustment_id,
    direction: request.direction,
    wallet: request.wallet,
    amountFen: request.amount_fen,
    turnoverMultiple: request.turnover_multiple,
    reason: request.reason,
  };
}

/** A pending request of the operator's site that someone else asked for. */
async function decidableRequest(ctx: CashierContext, operator: OperatorRef, adjustmentId: string) {
  const request = await store.findAdjustmentRequest(ctx.db, operator.siteId, adjustmentId);
  if (!request) {
    throw validationError('adjustmentId', '调整申请不存在');
  }
  if (request.requested_by_id === operator.operatorId) {
    throw new AppError(10001, '不能审批自己提交的调整，请由另一位员工审批');
  }
  return request;
}

function alreadyDecided(request: store.AdjustmentRequestRow): AppError {
  const word = request.status === 'approved' ? '批准' : '拒绝';
  return new AppError(10001, `该调整已由${request.decided_by_username ?? '其他员工'}${word}`);
}

/** A second staff member approves a request: the money moves and the request is marked, together. */
export async function approveAdjustment(ctx: CashierContext, operator: OperatorRef, adjustmentId: string) {
  const request = await decidableRequest(ctx, operator, adjustmentId);
  if (request.status !== 'pending') {
    if (request.status === 'approved' && request.decided_by_id === operator.operatorId) {
      return {
        ...(await balancesOf(ctx, adjustmentOf(request))),
        status: 'applied' as const,
        isReplay: true,
      };
    }
    throw alreadyDecided(request);
  }
  return applyAdjustment(ctx, operator, adjustmentOf(request), async (tx) => {
    const decided = await store.decideAdjustmentRequest(tx, request.id, {
      status: 'approved',
      by: operator,
      reason: '',
      at: new Date(ctx.clock.now()),
    });
    if (!decided) {
      const now = await store.findAdjustmentRequest(tx, request.site_id, request.adjustment_id);
      throw alreadyDecided(now ?? request);
    }
  });
}

/** A second staff member rejects a request: nothing moves. */
export async function rejectAdjustment(
  ctx: CashierContext,
  operator: OperatorRef,
  body: { adjustmentId: string; reason: string },
) {
  const request = await decidableRequest(ctx, operator, body.adjustmentId);
  await ctx.db.transaction().execute(async (tx) => {
    const decided = await store.decideAdjustmentRequest(tx, request.id, {
      status: 'rejected',
      by: operator,
      reason: body.reason,
      at: new Date(ctx.clock.now()),
    });
    if (!decided) {
      const now = await store.findAdjustmentRequest(tx, request.site_id, request.adjustment_id);
      throw alreadyDecided(now ?? request);
    }
    const adjustment = adjustmentOf(request);
    await logOperatorAction(tx, ctx, operator, {
      action: 'adjustment_reject',
      target: adjustmentTarget(adjustment),
      memberId: adjustment.memberId,
      amountFen: signedFen(adjustment),
      reason: body.reason,
    });
  });
}

export async function pageAdjustmentRequests(
  ctx: CashierContext,
  siteId: number,
  query: {
    pageNum: number;
    pageSize: number;
    status?: 'pending' | 'approved' | 'rejected' | undefined;
  } & SortRequest<AdjustmentRequestSortKey>,
) {
  const page = { pageNum: query.pageNum, pageSize: query.pageSize };
  const sort = { sortBy: query.sortBy, sortOrder: query.sortOrder };
  const { list, total } = await store.pageAdjustmentRequests(
    ctx.db,
    { siteId, status: query.status },
    page,
    sort,
  );
  return {
    list: list.map((row) => ({
      adjustmentId: row.adjustment_id,
      memberId: Number(row.member_id),
      direction: row.direction,
      wallet: row.wallet,
      amount: formatFen(row.amount_fen),
      turnoverMultiple: row.turnover_multiple,
      reason: row.reason,
      requestedBy: row.requested_by_username,
      requestedAt: row.requested_at.toISOString(),
      status: row.status,
      decidedBy: row.decided_by_username,
      decidedAt: row.decided_at?.toISOString() ?? null,
      decisionReason: row.decision_reason,
    })),
    total,
    ...page,
  };
}

/** The site's approval threshold, as shown and set in the console. */
export async function adjustmentRule(ctx: CashierContext, siteId: number) {
  return { approvalThreshold: formatFen(await approvalThresholdFen(ctx, siteId)) };
}

export async function setAdjustmentRule(
  ctx: CashierContext,
  operator: OperatorRef,
  body: { approvalThreshold: string },
) {
  const thresholdFen = parseYuan(body.approvalThreshold);
  if (thresholdFen === undefined) {
    throw validationError('approvalThreshold', '金额格式错误');
  }
  const before = await adjustmentRule(ctx, operator.siteId);
  await ctx.db.transaction().execute(async (tx) => {
    await store.upsertAdjustmentRule(tx, {
      siteId: operator.siteId,
      thresholdFen,
      at: new Date(ctx.clock.now()),
    });
    await logOperatorAction(tx, ctx, operator, {
      action: 'adjustment_rule_set',
      target: `site:${operator.siteId}`,
      memberId: null,
      amountFen: thresholdFen,
      reason: `approvalThreshold ${before.approvalThreshold} -> ${formatFen(thresholdFen)}`,
    });
  });
  return { approvalThreshold: formatFen(thresholdFen) };
}

/** The site's staff actions on money, newest first, from the audit log. */
export async function pageOperatorActions(
  ctx: CashierContext,
  siteId: number,
  page: { pageNum: number; pageSize: number },
) {
  const { list, total } = await ctx.audit.ofSite(siteId, cashierActionPrefix, page);
  return {
    list: list.map((entry) => {
      // Settings changes (deposit channels) keep the channel itself, with no member or amount.
      const after = entry.after as { memberId?: string | null; amountFen?: string } | null;
      return {
        id: entry.id,
        operatorUsername: entry.operatorUsername,
        action: entry.action.slice(cashierActionPrefix.length),
        target: entry.target,
        memberId: typeof after?.memberId === 'string' ? Number(after.memberId) : null,
        amount: formatFen(fen(BigInt(after?.amountFen ?? '0'))),
        reason: entry.reason,
        createdAt: entry.at,
      };
    }),
    total,
    ...page,
  };
}
