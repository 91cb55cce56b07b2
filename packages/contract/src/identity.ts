import { z } from 'zod';

/**
 * Real-name verification: a member's legal name and mainland resident ID number (GB 11643),
 * checked here on both sides, then verified by the site (the sandbox verifier decides at once).
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
