import { AppError } from '../app-error.ts';
import type { MemberPrincipal } from '../http/access.ts';
import { loadMember, type MemberContext } from './context.ts';
import * as store from './store.ts';
import { newTotpSecret, otpauthUrl } from './totp.ts';

const setupTtlMs = 10 * 60_000;
const setupKey = (memberId: bigint) => `totp:setup:${memberId}`;

/** Checks a code against the member's secret; see `createTotpCheck` for throttling and replay. */
export async function verifyMemberTotp(
  ctx: MemberContext,
  member: store.MemberRow,
  code: string | undefined,
  ip: string | undefined,
) {
  await ctx.checkTotp({ siteId: member.site_id, id: member.id }, member.totp_secret, code, ip);
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
