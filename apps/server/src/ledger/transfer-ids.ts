import { createHash } from 'node:crypto';

/**
 * Every ledger transfer id is built here, so each kind of movement has one spelling. The formats
 * are those already stored: a replay of an old request must find its first transfer again.
 */
export type TransferId = string & { readonly __brand: 'TransferId' };

const transferIdPattern = /^[A-Za-z0-9_:.-]{1,64}$/;

function checked(text: string): TransferId {
  if (!transferIdPattern.test(text)) {
    throw new Error(`ledger: transfer id ${JSON.stringify(text)} is not 1-64 letters, digits or _:.-`);
  }
  return text as TransferId;
}

/** Caller ids are unique per member only: the hash carries the member, so two members never collide. */
function perMember(prefix: string, memberId: bigint, ...parts: string[]): TransferId {
  const digest = createHash('sha256')
    .update([memberId, ...parts].join(':'))
    .digest('hex');
  return checked(`${prefix}:${digest.slice(0, 40)}`);
}

/** A venue's bet ids are unique per site and venue only: the hash carries both. */
function perVenueBet(prefix: string, siteId: number, venueCode: string, betId: string): TransferId {
  const digest = createHash('sha256').update([siteId, venueCode, betId].join(':')).digest('hex');
  return checked(`${prefix}:${digest.slice(0, 40)}`);
}

const withdrawalHoldPrefix = 'withdraw:';

export const transferIds = {
  deposit: (orderNo: string) => checked(`deposit:${orderNo}`),
  withdrawalHold: (orderNo: string) => checked(`${withdrawalHoldPrefix}${orderNo}`),
  withdrawalPaid: (orderNo: string) => checked(`withdraw-paid:${orderNo}`),
  withdrawalReturned: (orderNo: string) => checked(`withdraw-back:${orderNo}`),
  withdrawalFee: (orderNo: string) => checked(`withdraw-fee:${orderNo}`),
  withdrawalFeeReturned: (orderNo: string) => checked(`withdraw-fee-back:${orderNo}`),
  adjustment: (siteId: number, adjustmentId: string) => checked(`adj:${siteId}:${adjustmentId}`),
  venueTransfer: (memberId: bigint, callerId: string) => perMember('vt', memberId, callerId),
  venueRecall: (memberId: bigint, callerId: string, venueCode: string) =>
    perMember('rc', memberId, callerId, venueCode),
  /** A launch of a transfer venue moving the main balance in; `launchKey` is made per launch. */
  venueLaunch: (memberId: bigint, launchKey: string) => perMember('vl', memberId, launchKey),
  bonusConversion: (memberId: bigint, callerId: string) => perMember('bc', memberId, callerId),
  /** A chat gift; `giftOrderId` is made by the sender's client and kept across retries. */
  chatGift: (memberId: bigint, giftOrderId: string) => perMember('gift', memberId, giftOrderId),
  /** A seamless venue's stake, reserved on debit, posted on settlement, voided on rollback or void. */
  seamlessStake: (siteId: number, venueCode: string, betId: string) =>
    perVenueBet('ss', siteId, venueCode, betId),
  /** The payout that settles a seamless venue's bet, when it pays anything. */
  seamlessPayout: (siteId: number, venueCode: string, betId: string) =>
    perVenueBet('sp', siteId, venueCode, betId),
  /**
   * A sportsbook bet settled again after a result correction (GAMES.md 2.4), by the wallet's bet
   * id (`SB42`, unique over the sportsbook) and the settlement version: `pay` pays version n,
   * `setoff` takes an earlier receivable out of that payout, `rev` reverses version n's payout and
   * `due` books what the member could not give back as a receivable.
   */
  sportsbookResettlement: (walletBetId: string, version: number, part: 'pay' | 'setoff' | 'rev' | 'due') =>
    checked(
      part === 'pay' ? `settle:${walletBetId}:v${version}` : `settle:${walletBetId}:v${version}:${part}`,
    ),
  /** An id its caller names whole (tests, benchmarks, the crash load): checked, not built. */
  named: (text: string) => checked(text),
};

/** The withdrawal order a hold transfer belongs to, or undefined for any other transfer. */
export function withdrawalHoldOrderNo(transferId: string): string | undefined {
  return transferId.startsWith(withdrawalHoldPrefix)
    ? transferId.slice(withdrawalHoldPrefix.length)
    : undefined;
}
