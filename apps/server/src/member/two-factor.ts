import { totpPeriodSeconds } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { MemberPrincipal } from '../http/access.ts';
import { loadMember, type MemberContext } from './context.ts';
import * as store from './store.ts';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

const setupTtlMs = 10 * 60_000;
const setupKey = (memberId: bigint) => `totp:setup:${memberId}`;
const lastStepKey = (memberId: bigint) => `totp:last-step:${memberId}`;
const usedStepKey = (memberId: bigint, step: number) => `totp:used-step:${memberId}:${step}`;
/** A code is accepted one step either side of now, so a used step must be remembered for three. */
const replayWindowMs = 3 * totpPeriodSeconds * 1000;

/**
 * Checks a code against the member's secret (10409 when missing or wrong). Every code counts
 * in the two-factor throttle, per account and per IP: after five wrong ones the step answers
 * 6501 for a while, right code or not. A code's time step is remembered, so a code seen once
 * (over a shoulder, in a proxy) cannot be used again. `ip` is undefined for checks without a
 * request of their own.
 */
export async function verifyMemberTotp(
  ctx: MemberContext,
  member: store.MemberRow,
  code: string | undefined,
  ip: string | undefined,
) {
  if (!code || !member.totp_secret) {
    throw new AppError(10409, '请输入动态验证码', { isTotpRequired: true });
  }
  const attempt = await ctx.twoFactorThrottle.begin(member.site_id, String(member.id), ip);
  const step = matchTotpStep(member.totp_secret, code, ctx.clock.now());
  const lastStep = Number((await ctx.security.get(lastStepKey(member.id)))?.value ?? -1);
  // The claim makes the step's first use win even when two requests bring the same code at once.
  const isFirstUse =
    step !== undefined &&
    step > lastStep &&
    (await ctx.security.claim(usedStepKey(member.id, step), '1', replayWindowMs));
  if (step === undefined || !isFirstUse) {
    throw new AppError(10409, '动态验证码错误或已使用', { isTotpRequired: true });
  }
  await ctx.security.set(lastStepKey(member.id), String(step), replayWindowMs);
  await attempt.succeeded();
}

export async function setupTotp(ctx: MemberContext, principal: MemberPrincipal) {
  const member = await loadMember(ctx, principal.memberId);
  if (member.is_totp_enabled) {
    throw new AppError(10001, '两步验证已开启');
  }
  const secret = newTotpSecret();
  await ctx.security.set(setupKey(member.id), secret, setupTtlMs);
  const title =
    (await ctx.sites.preInfo(principal.siteId, '')).SiteBaseConfigVo.title.split(/\s/)[0] ?? 'site';
  return { secret, otpauthUrl: otpauthUrl(secret, title, member.username) };
}

export async function enableTotp(ctx: MemberContext, principal: MemberPrincipal, code: string) {
  const member = await loadMember(ctx, principal.memberId);
  const secret = (await ctx.security.get(setupKey(member.id)))?.value;
  if (member.is_totp_enabled || !secret) {
    throw new AppError(10409, '请重新开始设置两步验证');
  }
  await verifyMemberTotp(ctx, { ...member, totp_secret: secret }, code, undefined);
  await store.setTotp(ctx.db, member.id, secret, true);
  await ctx.security.delete(setupKey(member.id));
}

export async function disableTotp(
  ctx: MemberContext,
  principal: MemberPrincipal,
  body: { code: string; password: string },
) {
  const member = await loadMember(ctx, principal.memberId);
  if (!member.is_totp_enabled) {
    throw new AppError(10001, '两步验证未开启');
  }
  // A stolen session must not turn this form into an unthrottled password oracle.
  await ctx.passwordThrottle.check(member.site_id, member.username, undefined);
  if (!(await ctx.hasher.verify(member.password_hash, body.password))) {
    await ctx.passwordThrottle.recordFailure(member.site_id, member.username, undefined);
    throw new AppError(10001, '密码错误');
  }
  await verifyMemberTotp(ctx, member, body.code, undefined);
  await store.setTotp(ctx.db, member.id, null, false);
}

/** For withdrawals and other sensitive actions: a no-op unless the member switched two-factor on. */
export async function verifySecondFactor(ctx: MemberContext, memberId: bigint, code: string | undefined) {
  const member = await store.findMemberById(ctx.db, memberId);
  if (member?.is_totp_enabled) {
    await verifyMemberTotp(ctx, member, code, undefined);
  }
}
