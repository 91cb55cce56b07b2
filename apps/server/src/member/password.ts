import { randomBytes } from 'node:crypto';
import { maskEmail, maskPhone, verificationCodeLength } from '@site/contract';
import type { Transaction } from 'kysely';
import { AppError } from '../app-error.ts';
import type { Database } from '../db/schema.ts';
import type { CallerContext, MemberPrincipal } from '../http/access.ts';
import { hashSecretFor, isSameHash, randomDigits } from '../session/tokens.ts';
import { loadMember, type MemberContext } from './context.ts';
import { assertAcceptablePassword } from './passwords.ts';
import * as store from './store.ts';

export const passwordResetRules = {
  codeTtlMs: 5 * 60_000,
  attemptsMax: 5,
  resendAfterMs: 60_000,
  sendsPerIpPerHour: 10,
} as const;

const codeKey = (siteId: number, username: string) => `password-reset:code:${siteId}:${username}`;
const attemptsKey = (siteId: number, username: string) => `password-reset:attempts:${siteId}:${username}`;

/** Stores the new hash and ends sessions in one transaction; ended sessions then answer 10105. */
async function replacePassword(
  ctx: MemberContext,
  memberId: bigint,
  password: string,
  keptSessionId?: bigint,
) {
  const passwordHash = await ctx.hasher.hash(password);
  const now = new Date(ctx.clock.now());
  const ended = await ctx.db.transaction().execute(async (tx) => {
    await store.updatePasswordHash(tx, memberId, passwordHash, now);
    return ctx.sessions.endAll(tx, memberId, 'password_changed', keptSessionId);
  });
  await ended.announce();
}

export async function changePassword(
  ctx: MemberContext,
  caller: CallerContext,
  principal: MemberPrincipal,
  body: { oldPassword: string; password: string; confirmPassword: string },
) {
  const member = await loadMember(ctx, principal.memberId);
  assertAcceptablePassword(body.password, body.confirmPassword, member.username);
  await ctx.passwordThrottle.check(caller.siteId, member.username, caller.ip);
  if (!(await ctx.hasher.verify(member.password_hash, body.oldPassword))) {
    await ctx.passwordThrottle.recordFailure(caller.siteId, member.username, caller.ip);
    throw new AppError(10001, '原密码错误');
  }
  await replacePassword(ctx, member.id, body.password, principal.sessionId);
}

/**
 * Sends a reset code only when the username and the phone or e-mail belong together, and
 * answers the same either way, so the form reveals neither accounts nor their contacts.
 */
export async function sendPasswordResetCode(
  ctx: MemberContext,
  caller: CallerContext,
  body: {
    username: string;
    channel: 'sms' | 'email';
    destination: string;
    captchaId?: string | undefined;
    captchaCode?: string | undefined;
  },
) {
  await ctx.captcha.verify(body.captchaId, body.captchaCode);
  const destination =
    body.channel === 'email' ? body.destination.toLowerCase() : body.destination.replace(/[\s-]/g, '');
  const sendsFromIp = await ctx.security.increment(
    `password-reset:ip:${caller.siteId}:${caller.ip}`,
    3_600_000,
  );
  const sendsToDestination = await ctx.security.increment(
    `password-reset:to:${caller.siteId}:${destination}`,
    passwordResetRules.resendAfterMs,
  );
  if (sendsFromIp > passwordResetRules.sendsPerIpPerHour || sendsToDestination > 1) {
    throw new AppError(6501);
  }
  const username = body.username.toLowerCase();
  const member = await store.findMemberByUsername(ctx.db, caller.siteId, username);
  const contact = body.channel === 'sms' ? member?.phone : member?.email;
  if (member && contact === destination) {
    await sendResetCode(ctx, caller.siteId, username, { channel: body.channel, recipient: destination });
  }
  return { resendAfterMs: passwordResetRules.resendAfterMs };
}

/** A fresh reset code for the account, stored hashed, sent to the recipient; `resetPassword` takes it. */
async function sendResetCode(
  ctx: MemberContext,
  siteId: number,
  username: string,
  to: { channel: 'sms' | 'email'; recipient: string },
) {
  const code = randomDigits(verificationCodeLength);
  await ctx.security.set(
    codeKey(siteId, username),
    hashSecretFor(username, code),
    passwordResetRules.codeTtlMs,
  );
  await ctx.security.delete(attemptsKey(siteId, username));
  await ctx.outbox.sendCode({ siteId, ...to, purpose: 'password_reset', code });
}

export type StaffPasswordReset =
  | { outcome: 'unknown_member' }
  | { outcome: 'no_contact' }
  | { outcome: 'sent'; username: string; channel: 'sms' | 'email'; maskedRecipient: string };

/**
 * A staff reset (a taken-over account, a member who lost access): the password becomes a random
 * one nobody knows and every session ends, in one transaction with `alsoInTransaction` (the audit
 * entry); then a reset code goes to the phone, else the e-mail, on file, and the member sets a new
 * password on the 找回密码 page. No credential passes through staff. A member with neither contact
 * is refused before anything changes.
 */
export async function resetPasswordByStaff(
  ctx: MemberContext,
  siteId: number,
  username: string,
  alsoInTransaction: (tx: Transaction<Database>, sent: { channel: 'sms' | 'email' }) => Promise<void>,
): Promise<StaffPasswordReset> {
  const member = await store.findMemberByUsername(ctx.db, siteId, username.toLowerCase());
  if (!member) {
    return { outcome: 'unknown_member' };
  }
  const to = member.phone
    ? { channel: 'sms' as const, recipient: member.phone }
    : member.email
      ? { channel: 'email' as const, recipient: member.email }
      : undefined;
  if (!to) {
    return { outcome: 'no_contact' };
  }
  const passwordHash = await ctx.hasher.hash(randomBytes(32).toString('base64url'));
  const ended = await ctx.db.transaction().execute(async (tx) => {
    await store.updatePasswordHash(tx, member.id, passwordHash, new Date(ctx.clock.now()));
    const sessions = await ctx.sessions.endAll(tx, member.id, 'password_changed');
    await alsoInTransaction(tx, { channel: to.channel });
    return sessions;
  });
  await ended.announce();
  await sendResetCode(ctx, siteId, member.username, to);
  const maskedRecipient = to.channel === 'sms' ? maskPhone(to.recipient) : maskEmail(to.recipient);
  return { outcome: 'sent', username: member.username, channel: to.channel, maskedRecipient };
}

/** 10409 for a wrong, used or expired code; the code dies after five wrong tries. */
export async function resetPassword(
  ctx: MemberContext,
  caller: CallerContext,
  body: { username: string; code: string; password: string; confirmPassword: string },
) {
  const username = body.username.toLowerCase();
  assertAcceptablePassword(body.password, body.confirmPassword, username);
  const stored = (await ctx.security.get(codeKey(caller.siteId, username)))?.value;
  if (!stored) {
    throw new AppError(10409);
  }
  if (!isSameHash(stored, hashSecretFor(username, body.code))) {
    const attempts = await ctx.security.increment(
      attemptsKey(caller.siteId, username),
      passwordResetRules.codeTtlMs,
    );
    if (attempts >= passwordResetRules.attemptsMax) {
      await ctx.security.delete(codeKey(caller.siteId, username));
    }
    throw new AppError(10409);
  }
  const member = await store.findMemberByUsername(ctx.db, caller.siteId, username);
  if ((await ctx.security.take(codeKey(caller.siteId, username))) === undefined || !member) {
    throw new AppError(10409);
  }
  await replacePassword(ctx, member.id, body.password);
  await ctx.security.delete(attemptsKey(caller.siteId, username));
}
