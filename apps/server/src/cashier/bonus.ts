import { bonusTurnoverMultiple, type Fen, formatFen, timesFen } from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import { LedgerRefusal, refusalOf, type Transfer } from '../ledger/service.ts';
import { type TransferId, transferIds } from '../ledger/transfer-ids.ts';
import { accountsOf, type CashierContext, type MemberRef } from './context.ts';
import { positiveFen } from './deposits.ts';
import { wordedRefusal } from './refusals.ts';
import * as store from './store.ts';

/**
 * The bonus wallet (红利钱包): activity bonuses and VIP rewards are credited to it; the member
 * moves them to the main wallet, and each move adds a turnover requirement of
 * `bonusTurnoverMultiple` times its amount, written in the same transaction as the transfer.
 */

export interface BonusConvertBody {
  amount?: string | undefined;
  isAll?: boolean | undefined;
  transferId: string;
}

const insufficientText = '红利余额不足';
const memo = '红利转入主钱包';

export async function bonusWallet(ctx: CashierContext, member: MemberRef) {
  const balance = await ctx.ledger.balance(accountsOf(member).bonus);
  return { balance: formatFen(balance.availableFen), turnoverMultiple: bonusTurnoverMultiple };
}

/**
 * One ledger transfer bonus -> main, with the caller's id as idempotency key: a known id answers
 * its first move again (10003 if the amount differs), so a replay moves nothing twice.
 */
export async function convertBonus(ctx: CashierContext, member: MemberRef, body: BonusConvertBody) {
  const transferId = transferIds.bonusConversion(member.memberId, body.transferId);
  const known = await ctx.ledger.transferById(transferId);
  if (known) {
    return replayOf(ctx, member, body, known);
  }
  const { main, bonus } = accountsOf(member);
  const amountFen =
    body.amount === undefined
      ? (await ctx.ledger.balance(bonus)).availableFen
      : positiveFen(body.amount, 'amount');
  if (amountFen <= 0n) {
    // 全部 after a concurrent call with this id emptied the wallet: answer that call's move.
    const raced = await ctx.ledger.transferById(transferId);
    if (raced) {
      return replayOf(ctx, member, body, raced);
    }
    throw new AppError(10001, insufficientText);
  }
  const moved = ctx.ledger.atomically([main, bonus], async (tx, money) => {
    const receipt = await money.transfer({
      transferId,
      debitAccount: bonus,
      creditAccount: main,
      amountFen,
      kind: 'bonus',
      memo,
    });
    if (!receipt.isReplay) {
      await store.insertRequirement(tx, {
        site_id: member.siteId,
        member_id: member.memberId,
        source: 'bonus',
        source_ref: transferId,
        required_fen: timesFen(amountFen, bonusTurnoverMultiple),
        created_at: new Date(ctx.clock.now()),
      });
    }
    return receipt;
  });
  try {
    const receipt = await moved;
    return present(ctx, member, body.transferId, amountFen, receipt.isReplay);
  } catch (error) {
    return recoverRace(ctx, member, body, transferId, error);
  }
}

/**
 * A concurrent call with the same id may commit first: this one then fails (funds gone,
 * or, for 全部, a different amount) and answers the first move instead.
 */
async function recoverRace(
  ctx: CashierContext,
  member: MemberRef,
  body: BonusConvertBody,
  transferId: TransferId,
  error: unknown,
) {
  const reason = refusalOf(error);
  const isRaceSymptom = reason === 'insufficientFunds' || reason === 'transferIdReused';
  const raced = isRaceSymptom ? await ctx.ledger.transferById(transferId) : undefined;
  if (raced) {
    return replayOf(ctx, member, body, raced);
  }
  throw error instanceof LedgerRefusal
    ? wordedRefusal(error, { idField: 'transferId', insufficientText })
    : error;
}

async function replayOf(ctx: CashierContext, member: MemberRef, body: BonusConvertBody, known: Transfer) {
  const isSame =
    known.kind === 'bonus' &&
    known.memo === memo &&
    (body.amount === undefined || positiveFen(body.amount, 'amount') === known.amountFen);
  if (!isSame) {
    throw validationError('transferId', '已用于另一笔不同的转入');
  }
  return present(ctx, member, body.transferId, known.amountFen, true);
}

async function present(
  ctx: CashierContext,
  member: MemberRef,
  callerId: string,
  amountFen: Fen,
  isReplay: boolean,
) {
  const { main, bonus } = accountsOf(member);
  const [mainBalance, bonusBalance] = await Promise.all([
    ctx.ledger.balance(main),
    ctx.ledger.balance(bonus),
  ]);
  return {
    transferId: callerId,
    amount: formatFen(amountFen),
    requiredTurnover: formatFen(timesFen(amountFen, bonusTurnoverMultiple)),
    bonusBalance: formatFen(bonusBalance.availableFen),
    mainBalance: formatFen(mainBalance.availableFen),
    isReplay,
  };
}
