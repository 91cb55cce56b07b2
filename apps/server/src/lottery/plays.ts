import {
  checkSelection,
  type Fen,
  fen,
  type LotteryPlayId,
  type LotteryTicket,
  type LotteryUnit,
  lotteryNotePriceFen,
  lotterySelectionProblems,
  lotteryStakeFen,
} from '@site/contract';
import { validationError } from '../app-error.ts';
import { k3Rules } from './k3.ts';
import { markSixRules } from './mark-six.ts';
import { pc28Rules } from './pc28.ts';
import { pk10Rules } from './pk10.ts';
import type { DrawResult, LevelOdds, PlayOutcome, PlayRule } from './play-rule.ts';
import { sscRules } from './ssc.ts';
import { syxwRules } from './syxw.ts';

/**
 * Every play's winning rule, and the one way a prize is worked out: from the level's exact
 * odds, the fair payout less the house edge, rounded down to the fen per note of the unit.
 * Settling and showing the prize both go through `offeredPrizeFen`.
 */
export const playRules = {
  ...sscRules,
  ...pk10Rules,
  ...k3Rules,
  ...syxwRules,
  ...markSixRules,
  ...pc28Rules,
} satisfies Record<LotteryPlayId, PlayRule>;

/** The house edge is in basis points of the fair payout: 1000 offers 90 % of it. */
export const houseEdgeBpsMax = 9_999;
const basisPoints = 10_000n;

/** Fair payout per 1 staked, as an exact fraction: (outcomes − refunds) / wins. */
export function fairPayout(odds: LevelOdds): { numerator: bigint; denominator: bigint } {
  return { numerator: BigInt(odds.outcomes - (odds.refunds ?? 0)), denominator: BigInt(odds.wins) };
}

/** The prize of one winning note in a unit mode: ⌊note price × fair × (1 − edge)⌋ fen. */
export function offeredPrizeFen(odds: LevelOdds, unit: LotteryUnit, houseEdgeBps: number): Fen {
  if (!Number.isSafeInteger(houseEdgeBps) || houseEdgeBps < 0 || houseEdgeBps > houseEdgeBpsMax) {
    throw new Error(`offeredPrizeFen: house edge ${houseEdgeBps} bps out of range`);
  }
  const { numerator, denominator } = fairPayout(odds);
  const keptBps = basisPoints - BigInt(houseEdgeBps);
  return fen((lotteryNotePriceFen(unit) * numerator * keptBps) / (denominator * basisPoints));
}

/** The prize per winning note of every level of a play, as the game page shows it. */
export function prizeTable(
  playId: LotteryPlayId,
  unit: LotteryUnit,
  houseEdgeBps: number,
): Record<string, Fen> {
  const levels: Readonly<Record<string, LevelOdds>> = playRules[playId].levels;
  return Object.fromEntries(
    Object.entries(levels).map(([level, odds]) => [level, offeredPrizeFen(odds, unit, houseEdgeBps)]),
  );
}

/**
 * A ticket as the server takes it: its selection checked against the play's board (a bad one is
 * a 10003 naming `selection`), its notes counted and its stake computed here, never taken from
 * the client.
 */
export function pricedTicket(ticket: LotteryTicket): { notes: number; stakeFen: Fen } {
  const check = checkSelection(ticket.playId, ticket.selection);
  if (!check.isValid) {
    throw validationError('selection', lotterySelectionProblems[check.problem]);
  }
  return { notes: check.notes, stakeFen: lotteryStakeFen(check.notes, ticket.unit, ticket.multiplier) };
}

export interface TicketSettlement {
  outcome: PlayOutcome;
  /** What the ticket returns: prizes of its winning notes plus the stake of refunded notes. */
  payoutFen: Fen;
}

/** Settles a ticket `pricedTicket` accepted against its draw. */
export function settleTicket(
  ticket: LotteryTicket,
  draw: DrawResult,
  houseEdgeBps: number,
): TicketSettlement {
  const rule: PlayRule = playRules[ticket.playId];
  const outcome = rule.settle(ticket.selection, draw);
  let perMultiplierFen = BigInt(outcome.refundedNotes) * lotteryNotePriceFen(ticket.unit);
  for (const { level, notes } of outcome.wins) {
    const odds = rule.levels[level];
    if (odds === undefined) {
      throw new Error(`settleTicket: ${ticket.playId} has no level ${level}`);
    }
    perMultiplierFen += BigInt(notes) * offeredPrizeFen(odds, ticket.unit, houseEdgeBps);
  }
  return { outcome, payoutFen: fen(perMultiplierFen * BigInt(ticket.multiplier)) };
}
