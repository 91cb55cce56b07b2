import { z } from 'zod';
import { int4Max } from './http.ts';
import { int8IdSchema, pageQuery, sortQuery } from './http-schemas.ts';

/**
 * Real-name verification: a member's legal name and mainland resident ID number (GB 11643),
 * checked here on both sides, then decided by the site's staff in the review queue (in sandbox
 * mode a site may let the sandbox verifier approve adults at once). Minors are refused at once.
 */
const residentIdWeights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const residentIdCheckChars = '10X98765432';

/** The birth date an 18-digit resident ID number carries, or undefined when it is no real date. */
export function residentIdBirthDate(
  idNumber: string,
): { year: number; month: number; day: number } | undefined {
  const year = Number(idNumber.slice(6, 10));
  const month = Number(idNumber.slice(10, 12));
  const day = Number(idNumber.slice(12, 14));
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal =
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day;
  return isReal ? { year, month, day } : undefined;
}

/** GB 11643-1999: 17 digits (area code, birth date, sequence) and a mod 11-2 check character. */
export function isValidResidentId(value: string): boolean {
  const idNumber = value.toUpperCase();
  if (!/^[1-9][0-9]{16}[0-9X]$/.test(idNumber) || residentIdBirthDate(idNumber) === undefined) {
    return false;
  }
  let sum = 0;
  for (const [index, weight] of residentIdWeights.entries()) {
    sum += Number(idNumber[index]) * weight;
  }
  return residentIdCheckChars[sum % 11] === idNumber[17];
}

/** Whole years of age on `nowMs` (UTC dates) for a valid resident ID number. */
export function residentIdAgeYears(idNumber: string, nowMs: number): number {
  const birth = residentIdBirthDate(idNumber);
  if (!birth) {
    return 0;
  }
  const now = new Date(nowMs);
  const hasHadBirthday =
    now.getUTCMonth() + 1 > birth.month ||
    (now.getUTCMonth() + 1 === birth.month && now.getUTCDate() >= birth.day);
  return now.getUTCFullYear() - birth.year - (hasHadBirthday ? 0 : 1);
}

/** Chinese names, with · between the parts of a transliterated name. */
export const realNamePattern = /^[\u4e00-\u9fa5]+(?:·[\u4e00-\u9fa5]+)*$/;

export const identityRules = {
  realNameText: '请输入身份证上的中文姓名',
  idNumberText: '请输入18位居民身份证号码',
  adultAgeYears: 18,
} as const;

export function maskRealName(name: string): string {
  const characters = [...name];
  return characters.length <= 1 ? '*' : `${'*'.repeat(characters.length - 1)}${characters.at(-1) ?? ''}`;
}

export function maskIdNumber(idNumber: string): string {
  return `${idNumber.slice(0, 3)}${'*'.repeat(Math.max(0, idNumber.length - 7))}${idNumber.slice(-4)}`;
}

export const identitySubmitBodySchema = z.object({
  realName: z
    .string()
    .trim()
    .min(2, identityRules.realNameText)
    .max(30)
    .regex(realNamePattern, '姓名只能是中文'),
  idNumber: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .refine(isValidResidentId, '身份证号码有误，请核对'),
});
export type IdentitySubmitBody = z.input<typeof identitySubmitBodySchema>;

export const identityStatuses = ['none', 'pending', 'approved', 'rejected'] as const;
export type IdentityStatus = (typeof identityStatuses)[number];

export const identityStatusSchema = z.object({
  status: z.enum(identityStatuses),
  realName: z.string().nullable().describe('masked'),
  idNumber: z.string().nullable().describe('masked'),
  reason: z.string().describe('why it was rejected; empty otherwise'),
  submittedAt: z.string().nullable().describe('ISO-8601 UTC time'),
  reviewedAt: z.string().nullable().describe('ISO-8601 UTC time'),
});
export type IdentityStatusView = z.infer<typeof identityStatusSchema>;

/**
 * Identity review (实名审核) for staff: the site's submissions with name and ID number in full, as
 * a reviewer must compare them. A decision names the submission it saw (`submissionNo` counts the
 * member's submissions), so a resubmission after a rejection is never decided unseen.
 */
export const identityReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export type IdentityReviewStatus = (typeof identityReviewStatuses)[number];

/** What the console may sort the review list by (the list's field names). */
export const identityReviewSortKeys = ['submittedAt', 'reviewedAt'] as const;
export type IdentityReviewSortKey = (typeof identityReviewSortKeys)[number];

export const identityReviewQuerySchema = pageQuery.extend({
  status: z.enum(identityReviewStatuses).optional(),
  username: z.string().trim().min(1).max(64, '用户名过长').optional(),
  ...sortQuery(identityReviewSortKeys),
});

export const identityReviewEntrySchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  submissionNo: z.number().int(),
  realName: z.string(),
  idNumber: z.string(),
  ageYears: z.number().int().describe('whole years on the day listed, from the ID number'),
  status: z.enum(identityReviewStatuses),
  reason: z.string().describe('why it was rejected; empty otherwise'),
  submittedAt: z.string().describe('ISO-8601 UTC time'),
  reviewedAt: z.string().nullable().describe('ISO-8601 UTC time'),
  reviewer: z
    .string()
    .nullable()
    .describe('the staff member who decided; null while pending or when automatic'),
});
export type IdentityReviewEntry = z.infer<typeof identityReviewEntrySchema>;

const reviewTarget = {
  memberId: int8IdSchema,
  submissionNo: z.int().min(1).max(int4Max),
};

export const identityApproveBodySchema = z.object({
  ...reviewTarget,
  reason: z.string().trim().max(200, '备注最多200字').default('').describe('kept in the audit log only'),
});

export const identityRejectBodySchema = z.object({
  ...reviewTarget,
  reason: z
    .string()
    .trim()
    .min(2, '请填写拒绝原因（至少2个字）')
    .max(200, '原因最多200字')
    .describe('shown to the member'),
});

/**
 * How a site decides submissions: by staff in the review queue, or (sandbox only, where no real
 * identity check exists) at once by the sandbox verifier. Minors are refused at once either way.
 */
export const identityReviewRuleSchema = z.object({
  isManualReview: z.boolean(),
  isAutoReviewAvailable: z.boolean().describe('false outside sandbox mode: every submission waits for staff'),
});

export const identityReviewRuleBodySchema = z.object({ isManualReview: z.boolean() });
