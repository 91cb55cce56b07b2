import { z } from 'zod';
import { yuanAmountSchema } from './cashier.ts';
import { parseYuan } from './format.ts';
import { int8IdSchema, pageOf, pageQuery } from './http-schemas.ts';
import { sportsbookMarketStatuses, sportsbookMatchStatuses, sportsbookSports } from './sportsbook-api.ts';

/**
 * The console's side of the in-house sportsbook (issue 13): the fixtures with their results,
 * correcting a finished match's result (every bet touching it is settled again, GAMES.md 2.4) and
 * 封盘 / 开盘 by hand of one market or of every market of a match. Fixtures are the feed's, shared
 * by every site: a correction settles the bets of every site on the match again.
 */

const matchIdSchema = z
  .string()
  .regex(/^[a-z0-9-]{1,64}$/, '赛事编号格式错误')
  .describe('a match of the catalogue');

/** Goals, points or maps: a basketball side may score well over a hundred. */
const scoreSchema = z.object({
  home: z.int().min(0).max(999),
  away: z.int().min(0).max(999),
});

const reasonSchema = z.string().trim().min(2, '请填写原因').max(100);

const isoTime = z.string().describe('ISO-8601 UTC time');

export const adminSportsbookMatchesBodySchema = pageQuery.extend({
  sport: z.enum(sportsbookSports).optional(),
  status: z.enum(sportsbookMatchStatuses).optional(),
  day: z.iso
    .date({ message: '须为日期，例如 2026-01-01' })
    .optional()
    .describe('kick-off day (YYYY-MM-DD, Beijing time)'),
  matchId: matchIdSchema.optional(),
});
export type AdminSportsbookMatchesBody = z.infer<typeof adminSportsbookMatchesBodySchema>;

export const adminSportsbookMatchSchema = z.object({
  matchId: z.string(),
  sport: z.enum(sportsbookSports),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  kickOffAt: isoTime,
  status: z.enum(sportsbookMatchStatuses),
  phase: z.string(),
  score: z.object({ home: z.number().int(), away: z.number().int() }),
  result: z
    .object({
      fullTime: z.object({ home: z.number().int(), away: z.number().int() }),
      halfTime: z.object({ home: z.number().int(), away: z.number().int() }),
    })
    .nullable()
    .describe('the result bets settle on, once finished'),
  resultVersion: z.number().int().describe('1 as the feed recorded it; each correction adds one'),
  isSuspended: z.boolean().describe('封盘 by the feed'),
  isHeld: z.boolean().describe('封盘 by staff: every market of the match'),
  heldMarketKeys: z.array(z.string()).describe('markets held by staff one by one'),
  cancelReason: z.string().nullable(),
  settledAt: isoTime.nullable(),
});
export type AdminSportsbookMatch = z.infer<typeof adminSportsbookMatchSchema>;
export const adminSportsbookMatchPageSchema = pageOf(adminSportsbookMatchSchema);

export const adminSportsbookResultBodySchema = z.object({
  matchId: matchIdSchema,
  fullTime: scoreSchema.describe('the final score (maps of an esports series)'),
  halfTime: scoreSchema
    .optional()
    .describe('the half-time score; kept as it was when left out; of esports, the final score'),
  reason: reasonSchema,
});
export type AdminSportsbookResultBody = z.infer<typeof adminSportsbookResultBodySchema>;

export const adminSportsbookResultSchema = z.object({
  match: adminSportsbookMatchSchema,
  isChanged: z.boolean().describe('false when the match already had this result: nothing moved'),
  betCount: z.number().int().describe('bets whose settlement changed'),
  reopenedCount: z.number().int().describe('parlays open again, their other legs undecided'),
  payoutDelta: z.string().describe('yuan paid to members less yuan taken back, signed'),
  receivable: z.string().describe('yuan members could not give back: owed to the house'),
});
export type AdminSportsbookResult = z.infer<typeof adminSportsbookResultSchema>;

