import { z } from 'zod';
import { recordQueryWith, yuanAmountSchema } from './cashier.ts';
import { int8IdSchema, pageOf, pageQuery } from './http-schemas.ts';
import {
  type LotteryGameKind,
  type LotteryUnit,
  lotteryGames,
  lotteryMultiplierMax,
  lotterySelectionSchema,
  lotteryUnitKeys,
} from './lottery.ts';
import { chaseIssueCountMax } from './lottery-chase.ts';

/**
 * The lottery hall's HTTP payloads (issue 14): the hall, a game's plays with their prizes, recent
 * results with revealed seeds, placing a ticket and a member's tickets. Games, plays and
 * selections themselves are in `lottery.ts`.
 */

const isoTime = z.string().describe('ISO-8601 UTC time');

export const lotteryGameKinds = Object.keys(lotteryGames) as [LotteryGameKind, ...LotteryGameKind[]];
const unitSchema = z.enum(lotteryUnitKeys as [LotteryUnit, ...LotteryUnit[]]);

export const lotteryGameCodeSchema = z
  .string()
  .regex(/^[A-Z0-9_]{2,16}$/, '彩种代码须为 2-16 位大写字母、数字或下划线')
  .describe('a game of the hall, e.g. SSC1');

/** 期号 as players know it: the Beijing day and the issue of that day, 20261122-0001. */
export const lotteryIssueNoSchema = z
  .string()
  .regex(/^\d{8}-\d{4}$/, '期号格式为 yyyymmdd-NNNN')
  .describe('issue number, yyyymmdd-NNNN (Beijing day)');

export const lotteryDrawStatuses = ['open', 'closing', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryDrawStatus = (typeof lotteryDrawStatuses)[number];

/** placing: the stake is being taken; open: waiting for its draw; void: the stake came back. */
export const lotteryTicketStatuses = ['placing', 'open', 'won', 'lost', 'void'] as const;
export type LotteryTicketStatus = (typeof lotteryTicketStatuses)[number];

/** An issue as players see it: the seed only once drawn, the numbers only once drawn. */
export const lotteryDrawSchema = z.object({
  gameCode: z.string(),
  issueNo: z.string(),
  status: z.enum(lotteryDrawStatuses),
  commitment: z.string().describe('SHA-256 of the seed, published before betting opens'),
  seed: z.string().nullable().describe('the seed, revealed at the draw; null before'),
  numbers: z.array(z.number().int()).nullable().describe('the drawn numbers in draw order; null before'),
  opensAt: isoTime,
  closesAt: isoTime.describe('betting ends here'),
  drawAt: isoTime,
  cancelReason: z.string().nullable(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

/**
 * The draw cycle's events over the live socket (FeedMsgId.lotteryDraw): a client subscribes to
 * `lotteryDrawTopic(gameCode)` and gets `{ topic, data }` with `data` a `LotteryDrawEvent` when an
 * issue opens (its commitment and times), closes, is drawn (numbers and seed), is settled, or is
 * cancelled. The results route serves the same issues to a page polling without the socket.
 */
export const lotteryDrawEventKinds = ['opened', 'closed', 'drawn', 'settled', 'cancelled'] as const;
export type LotteryDrawEventKind = (typeof lotteryDrawEventKinds)[number];
export const lotteryDrawEventSchema = z.object({
  event: z.enum(lotteryDrawEventKinds),
  draw: lotteryDrawSchema,
});
export type LotteryDrawEvent = z.infer<typeof lotteryDrawEventSchema>;
export const lotteryDrawTopic = (gameCode: string) => `draw:${gameCode}`;

/** A game of the hall with the issue on sale now (null while paused or between issues). */
export const lotteryHallGameSchema = z.object({
  code: z.string(),
  kind: z.enum(lotteryGameKinds),
  name: z.string(),
  intervalSeconds: z.number().int(),
  closingSeconds: z.number().int().describe('betting ends this long before each draw'),
  isPaused: z.boolean(),
  ticketStakeMax: z.string().describe('the most one ticket may stake, yuan'),
  issue: lotteryDrawSchema.nullable(),
  drawing: lotteryDrawSchema
    .nullable()
    .describe('the newest issue past its closing and not yet drawn (封盘): its draw is next'),
  lastResult: lotteryDrawSchema.nullable().describe('the newest drawn issue, with its numbers and seed'),
});
export type LotteryHallGame = z.infer<typeof lotteryHallGameSchema>;

export const lotteryPlaysBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  unit: unitSchema.default('yuan'),
});

/** A play with the prize of one winning note at each of its levels, in the unit asked for. */
export const lotteryPlayPrizesSchema = z.object({
  playId: z.string(),
  name: z.string(),
  notePrice: z.string().describe('price of one note in the unit, yuan'),
  prizes: z.record(z.string(), z.string()).describe('prize per winning note by level, yuan'),
});

export const lotteryPlaysSchema = z.object({
  gameCode: z.string(),
  unit: unitSchema,
  plays: z.array(lotteryPlayPrizesSchema),
});

export const lotteryResultsBodySchema = pageQuery.extend({
  gameCode: lotteryGameCodeSchema,
  issueNo: lotteryIssueNoSchema.optional().describe('only this issue (the verifier looks one up)'),
});

const playIdSchema = z
  .string()
  .regex(/^[a-z0-9_]{1,40}$/, '玩法代码格式错误')
  .describe('a play of the game (lotteryPlays)');

export const lotteryBetBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  issueNo: lotteryIssueNoSchema,
  playId: playIdSchema,
  selection: lotterySelectionSchema,
  unit: unitSchema,
  multiplier: z.int().min(1).max(lotteryMultiplierMax),
  ticketId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '注单号须为 8-64 位字母、数字、下划线或连字符')
    .describe("the client's id for the ticket: the same id again answers the first result"),
});
export type LotteryBetBody = z.infer<typeof lotteryBetBodySchema>;

