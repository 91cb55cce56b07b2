import { randomBytes } from 'node:crypto';
import { type LoginResult, maskEmail, maskPhone, verificationCodeLength } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { CallerContext } from '../http/access.ts';
import type { MemberAccount } from '../member/service.ts';
import type { SessionContext } from './context.ts';
import { startMemberSession } from './sessions.ts';
import { hashSecretFor, isSameHash, randomDigits } from './tokens.ts';

/**
 * A login from a new device and a new IP, for a member with a phone or e-mail, finishes only
 * with a code sent there. The ticket that ties the steps together lives in the security state.
 */
export const deviceVerificationRules = {
  ticketTtlMs: 15 * 60_000,
  codeTtlMs: 5 * 60_000,
  attemptsMax: 5,
  sendsPerTicketMax: 3,
  startsPerMemberPerHour: 5,
  lockMs: 15 * 60_000,
} as const;

interface Ticket {
  memberId: string;
  siteId: number;
  deviceUuid: string;
  isRemembered: boolean;
  channel: 'sms' | 'email';
  recipient: string;
  codeHash: string;
  codeExpiresAtMs: number;
  sendCount: number;
}

const ticketKey = (ticket: string) => `device-verify:ticket:${ticket}`;
const attemptsKey = (ticket: string) => `device-verify:attempts:${ticket}`;
const lockKey = (memberId: string) => `device-verify:lock:${memberId}`;
const maskRecipient = (ticket: Ticket) =>
  ticket.channel === 'sms' ? maskPhone(ticket.recipient) : maskEmail(ticket.recipient);

async function assertNotLocked(ctx: SessionContext, memberId: string) {
  if (await ctx.security.get(lockKey(memberId))) {
    throw new AppError(6037);
  }
}

async function sendTicketCode(ctx: SessionContext, ticketId: string, ticket: Ticket, ttlMs: number) {
  const code = randomDigits(verificationCodeLength);
  const saved: Ticket = {
    ...ticket,
    codeHash: hashSecretFor(ticketId, code),
    codeExpiresAtMs: ctx.clock.now() + deviceVerificationRules.codeTtlMs,
    sendCount: ticket.sendCount + 1,
  };
  await ctx.security.set(ticketKey(ticketId), JSON.stringify(saved), ttlMs);
  await ctx.outbox.sendCode({ ...ticket, purpose: 'device_verification', code });
  return { destination: maskRecipient(saved), expiresAt: new Date(saved.codeExpiresAtMs).toISOString() };
}

/** Returns the 6035 answer the login throws: it carries the ticket and where the code went. */
export async function startDeviceVerification(
  ctx: SessionContext,
  caller: CallerContext,
  member: MemberAccount,
  isRemembered: boolean,
): Promise<AppError> {
  const memberId = String(member.id);
  await assertNotLocked(ctx, memberId);
  const starts = await ctx.security.increment(`device-verify:starts:${memberId}`, 3_600_000);
  if (starts > deviceVerificationRules.startsPerMemberPerHour) {
    return new AppError(6039);
  }
  const ticketId = randomBytes(18).toString('base64url');
  const channel = member.phone ? 'sms' : 'email';
  const ticket: Ticket = {
    memberId,
    siteId: caller.siteId,
    deviceUuid: caller.deviceUuid,
    isRemembered,
    channel,
    recipient: (channel === 'sms' ? member.phone : member.email) ?? '',
    codeHash: '',
    codeExpiresAtMs: 0,
    sendCount: 0,
  };
  const sent = await sendTicketCode(ctx, ticketId, ticket, deviceVerificationRules.ticketTtlMs);
  return new AppError(6035, `新设备登录需要验证，验证码已发送至 ${sent.destination}`, {
    ticket: ticketId,
    ...sent,
  });
}

/** The ticket for this device: 6038 once it has expired, 6035 when it belongs to another device. */
async function readTicket(ctx: SessionContext, caller: CallerContext, ticketId: string) {
  const entry = await ctx.security.get(ticketKey(ticketId));
  if (!entry) {
    throw new AppError(6038);
  }
  const ticket = JSON.parse(entry.value) as Ticket;
  if (ticket.deviceUuid !== caller.deviceUuid || ticket.siteId !== caller.siteId) {
    throw new AppError(6035);
  }
  return { ticket, expiresAtMs: entry.expiresAtMs };
}

export async function resendDeviceCode(ctx: SessionContext, caller: CallerContext, ticketId: string) {
  const { ticket, expiresAtMs } = await readTicket(ctx, caller, ticketId);
  await assertNotLocked(ctx, ticket.memberId);
  if (ticket.sendCount >= deviceVerificationRules.sendsPerTicketMax) {
    throw new AppError(6039);
  }
  return sendTicketCode(ctx, ticketId, ticket, Math.max(1_000, expiresAtMs - ctx.clock.now()));
}

export async function finishDeviceVerification(
  ctx: SessionContext,
  caller: CallerContext,
  body: { ticket: string; code: string },
): Promise<LoginResult> {
  const { ticket } = await readTicket(ctx, caller, body.ticket);
  await assertNotLocked(ctx, ticket.memberId);
  if (ctx.clock.now() >= ticket.codeExpiresAtMs) {
    throw new AppError(6038);
  }
  if (!isSameHash(ticket.codeHash, hashSecretFor(body.ticket, body.code))) {
    const attempts = await ctx.security.increment(
      attemptsKey(body.ticket),
      deviceVerificationRules.ticketTtlMs,
    );
    if (attempts >= deviceVerificationRules.attemptsMax) {
      await ctx.security.delete(ticketKey(body.ticket));
      await ctx.security.set(lockKey(ticket.memberId), '1', deviceVerificationRules.lockMs);
      throw new AppError(6037);
    }
    throw new AppError(6036, undefined, { attemptsLeft: deviceVerificationRules.attemptsMax - attempts });
  }
  if ((await ctx.security.take(ticketKey(body.ticket))) === undefined) {
    throw new AppError(6038);
  }
  const member = await ctx.members.findById(BigInt(ticket.memberId));
  if (!member || member.status === 'blocked') {
    throw new AppError(10104);
  }
  return startMemberSession(ctx, caller, member, ticket.isRemembered);
}
