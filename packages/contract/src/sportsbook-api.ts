import { z } from 'zod';
import { yuanAmountSchema } from './cashier.ts';
import { int8IdSchema, pageOf, pageQuery } from './http-schemas.ts';
import { type OddsFormat, oddsFormats } from './odds.ts';
import { venueCodeSchema } from './venue.ts';

/**
 * The in-house sportsbook's HTTP payloads (issue 13): the catalogue (sports, leagues, matches with
 * their main markets, 滚球 / 今日 / 早盘), a match's markets, placing a slip (single, N串1 parlay,
 * M串N system) and a member's bets. Odds travel as decimal odds with two places ("1.95"); the four
 * display formats are derived in `odds.ts`. Markets and picks are named by the stable keys the
 * engine gives them (`asian_handicap:full_time:-3`, `…:home`).
 */

const isoTime = z.string().describe('ISO-8601 UTC time');

export const sportsbookSports = ['football', 'basketball', 'esports'] as const;
export type SportsbookSport = (typeof sportsbookSports)[number];

/** 滚球: in play now; 今日: kicking off later today (Beijing day); 早盘: from tomorrow on. */
export const sportsbookMatchFilters = ['live', 'today', 'early'] as const;
export type SportsbookMatchFilter = (typeof sportsbookMatchFilters)[number];

export const sportsbookMatchStatuses = ['scheduled', 'live', 'finished', 'cancelled'] as const;
export type SportsbookMatchStatus = (typeof sportsbookMatchStatuses)[number];

export const sportsbookMarketStatuses = ['open', 'suspended', 'closed'] as const;
export type SportsbookMarketStatus = (typeof sportsbookMarketStatuses)[number];

/** 不接受 / 自动接受更好赔率 (default) / 自动接受任何赔率 (GAMES.md 2.3). */
export const sportsbookAcceptOdds = ['none', 'better', 'any'] as const;
export type SportsbookAcceptOdds = (typeof sportsbookAcceptOdds)[number];

export const sportsbookBetKinds = ['single', 'parlay', 'system'] as const;
export type SportsbookBetKind = (typeof sportsbookBetKinds)[number];

/**
 * placing: the stake is being taken; pending: in play, waiting out the acceptance delay; open:
 * accepted; settled: paid (0 for a loss); void: the stake came back; rejected: not accepted, the
 * stake taken back; cashed_out: closed early (提前结算), paid its cash-out offer.
 */
export const sportsbookBetStatuses = [
  'placing',
  'pending',
  'open',
  'settled',
  'void',
  'rejected',
  'cashed_out',
] as const;
export type SportsbookBetStatus = (typeof sportsbookBetStatuses)[number];

export const sportsbookLegResults = ['win', 'half_win', 'push', 'half_loss', 'loss', 'void'] as const;
export type SportsbookLegResult = (typeof sportsbookLegResults)[number];

/** Legs of a parlay or a system: GAMES.md allows up to 10, the engine offers 8. */
export const sportsbookLegCountMax = 8;

const matchIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, '赛事编号格式错误')
  .describe('a match of the catalogue');
const keySchema = z.string().regex(/^[a-z_]{1,40}(:[a-z0-9_/+-]{1,20}){0,3}$/, '盘口或选项编号格式错误');
const oddsSchema = z
  .string()
  .regex(/^\d{1,5}(\.\d{1,4})?$/, '赔率格式错误')
  .describe('decimal odds as shown, e.g. "1.95"');
const scoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const sportsbookSelectionSchema = z.object({
  key: z.string().describe('the pick, e.g. asian_handicap:full_time:-3:home'),
  name: z.string().describe('the pick in Chinese, e.g. 主 -0.75'),
  odds: z.string().describe('decimal odds, two places'),
});

export const sportsbookMarketSchema = z.object({
  key: z.string().describe('e.g. asian_handicap:full_time:-3 (home −0.75)'),
  kind: z.string(),
  name: z.string().describe('e.g. 让球, 半场大小'),
  line: z
    .string()
    .nullable()
    .describe('the home line (让球) or the total (大小), e.g. "-0.75"; null otherwise'),
  isMain: z.boolean(),
  status: z.enum(sportsbookMarketStatuses),
  priceVersion: z.number().int().describe('goes up whenever a price of the market changes'),
  selections: z.array(sportsbookSelectionSchema),
});
export type SportsbookMarket = z.infer<typeof sportsbookMarketSchema>;

export const sportsbookMatchSchema = z.object({
  matchId: z.string(),
  sport: z.enum(sportsbookSports),
  leagueCode: z.string(),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  kickOffAt: isoTime,
  status: z.enum(sportsbookMatchStatuses),
  phase: z.string().describe('not_started, first_half, half_time, second_half, live, finished'),
  clock: z.string().nullable().describe("the scoreboard clock (67', Q3 05:12, 第2图), null before and after"),
  score: scoreSchema,
  halfTimeScore: scoreSchema.nullable(),
  isSuspended: z.boolean().describe('封盘: no market takes bets now'),
  commitment: z.string().describe("SHA-256 of the match's seed, published before kick-off"),
  seed: z.string().nullable().describe('the seed, revealed once its bets are settled'),
  markets: z
    .array(sportsbookMarketSchema)
    .describe('the main markets in a list, every market on the match page'),
});
export type SportsbookMatch = z.infer<typeof sportsbookMatchSchema>;