/** A ticket as its member sees it. */
export const lotteryTicketViewSchema = z.object({
  ticketId: z.string(),
  betId: z.string().describe('注单号 in 投注记录'),
  gameCode: z.string(),
  issueNo: z.string(),
  playId: z.string(),
  playName: z.string(),
  selection: z.array(z.array(z.number().int())),
  unit: unitSchema,
  multiplier: z.number().int(),
  notes: z.number().int(),
  stake: z.string().describe('yuan, computed by the server'),
  status: z.enum(lotteryTicketStatuses),
  payout: z.string().nullable().describe('yuan; null until settled'),
  placedAt: isoTime,
  settledAt: isoTime.nullable(),
});
export type LotteryTicketView = z.infer<typeof lotteryTicketViewSchema>;

export const lotteryTicketsBodySchema = pageQuery.extend({ gameCode: lotteryGameCodeSchema.optional() });

export const lotteryTicketPageSchema = pageOf(lotteryTicketViewSchema);
export const lotteryDrawPageSchema = pageOf(lotteryDrawSchema);

export const adminLotteryCancelBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  issueNo: lotteryIssueNoSchema,
  reason: z.string().min(1).max(100).describe('shown with the cancelled issue'),
});

// ---- 追号 (chase), GAMES.md 3.7 ----------------------------------------------------------------

const chaseIssueCountSchema = z.int().min(1).max(chaseIssueCountMax);
const chaseMultiplierSchema = z.int().min(1).max(lotteryMultiplierMax);

/** The plans a chase is bought with (`ChasePlan` of lottery-chase.ts): 同倍 and 翻倍. */
export const lotteryChasePlanSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('constant'),
    issueCount: chaseIssueCountSchema,
    multiplier: chaseMultiplierSchema,
  }),
  z.object({
    kind: z.literal('doubling'),
    issueCount: chaseIssueCountSchema,
    multiplier: chaseMultiplierSchema,
    ratio: z.int().min(1).max(100).describe('the multiplier grows by this factor'),
    every: z.int().min(1).max(chaseIssueCountMax).describe('… every this many issues'),
  }),
]);

