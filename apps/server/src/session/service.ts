import { randomBytes } from 'node:crypto';
import { headerNames, type LoginResult, type loginBodySchema } from '@site/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { type CallerContext, type CallerRequest, callerOf, type MemberPrincipal } from '../http/access.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import type { MemberAccount } from '../member/service.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { createAccessBlocks } from './access-blocks.ts';
import type { CaptchaService } from './captcha.ts';
import { assertAccessAllowed, type SessionContext, type SessionMembers } from './context.ts';
import { finishDeviceVerification, resendDeviceCode } from './device-verification.ts';
import { createSessionEndedEvents, type EndedSessions, type SessionEnded } from './ended-events.ts';
import { login } from './login.ts';
import {
  authenticate,
  authenticateSocket,
  codeForEndedSession,
  logout,
  startMemberSession,
} from './sessions.ts';
import * as store from './store.ts';
import type { LoginThrottle } from './throttle.ts';
import { signJwt } from './tokens.ts';

export type SessionService = Awaited<ReturnType<typeof createSessionService>>;
type Page = { pageNum: number; pageSize: number };

const socketTokenTtlMs = 5 * 60_000;

const tokenOf = (request: CallerRequest) => {
  const value = request.headers[headerNames.token];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

export interface SessionServiceDeps {
  db: Db;
  security: SecurityStateStore;
  pubsub: PubSub;
  clock: Clock;
  sites: SiteService;
  hasher: PasswordHasher;
  captcha: CaptchaService;
  passwordThrottle: LoginThrottle;
  members: SessionMembers;
  outbox: Pick<OutboxService, 'sendCode'>;
}

/**
 * Signing members in and keeping them signed in: login and its risk checks, sessions, socket
 * tokens, captchas and operator access blocks. Routes that declare `member` access get their
 * caller from `authenticateMember`.
 */
export async function createSessionService(deps: SessionServiceDeps) {
  const { pubsub, ...shared } = deps;
  const ctx: SessionContext = {
    ...shared,
    jwtSecret: await store.ensureSecret(deps.db, 'socket-jwt', randomBytes(32).toString('base64url')),
    accessBlocks: await createAccessBlocks({ db: deps.db, pubsub, clock: deps.clock }),
    endedEvents: createSessionEndedEvents(pubsub),
  };
  return {
    /** The member behind the request's token; routes declaring `member` access resolve it (10004, 6001, 10105 …). */
    authenticateMember: (request: CallerRequest): Promise<MemberPrincipal> =>
      authenticate(ctx, callerOf(request), tokenOf(request)),
    /** Operator blocks of the caller's device, IP or network; the request guard runs it on every API call. */
    assertAccessAllowed: (caller: { siteId: number; deviceUuid: string; ip: string }) =>
      assertAccessAllowed(ctx, caller),
    close: () => ctx.accessBlocks.close(),
    captcha: () => ctx.captcha.issue(),
    captchaAnswerForTests: (captchaId: string) => ctx.captcha.answerForTests(captchaId),
    login: (request: CallerRequest, body: z.output<typeof loginBodySchema>): Promise<LoginResult> =>
      login(ctx, callerOf(request), body),
    logout: (request: CallerRequest) => logout(ctx, callerOf(request), tokenOf(request)),
    finishDeviceVerification: (request: CallerRequest, body: { ticket: string; code: string }) =>
      finishDeviceVerification(ctx, callerOf(request), body),
    resendDeviceCode: (request: CallerRequest, ticket: string) =>
      resendDeviceCode(ctx, callerOf(request), ticket),
    /** The member part signs a new member in through this. */
    start: (caller: CallerContext, member: MemberAccount, isRemembered: boolean) =>
      startMemberSession(ctx, caller, member, isRemembered),
    /**
     * Ends the member's live sessions in the caller's transaction (a password change, a block, a
     * forced logout). The caller announces the end after its commit: sockets are closed only for
     * sessions that really ended, and a reconnect can no longer find them live.
     */
    endAll: async (
      tx: Transaction<Database>,
      memberId: bigint,
      reason: 'password_changed' | 'blocked' | 'logout',
      keptSessionId?: bigint,
    ): Promise<EndedSessions> => {
      const count = await store.endMemberSessions(
        tx,
        memberId,
        reason,
        new Date(ctx.clock.now()),
        keptSessionId,
      );
      const event: SessionEnded = {
        memberId,
        code: codeForEndedSession(reason),
        ...(keptSessionId !== undefined ? { keptSessionId } : {}),
      };
      return { count, announce: async () => (count > 0 ? ctx.endedEvents.publish(event) : undefined) };
    },
    socketToken(request: CallerRequest, principal: MemberPrincipal) {
      const expiresAtMs = ctx.clock.now() + socketTokenTtlMs;
      const token = signJwt(
        {
          sub: String(principal.memberId),
          sid: String(principal.sessionId),
          site: principal.siteId,
          dev: request.deviceUuid,
          exp: Math.floor(expiresAtMs / 1000),
        },
        ctx.jwtSecret,
      );
      return { token, expiresAt: new Date(expiresAtMs).toISOString() };
    },
    /** For the socket gateway: the member behind a login frame's token and device (10004, 6001 …). */
    authenticateSocket: (token: string, deviceUuid: string) => authenticateSocket(ctx, token, deviceUuid),
    /** For the socket gateway: called on this node whenever sessions end on any node. */
    onSessionEnded: (handler: (event: SessionEnded) => void) => ctx.endedEvents.subscribe(handler),
    loginHistory: (principal: MemberPrincipal, page: Page) => loginHistoryOf(ctx, principal.memberId, page),
    /** For reports: members of the site whose live session was active within the last `windowMs`. */
    onlineMembers: (siteId: number, windowMs: number) => {
      const nowMs = ctx.clock.now();
      return store.countOnlineMembers(ctx.db, siteId, new Date(nowMs), new Date(nowMs - windowMs));
    },
    ...createAccessBlockActions(ctx),
  };
}

async function loginHistoryOf(ctx: SessionContext, memberId: bigint, page: Page) {
  const result = await store.pageLoginHistory(ctx.db, memberId, page.pageNum, page.pageSize);
  return {
    list: result.rows.map((row) => ({
      loginAt: row.logged_in_at.toISOString(),
      ip: row.ip,
      deviceUuid: row.device_uuid,
      clientType: row.client_type,
    })),
    total: result.total,
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/** What the operator's risk actions do to devices, addresses and login records. */
function createAccessBlockActions(ctx: SessionContext) {
  return {
    /** An `ip` value with a `/` is a network (CIDR) and answers 6033; one address answers 6031. */
    async blockAccess(siteId: number, kind: 'device' | 'ip', value: string, reason: string) {
      const storedKind = kind === 'device' ? 'device' : value.includes('/') ? 'network' : 'ip';
      await store.upsertAccessBlock(ctx.db, siteId, storedKind, value, reason, new Date(ctx.clock.now()));
      await ctx.accessBlocks.changed(siteId);
    },
    /** False when no such block exists. */
    async unblockAccess(siteId: number, kind: 'device' | 'ip', value: string): Promise<boolean> {
      const kinds = kind === 'device' ? (['device'] as const) : (['ip', 'network'] as const);
      const isLifted = await store.deleteAccessBlock(ctx.db, siteId, [...kinds], value);
      if (isLifted) {
        await ctx.accessBlocks.changed(siteId);
      }
      return isLifted;
    },
    accessBlocks: async (siteId: number) =>
      (await store.listAccessBlocksForOperator(ctx.db, siteId)).map((block) => ({
        kind: block.kind === 'device' ? ('device' as const) : ('ip' as const),
        value: block.value,
        reason: block.reason,
        createdAt: block.created_at.toISOString(),
      })),
    loginHistoryOf: (memberId: bigint, page: Page) => loginHistoryOf(ctx, memberId, page),
    /** For staff search: the members who signed in from an address or device (at most `limit`). */
    membersSeenFrom: (siteId: number, source: { ip: string } | { deviceUuid: string }, limit: number) =>
      store.membersSeenFrom(ctx.db, siteId, source, limit),
    /** For risk staff: other members of the site who signed in from a device or IP this member used. */
    async accessSharedWith(siteId: number, memberId: bigint, kind: 'device' | 'ip', limit: number) {
      const column = kind === 'device' ? 'device_uuid' : 'ip';
      const rows = await store.accessSharedWith(ctx.db, siteId, memberId, column, limit);
      return rows.map((row) => ({ value: row.value, memberId: row.member_id, lastUsedAt: row.last_used_at }));
    },
    /** For risk staff: the site's devices or IPs more than one member signed in from. */
    async sharedAccess(siteId: number, kind: 'device' | 'ip', page: Page, membersShown: number) {
      const column = kind === 'device' ? 'device_uuid' : 'ip';
      const { list, total } = await store.pageSharedAccess(ctx.db, siteId, column, page, membersShown);
      return {
        list: list.map((row) => ({
          key: row.value,
          value: row.value,
          memberCount: Number(row.member_count),
          memberIds: row.member_ids.map((id) => BigInt(id)),
          lastUsedAt: row.last_used_at,
        })),
        total,
      };
    },
  };
}
