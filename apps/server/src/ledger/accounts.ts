/**
 * Ledger accounts as callers name them. A member's accounts are created on first use; house,
 * venue and external accounts likewise. Pure helpers only: no SQL here.
 */

/** Accounts a member owns; their balance may never go negative. */
export type MemberAccountKind = 'member_main' | 'member_venue' | 'member_withdrawal_hold' | 'member_bonus';
/** The operator's and the outside world's accounts; they may go negative, and their balance is derived from entries. */
export type SystemAccountKind = 'house' | 'venue' | 'external';
export type AccountKind = MemberAccountKind | SystemAccountKind;

export type AccountRef =
  | { kind: 'member_main' | 'member_withdrawal_hold' | 'member_bonus'; siteId: number; memberId: bigint }
  | { kind: 'member_venue'; siteId: number; memberId: bigint; venueCode: string }
  | { kind: 'house' | 'external'; siteId: number; name: string }
  | { kind: 'venue'; siteId: number; venueCode: string };

/** What a movement is for; records and reports group by it. */
export type TransferKind =
  | 'deposit'
  | 'withdrawal'
  | 'withdrawal_hold'
  | 'withdrawal_release'
  | 'withdrawal_fee'
  | 'withdrawal_fee_refund'
  | 'venue_transfer'
  | 'bet'
  | 'payout'
  | 'bonus'
  | 'rebate'
  | 'gift'
  | 'adjustment';

export interface AccountIdentity {
  siteId: number;
  kind: AccountKind;
  memberId: bigint | null;
  code: string;
}

export function isMemberKind(kind: AccountKind): kind is MemberAccountKind {
  switch (kind) {
    case 'member_main':
    case 'member_venue':
    case 'member_withdrawal_hold':
    case 'member_bonus':
      return true;
    case 'house':
    case 'venue':
    case 'external':
      return false;
    default:
      return assertNever(kind);
  }
}

/** The columns that identify an account row. */
export function identityOf(ref: AccountRef): AccountIdentity {
  switch (ref.kind) {
    case 'member_main':
    case 'member_withdrawal_hold':
    case 'member_bonus':
      return { siteId: ref.siteId, kind: ref.kind, memberId: ref.memberId, code: '' };
    case 'member_venue':
      return { siteId: ref.siteId, kind: ref.kind, memberId: ref.memberId, code: ref.venueCode };
    case 'house':
    case 'external':
      return { siteId: ref.siteId, kind: ref.kind, memberId: null, code: ref.name };
    case 'venue':
      return { siteId: ref.siteId, kind: ref.kind, memberId: null, code: ref.venueCode };
    default:
      return assertNever(ref);
  }
}

export function identityKey(identity: AccountIdentity): string {
  return `${identity.siteId}:${identity.kind}:${identity.memberId ?? ''}:${identity.code}`;
}

/** What is wrong with an account reference our own code built, or undefined when it is well formed. */
export function accountRefProblem(ref: AccountRef): string | undefined {
  const identity = identityOf(ref);
  if (!Number.isSafeInteger(identity.siteId) || identity.siteId <= 0) {
    return 'site id is not a positive integer';
  }
  if (identity.memberId !== null && (typeof identity.memberId !== 'bigint' || identity.memberId <= 0n)) {
    return 'member id is not a positive bigint';
  }
  // Kinds without a code get '' from identityOf; the others need a venue code or a name.
  const isCodeNamed = identity.kind === 'member_venue' || !isMemberKind(identity.kind);
  if (isCodeNamed && !/^[A-Za-z0-9_]{1,32}$/.test(identity.code)) {
    return 'code is not 1-32 letters, digits or _';
  }
  return undefined;
}

function assertNever(value: never): never {
  throw new Error(`unexpected value ${String(value)}`);
}
