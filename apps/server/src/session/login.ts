import { type LoginResult, type loginBodySchema, usernameRules } from '@site/contract';
import type { z } from 'zod';
import { AppError } from '../app-error.ts';
import type { CallerContext } from '../http/access.ts';
import type { MemberAccount } from '../member/service.ts';
import type { SessionContext } from './context.ts';
import { startDeviceVerification } from './device-verification.ts';
import { startMemberSession } from './sessions.ts';
import * as store from './store.ts';

type LoginInput = z.output<typeof loginBodySchema>;

/** How many other accounts one device may sign in to within a day before logins from it are refused (6029). */
export const deviceAccountRules = { otherAccountsMax: 2, windowMs: 24 * 3_600_000 } as const;

export async function assertLoginOpen(ctx: SessionContext, caller: CallerContext): Promise<void> {
  const site = await ctx.sites.preInfo(caller.siteId, caller.ip);
  if (site.stopLogin) {
    throw new AppError(10001, '本站暂停登录，请稍后再来');
  }
}

/**
 * Password check behind the throttle: a captcha when failures pile up, growing delays for the
 * failing pair, IP and (from devices the account has not used) account, and a dummy hash for
 * unknown names so the answer time tells nothing.
 */
async function verifyCredentials(ctx: SessionContext, caller: CallerContext, body: LoginInput) {
  const username = body.username.toLowerCase();
  const member = usernameRules.pattern.test(username)
    ? await ctx.members.findByUsername(caller.siteId, username)
    : undefined;
  const options = {
    // Asked for unknown names too (no member has id 0), so the answer time tells nothing.
    isTrustedDevice: async () =>
      (await store.loginFamiliarity(ctx.db, member?.id ?? 0n, caller.ip, caller.deviceUuid)).isKnownDevice,
  };
  const { isCaptchaRequired } = await ctx.passwordThrottle.check(caller.siteId, username, caller.ip, options);
  if (isCaptchaRequired || body.captchaId) {
    await ctx.captcha.verify(body.captchaId, body.captchaCode);
  }
  const isMatch = await ctx.hasher.verify(member?.password_hash, body.password);
  if (!member || !isMatch) {
    const after = await ctx.passwordThrottle.recordFailure(caller.siteId, username, caller.ip);
    throw new AppError(10001, '用户名或密码错误', { isCaptchaRequired: after.isCaptchaRequired });
  }
  await ctx.passwordThrottle.recordSuccess(caller.siteId, username, caller.ip);
  return { member, isCaptchaSolved: Boolean(body.captchaId) };
}

/**
 * Checks after a correct password: a device shared by too many accounts (6029), two-factor,
 * then an unfamiliar IP or device: a code to the bound phone or e-mail when both are new
 * (6035), else a captcha (6025 / 6026 / 6027) unless one was just solved.
 */
async function assertLoginRisk(
  ctx: SessionContext,
  caller: CallerContext,
  member: MemberAccount,
  body: LoginInput & { isCaptchaSolved: boolean },
) {
  const since = new Date(ctx.clock.now() - deviceAccountRules.windowMs);
  const others = await store.countOtherMembersOnDevice(
    ctx.db,
    caller.siteId,
    caller.deviceUuid,
    since,
    member.id,
  );
  if (others > deviceAccountRules.otherAccountsMax) {
    throw new AppError(6029);
  }
  if (member.is_totp_enabled) {
    await ctx.members.verifyTotp(member, body.totpCode, caller.ip);
    return;
  }
  const seen = await store.loginFamiliarity(ctx.db, member.id, caller.ip, caller.deviceUuid);
  if (!seen.hasHistory || (seen.isKnownIp && seen.isKnownDevice)) {
    return;
  }
  const isAllNew = !seen.isKnownIp && !seen.isKnownDevice;
  if (isAllNew && (member.phone || member.email)) {
    throw await startDeviceVerification(ctx, caller, member, body.isRemember);
  }
  if (body.isCaptchaSolved) {
    return;
  }
  const code = isAllNew ? 6027 : seen.isKnownDevice ? 6025 : 6026;
  throw new AppError(code, undefined, { isCaptchaRequired: true });
}

export async function login(
  ctx: SessionContext,
  caller: CallerContext,
  body: LoginInput,
): Promise<LoginResult> {
  await assertLoginOpen(ctx, caller);
  const { member, isCaptchaSolved } = await verifyCredentials(ctx, caller, body);
  if (member.status === 'blocked') {
    throw new AppError(10104);
  }
  await assertLoginRisk(ctx, caller, member, { ...body, isCaptchaSolved });
  return startMemberSession(ctx, caller, member, body.isRemember);
}
