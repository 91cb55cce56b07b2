import { z } from 'zod';
import { pageQuery } from './http-schemas.ts';

/**
 * Linked accounts (关联账户) for risk staff: members of one site who signed in from the same device
 * or IP address, or bound the same payout account (any kind, the number compared). A payout
 * account shows as its kind or bank and last four digits, never in full.
 */
export const linkKinds = ['device', 'ip', 'payoutAccount'] as const;
export type LinkKind = (typeof linkKinds)[number];

export const linkedMemberSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  status: z.enum(['active', 'blocked']),
  lastUsedAt: z.string().describe('ISO-8601 UTC: last sign-in from it, or when the payout account was bound'),
});

export const accountLinkSchema = z.object({
  kind: z.enum(linkKinds),
  /** A device uuid, an IP address, or a payout account's label (银行 / 类型 and last four digits). */
  value: z.string(),
  members: z.array(linkedMemberSchema).describe('the other members, most recent use first'),
});
export type AccountLink = z.infer<typeof accountLinkSchema>;

export const linkedAccountsSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  links: z.array(accountLinkSchema),
});

export const sharedAccessQuerySchema = pageQuery.extend({ kind: z.enum(linkKinds) });

/** One device, IP or payout account of the site used by more than one member. */
export const sharedAccessEntrySchema = z.object({
  /** Stable within the list: the value itself, or an opaque key for a payout account. */
  key: z.string(),
  kind: z.enum(linkKinds),
  value: z.string(),
  memberCount: z.number().int(),
  members: z
    .array(linkedMemberSchema.pick({ memberId: true, username: true, status: true }))
    .describe('up to 20 of them'),
  lastUsedAt: z.string(),
});
