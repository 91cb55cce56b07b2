import { type ClientType, type MemberInfo, maskPhone } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import type { AccessBlocks } from './access-blocks.ts';
import type { CaptchaService } from './captcha.ts';
import type { PasswordHasher } from './passwords.ts';
import * as store from './store.ts';
import type { OutboxChannel, OutboxPurpose } from './tables.ts';
import type { LoginThrottle } from './throttle.ts';

/** What the auth rules need from the node: stores, clock, the site rules and the shared helpers. */
export interface AuthContext {
  db: Db;
  security: SecurityStateStore;
  clock: Clock;
  sites: SiteService;
  hasher: PasswordHasher;
  captcha: CaptchaService;
  throttle: LoginThrottle;
  /** Counts two-factor codes wherever one is checked: login, switching it off, withdrawals. */
  twoFactorThrottle: LoginThrottle;
  jwtSecret: string;
  accessBlocks: AccessBlocks;
}

/** Who is calling, as the request guard established it. */
export interface CallerContext {
  siteId: number;
  deviceUuid: string;
  clientType: ClientType;
  ip: string;
}

export type { MemberPrincipal } from '../http/access.ts';

/** Operator blocks of this device or address: 10102, 6031 (one IP) or 6033 (a network). */
export async function assertAccessAllowed(
  ctx: AuthContext,
  caller: Pick<CallerContext, 'siteId' | 'deviceUuid' | 'ip'>,
): Promise<void> {
  const block = await ctx.accessBlocks.kindFor(caller.siteId, caller.deviceUuid, caller.ip);
  switch (block) {
    case undefined:
      return;
    case 'device':
      throw new AppError(10102);
    case 'ip':
      throw new AppError(6031, undefined, { ip: caller.ip });
    case 'network':
      throw new AppError(6033, undefined, { ip: caller.ip });
    default: {
      const unhandled: never = block;
      throw new Error(`unhandled block kind ${String(unhandled)}`);
    }
  }
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}

export function presentMember(member: store.MemberRow): MemberInfo {
  return {
    memberId: Number(member.id),
    username: member.username,
    phone: member.phone ? maskPhone(member.phone) : null,
    email: member.email ? maskEmail(member.email) : null,
    inviteCode: member.invite_code,
    isAgent: member.is_agent,
    isTotpEnabled: member.is_totp_enabled,
    registeredAt: member.created_at.toISOString(),
    lastLoginAt: member.last_login_at?.toISOString() ?? null,
  };
}

const purposeTexts: Record<OutboxPurpose, string> = {
  password_reset: '您正在找回密码',
  device_verification: '您正在新设备上登录',
};

/** The sandbox SMS / e-mail sender: messages land in the outbox table, which the operator API reads. */
export async function sendCode(
  ctx: AuthContext,
  message: {
    siteId: number;
    channel: OutboxChannel;
    recipient: string;
    purpose: OutboxPurpose;
    code: string;
  },
): Promise<void> {
  const title = (await ctx.sites.preInfo(message.siteId, '')).SiteBaseConfigVo.title.split(/\s/)[0] ?? '';
  await store.insertOutboxMessage(ctx.db, {
    siteId: message.siteId,
    channel: message.channel,
    recipient: message.recipient,
    purpose: message.purpose,
    body: `【${title}】${purposeTexts[message.purpose]}，验证码 ${message.code}，5分钟内有效。如非本人操作，请忽略并尽快修改密码。`,
    at: new Date(ctx.clock.now()),
  });
}