export const sportsbookLeaguesSchema = z.array(
  z.object({
    sport: z.enum(sportsbookSports),
    name: z.string().describe('足球, 篮球, 电竞'),
    liveCount: z.number().int(),
    leagues: z.array(
      z.object({
        code: z.string(),
        name: z.string(),
        liveCount: z.number().int(),
        todayCount: z.number().int(),
        earlyCount: z.number().int(),
      }),
    ),
  }),
);
export type SportsbookLeagues = z.infer<typeof sportsbookLeaguesSchema>;

export const sportsbookMatchesBodySchema = pageQuery.extend({
  filter: z.enum(sportsbookMatchFilters).default('today'),
  sport: z.enum(sportsbookSports).optional(),
  leagueCode: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, '联赛代码格式错误')
    .optional(),
});
export const sportsbookMatchPageSchema = pageOf(sportsbookMatchSchema);

export const sportsbookMatchBodySchema = z.object({ matchId: matchIdSchema });

export const sportsbookLegInputSchema = z.object({
  matchId: matchIdSchema,
  marketKey: keySchema,
  selectionKey: keySchema,
  odds: oddsSchema,
});

const slipCommon = {
  slipId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '注单号须为 8-64 位字母、数字、下划线或连字符')
    .describe("the client's id for the slip: the same id again answers the first result"),
  stake: yuanAmountSchema.describe('the stake; of a system, the stake of each of its tickets'),
  acceptOdds: z.enum(sportsbookAcceptOdds).default('better'),
  venueCode: venueCodeSchema
    .optional()
    .describe(
      'the 体育 or 电竞 venue the member launched the book from: the stake and payout go through its wallet; the book’s own venue when left out',
    ),
};

/** A slip: one pick (单注), 2–8 picks of different matches (N串1) or 3–8 as a system (M串N). */
export const sportsbookPlaceBodySchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('single'),
    ...slipCommon,
    oddsFormat: z
      .enum(oddsFormats as [OddsFormat, ...OddsFormat[]])
      .default('Hongkong')
      .describe('the format the price was shown in: a negative price risks stake × |price|'),
    legs: z.array(sportsbookLegInputSchema).min(1).max(1),
  }),
  z.object({
    kind: z.literal('parlay'),
    ...slipCommon,
    legs: z.array(sportsbookLegInputSchema).min(2).max(sportsbookLegCountMax),
  }),
  z.object({
    kind: z.literal('system'),
    ...slipCommon,
    legs: z.array(sportsbookLegInputSchema).min(3).max(sportsbookLegCountMax),
  }),
]);
export type SportsbookPlaceBody = z.infer<typeof sportsbookPlaceBodySchema>;

export const sportsbookLegViewSchema = z.object({
  matchId: z.string(),
  sport: z.enum(sportsbookSports),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  kickOffAt: isoTime,
  marketKey: z.string(),
  marketName: z.string(),
  selectionKey: z.string(),
  selectionName: z.string(),
  odds: z.string().describe('decimal odds as accepted'),
  isInPlay: z.boolean(),
  scoreAtAcceptance: scoreSchema.describe('a live 让球 counts the goals after it'),
  result: z.enum(sportsbookLegResults).nullable(),
  matchScore: scoreSchema.nullable().describe('the final score once the match has a result'),
});

export const sportsbookBetViewSchema = z.object({
  slipId: z.string(),
  betId: z.string().describe('注单号 in 投注记录'),
  kind: z.enum(sportsbookBetKinds),
  name: z.string().describe('单注, 3串1, 3串4 …'),
  status: z.enum(sportsbookBetStatuses),
  oddsFormat: z.enum(oddsFormats as [OddsFormat, ...OddsFormat[]]),
  odds: z.string().describe('a single: its price in its format; a parlay: the combined decimal odds'),
  stake: z.string().describe('yuan; of a system, per ticket'),
  ticketCount: z.number().int(),
  risk: z.string().describe('yuan reserved from the main wallet'),
  potentialReturn: z.string().describe('yuan, stake included, if every pick wins'),
  payout: z.string().nullable().describe('yuan; null until settled; of a cashed-out bet, its cash-out'),
  rejectCode: z.number().int().nullable(),
  rejectMessage: z.string().nullable(),
  placedAt: isoTime,
  acceptAt: isoTime.nullable().describe('in play: when the acceptance delay ends'),
  settledAt: isoTime.nullable(),
  legs: z.array(sportsbookLegViewSchema),
});
export type SportsbookBetView = z.infer<typeof sportsbookBetViewSchema>;

export const sportsbookBetsBodySchema = pageQuery.extend({
  status: z
    .enum(['unsettled', 'settled'])
    .optional()
    .describe('unsettled: placing, pending, open; settled: the rest, cashed out included'),
});
export const sportsbookBetPageSchema = pageOf(sportsbookBetViewSchema);

/** The console's bet search: this site's sportsbook bets by member, match and status, newest first. */
export const adminSportsbookBetsBodySchema = pageQuery.extend({
  memberId: int8IdSchema.optional(),
  matchId: matchIdSchema.optional().describe('bets with a leg on this match'),
  status: z.enum(sportsbookBetStatuses).optional(),
});
export const adminSportsbookBetSchema = sportsbookBetViewSchema.extend({ memberId: z.string() });
export const adminSportsbookBetPageSchema = pageOf(adminSportsbookBetSchema);