export const lotteryChaseStartBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  playId: playIdSchema,
  selection: lotterySelectionSchema,
  unit: unitSchema,
  startIssueNo: lotteryIssueNoSchema.describe('the first issue of the chase: the one on sale or a later one'),
  plan: lotteryChasePlanSchema,
  isStopOnWin: z.boolean().describe('中奖后停止: no ticket after one of the chase wins'),
  chaseId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, '追号单号须为 8-64 位字母、数字、下划线或连字符')
    .describe("the client's id for the chase: the same id again answers the chase"),
});
export type LotteryChaseStartBody = z.infer<typeof lotteryChaseStartBodySchema>;

/**
 * running: tickets are placed as issues open; finished: every issue came; won: stopped by a win;
 * cancelled: by the member; stopped: a ticket was refused (`stopCode` says why).
 */
export const lotteryChaseStatuses = ['running', 'finished', 'won', 'cancelled', 'stopped'] as const;
export type LotteryChaseStatus = (typeof lotteryChaseStatuses)[number];

/**
 * waiting: its issue has not opened yet; placed: its ticket was taken; missed: the issue closed
 * before the ticket could be placed (game paused); refused: the ticket was refused and the chase
 * stopped; cancelled: the chase ended first.
 */
export const lotteryChaseIssueStatuses = ['waiting', 'placed', 'missed', 'refused', 'cancelled'] as const;
export type LotteryChaseIssueStatus = (typeof lotteryChaseIssueStatuses)[number];

export const lotteryChaseIssueSchema = z.object({
  issueNo: z.string(),
  multiplier: z.number().int(),
  stake: z.string().describe('yuan: what the ticket of this issue stakes'),
  status: z.enum(lotteryChaseIssueStatuses),
  refusalCode: z.number().int().nullable(),
  ticket: lotteryTicketViewSchema.nullable(),
});

export const lotteryChaseViewSchema = z.object({
  chaseId: z.string(),
  gameCode: z.string(),
  playId: z.string(),
  playName: z.string(),
  selection: z.array(z.array(z.number().int())),
  unit: unitSchema,
  notes: z.number().int(),
  isStopOnWin: z.boolean(),
  status: z.enum(lotteryChaseStatuses),
  stopCode: z.number().int().nullable().describe('the code that refused a ticket, when stopped'),
  stopMessage: z.string().nullable(),
  plannedStake: z.string().describe('yuan: the stakes of every issue of the plan'),
  createdAt: isoTime,
  endedAt: isoTime.nullable(),
  issues: z.array(lotteryChaseIssueSchema),
});
export type LotteryChaseView = z.infer<typeof lotteryChaseViewSchema>;

export const lotteryChasesBodySchema = pageQuery.extend({ gameCode: lotteryGameCodeSchema.optional() });
export const lotteryChasePageSchema = pageOf(lotteryChaseViewSchema);

export const lotteryChaseCancelBodySchema = z.object({
  chaseId: lotteryChaseStartBodySchema.shape.chaseId,
});

// ---- operator console ----------------------------------------------------------------------

/** The house edge the console may set: up to half the fair payout kept. */
export const lotteryHouseEdgeBpsMax = 5_000;

/** A play's limits: the most one ticket stakes, and one member on the play in one issue. */
export const adminLotteryPlayLimitSchema = z.object({
  playId: z.string(),
  playName: z.string(),
  ticketStakeMax: z.string().describe('yuan'),
  issueStakeMax: z.string().describe('yuan, per member'),
  isGameDefault: z.boolean().describe("the play has no limits of its own and takes the game's"),
});

/** A game of the site as the console shows and sets it. */
export const adminLotteryGameSchema = z.object({
  code: z.string(),
  kind: z.enum(lotteryGameKinds),
  name: z.string(),
  intervalSeconds: z.number().int(),
  closingSeconds: z.number().int(),
  firstDrawSeconds: z.number().int().describe("the day's first draw, seconds after Beijing midnight"),
  issuesPerDay: z
    .number()
    .int()
    .describe('issues of one Beijing day, the last drawing at midnight at the latest'),
  houseEdgeBps: z.number().int().describe('basis points of the fair payout kept'),
  ticketStakeMax: z.string().describe("yuan: the game's limit, each play's unless it has its own"),
  liabilityCap: z.string().nullable().describe('yuan: the most an issue may owe on one number; null: no cap'),
  isPaused: z.boolean(),
  playLimits: z.array(adminLotteryPlayLimitSchema),
  updatedAt: isoTime,
});
export type AdminLotteryGame = z.infer<typeof adminLotteryGameSchema>;

