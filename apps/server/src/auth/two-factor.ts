import { AppError } from '../app-error.ts';
import type { AuthContext, MemberPrincipal } from './context.ts';
import * as store from './store.ts';
import { matchTotpStep, newTotpSecret, otpauthUrl } from './totp.ts';

const setupTtlMs = 10 * 60_000;
const setupKey = (memberId: bigint) => `totp:setup:${memberId}`;
const lastStepKey = (memberId: bigint) => `totp:last-step:${memberId}`;

async function loadMember(ctx: AuthContext, principal: MemberPrincipal) {
  const member = await store.findMemberById(ctx.db, principal.memberId);
  if (!member) {
    throw new AppError(10004);
  }
  return member;
}

/**
 * Checks a code against the member's secret (10409 when missing or wrong). A code's time step
 * is remembered, so a code seen once (over a shoulder, in a proxy) cannot be used again.
 */
export async function verifyMemberTotp(ctx: AuthContext, member: store.MemberRow, code: string | undefined) {
  if (!code || !member.totp_secret) {
    throw new AppError(10409, '请输入动态验证码', { isTotpRequired: true });
  }
  const step = matchTotpStep(member.totp_secret, code, ctx.clock.now());
  const lastStep = Number((await ctx.cache.get(lastStepKey(member.id)))?.value ?? -1);
  if (step === undefined || step <= lastStep) {
    throw new AppError(10409, '动态验证码错误或已使用', { isTotpRequired: true });
  }
  await ctx.cache.set(lastStepKey(member.id), String(step), 3 * 30_000);
}

export async function setupTotp(ctx: AuthContext, principal: MemberPrincipal) {
  const member = await loadMember(ctx, principal);
  if (member.is_totp_enabled) {
    throw new AppError(10001, '两步验证已开启');
  }
  const secret = newTotpSecret();
  await ctx.cache.set(setupKey(member.id), secret, setupTtlMs);
  const title =
    (await ctx.sites.preInfo(principal.siteId, '')).SiteBaseConfigVo.title.split(/\s/)[0] ?? 'site';
  return { secret, otpauthUrl: otpauthUrl(secret, title, member.username) };
}

export async function enableTotp(ctx: AuthContext, principal: MemberPrincipal, code: string) {
  const member = await loadMember(ctx, principal);
  const secret = (await ctx.cache.get(setupKey(member.id)))?.value;
  if (member.is_totp_enabled || !secret) {
    throw new AppError(10409, '请重新开始设置两步验证');
  }
  await verifyMemberTotp(ctx, { ...member, totp_secret: secret }, code);
  await store.setTotp(ctx.db, member.id, secret, true);
  await ctx.cache.delete(setupKey(member.id));
}

export async function disableTotp(
  ctx: AuthContext,
  principal: MemberPrincipal,
  body: { code: string; password: string },
) {
  const member = await loadMember(ctx, principal);
  if (!member.is_totp_enabled) {
    throw new AppError(10001, '两步验证未开启');
  }
  if (!(await ctx.hasher.verify(member.password_hash, body.password))) {
    throw new AppError(10001, '密码错误');
  }
  await verifyMemberTotp(ctx, member, body.code);
  await store.setTotp(ctx.db, member.id, null, false);
}

/** For withdrawals and other sensitive actions: a no-op unless the member switched two-factor on. */
export async function verifySecondFactor(ctx: AuthContext, memberId: bigint, code: string | undefined) {
  const member = await store.findMemberById(ctx.db, memberId);
  if (member?.is_totp_enabled) {
    await verifyMemberTotp(ctx, member, code);
  }
}
