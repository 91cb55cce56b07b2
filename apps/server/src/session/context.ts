import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { CallerContext } from '../http/access.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import type { MemberService } from '../member/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import type { AccessBlocks } from './access-blocks.ts';
import type { CaptchaService } from './captcha.ts';
import type { SessionEndedEvents } from './ended-events.ts';
import type { LoginThrottle } from './throttle.ts';

/** What the session part asks of the member part: the accounts it signs in. */
export type SessionMembers = Pick<
  MemberService,
  'findByUsername' | 'findById' | 'present' | 'verifyTotp' | 'recordLogin'
>;

/** What the session rules need from the node: stores, clock, the site rules and the other parts. */
export interface SessionContext {
  db: Db;
  security: SecurityStateStore;
  clock: Clock;
  sites: SiteService;
  hasher: PasswordHasher;
  captcha: CaptchaService;
  /** The member-login throttle, shared with the member part's own password checks. */
  passwordThrottle: LoginThrottle;
  jwtSecret: string;
  accessBlocks: AccessBlocks;
  /** Tells every node's socket gateway which sessions ended. */
  endedEvents: SessionEndedEvents;
  members: SessionMembers;
  outbox: Pick<OutboxService, 'sendCode'>;
}

/** Operator blocks of this device or address: 10102, 6031 (one IP) or 6033 (a network). */
export async function assertAccessAllowed(
  ctx: SessionContext,
  caller: Pick<CallerContext, 'siteId' | 'deviceUuid' | 'ip'>,
): Promise<void> {
  const block = await ctx.accessBlocks.kindFor(caller.siteId, caller.deviceUuid, caller.ip);
  switch (block) {
    case undefined:
      return;
    case 'device':
      throw new AppError(10102);
    case 'ip':
      throw new AppError(6031, undefined, { ip: caller.ip });
    case 'network':
      throw new AppError(6033, undefined, { ip: caller.ip });
    default: {
      const unhandled: never = block;
      throw new Error(`unhandled block kind ${String(unhandled)}`);
    }
  }
}
