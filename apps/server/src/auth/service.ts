import { randomBytes } from 'node:crypto';
import {
  type BlockKind,
  headerNames,
  type LoginResult,
  type loginBodySchema,
  type registerBodySchema,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { createAccessBlocks } from './access-blocks.ts';
import { createCaptchaService, type RemoteCaptchaConfig } from './captcha.ts';
import {
  type AuthContext,
  assertAccessAllowed,
  type CallerContext,
  type MemberPrincipal,
  presentMember,
} from './context.ts';
import { finishDeviceVerification, resendDeviceCode } from './device-verification.ts';
import { login } from './login.ts';
import { changePassword, resetPassword, sendPasswordResetCode } from './password.ts';
import { createPasswordHasher, type PasswordHasher } from './passwords.ts';
import { register } from './registration.ts';
import { authenticate, logout } from './sessions.ts';
import * as store from './store.ts';
import { createLoginThrottle, twoFactorThrottleRules } from './throttle.ts';
import { signJwt, verifyJwt } from './tokens.ts';
import { disableTotp, enableTotp, setupTotp, verifySecondFactor } from './two-factor.ts';

export type AuthService = Awaited<ReturnType<typeof createAuthService>>;

/** What the guard and routes hand in: the request as the request guard decorated it. */
export interface AuthRequest extends CallerContext {
  headers: Record<string, string | string[] | undefined>;
}

const socketTokenTtlMs = 5 * 60_000;

const tokenOf = (request: AuthRequest) => {
  const value = request.headers[headerNames.token];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};
const callerOf = (request: AuthRequest): CallerContext => ({
  siteId: request.siteId,
  deviceUuid: request.deviceUuid,
  clientType: request.clientType,
  ip: request.ip,
});

export interface AuthServiceDeps {
  db: Db;
  security: SecurityStateStore;
  pubsub: PubSub;
  clock: Clock;
  sites: SiteService;
  hasher?: PasswordHasher;
  /** Keeps captcha answers readable through `captchaAnswerForTests`; never set outside tests. */
  isTestMode?: boolean;
  /** A third-party captcha (极验 / 云验证) instead of our image captcha. */
  remoteCaptcha?: RemoteCaptchaConfig | undefined;
}

/**
 * Members, sessions and account security. Routes and other domains call this; routes that
 * declare `member` access get their caller from `authenticateMember`.
 */
export async function createAuthService(deps: AuthServiceDeps) {
  const captcha = createCaptchaService({
    security: deps.security,
    isTestMode: deps.isTestMode ?? false,
    remote: deps.remoteCaptcha,
  });
  const ctx: AuthContext = {
    db: deps.db,
    security: deps.security,
    clock: deps.clock,
    sites: deps.sites,
    hasher: deps.hasher ?? createPasswordHasher(),
    captcha,
    throttle: createLoginThrottle(deps.security, deps.clock, 'member-login'),
    twoFactorThrottle: createLoginThrottle(
      deps.security,
      deps.clock,
      'member-two-factor',
      twoFactorThrottleRules,
    ),
    jwtSecret: await store.ensureSecret(deps.db, 'socket-jwt', randomBytes(32).toString('base64url')),
    accessBlocks: await createAccessBlocks({ db: deps.db, pubsub: deps.pubsub, clock: deps.clock }),
  };
  const authenticateMember = (request: AuthRequest): Promise<MemberPrincipal> =>
    authenticate(ctx, callerOf(request), tokenOf(request));
  const loadMember = async (principal: MemberPrincipal) => {
    const member = await store.findMemberById(ctx.db, principal.memberId);
    if (!member) {
      throw new AppError(10004);
    }
    return member;
  };

  return {
    /** The member behind the request's token; routes declaring `member` access resolve it (10004, 6001, 10105 …). */
    authenticateMember,
    /** Operator blocks of the caller's device, IP or network; the request guard runs it on every API call. */
    assertAccessAllowed: (caller: { siteId: number; deviceUuid: string; ip: string }) =>
      assertAccessAllowed(ctx, caller),
    close: () => ctx.accessBlocks.close(),
    captcha: () => captcha.issue(),
    captchaAnswerForTests: (captchaId: string) => captcha.answerForTests(captchaId),
    register: (request: AuthRequest, body: z.output<typeof registerBodySchema>): Promise<LoginResult> =>
      register(ctx, callerOf(request), body),
    login: (request: AuthRequest, body: z.output<typeof loginBodySchema>): Promise<LoginResult> =>
      login(ctx, callerOf(request), body),
    logout: (request: AuthRequest) => logout(ctx, callerOf(request), tokenOf(request)),
    finishDeviceVerification: (request: AuthRequest, body: { ticket: string; code: string }) =>
      finishDeviceVerification(ctx, callerOf(request), body),
    resendDeviceCode: (request: AuthRequest, ticket: string) =>
      resendDeviceCode(ctx, callerOf(request), ticket),
    sendPasswordResetCode: (request: AuthRequest, body: Parameters<typeof sendPasswordResetCode>[2]) =>
      sendPasswordResetCode(ctx, callerOf(request), body),
    resetPassword: (request: AuthRequest, body: Parameters<typeof resetPassword>[2]) =>
      resetPassword(ctx, callerOf(request), body),

    /** The member's profile; wallet money (`lockMoney`) is the cashier's to add. */
    memberInfo: async (principal: MemberPrincipal) => presentMember(await loadMember(principal)),
    async changePassword(
      request: AuthRequest,
      principal: MemberPrincipal,
      body: Parameters<typeof changePassword>[3],
    ) {
      await changePassword(ctx, callerOf(request), principal, body);
    },
    socketToken(request: AuthRequest, principal: MemberPrincipal) {
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
    /** For the socket gateway: the claims of a token from `socketToken`, or undefined. */
    verifySocketToken: (token: string) => verifyJwt(token, ctx.jwtSecret, ctx.clock.now()),
    setupTotp: (principal: MemberPrincipal) => setupTotp(ctx, principal),
    enableTotp: (principal: MemberPrincipal, code: string) => enableTotp(ctx, principal, code),
    disableTotp: (principal: MemberPrincipal, body: { code: string; password: string }) =>
      disableTotp(ctx, principal, body),
    /** Withdrawals call this: with two-factor on, a valid unused code is required (10409). */
    verifySecondFactor: (memberId: bigint, code: string | undefined) =>
      verifySecondFactor(ctx, memberId, code),
    memberSiteIdOf: async (memberId: bigint) => (await store.findMemberById(ctx.db, memberId))?.site_id,
    async loginHistory(principal: MemberPrincipal, page: { pageNum: number; pageSize: number }) {
      return presentHistory(
        await store.pageLoginHistory(ctx.db, principal.memberId, page.pageNum, page.pageSize),
        page,
      );
    },
    operator: createOperatorActions(ctx),
  };
}

function presentHistory(
  result: Awaited<ReturnType<typeof store.pageLoginHistory>>,
  page: { pageNum: number; pageSize: number },
) {
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

/** What the operator API may do to members and access on a site. */
function createOperatorActions(ctx: AuthContext) {
  const memberIdOf = async (siteId: number, username: string) => {
    const member = await store.findMemberByUsername(ctx.db, siteId, username.toLowerCase());
    if (!member) {
      throw validationError('username', '会员不存在');
    }
    return member.id;
  };
  return {
    async block(siteId: number, kind: BlockKind, value: string, reason: string) {
      const now = new Date(ctx.clock.now());
      if (kind === 'member') {
        await ctx.db.transaction().execute(async (tx) => {
          const memberId = await store.setMemberStatus(tx, siteId, value.toLowerCase(), 'blocked', reason);
          if (memberId === undefined) {
            throw validationError('value', '会员不存在');
          }
          await store.endMemberSessions(tx, memberId, 'blocked', now);
        });
        return;
      }
      const storedKind = kind === 'device' ? 'device' : value.includes('/') ? 'network' : 'ip';
      await store.upsertAccessBlock(ctx.db, siteId, storedKind, value, reason, now);
      await ctx.accessBlocks.changed(siteId);
    },
    async unblock(siteId: number, kind: BlockKind, value: string) {
      const isLifted =
        kind === 'member'
          ? (await store.setMemberStatus(ctx.db, siteId, value.toLowerCase(), 'active', '')) !== undefined
          : await store.deleteAccessBlock(
              ctx.db,
              siteId,
              kind === 'device' ? ['device'] : ['ip', 'network'],
              value,
            );
      if (!isLifted) {
        throw validationError('value', '没有这条限制');
      }
      await ctx.accessBlocks.changed(siteId);
    },
    async blocks(siteId: number) {
      const { blocks, members } = await store.listBlocks(ctx.db, siteId);
      return [
        ...members.map((member) => ({
          kind: 'member' as const,
          value: member.username,
          reason: member.blocked_reason,
          createdAt: member.created_at.toISOString(),
        })),
        ...blocks.map((block) => ({
          kind: block.kind === 'device' ? ('device' as const) : ('ip' as const),
          value: block.value,
          reason: block.reason,
          createdAt: block.created_at.toISOString(),
        })),
      ];
    },
    async loginHistory(siteId: number, username: string, page: { pageNum: number; pageSize: number }) {
      const memberId = await memberIdOf(siteId, username);
      return presentHistory(
        await store.pageLoginHistory(ctx.db, memberId, page.pageNum, page.pageSize),
        page,
      );
    },
    async outbox(siteId: number, page: { pageNum: number; pageSize: number }) {
      const result = await store.pageOutbox(ctx.db, siteId, page.pageNum, page.pageSize);
      return {
        list: result.rows.map((row) => ({
          id: Number(row.id),
          channel: row.channel,
          recipient: row.recipient,
          purpose: row.purpose,
          body: row.body,
          createdAt: row.created_at.toISOString(),
        })),
        total: result.total,
        pageNum: page.pageNum,
        pageSize: page.pageSize,
      };
    },
  };
}
