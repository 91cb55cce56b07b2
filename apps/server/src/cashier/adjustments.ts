import { formatFen, negatedFen, timesFen } from '@site/contract';
import { validationError } from '../app-error.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import { accountsOf, type CashierContext, logOperatorAction, type OperatorRef } from './context.ts';
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
 * A manual correction of a member's main or bonus wallet against the house account, with its
 * reason, logged in the same transaction. A main-wallet credit may carry a turnover requirement
 * (for example a goodwill bonus paid by hand); a bonus-wallet grant carries none here, as the
 * requirement is added when the member moves it to main. The adjustment id is the idempotency key.
 */
export async function adjustBalance(ctx: CashierContext, operator: OperatorRef, body: AdjustmentBody) {
  const amountFen = positiveFen(body.amount, 'amount');
  const member = { siteId: operator.siteId, memberId: BigInt(body.memberId) };
  if ((await ctx.memberSiteIdOf(member.memberId)) !== operator.siteId) {
    throw validationError('memberId', '会员不存在');
  }
  if (body.wallet === 'bonus' && body.turnoverMultiple > 0) {
    throw validationError('turnoverMultiple', '红利钱包的流水要求在转入主钱包时添加，此处须为 0');
  }
  const { main, bonus } = accountsOf(member);
  const target = body.wallet === 'bonus' ? bonus : main;
  const house: AccountRef = { kind: 'house', siteId: operator.siteId, name: 'adjustment' };
  const isCredit = body.direction === 'credit';
  const moved = ctx.ledger.atomically([target, house], async (tx, money) => {
    const receipt = await money.transfer({
      transferId: transferIds.adjustment(operator.siteId, body.adjustmentId),
      debitAccount: isCredit ? house : target,
      creditAccount: isCredit ? target : house,
      amountFen,
      kind: 'adjustment',
      memo: body.reason,
    });
    if (receipt.isReplay) {
      return receipt;
    }
    if (isCredit && body.turnoverMultiple > 0) {
      await store.insertRequirement(tx, {
        site_id: member.siteId,
        member_id: member.memberId,
        source: 'adjustment',
        source_ref: body.adjustmentId,
        required_fen: timesFen(amountFen, body.turnoverMultiple),
        created_at: new Date(ctx.clock.now()),
      });
    }
    await logOperatorAction(tx, ctx, operator, {
      action: 'adjustment',
      target: body.wallet === 'bonus' ? `bonus:${body.adjustmentId}` : body.adjustmentId,
      memberId: member.memberId,
      amountFen: isCredit ? amountFen : negatedFen(amountFen),
      reason: body.reason,
    });
    return receipt;
  });
  const { isReplay } = await refusalsWorded(moved, { idField: 'adjustmentId' });
  const [mainBalance, bonusBalance] = await Promise.all([
    ctx.ledger.balance(main),
    ctx.ledger.balance(bonus),
  ]);
  return {
    adjustmentId: body.adjustmentId,
    mainBalance: formatFen(mainBalance.availableFen),
    bonusBalance: formatFen(bonusBalance.availableFen),
    isReplay,
  };
}

export async function pageOperatorActions(
  ctx: CashierContext,
  siteId: number,
  page: { pageNum: number; pageSize: number },
) {
  const { list, total } = await store.pageOperatorActions(ctx.db, siteId, page);
  return {
    list: list.map((row) => ({
      id: Number(row.id),
      operatorUsername: row.operator_username,
      action: row.action,
      target: row.target,
      memberId: row.member_id === null ? null : Number(row.member_id),
      amount: formatFen(row.amount_fen),
      reason: row.reason,
      createdAt: row.created_at.toISOString(),
    })),
    total,
    ...page,
  };
}
