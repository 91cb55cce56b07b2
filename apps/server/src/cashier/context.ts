import type { Fen } from '@site/contract';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { LedgerService } from '../ledger/service.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import type { Clock } from '../stores/clock.ts';

/** What the cashier rules need from the node. */
export interface CashierContext {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  hasher: PasswordHasher;
  /** With two-factor on, withdrawals need a valid code (10409); the member part answers it. */
  verifySecondFactor: (memberId: bigint, code: string | undefined) => Promise<void>;
  /** The site a member belongs to, or undefined for an unknown member; the member part answers it. */
  memberSiteIdOf: (memberId: bigint) => Promise<number | undefined>;
  /** The id of the site's member with this username, or undefined; the member part answers it. */
  memberIdOf: (siteId: number, username: string) => Promise<bigint | undefined>;
  /** The member's approved real name, or undefined before verification; identity answers it. */
  verifiedRealNameOf: (memberId: bigint) => Promise<string | undefined>;
  /** HMAC key the sandbox gateway signs its callbacks with. */
  gatewaySecret: string;
  /** Gateway channels are the sandbox gateway's: outside sandbox mode only bank transfers are offered. */
  isSandboxMode: boolean;
  /** The site's transfer-wallet venues, in display order; the venue registry answers it. */
  transferVenuesOf: (siteId: number) => Promise<ReadonlyArray<TransferVenue>>;
  /** Staff actions on money are recorded here, in the movement's transaction. */
  audit: Pick<AuditLog, 'record' | 'ofSite'>;
}

export interface TransferVenue {
  venueCode: string;
  name: string;
}

export interface MemberRef {
  memberId: bigint;
  siteId: number;
}

export interface OperatorRef {
  operatorId: bigint;
  username: string;
  siteId: number;
}

export const accountsOf = (member: MemberRef) => ({
  main: { kind: 'member_main', siteId: member.siteId, memberId: member.memberId } satisfies AccountRef,
  hold: {
    kind: 'member_withdrawal_hold',
    siteId: member.siteId,
    memberId: member.memberId,
  } satisfies AccountRef,
  bonus: { kind: 'member_bonus', siteId: member.siteId, memberId: member.memberId } satisfies AccountRef,
});

export const externalAccount = (siteId: number, name: string): AccountRef => ({
  kind: 'external',
  siteId,
  name,
});

/**
 * Records a staff action on money in the audit log (`cashier.<action>`), inside the movement's
 * own transaction, so the movement and its record commit together or not at all.
 */
export async function logOperatorAction(
  tx: Db,
  ctx: CashierContext,
  operator: OperatorRef,
  action: {
    action: OperatorAction;
    target: string;
    memberId: bigint | null;
    amountFen: Fen;
    reason: string;
  },
): Promise<void> {
  const after = {
    memberId: action.memberId === null ? null : String(action.memberId),
    amountFen: String(action.amountFen),
  };
  await ctx.audit.record(
    operator,
    {
      siteId: operator.siteId,
      action: `${cashierActionPrefix}${action.action}`,
      target: action.target,
      before: null,
      after,
      reason: action.reason,
    },
    tx,
  );
}

/** Staff actions on money, as the audit log names them: `cashier.withdraw_approve` … */
export const cashierActionPrefix = 'cashier.';

export type OperatorAction =
  | 'deposit_confirm'
  | 'deposit_reject'
  | 'withdraw_approve'
  | 'withdraw_reject'
  | 'adjustment'
  | 'adjustment_request'
  | 'adjustment_reject'
  | 'adjustment_rule_set'
  | 'withdraw_fee_set';

const shanghaiOffsetMs = 8 * 3_600_000;
const dayMs = 86_400_000;

/** Start of the current Asia/Shanghai calendar day: daily limits reset at local midnight. */
export function shanghaiDayStart(nowMs: number): Date {
  return new Date(Math.floor((nowMs + shanghaiOffsetMs) / dayMs) * dayMs - shanghaiOffsetMs);
}
