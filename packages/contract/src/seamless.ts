import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { decimalOddsSchema } from './bets.ts';
import { recordQueryWith, yuanAmountSchema } from './cashier.ts';
import { betStatuses } from './constants.ts';
import { pageOf, sortQuery } from './http-schemas.ts';
import { venueCodeSchema } from './venue.ts';

/**
 * The seamless wallet API game venues call (免转钱包): balance, debit (a stake), credit (a payout
 * that settles the bet) and rollback (a debit taken back), each keyed by the venue's own
 * transaction id. A replay answers the first result; the same id with other data is refused.
 *
 * Each call is signed by the venue with the secret the registry holds for it: `sign` is the hex
 * HMAC-SHA256 of `venueCode \n timestamp \n body` (the raw JSON body as sent), `timestamp` is
 * epoch milliseconds and may be at most `signatureMaxSkewMs` away from the server's clock.
 */
export const venueHeaderNames = {
  venueCode: 'venue-code',
  timestamp: 'timestamp',
  sign: 'sign',
  siteId: 'site-id',
} as const;

export interface VenueSignatureInput {
  venueCode: string;
  timestamp: string;
  /** The request body exactly as sent ('' when there is none). */
  body: string;
}

export function venueSignaturePayload(input: VenueSignatureInput): string {
  return [input.venueCode, input.timestamp, input.body].join('\n');
}

export function signVenueRequest(secret: string, input: VenueSignatureInput): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(venueSignaturePayload(input))));
}

const venueIdPattern = /^[A-Za-z0-9_:.-]{1,64}$/;
const venueIdMessage = '须为 1-64 位字母、数字或 _:.-';

/** An id the venue makes (transaction, bet, round): unique per venue where the API says so. */
export const venueIdSchema = z.string().regex(venueIdPattern, venueIdMessage);

/** A launch token the member's launch of this venue was given. */
const launchTokenSchema = z.string().min(16).max(128).describe("the launch token of the member's session");

export const seamlessBalanceBodySchema = z.object({ token: launchTokenSchema });

export const seamlessDebitBodySchema = z.object({
  token: launchTokenSchema.describe(
    'a live launch token of this venue; debits need one, credits and rollbacks do not',
  ),
  transactionId: venueIdSchema.describe("the venue's transaction id: the idempotency key"),
  betId: venueIdSchema.describe("the venue's bet id; one debit per bet"),
  roundId: venueIdSchema,
  gameCode: z.string().regex(/^[A-Za-z0-9_:.-]{1,32}$/, '须为 1-32 位字母、数字或 _:.-'),
  amount: yuanAmountSchema.describe('the stake, yuan; more than 0'),
  odds: decimalOddsSchema.optional().describe('decimal odds of the bet, when the game has odds'),
});

export const seamlessCreditBodySchema = z.object({
  transactionId: venueIdSchema,
  betId: venueIdSchema.describe('the bet this payout settles'),
  payout: yuanAmountSchema.describe('what the bet pays back, stake included, yuan; 0 for a lost bet'),
  isVoid: z
    .boolean()
    .default(false)
    .describe('the venue voids the bet: its stake comes back (payout must then equal the stake)'),
});

export const seamlessRollbackBodySchema = z.object({
  transactionId: venueIdSchema,
  debitTransactionId: venueIdSchema.describe(
    'the debit to take back; unknown, it is refused if it comes later',
  ),
});

/** Every call answers this; a replay answers the first call's answer again, unchanged. */
export const seamlessAnswerSchema = z.object({
  transactionId: z.string(),
  balance: z
    .string()
    .nullable()
    .describe(
      "the member's main wallet balance after the call, yuan; null for a rollback of an unknown debit",
    ),
  betId: z.string().nullable(),
  betStatus: z.enum(betStatuses).nullable(),
});
export type SeamlessAnswer = z.infer<typeof seamlessAnswerSchema>;

export const seamlessBalanceSchema = z.object({
  balance: z.string().describe('main wallet available balance, yuan'),
  currency: z.literal('CNY'),
});

export const seamlessKinds = ['debit', 'credit', 'rollback'] as const;
export type SeamlessKind = (typeof seamlessKinds)[number];

export const seamlessKindNames: Record<SeamlessKind, string> = {
  debit: '扣款',
  credit: '派彩',
  rollback: '回滚',
};

export const adminSeamlessSortKeys = ['createdAt', 'amount', 'replayCount'] as const;
export type AdminSeamlessSortKey = (typeof adminSeamlessSortKeys)[number];

/** The console's seamless wallet transaction search (免转交易), replays and rollbacks shown. */
export const adminSeamlessQuerySchema = recordQueryWith({
  venueCode: venueCodeSchema.optional(),
  username: z.string().trim().toLowerCase().max(32).optional(),
  transactionId: z.string().trim().max(64).optional(),
  betId: z.string().trim().max(64).optional(),
  kind: z.enum(seamlessKinds).optional(),
  isReplayed: z.boolean().optional().describe('only transactions the venue sent again (or never again)'),
  ...sortQuery(adminSeamlessSortKeys),
});
export type AdminSeamlessQuery = z.output<typeof adminSeamlessQuerySchema>;

export const adminSeamlessTransactionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  venueCode: z.string(),
  kind: z.enum(seamlessKinds),
  transactionId: z.string(),
  debitTransactionId: z.string().nullable().describe('a rollback: the debit it takes back'),
  betId: z.string().nullable(),
  memberId: z.number().int().nullable(),
  username: z.string().nullable().describe('null for a rollback of a debit never seen'),
  amount: z.string().describe('stake (debit), payout (credit) or stake returned (rollback), yuan'),
  isTombstone: z
    .boolean()
    .describe('a rollback of a debit never seen, or the debit id it bars: that debit is refused if it comes'),
  replayCount: z.number().int().describe('times the venue sent it again and got the first answer'),
  lastReplayedAt: z.string().nullable(),
  balanceAfter: z.string().nullable(),
});
export type AdminSeamlessTransaction = z.infer<typeof adminSeamlessTransactionSchema>;

export const adminSeamlessPageSchema = pageOf(adminSeamlessTransactionSchema);
