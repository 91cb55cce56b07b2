import { z } from 'zod';
import { pageOf, pageQuery } from './http-schemas.ts';
import {
  type LotteryGameKind,
  type LotteryUnit,
  lotteryGames,
  lotteryMultiplierMax,
  lotterySelectionSchema,
  lotteryUnitKeys,
} from './lottery.ts';

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

export const lotteryResultsBodySchema = pageQuery.extend({ gameCode: lotteryGameCodeSchema });

export const lotteryBetBodySchema = z.object({
  gameCode: lotteryGameCodeSchema,
  issueNo: lotteryIssueNoSchema,
  playId: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, '玩法代码格式错误')
    .describe('a play of the game (lotteryPlays)'),
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
