import type { LoginResult } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { CallerContext, MemberPrincipal } from '../http/access.ts';
import type { MemberAccount } from '../member/service.ts';
import type { SessionContext } from './context.ts';
import * as store from './store.ts';
import type { SessionEndReason } from './tables.ts';
import { hashToken, newSessionToken, verifyJwt } from './tokens.ts';

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * A remembered session (the client keeps its cookie 365 days) still ends after 14 idle days or
 * 90 days in all; otherwise after 2 idle hours or 24 hours. Activity is written at most once a
 * minute, so a busy member does not cost a write per request.
 */
export const sessionPolicy = {
  idleMs: 2 * hourMs,
  absoluteMs: dayMs,
  rememberedIdleMs: 14 * dayMs,
  rememberedAbsoluteMs: 90 * dayMs,
  touchEveryMs: 60_000,
} as const;

const idleMsOf = (isRemembered: boolean) =>
  isRemembered ? sessionPolicy.rememberedIdleMs : sessionPolicy.idleMs;

export async function startMemberSession(
  ctx: SessionContext,
  caller: CallerContext,
  member: MemberAccount,
  isRemembered: boolean,
): Promise<LoginResult> {
  const token = newSessionToken();
  const nowMs = ctx.clock.now();
  const now = new Date(nowMs);
  const absoluteExpiresAt = new Date(
    nowMs + (isRemembered ? sessionPolicy.rememberedAbsoluteMs : sessionPolicy.absoluteMs),
  );
  const session: store.NewSession = {
    tokenHash: hashToken(token),
    memberId: member.id,
    siteId: caller.siteId,
    clientType: caller.clientType,
    deviceUuid: caller.deviceUuid,
    ip: caller.ip,
    isRemembered,
    now,
    idleExpiresAt: new Date(nowMs + idleMsOf(isRemembered)),
    absoluteExpiresAt,
  };
  const replacedSessionIds = await ctx.db.transaction().execute(async (tx) => {
    if ((await ctx.members.recordLogin(tx, member.id, now)) === 'blocked') {
      throw new AppError(10104);
    }
    return store.startSession(tx, session);
  });
  if (replacedSessionIds.length > 0) {
    await ctx.endedEvents.publish({ memberId: member.id, code: 6001, sessionIds: replacedSessionIds });
  }
  return {
    token,
    expiresAt: absoluteExpiresAt.toISOString(),
    member: ctx.members.present({ ...member, last_login_at: now }),
  };
}

/** The code a client gets for a session that was ended, so it can tell the player why. */
export function codeForEndedSession(reason: SessionEndReason): 6001 | 10105 | 10104 | 10004 {
  switch (reason) {
    case 'replaced':
      return 6001;
    case 'password_changed':
      return 10105;
    case 'blocked':
      return 10104;
    case 'logout':
      return 10004;
    default: {
      const unhandled: never = reason;
      throw new Error(`unhandled session end ${String(unhandled)}`);
    }
  }
}

/**
 * The signed-in member behind a token: 10004 without a live session, 6001 / 10105 / 10104 for a
 * session another login, a password change or a block ended, 10104 for a blocked account.
 */
export async function authenticate(
  ctx: SessionContext,
  caller: CallerContext,
  token: string | undefined,
): Promise<MemberPrincipal> {
  if (!token || token.length > 128) {
    throw new AppError(10004);
  }
  const session = await store.findSessionByTokenHash(ctx.db, hashToken(token));
  if (!session || session.site_id !== caller.siteId) {
    throw new AppError(10004);
  }
  assertSessionLive(ctx, session);
  const nowMs = ctx.clock.now();
  if (nowMs - session.last_seen_at.getTime() >= sessionPolicy.touchEveryMs) {
    const idleExpiresMs = Math.min(
      nowMs + idleMsOf(session.is_remembered),
      session.absolute_expires_at.getTime(),
    );
    await store.touchSession(ctx.db, session.id, new Date(nowMs), new Date(idleExpiresMs));
  }
  return { memberId: session.member_id, sessionId: session.id, siteId: session.site_id };
}

type SessionRow = NonNullable<Awaited<ReturnType<typeof store.findSessionById>>>;

function assertSessionLive(ctx: SessionContext, session: SessionRow) {
  // A block ends the member's sessions in its own transaction, and a login checks the status
  // under the member's row lock, so a live session never belongs to a blocked member.
  if (session.end_reason) {
    throw new AppError(codeForEndedSession(session.end_reason));
  }
  const nowMs = ctx.clock.now();
  if (nowMs >= session.idle_expires_at.getTime() || nowMs >= session.absolute_expires_at.getTime()) {
    throw new AppError(10004);
  }
}

/**
 * The member behind a socket login: the signed token from `socketToken`, issued to this device,
 * on a session still live (10004, or the code of the session's end).
 */
export async function authenticateSocket(
  ctx: SessionContext,
  token: string,
  deviceUuid: string,
): Promise<MemberPrincipal> {
  const claims = verifyJwt(token, ctx.jwtSecret, ctx.clock.now());
  if (!claims || claims.dev !== deviceUuid || !/^[1-9][0-9]{0,18}$/.test(claims.sid)) {
    throw new AppError(10004);
  }
  const session = await store.findSessionById(ctx.db, BigInt(claims.sid));
  if (!session || session.site_id !== claims.site || String(session.member_id) !== claims.sub) {
    throw new AppError(10004);
  }
  assertSessionLive(ctx, session);
  return { memberId: session.member_id, sessionId: session.id, siteId: session.site_id };
}

/** Logging out is idempotent: an unknown or already ended token is simply gone. */
export async function logout(ctx: SessionContext, caller: CallerContext, token: string | undefined) {
  if (!token || token.length > 128) {
    return;
  }
  const session = await store.findSessionByTokenHash(ctx.db, hashToken(token));
  if (session && session.site_id === caller.siteId) {
    await store.endSession(ctx.db, session.id, 'logout', new Date(ctx.clock.now()));
    await ctx.endedEvents.publish({ memberId: session.member_id, code: 10004, sessionIds: [session.id] });
  }
}
