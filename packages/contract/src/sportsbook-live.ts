import { z } from 'zod';
import {
  type SportsbookSport,
  sportsbookBetStatuses,
  sportsbookMarketStatuses,
  sportsbookMatchStatuses,
  sportsbookSports,
} from './sportsbook-api.ts';

/**
 * The sportsbook's live feeds over the socket gateway (issue 13). Public, anonymous sockets
 * included: a match's changes on `sportsbookMatchTopic(matchId)` (FeedMsgId.sportsbookMatch) and
 * a sport's board on `sportsbookBoardTopic(sport)` (FeedMsgId.sportsbookBoard), each frame
 * `{ topic, data }`. Private: a member's bet that settled, on his own socket
 * (FeedMsgId.sportsbookBet, `data` alone). Events are compact: the match's scoreboard and only
 * the markets that changed, priced as the HTTP routes present them; names stay with the client's
 * copy of the match, which it reads again when an event names a market it does not hold.
 */

export const sportsbookMatchTopic = (matchId: string) => `match:${matchId}`;
export const sportsbookBoardTopic = (sport: SportsbookSport) => `board:${sport}`;

/**
 * What a feed pass changed on a match: status (kick-off, finished, cancelled), score (full or
 * half time), clock (clock text or phase), suspended / reopened (封盘 of the whole match),
 * prices (a market's prices moved) and markets (a market opened, closed, was suspended or
 * reopened, or became or stopped being the main line).
 */
export const sportsbookMatchChanges = [
  'status',
  'score',
  'clock',
  'suspended',
  'reopened',
  'prices',
  'markets',
] as const;
export type SportsbookMatchChange = (typeof sportsbookMatchChanges)[number];

const scoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

/** A market whose price, status or place changed: its picks by key with their decimal odds. */
export const sportsbookMarketUpdateSchema = z.object({
  key: z.string(),
  isMain: z.boolean(),
  status: z.enum(sportsbookMarketStatuses),
  priceVersion: z.number().int(),
  selections: z.array(z.object({ key: z.string(), odds: z.string().describe('decimal odds, two places') })),
});
export type SportsbookMarketUpdate = z.infer<typeof sportsbookMarketUpdateSchema>;

export const sportsbookMatchEventSchema = z.object({
  matchId: z.string(),
  sport: z.enum(sportsbookSports),
  status: z.enum(sportsbookMatchStatuses),
  phase: z.string(),
  clock: z.string().nullable(),
  score: scoreSchema,
  halfTimeScore: scoreSchema.nullable(),
  isSuspended: z.boolean(),
  changes: z.array(z.enum(sportsbookMatchChanges)),
  markets: z
    .array(sportsbookMarketUpdateSchema)
    .describe('the markets that changed; on a board topic, main markets only'),
  closedMarketKeys: z.array(z.string()).describe('markets no longer offered'),
});
export type SportsbookMatchEvent = z.infer<typeof sportsbookMatchEventSchema>;

/** One feed pass's changes to a sport's matches under way, main markets only. */
export const sportsbookBoardEventSchema = z.object({
  sport: z.enum(sportsbookSports),
  matches: z.array(sportsbookMatchEventSchema),
});
export type SportsbookBoardEvent = z.infer<typeof sportsbookBoardEventSchema>;

/** To the member alone: one of his bets was settled (paid, 0 for a loss) or voided (stake back). */
export const sportsbookBetEventSchema = z.object({
  betId: z.string(),
  slipId: z.string(),
  status: z.enum(sportsbookBetStatuses),
  payout: z.string().nullable().describe('yuan'),
});
export type SportsbookBetEvent = z.infer<typeof sportsbookBetEventSchema>;
