import { randomBytes } from 'node:crypto';
import { headerNames, type OperatorPermission, operatorPermissions } from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { PasswordHasher } from '../member/passwords.ts';
import { createLoginThrottle } from '../session/throttle.ts';
import { hashToken, newSessionToken } from '../session/tokens.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { createMemberRiskActions, type MemberRiskDeps } from './member-risk.ts';
import * as store from './store.ts';
import type { OperatorRole } from './tables.ts';

/** Operators work in shifts: a session ends after 30 idle minutes or 12 hours. */
export const operatorSessionPolicy = { idleMs: 30 * 60_000, absoluteMs: 12 * 3_600_000 } as const;
const operatorUsernamePattern = /^[a-z][a-z0-9_]{2,31}$/;

export type OperatorService = ReturnType<typeof createOperatorService>;

/**
 * What each operator role may do. Today there is one role with every permission; staff roles
 * (finance, risk, customer service …) add rows here, and every route already names its permission.
 */
const rolePermissions: Record<OperatorRole, ReadonlySet<OperatorPermission>> = {
  operator: new Set(operatorPermissions),
};

/**
 * Operator accounts (role `operator`): their own table, passwords and tokens, so a member token
 * can never reach the operator API and the reverse.
 */
export function createOperatorService(deps: {
  db: Db;
  security: SecurityStateStore;
  clock: Clock;
  hasher: PasswordHasher;
  risk: MemberRiskDeps;
}) {
  const throttle = createLoginThrottle(deps.security, deps.clock, 'operator-login');
  return {
    /** Member and access blocks, login records and the outbox, through the services handed in. */
    memberRisk: createMemberRiskActions(deps.risk),
    /** Creates an operator with a generated password, which only the caller ever sees. */
    async create(username: string): Promise<string> {
      if (!operatorUsernamePattern.test(username)) {
        throw validationError('username', '须为3-32位小写字母、数字或下划线，以字母开头');
      }
      if (await store.findOperatorByUsername(deps.db, username)) {
        throw validationError('username', '已存在');
      }
      const password = randomBytes(18).toString('base64url');
      await store.insertOperator(
        deps.db,
        username,
        await deps.hasher.hash(password),
        new Date(deps.clock.now()),
      );
      return password;
    },

    async login(body: { username: string; password: string }, ip: string) {
      const username = body.username.toLowerCase();
      const { isCaptchaRequired } = await throttle.check(0, username, ip);
      const operator = await store.findOperatorByUsername(deps.db, username);
      const isMatch = await deps.hasher.verify(operator?.password_hash, body.password);
      // Operators have no captcha screen: past the failure threshold only the growing delays apply.
      if (!operator || !isMatch || !operator.is_active) {
        await throttle.recordFailure(0, username, ip);
        throw new AppError(10001, '用户名或密码错误', { isCaptchaRequired });
      }
      await throttle.recordSuccess(0, username, ip);
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
        operator: { id: Number(operator.id), username: operator.username, role: 'operator' as const },
      };
    },

    /**
     * The operator behind the request's token, acting on the request's site: 10004 unless the
     * token belongs to a live session of an active operator, 10001 when the operator's role
     * lacks the permission the route declares.
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
      if (!rolePermissions[session.role].has(permission)) {
        throw new AppError(10001, '当前账号无权执行此操作', { permission });
      }
      const idleExpiresMs = Math.min(
        nowMs + operatorSessionPolicy.idleMs,
        session.absolute_expires_at.getTime(),
      );
      await store.touchOperatorSession(deps.db, session.id, new Date(idleExpiresMs));
      return { operatorId: session.operator_id, username: session.username, siteId: request.siteId };
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
