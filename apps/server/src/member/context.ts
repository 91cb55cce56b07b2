import type { LoginResult, MemberInfo } from '@site/contract';
import { maskEmail, maskPhone } from '@site/contract';
import type { Transaction } from 'kysely';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { CallerContext } from '../http/access.ts';
import type { OutboxCode } from '../outbox/service.ts';
import type { CaptchaService } from '../session/captcha.ts';
import type { EndedSessions } from '../session/ended-events.ts';
import type { LoginThrottle } from '../session/throttle.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import type { PasswordHasher } from './passwords.ts';
import * as store from './store.ts';
import type { TotpCheck } from './totp.ts';

/** What the member part asks of the session part; the composition root wires it. */
export interface MemberSessions {
  /** Signs the member in: registration does, right after creating the account. */
  start(caller: CallerContext, member: store.MemberRow, isRemembered: boolean): Promise<LoginResult>;
  /**
   * Ends the member's live sessions inside the caller's transaction, all but `keptSessionId`; the
   * caller announces them after its commit.
   */
  endAll(
    tx: Transaction<Database>,
    memberId: bigint,
    reason: 'password_changed' | 'blocked' | 'logout',
    keptSessionId?: bigint,
  ): Promise<EndedSessions>;
}

/** What the member rules need from the node: stores, clock, the site rules and the shared helpers. */
export interface MemberContext {
  db: Db;
  security: SecurityStateStore;
  clock: Clock;
  sites: SiteService;
  hasher: PasswordHasher;
  captcha: Pick<CaptchaService, 'verify'>;
  /** The member-login throttle: a password checked anywhere (login, change, two-factor off) counts in it. */
  passwordThrottle: LoginThrottle;
  /** Checks two-factor codes wherever one is asked for: login, switching it off, withdrawals. */
  checkTotp: TotpCheck;
  outbox: { sendCode(message: OutboxCode): Promise<void> };
  sessions: MemberSessions;
}

export function presentMember(member: store.MemberRow): MemberInfo {
  return {
    memberId: Number(member.id),
    username: member.username,
    phone: member.phone ? maskPhone(member.phone) : null,
    email: member.email ? maskEmail(member.email) : null,
    inviteCode: member.invite_code,
    isAgent: member.is_agent,
    isTotpEnabled: member.is_totp_enabled,
    registeredAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
  };
}

/** The member a session names; 10004 when the account is gone. */
export async function loadMember(ctx: MemberContext, memberId: bigint): Promise<store.MemberRow> {
  const member = await store.findMemberById(ctx.db, memberId);
  if (!member) {
    throw new AppError(10004);
  }
  return member;
}