export const adminSportsbookHoldBodySchema = z.object({
  matchId: matchIdSchema,
  marketKey: z
    .string()
    .regex(/^[a-z_]{1,40}(:[a-z0-9_/+-]{1,20}){0,3}$/, '盘口编号格式错误')
    .optional()
    .describe('one market; every market of the match when left out'),
  isHeld: z.boolean().describe('true: 封盘; false: 开盘'),
  reason: reasonSchema,
});
export type AdminSportsbookHoldBody = z.infer<typeof adminSportsbookHoldBodySchema>;

/**
 * Liability (issue 13, risk): per market of a match, what the house pays if each pick wins, net of
 * the stakes taken on the market (a parlay leg counts the parlay's whole return on its pick and
 * none of its stake). A market whose worst case reaches the per-match exposure cap suspends.
 * Prices are the book's, shared by every site, and so is liability: every site's bets count.
 */
export const adminSportsbookLiabilityBodySchema = pageQuery.extend({
  matchId: matchIdSchema
    .optional()
    .describe('one match, with every market it has even when nothing is at risk on it'),
});
export type AdminSportsbookLiabilityBody = z.infer<typeof adminSportsbookLiabilityBodySchema>;

/** Why a market is suspended: its liability reached the cap, staff 封盘, or the feed's 封盘. */
export const sportsbookSuspendReasons = ['exposure_cap', 'held', 'feed'] as const;
export type SportsbookSuspendReason = (typeof sportsbookSuspendReasons)[number];

const yuanText = z.string().describe('yuan, two decimals, signed');

export const adminSportsbookMarketLiabilitySchema = z.object({
  marketKey: z.string(),
  name: z.string(),
  line: z.string().nullable(),
  status: z.enum(sportsbookMarketStatuses),
  suspendReason: z.enum(sportsbookSuspendReasons).nullable(),
  priceVersion: z.number().int(),
  stake: yuanText.describe('stakes of singles still at risk on the market'),
  worstLiability: yuanText.describe('what the house pays at worst: the pick with most riding on it wins'),
  selections: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      odds: z.string(),
      potentialReturn: yuanText.describe('potential returns of the bets still at risk on the pick'),
      liability: yuanText.describe('potential return less the stakes on the market'),
      priceSteps: z.number().int().describe('how many steps liability has shortened the price'),
    }),
  ),
});

export type AdminSportsbookMarketLiability = z.infer<typeof adminSportsbookMarketLiabilitySchema>;

export const adminSportsbookMatchLiabilitySchema = z.object({
  matchId: z.string(),
  sport: z.enum(sportsbookSports),
  leagueName: z.string(),
  home: z.string(),
  away: z.string(),
  kickOffAt: isoTime,
  status: z.enum(sportsbookMatchStatuses),
  worstLiability: yuanText.describe('of its worst market'),
  exposureMax: yuanText.describe('the cap at which a market of the match suspends'),
  markets: z.array(adminSportsbookMarketLiabilitySchema).describe('biggest worst-case liability first'),
});
export type AdminSportsbookMatchLiability = z.infer<typeof adminSportsbookMatchLiabilitySchema>;
export const adminSportsbookLiabilityPageSchema = pageOf(adminSportsbookMatchLiabilitySchema);

/**
 * Receivables (应收): what a resettlement took back beyond what the member's main wallet held
 * (GAMES.md 2.4), one per reversed settlement of a bet. A later resettlement paying the member
 * more than it takes back recovers them, oldest first; the console only reads them.
 */
export const sportsbookReceivableStates = ['open', 'partial', 'recovered'] as const;
export type SportsbookReceivableState = (typeof sportsbookReceivableStates)[number];

export const adminSportsbookReceivablesBodySchema = pageQuery.extend({
  memberId: int8IdSchema.optional(),
  state: z
    .enum(sportsbookReceivableStates)
    .optional()
    .describe('open: nothing recovered; partial: some; recovered: all'),
});
export type AdminSportsbookReceivablesBody = z.infer<typeof adminSportsbookReceivablesBodySchema>;

export const adminSportsbookReceivableSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  betId: z.string().describe('the wallet bet id (SB42), as 体育注单 shows it'),
  slipId: z.string(),
  settlementVersion: z.number().int().describe('the settlement whose payout was reversed'),
  matches: z
    .array(z.object({ matchId: z.string(), home: z.string(), away: z.string() }))
    .describe("the bet's matches, in leg order"),
  amount: yuanText.describe('owed when booked'),
  recovered: yuanText.describe('taken back from later payouts'),
  outstanding: yuanText.describe('still owed'),
  state: z.enum(sportsbookReceivableStates),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type AdminSportsbookReceivable = z.infer<typeof adminSportsbookReceivableSchema>;
