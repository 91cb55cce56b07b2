import { z } from 'zod';
import { recordQueryWith } from './cashier.ts';
import { betStatuses, gameCategories } from './constants.ts';
import { pageOf, sortQuery } from './http-schemas.ts';
import { venueCodeSchema } from './venue.ts';

const isoTime = z.string().describe('ISO-8601 UTC time');

/** Decimal odds (stake included), up to 4 places: "1.9500". */
export const decimalOddsSchema = z
  .string()
  .regex(/^(?:[1-9]\d{0,3})(?:\.\d{1,4})?$/, '赔率须为 1-9999 之间、至多四位小数的十进制赔率')
  .describe('decimal odds, stake included, up to 4 places');

/** A bet as its member sees it in 投注记录. */
export const betRecordSchema = z.object({
  betId: z.string(),
  venueCode: z.string(),
  venueName: z.string(),
  category: z.enum(gameCategories),
  gameCode: z.string(),
  roundId: z.string(),
  stake: z.string().describe('投注额, yuan'),
  validAmount: z.string().describe('有效投注, yuan; 0.00 until settled'),
  payout: z.string().describe('派彩, yuan; 0.00 until settled, the stake back for a void or cancelled bet'),
  winLoss: z.string().describe('输赢: payout minus stake for a settled bet, else 0.00'),
  odds: z.string().nullable().describe('decimal odds with 4 places, null when the game has none'),
  status: z.enum(betStatuses),
  isCashedOut: z
    .literal(true)
    .optional()
    .describe('present when the bet was closed early (提前结算): its payout is the cash-out'),
  placedAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

/** 投注额, 有效投注, 派彩, 输赢 of every bet a query keeps (not only one page's). */
export const betTotalsSchema = z.object({
  stake: z.string(),
  validAmount: z.string(),
  payout: z.string(),
  winLoss: z.string(),
});
export type BetTotals = z.infer<typeof betTotalsSchema>;

const betFilters = {
  category: z.enum(gameCategories).optional(),
  venueCode: venueCodeSchema.optional(),
  status: z.enum(betStatuses).optional(),
};

/** `/mine/record/betRecord`: by category, venue, status and placed time (Asia/Shanghai days from the client). */
export const betRecordQuerySchema = recordQueryWith(betFilters);
export type BetRecordQuery = z.output<typeof betRecordQuerySchema>;

export const betRecordPageSchema = pageOf(betRecordSchema).extend({ totals: betTotalsSchema });
export type BetRecordPage = z.infer<typeof betRecordPageSchema>;

export const adminBetSortKeys = ['placedAt', 'settledAt', 'stake', 'validAmount', 'payout'] as const;
export type AdminBetSortKey = (typeof adminBetSortKeys)[number];

/** The console's bet record search (注单查询). */
export const adminBetQuerySchema = recordQueryWith({
  ...betFilters,
  username: z.string().trim().toLowerCase().max(32).optional(),
  betId: z.string().trim().max(64).optional(),
  roundId: z.string().trim().max(64).optional(),
  ...sortQuery(adminBetSortKeys),
});
export type AdminBetQuery = z.output<typeof adminBetQuerySchema>;

export const adminBetSchema = betRecordSchema.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
});
export type AdminBet = z.infer<typeof adminBetSchema>;

export const adminBetPageSchema = pageOf(adminBetSchema).extend({ totals: betTotalsSchema });

/** The site's bet rules: a bet at decimal odds below the minimum counts no valid turnover. */
export const betSettingsSchema = z.object({
  minValidOdds: decimalOddsSchema.describe('bets at lower decimal odds count 0 valid turnover'),
});
export type BetSettings = z.infer<typeof betSettingsSchema>;
