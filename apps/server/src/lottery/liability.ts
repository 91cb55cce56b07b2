import {
  checkSelection,
  type Fen,
  fen,
  type LotteryPlayId,
  type LotteryTicket,
  lotteryPlays,
} from '@site/contract';
import type { LevelOdds, PlayRule } from './play-rule.ts';
import { offeredPrizeFen, playRules } from './plays.ts';

/**
 * An issue's liability (限红, GAMES.md 3.7): for every number a ticket covers, the most the ticket
 * pays when that number comes up. A number is a pick of one board row of one play,
 * `play:row:value` (定位胆 万位 7 is `ssc_position:0:7`). What a ticket owes on it is the notes
 * that include the pick, each at the prize of the pick's level when the play names its levels
 * after its options (和值 14, 龙), else at the play's top prize, times the multiplier: never less
 * than the ticket can pay when the number comes up.
 */
export type Exposures = ReadonlyMap<string, Fen>;

export const exposureOf = (playId: string, row: number, value: number) => `${playId}:${row}:${value}`;

/** The exposures of a ticket `pricedTicket` accepted, by number. */
export function ticketExposures(ticket: LotteryTicket, houseEdgeBps: number): Exposures {
  const check = checkSelection(ticket.playId, ticket.selection);
  if (!check.isValid) {
    throw new Error(`ticketExposures: ${ticket.playId} selection is not valid (${check.problem})`);
  }
  const rule: PlayRule = playRules[ticket.playId];
  const levels: Readonly<Record<string, LevelOdds>> = rule.levels;
  const prizeOf = (odds: LevelOdds) => offeredPrizeFen(odds, ticket.unit, houseEdgeBps);
  const topOdds = Object.values(levels).reduce((top, odds) =>
    (odds.outcomes - (odds.refunds ?? 0)) * top.wins > (top.outcomes - (top.refunds ?? 0)) * odds.wins
      ? odds
      : top,
  );
  const topPrizeFen = prizeOf(topOdds);
  const board = lotteryPlays[ticket.playId].rows;
  const exposures = new Map<string, Fen>();
  for (const [row, picks] of ticket.selection.entries()) {
    for (const value of picks) {
      const without = ticket.selection.map((other, index) =>
        index === row ? other.filter((pick) => pick !== value) : other,
      );
      const rest = checkSelection(ticket.playId, without);
      const coveringNotes = check.notes - (rest.isValid ? rest.notes : 0);
      const label = board[row]?.options.find((option) => option.value === value)?.label;
      const odds = label === undefined ? undefined : levels[label];
      const prizeFen = odds === undefined ? topPrizeFen : prizeOf(odds);
      exposures.set(
        exposureOf(ticket.playId, row, value),
        fen(BigInt(coveringNotes) * prizeFen * BigInt(ticket.multiplier)),
      );
    }
  }
  return exposures;
}

/** A number as the console names it: its play, its board row and its option. */
export function describeExposure(exposure: string) {
  const [playId = '', row = '', value = ''] = exposure.split(':');
  const play = Object.hasOwn(lotteryPlays, playId) ? lotteryPlays[playId as LotteryPlayId] : undefined;
  const boardRow = play?.rows[Number(row)];
  return {
    number: exposure,
    playId,
    playName: play?.name ?? playId,
    position: boardRow?.label ?? row,
    pick: boardRow?.options.find((option) => option.value === Number(value))?.label ?? value,
  };
}