export const adminSportsbookReceivablePageSchema = pageOf(adminSportsbookReceivableSchema);

/** The kinds of market the book offers; each has its own margin and stake limit. */
export const sportsbookMarketKinds = [
  'match_result',
  'asian_handicap',
  'over_under',
  'odd_even',
  'correct_score',
  'total_goals',
  'both_teams_to_score',
  'double_chance',
  'half_time_full_time',
] as const;
export type SportsbookMarketKind = (typeof sportsbookMarketKinds)[number];

/** Each market kind by its football name, as the pages show it (basketball and esports rename some). */
export const sportsbookMarketKindNames = {
  match_result: '独赢',
  asian_handicap: '让球',
  over_under: '大小',
  odd_even: '单双',
  correct_score: '波胆',
  total_goals: '总进球',
  both_teams_to_score: '双方进球',
  double_chance: '双重机会',
  half_time_full_time: '半全场',
} as const satisfies Record<SportsbookMarketKind, string>;

/** An object of one value per key: the JSON Schema of `z.record` of an enum lists no properties. */
const eachOf = <K extends string, T extends z.ZodType>(keys: readonly K[], value: T) =>
  z.object(Object.fromEntries(keys.map((key) => [key, value])) as Record<K, T>);

/**
 * The book's margins and limits (GAMES.md sections 1 and 2). The book is one for every site, its
 * prices and its liability too, so these are the book's, not a site's. A margin change prices
 * every market worked out after it (in play at once, pre-match at the next pass); a limit applies
 * to the next slip.
 */
export const sportsbookBookSettingsSchema = z
  .object({
    marginBps: eachOf(sportsbookMarketKinds, z.int().min(100).max(3_000)).describe(
      'the overround of each market kind in basis points (600 is 6 %), 1–30 %',
    ),
    stakeMin: yuanAmountSchema.describe('the least a bet (a system: each ticket) may stake'),
    stakeMax: eachOf(sportsbookMarketKinds, yuanAmountSchema).describe(
      'the most a single may risk on a market of each kind',
    ),
    parlayStakeMax: yuanAmountSchema.describe('the most a parlay or system may risk in all'),
    memberMarketStakeMax: yuanAmountSchema.describe(
      'the most one member may have at risk on one market of a match, singles and parlay legs together',
    ),
    marketExposureMax: yuanAmountSchema.describe(
      "a market whose worst-case liability reaches this suspends (the match's exposure cap)",
    ),
    acceptDelaySeconds: eachOf(sportsbookSports, z.int().min(0).max(30)).describe(
      'in play, a bet waits this long before it stands',
    ),
  })
  .superRefine((settings, context) => {
    const minFen = parseYuan(settings.stakeMin) ?? 0n;
    if (minFen <= 0n) {
      context.addIssue({ code: 'custom', path: ['stakeMin'], message: '最低投注额须大于 0' });
    }
    const maxima: Array<[string[], string]> = [
      ...sportsbookMarketKinds.map((kind): [string[], string] => [
        ['stakeMax', kind],
        settings.stakeMax[kind],
      ]),
      [['parlayStakeMax'], settings.parlayStakeMax],
      [['memberMarketStakeMax'], settings.memberMarketStakeMax],
      [['marketExposureMax'], settings.marketExposureMax],
    ];
    for (const [path, amount] of maxima) {
      if ((parseYuan(amount) ?? 0n) < minFen) {
        context.addIssue({ code: 'custom', path, message: '上限不得低于最低投注额' });
      }
    }
  });
export type SportsbookBookSettings = z.infer<typeof sportsbookBookSettingsSchema>;

export const sportsbookBookSettingsViewSchema = z.object({
  settings: sportsbookBookSettingsSchema,
  updatedAt: isoTime.nullable().describe('null while the book runs on its defaults'),
});
export type SportsbookBookSettingsView = z.infer<typeof sportsbookBookSettingsViewSchema>;
