import { z } from 'zod';
import { passwordRules, totpDigits, verificationCodeLength } from './auth-rules.ts';
import { referralParams } from './constants.ts';
import { operatorPermissions, operatorRoles } from './staff.ts';

/**
 * Accounts, sessions and account security: the rules the registration form shows and the
 * payloads of the member and operator auth routes.
 */
const isoTime = z.string().describe('ISO-8601 UTC time');
const captchaFields = {
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(16).optional(),
};
const newPasswordSchema = z
  .string()
  .min(passwordRules.lengthMin, `密码至少${passwordRules.lengthMin}位`)
  .max(passwordRules.lengthMax, `密码最多${passwordRules.lengthMax}位`);
/** A password being checked, not chosen: any length up to a bound, so old rules never lock anyone out. */
const givenPasswordSchema = z.string().min(1, '请输入密码').max(256, '密码过长');
const givenUsernameSchema = z.string().trim().min(1, '请输入用户名').max(64, '用户名过长');
const digitCodeSchema = (digits: number) =>
  z.string().regex(new RegExp(`^[0-9]{${digits}}$`), `验证码为${digits}位数字`);

const referralEntrySchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '推荐码格式错误'),
  savedAt: z.number().int().nonnegative().describe('when the client stored the code, ms since epoch'),
});

export const referralCodesSchema = z
  .object(Object.fromEntries(referralParams.map((param) => [param, referralEntrySchema.optional()])))
  .describe('referral codes stored from i_code, r_code, r_bet, invite_code; expired ones are ignored');

export const registerBodySchema = z.object({
  username: givenUsernameSchema,
  password: newPasswordSchema,
  confirmPassword: z.string().max(256),
  phone: z.string().trim().max(20).optional(),
  email: z.email('邮箱格式错误').max(254).optional(),
  inviteCode: z.string().trim().max(32).optional(),
  referralCodes: referralCodesSchema.default({}),
  agentVerify: z.string().max(64).optional(),
  isAdultConfirmed: z.literal(true, '请确认您已年满18周岁并同意用户协议'),
  isRemember: z.boolean().default(false),
  ...captchaFields,
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  username: givenUsernameSchema,
  password: givenPasswordSchema,
  isRemember: z.boolean().default(false),
  totpCode: digitCodeSchema(totpDigits).optional(),
  ...captchaFields,
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const memberInfoSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  phone: z.string().nullable().describe('masked'),
  email: z.string().nullable().describe('masked'),
  inviteCode: z.string().describe("the member's own code to invite friends"),
  isAgent: z.boolean(),
  isTotpEnabled: z.boolean(),
  registeredAt: isoTime,
  lastLoginAt: isoTime.nullable(),
  lockMoney: z.string().optional().describe('money held (withdrawals, pending bets), yuan; only when asked'),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string().describe('send in the token header'),
  expiresAt: isoTime.describe('absolute expiry; an idle session ends earlier'),
  member: memberInfoSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const captchaSchema = z.object({
  captchaId: z.string(),
  image: z.string().describe('data:image/png;base64 URL'),
  expiresAt: isoTime,
});
export type Captcha = z.infer<typeof captchaSchema>;

export const deviceVerifyBodySchema = z.object({
  ticket: z.string().min(1).max(64),
  code: digitCodeSchema(verificationCodeLength),
});
export const deviceVerifyResendSchema = z.object({ ticket: z.string().min(1).max(64) });
export const codeSentSchema = z.object({
  destination: z.string().describe('masked phone or e-mail the code went to'),
  expiresAt: isoTime,
});

export const changePasswordBodySchema = z.object({
  oldPassword: givenPasswordSchema,
  password: newPasswordSchema,
  confirmPassword: z.string().max(256),
});

export const forgotPasswordSendBodySchema = z.object({
  username: givenUsernameSchema,
  channel: z.enum(['sms', 'email']),
  destination: z.string().trim().min(1, '请输入手机号或邮箱').max(254),
  ...captchaFields,
});
export const forgotPasswordResetBodySchema = z.object({
  username: givenUsernameSchema,
  code: digitCodeSchema(verificationCodeLength),
  password: newPasswordSchema,
  confirmPassword: z.string().max(256),
});

export const totpSetupSchema = z.object({
  secret: z.string().describe('base32, for manual entry'),
  otpauthUrl: z.string().describe('otpauth:// URL for a QR code'),
});
export const totpEnableBodySchema = z.object({ code: digitCodeSchema(totpDigits) });
export const totpDisableBodySchema = z.object({
  code: digitCodeSchema(totpDigits),
  password: givenPasswordSchema,
});

export const loginRecordSchema = z.object({
  loginAt: isoTime,
  ip: z.string(),
  deviceUuid: z.string(),
  clientType: z.string(),
});

export const socketTokenSchema = z.object({
  token: z.string().describe('signed token for the socket login message'),
  expiresAt: isoTime,
});

export const blockKinds = ['member', 'device', 'ip'] as const;
export type BlockKind = (typeof blockKinds)[number];

export const staffLoginBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(256),
  totpCode: digitCodeSchema(totpDigits).optional(),
});

export const operatorLoginResultSchema = z.object({
  token: z.string(),
  expiresAt: isoTime,
  operator: z.object({
    id: z.number().int(),
    username: z.string(),
    role: z.enum(operatorRoles),
    /** Empty for 超级管理员, who works on every site. */
    siteIds: z.array(z.number().int()),
    permissions: z.array(z.enum(operatorPermissions)),
  }),
});

export const blockBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('member'),
    value: givenUsernameSchema,
    reason: z.string().max(200).default(''),
  }),
  z.object({
    kind: z.literal('device'),
    value: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, '设备标识格式错误'),
    reason: z.string().max(200).default(''),
  }),
  z.object({
    kind: z.literal('ip'),
    value: z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], 'IP 或网段格式错误'),
    reason: z.string().max(200).default(''),
  }),
]);
export const unblockBodySchema = z.object({ kind: z.enum(blockKinds), value: z.string().min(1).max(64) });

export const blockEntrySchema = z.object({
  kind: z.enum(blockKinds),
  value: z.string(),
  reason: z.string(),
  createdAt: isoTime,
});

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  recipient: z.string(),
  purpose: z.string(),
  body: z.string(),
  createdAt: isoTime,
});
