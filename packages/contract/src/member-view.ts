import { z } from 'zod';
import { recordQueryWith, walletSummarySchema, withdrawAccountSchema } from './cashier.ts';
import { pageQuery, sortQuery } from './http-schemas.ts';
import { identityStatusSchema } from './identity.ts';

/**
 * The console's view of members: search, a member's whole picture, and staff notes. Personal
 * data stays masked here as on the member's own pages; identity review shows it in full.
 */
export const memberSearchFields = ['username', 'phone', 'realName', 'ip', 'device', 'inviteCode'] as const;
export type MemberSearchField = (typeof memberSearchFields)[number];

/** What the console may sort found members by (the list's field names). */
export const memberSearchSortKeys = ['memberId', 'createdAt', 'lastLoginAt'] as const;
export type MemberSearchSortKey = (typeof memberSearchSortKeys)[number];

export const memberSearchBodySchema = pageQuery.extend({
  field: z.enum(memberSearchFields),
  value: z.string().trim().min(1, '请输入搜索内容').max(64, '搜索内容过长'),
  ...sortQuery(memberSearchSortKeys),
});

export const memberSummarySchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  /** Masked: 138****0000. */
  phone: z.string().nullable(),
  status: z.enum(['active', 'blocked']),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});

export const memberUsernameBodySchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64, '用户名过长'),
});

export const memberNoteBodySchema = memberUsernameBodySchema.extend({
  text: z.string().trim().min(1, '请输入备注').max(500, '备注最多500字'),
});

export const memberNoteSchema = z.object({
  id: z.number().int(),
  operatorUsername: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export const memberDetailSchema = z.object({
  profile: memberSummarySchema.extend({
    email: z.string().nullable(),
    blockedReason: z.string(),
    inviteCode: z.string(),
    inviterUsername: z.string().nullable(),
    isTotpEnabled: z.boolean(),
  }),
  identity: identityStatusSchema,
  wallet: walletSummarySchema,
  payoutAccounts: z.array(withdrawAccountSchema),
  notes: z.array(memberNoteSchema),
});

/** A staff action on a member's account: the reason goes to the audit log. */
export const memberActionBodySchema = memberUsernameBodySchema.extend({
  reason: z.string().trim().min(2, '请填写原因（至少2个字）').max(200, '原因最多200字'),
});

/**
 * A staff password reset: the old password stops working at once, every session ends, and a reset
 * code goes to the phone (else the e-mail) the member registered; the member sets the new password
 * on the site's 找回密码 page. Staff never see a password or the code.
 */
export const memberPasswordResetSchema = z.object({
  channel: z.enum(['sms', 'email']),
  /** Masked, as staff read it to the member: 138****0000. */
  recipient: z.string(),
});

export const memberLogoutResultSchema = z.object({
  sessionsEnded: z.number().int().describe('live sessions ended (0 when the member was signed out)'),
});

/** One page of a member's deposit or withdrawal orders, newest first. */
export const memberOrdersQuerySchema = pageQuery.extend(memberUsernameBodySchema.shape);

/** One page of a member's wallet entries from the ledger, optionally within [startTime, endTime). */
export const memberLedgerQuerySchema = recordQueryWith({
  ...memberUsernameBodySchema.shape,
  wallet: z.enum(['main', 'bonus']).default('main'),
});
