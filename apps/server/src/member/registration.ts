import { randomBytes } from 'node:crypto';
import {
  globePhonePattern,
  type LoginResult,
  mainlandPhonePattern,
  type PreInfo,
  type ReferralParam,
  referralExpiryMs,
  type registerBodySchema,
  usernameRules,
} from '@site/contract';
import type { z } from 'zod';
import { AppError, validationError } from '../app-error.ts';
import { isUniqueViolation, withoutRowDetail } from '../db/errors.ts';
import type { CallerContext } from '../http/access.ts';
import type { MemberContext } from './context.ts';
import { assertAcceptablePassword } from './passwords.ts';
import * as store from './store.ts';
import type { ReferralParamColumn } from './tables.ts';

type RegisterInput = z.output<typeof registerBodySchema>;

/** Registrations from one IP within an hour before each further one needs a captcha. */
export const registrationRules = { freePerIpPerHour: 3, windowMs: 3_600_000 } as const;

/** Stored referral codes in the order they bind: an invite link beats a shared code. */
const referralOrder: readonly ReferralParam[] = ['invite_code', 'i_code', 'r_code', 'r_bet'];

export function normaliseUsername(username: string): string {
  if (!usernameRules.pattern.test(username)) {
    throw new AppError(6002, usernameRules.text);
  }
  return username.toLowerCase();
}

function normalisePhone(phone: string | undefined, site: PreInfo): string | null {
  if (!phone) {
    return null;
  }
  const compact = phone.replace(/[\s-]/g, '');
  const pattern = site.globePhoneNumber ? globePhonePattern : mainlandPhonePattern;
  if (!pattern.test(compact)) {
    throw validationError('phone', '手机号格式错误');
  }
  if (site.disablePhones.some((prefix) => compact.replace(/^\+?86/, '').startsWith(prefix))) {
    throw validationError('phone', '暂不支持该号段，请更换手机号');
  }
  return compact;
}

interface Referral {
  inviterId: bigint;
  param: ReferralParamColumn;
  isAgentReferral: boolean;
}

/**
 * A code typed into the form must exist; stored codes from links bind only while unexpired and
 * are skipped silently when unknown, so a stale link never blocks a registration.
 */
async function resolveReferral(ctx: MemberContext, siteId: number, body: RegisterInput) {
  const isAgentReferral = Boolean(body.agentVerify);
  if (body.inviteCode) {
    const inviter = await store.findMemberByInviteCode(ctx.db, siteId, body.inviteCode);
    if (!inviter) {
      throw validationError('inviteCode', '邀请码不存在');
    }
    return { inviterId: inviter.id, param: 'form', isAgentReferral } satisfies Referral;
  }
  const nowMs = ctx.clock.now();
  for (const param of referralOrder) {
    const entry = body.referralCodes[param];
    const isFresh = entry && entry.savedAt <= nowMs && nowMs - entry.savedAt <= referralExpiryMs[param];
    const inviter = isFresh ? await store.findMemberByInviteCode(ctx.db, siteId, entry.code) : undefined;
    if (inviter) {
      return { inviterId: inviter.id, param, isAgentReferral } satisfies Referral;
    }
  }
  return undefined;
}

async function assertRegistrationCaptcha(ctx: MemberContext, caller: CallerContext, body: RegisterInput) {
  const recent = Number((await ctx.security.get(`register:ip:${caller.siteId}:${caller.ip}`))?.value ?? 0);
  if (recent >= registrationRules.freePerIpPerHour || body.captchaId) {
    await ctx.captcha.verify(body.captchaId, body.captchaCode);
  }
}

export async function register(
  ctx: MemberContext,
  caller: CallerContext,
  body: RegisterInput,
): Promise<LoginResult> {
  const site = await ctx.sites.preInfo(caller.siteId, caller.ip);
  if (site.stopRegister) {
    throw new AppError(10001, '本站暂停注册，请稍后再来');
  }
  const username = normaliseUsername(body.username);
  assertAcceptablePassword(body.password, body.confirmPassword, username);
  const phone = normalisePhone(body.phone, site);
  const referral = await resolveReferral(ctx, caller.siteId, body);
  if (await store.findMemberByUsername(ctx.db, caller.siteId, username)) {
    throw new AppError(6002, '该用户名已被注册');
  }
  await assertRegistrationCaptcha(ctx, caller, body);
  const passwordHash = await ctx.hasher.hash(body.password);
  const member = await insertMemberRetryingInviteCode(ctx, {
    siteId: caller.siteId,
    username,
    passwordHash,
    phone,
    email: body.email?.toLowerCase() ?? null,
    referral,
  });
  await ctx.security.increment(`register:ip:${caller.siteId}:${caller.ip}`, registrationRules.windowMs);
  return ctx.sessions.start(caller, member, body.isRemember);
}

async function insertMemberRetryingInviteCode(
  ctx: MemberContext,
  input: {
    siteId: number;
    username: string;
    passwordHash: string;
    phone: string | null;
    email: string | null;
    referral: Referral | undefined;
  },
): Promise<store.MemberRow> {
  const now = new Date(ctx.clock.now());
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await store.insertMember(ctx.db, {
        site_id: input.siteId,
        username: input.username,
        password_hash: input.passwordHash,
        phone: input.phone,
        email: input.email,
        invite_code: randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8),
        inviter_member_id: input.referral?.inviterId ?? null,
        referral_param: input.referral?.param ?? null,
        is_agent_referral: input.referral?.isAgentReferral ?? false,
        password_changed_at: now,
        created_at: now,
        last_login_at: null,
      });
    } catch (error) {
      // Two players racing for one name: the loser gets the same answer as a taken name.
      if (isUniqueViolation(error, 'username')) {
        throw new AppError(6002, '该用户名已被注册');
      }
      if (!isUniqueViolation(error, 'invite_code') || attempt >= 3) {
        throw withoutRowDetail(error, 'member insert');
      }
    }
  }
}