/** Changes what it names and keeps the rest; `playLimits` replaces the plays' own limits. */
export const adminLotteryGameUpdateBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  isPaused: z.boolean().optional(),
  houseEdgeBps: z.int().min(0).max(lotteryHouseEdgeBpsMax).optional(),
  closingSeconds: z.int().min(0).max(3_600).optional().describe('shorter than the draw interval'),
  ticketStakeMax: yuanAmountSchema.optional(),
  liabilityCap: yuanAmountSchema.nullable().optional(),
  playLimits: z
    .array(
      z.object({ playId: playIdSchema, ticketStakeMax: yuanAmountSchema, issueStakeMax: yuanAmountSchema }),
    )
    .max(100)
    .optional(),
  reason: z.string().trim().max(100).default('').describe('kept in the audit log'),
});

export type AdminLotteryGameUpdateBody = z.output<typeof adminLotteryGameUpdateBodySchema>;

/** A Beijing day as issue numbers start with it: 20261122. */
export const lotteryIssueDaySchema = z
  .string()
  .regex(/^\d{8}$/, '日期格式为 yyyymmdd')
  .describe('the Beijing day of the issues, yyyymmdd');

export const adminLotteryDrawsBodySchema = pageQuery.extend({
  gameCode: lotteryGameCodeSchema,
  status: z.enum(lotteryDrawStatuses).optional(),
  day: lotteryIssueDaySchema.optional(),
  issueNo: lotteryIssueNoSchema.optional().describe('only this issue'),
});

/** An issue in the console: seeds of issues not drawn stay hidden there too. */
export const adminLotteryDrawSchema = lotteryDrawSchema.extend({
  ticketCount: z.number().int(),
  totalStake: z.string().describe('yuan'),
  totalPayout: z.string().describe('yuan, of the tickets settled'),
});
export type AdminLotteryDraw = z.infer<typeof adminLotteryDrawSchema>;
export const adminLotteryDrawPageSchema = pageOf(adminLotteryDrawSchema);

export const adminLotteryLiabilityBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  issueNo: lotteryIssueNoSchema,
  limit: z.int().min(1).max(100).default(20).describe('the biggest exposures to list'),
});

export const adminLotteryExposureSchema = z.object({
  number: z.string().describe('play:row:value'),
  playId: z.string(),
  playName: z.string(),
  position: z.string().describe('the board row, e.g. 万位'),
  pick: z.string().describe('the option, e.g. 7 or 大'),
  liability: z.string().describe('yuan: the most the issue pays when it comes up'),
});

export const adminLotteryLiabilitySchema = z.object({
  draw: lotteryDrawSchema,
  liabilityCap: z.string().nullable(),
  ticketCount: z.number().int(),
  totalStake: z.string(),
  exposures: z.array(adminLotteryExposureSchema).describe('biggest first'),
});

/** Tickets by member (id or username), game, issue, status and placed time (startTime/endTime). */
export const adminLotteryTicketsBodySchema = recordQueryWith({
  gameCode: lotteryGameCodeSchema.optional(),
  issueNo: lotteryIssueNoSchema.optional(),
  memberId: int8IdSchema.optional(),
  username: z
    .string()
    .trim()
    .max(32)
    .optional()
    .describe("the member's username; an unknown one finds nothing"),
  status: z.enum(lotteryTicketStatuses).optional(),
});

export const adminLotteryTicketSchema = lotteryTicketViewSchema.extend({
  memberId: z.number().int(),
  username: z.string().nullable(),
  isChase: z.boolean().describe('placed by a 追号'),
});
export const adminLotteryTicketPageSchema = pageOf(adminLotteryTicketSchema);
