import { randomBytes } from 'node:crypto';
import {
  headerNames,
  type OperatorPermission,
  type OperatorRole,
  operatorRolePermissions,
  roleHasPermission,
  roleRequiresTotp,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import { createTotpCheck, newTotpSecret, otpauthUrl } from '../member/totp.ts';
import { createLoginThrottle, twoFactorThrottleRules } from '../session/throttle.ts';
import { hashToken, newSessionToken } from '../session/tokens.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { createMemberRiskActions, type MemberRiskDeps } from './member-risk.ts';
import * as store from './store.ts';

/** Operators work in shifts: a session ends after 30 idle minutes or 12 hours. */
export const operatorSessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 } as const;
const operatorUsernamePattern = /^[a-z][a-z0-9_]{2,31}$/;

export type OperatorService = ReturnType<typeof createOperatorService>;

const userAgentLengthMax = 512;
/** How long a staff member has to scan the secret shown at the first sign-in and enter a code. */
const totpSetupTtlMs = 10 * 60_000;
/** The name authenticator apps show next to the staff member's code. */
const totpIssuer = '运营后台';

type StaffRow = Awaited<ReturnType<typeof store.findOperatorById>> & {};

function staffOf(row: StaffRow & { last_login_at?: Date | null }) {
  return {
    id: Number(row.id),
    username: row.username,
    role: row.role,
    siteIds: row.site_ids,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

const sortedSites = (siteIds: number[]) => [...new Set(siteIds)].sort((a, b) => a - b);

/** Resets and forced logouts are for other accounts: one's own password and phone are one's own. */
function refuseSelf(actor: OperatorPrincipal, id: number) {
  if (BigInt(id) === actor.operatorId) {
    throw new AppError(10001, '不能对自己的账号执行此操作');
  }
}

/** A staff account works on the sites it names; 超级管理员 (no sites named) on every site. */
function worksOnSite(staff: { role: OperatorRole; site_ids: number[] }, siteId: number): boolean {
  return staff.role === 'super_admin' || staff.site_ids.includes(siteId);
}

/**
 * Staff accounts: their own table, passwords and tokens, so a member token can never reach the
 * operator API and the reverse. Each call is checked against the role's permissions (shared with
 * the console through the contract) and the sites the account works on.
 */
export function createOperatorService(deps: {
  db: Db;
  security: SecurityStateStore;
  clock: Clock;
  hasher: PasswordHasher;
  risk: Omit<MemberRiskDeps, 'audit'>;
  audit: AuditLog;
}) {
  const throttle = createLoginThrottle(deps.security, deps.clock, 'operator-login');
  const checkTotp = createTotpCheck({
    security: deps.security,
    clock: deps.clock,
    throttle: createLoginThrottle(deps.security, deps.clock, 'staff-two-factor', twoFactorThrottleRules),
    keyPrefix: 'staff-totp',
  });

  const checkSecondFactor = async (
    operator: { id: bigint; username: string; role: OperatorRole; totp_secret: string | null },
    code: string | undefined,
    ip: string,
  ) => {
    const account = { siteId: 0, id: operator.id };
    if (operator.totp_secret) {
      await checkTotp(account, operator.totp_secret, code, ip);
      return;
    }
    if (!roleRequiresTotp(operator.role)) {
      return;
    }
    // One pending secret per account: concurrent first sign-ins all show the same one.
    const setupKey = `staff-totp:setup:${operator.id}`;
    await deps.security.claim(setupKey, newTotpSecret(), totpSetupTtlMs);
    const secret = (await deps.security.get(setupKey))?.value ?? '';
    if (!code) {
      throw new AppError(10409, '请先用身份验证器扫码绑定，再输入动态验证码', {
        isTotpRequired: true,
        totpSetup: { secret, otpauthUrl: otpauthUrl(secret, totpIssuer, operator.username) },
      });
    }
    await checkTotp(account, secret, code, ip);
    await store.setOperatorTotpSecret(deps.db, operator.id, secret);
    await deps.security.delete(setupKey);
  };

  const createStaff = async (
    actor: OperatorPrincipal | undefined,
    staff: { username: string; role: OperatorRole; siteIds: number[] },
  ) => {
    if (!operatorUsernamePattern.test(staff.username)) {
      throw validationError('username', '须为3-32位小写字母、数字或下划线，以字母开头');
    }
    if (await store.findOperatorByUsername(deps.db, staff.username)) {
      throw validationError('username', '已存在');
    }
    const password = randomBytes(18).toString('base64url');
    const passwordHash = await deps.hasher.hash(password);
    const creating = deps.db.transaction().execute(async (tx) => {
      const row = await store.insertOperator(tx, {
        username: staff.username,
        passwordHash,
        role: staff.role,
        siteIds: sortedSites(staff.siteIds),
        at: new Date(deps.clock.now()),
      });
      if (actor) {
        const entry = { siteId: null, action: 'staff.create', target: row.username, before: null };
        await deps.audit.record(actor, { ...entry, after: staffOf(row) }, tx);
      }
      return row;
    });
    // The check above answers the usual case; two creations racing for one name meet the index.
    const created = await creating.catch((error: unknown) => {
      throw isUniqueViolation(error, 'operators_username') ? validationError('username', '已存在') : error;
    });
    return { staff: staffOf(created), password };
  };

  return {
    /** Member and access blocks, login records and the outbox, through the services handed in. */
    memberRisk: createMemberRiskActions({ ...deps.risk, audit: deps.audit }),
    /** The audit log, searched as the viewer may see it. */
    auditSearch: deps.audit.search,
    /**
     * Creates the first 超级管理员 (`npm run operator:create`, the root of trust, so no actor to
     * audit) with a generated password, which only the caller ever sees.
     */
    create: (username: string) => createStaff(undefined, { username, role: 'super_admin', siteIds: [] }),

    /** Creates a staff account for `actor` (audited) with a generated password shown once. */
    createStaff: (
      actor: OperatorPrincipal,
      staff: { username: string; role: OperatorRole; siteIds: number[] },
    ) => createStaff(actor, staff),

    listStaff: async () => (await store.listStaff(deps.db)).map(staffOf),

    /**
     * Changes a staff account's role, sites or active state; the next call of any of its sessions
     * already runs with the change. Nobody demotes or deactivates themselves, so the last
     * 超级管理员 cannot lock everyone out by accident.
     */
    async updateStaff(
      actor: OperatorPrincipal,
      change: { id: number; role: OperatorRole; siteIds: number[]; isActive: boolean },
    ) {
      const id = BigInt(change.id);
      if (id === actor.operatorId && (change.role !== 'super_admin' || !change.isActive)) {
        throw new AppError(10001, '不能降低或停用自己的账号');
      }
      return deps.db.transaction().execute(async (tx) => {
        const before = await store.findOperatorById(tx, id, { forUpdate: true });
        if (!before) {
          throw validationError('id', '员工不存在');
        }
        const row = await store.updateOperator(tx, id, {
          role: change.role,
          siteIds: sortedSites(change.siteIds),
          isActive: change.isActive,
        });
        if (!row.is_active) {
          await store.endOperatorSessions(tx, id, new Date(deps.clock.now()));
        }
        const after = staffOf(row);
        await deps.audit.record(
          actor,
          { siteId: null, action: 'staff.update', target: row.username, before: staffOf(before), after },
          tx,
        );
        return after;
      });
    },

    /** Gives a staff account a new generated password, shown once, and ends its sessions. */
    async resetStaffPassword(actor: OperatorPrincipal, id: number) {
      refuseSelf(actor, id);
      const password = randomBytes(18).toString('base64url');
      const passwordHash = await deps.hasher.hash(password);
      await deps.db.transaction().execute(async (tx) => {
        const staff = await store.findOperatorById(tx, BigInt(id), { forUpdate: true });
        if (!staff) {
          throw validationError('id', '员工不存在');
        }
        await store.setOperatorPasswordHash(tx, staff.id, passwordHash);
        await store.endOperatorSessions(tx, staff.id, new Date(deps.clock.now()));
        const entry = { siteId: null, action: 'staff.reset_password', target: staff.username };
        await deps.audit.record(actor, { ...entry, before: null, after: null }, tx);
      });
      return { password };
    },

    /** Unbinds a staff account's authenticator (a lost phone); it enrolls again at its next sign-in. */
    async resetStaffTotp(actor: OperatorPrincipal, id: number) {
      refuseSelf(actor, id);
      await deps.db.transaction().execute(async (tx) => {
        const staff = await store.findOperatorById(tx, BigInt(id), { forUpdate: true });
        if (!staff) {
          throw validationError('id', '员工不存在');
        }
        await store.setOperatorTotpSecret(tx, staff.id, null);
        await store.endOperatorSessions(tx, staff.id, new Date(deps.clock.now()));
        const entry = { siteId: null, action: 'staff.reset_totp', target: staff.username };
        await deps.audit.record(actor, { ...entry, before: null, after: null }, tx);
      });
    },

    /** Ends every session of a staff account (forced logout). */
    async logoutStaff(actor: OperatorPrincipal, id: number) {
      refuseSelf(actor, id);
      await deps.db.transaction().execute(async (tx) => {
        const staff = await store.findOperatorById(tx, BigInt(id));
        if (!staff) {
          throw validationError('id', '员工不存在');
        }
        await store.endOperatorSessions(tx, staff.id, new Date(deps.clock.now()));
        await deps.audit.record(
          actor,
          { siteId: null, action: 'staff.logout', target: staff.username, before: null, after: null },
          tx,
        );
      });
    },

    async staffLoginHistory(page: { id: number; pageNum: number; pageSize: number }) {
      const staff = await store.findOperatorById(deps.db, BigInt(page.id));
      if (!staff) {
        throw validationError('id', '员工不存在');
      }
      const { list, total } = await store.listOperatorLogins(deps.db, staff.id, page);
      return {
        list: list.map((row) => ({
          at: row.at.toISOString(),
          ip: row.ip,
          userAgent: row.user_agent,
          succeeded: row.succeeded,
        })),
        total,
        pageNum: page.pageNum,
        pageSize: page.pageSize,
      };
    },

    /**
     * Signs a staff member in. An enrolled authenticator, and every role that moves money or
     * manages staff, adds a TOTP code; such a role without one enrolls here: without a code the
     * answer is 10409 with the secret to scan, and the first valid code binds it.
     */
    async login(
      body: { username: string; password: string; totpCode?: string | undefined },
      client: { ip: string; userAgent: string },
    ) {
      const username = body.username.toLowerCase();
      const { ip } = client;
      const { isCaptchaRequired } = await throttle.check(0, username, ip);
      const operator = await store.findOperatorByUsername(deps.db, username);
      const isMatch = await deps.hasher.verify(operator?.password_hash, body.password);
      const recordAttempt = async (succeeded: boolean) => {
        if (operator) {
          await store.insertOperatorLogin(deps.db, {
            operatorId: operator.id,
            at: new Date(deps.clock.now()),
            ip,
            userAgent: client.userAgent.slice(0, userAgentLengthMax),
            succeeded,
          });
        }
      };
      // Operators have no captcha screen: past the failure threshold only the growing delays apply.
      if (!operator || !isMatch || !operator.is_active) {
        await recordAttempt(false);
        await throttle.recordFailure(0, username, ip);
        throw new AppError(10001, '用户名或密码错误', { isCaptchaRequired });
      }
      await throttle.recordSuccess(0, username, ip);
      try {
        await checkSecondFactor(operator, body.totpCode, ip);
      } catch (error) {
        // Asking for the code is no failed attempt; a wrong code is.
        if (body.totpCode !== undefined) {
          await recordAttempt(false);
        }
        throw error;
      }
      await recordAttempt(true);
      const token = newSessionToken();
      const nowMs = deps.clock.now();
      const absoluteExpiresAt = new Date(nowMs + operatorSessionPolicy.absoluteMs);
      await store.insertOperatorSession(deps.db, {
        tokenHash: hashToken(token),
        operatorId: operator.id,
        now: new Date(nowMs),
        idleExpiresAt: new Date(nowMs + operatorSessionPolicy.idleMs),
        absoluteExpiresAt,
      });
      return {
        token,
        expiresAt: absoluteExpiresAt.toISOString(),
        operator: {
          id: Number(operator.id),
          username: operator.username,
          role: operator.role,
          siteIds: operator.site_ids,
          permissions: [...operatorRolePermissions[operator.role]],
        },
      };
    },

    /**
     * The operator behind the request's token, acting on the request's site: 10004 unless the
     * token belongs to a live session of an active operator, 10001 when the operator does not
     * work on that site or the role lacks the permission the route declares.
     */
    async authenticate(
      request: { headers: Record<string, string | string[] | undefined>; siteId: number },
      permission: OperatorPermission,
    ): Promise<OperatorPrincipal> {
      const token = request.headers[headerNames.token];
      const session =
        typeof token === 'string' && token.length > 0 && token.length <= 128
          ? await store.findOperatorSession(deps.db, hashToken(token))
          : undefined;
      const nowMs = deps.clock.now();
      const isLive =
        session &&
        !session.ended_at &&
        session.is_active &&
        nowMs < session.idle_expires_at.getTime() &&
        nowMs < session.absolute_expires_at.getTime();
      if (!session || !isLive) {
        throw new AppError(10004);
      }
      if (!worksOnSite(session, request.siteId)) {
        throw new AppError(10001, '当前账号无权操作该站点', { siteId: request.siteId });
      }
      if (!roleHasPermission(session.role, permission)) {
        throw new AppError(10001, '当前账号无权执行此操作', { permission });
      }
      const idleExpiresMs = Math.min(
        nowMs + operatorSessionPolicy.idleMs,
        session.absolute_expires_at.getTime(),
      );
      await store.touchOperatorSession(deps.db, session.id, new Date(idleExpiresMs));
      return {
        operatorId: session.operator_id,
        username: session.username,
        role: session.role,
        siteId: request.siteId,
      };
    },

    async logout(request: { headers: Record<string, string | string[] | undefined> }) {
      const token = request.headers[headerNames.token];
      const session =
        typeof token === 'string' && token.length <= 128
          ? await store.findOperatorSession(deps.db, hashToken(token))
          : undefined;
      if (session && !session.ended_at) {
        await store.endOperatorSession(deps.db, session.id, new Date(deps.clock.now()));
      }
    },
  };
}
