import {
  BigSmallOddEven,
  binomial,
  type LotteryPlayId,
  type LotterySelection,
  lotteryPlays,
} from '@site/contract';

/**
 * The shape every play's winning rule has. A play has one or more prize levels, each with its
 * exact odds; settling a checked selection against a draw says how many of its notes won at
 * each level and how many are refunded (a push such as 六合彩 两面 on 49).
 */

/** A level wins in `wins` of `outcomes` equally likely draws and refunds in `refunds` of them. */
export interface LevelOdds {
  wins: number;
  outcomes: number;
  refunds?: number;
}

export interface DrawResult {
  /** The draw's numbers in draw order (the game's draw shape). */
  numbers: readonly number[];
  /** Lunar year animal at the draw (`zodiacYearAnimal`): 六合彩 number 1 carries it. */
  yearAnimal: number;
}

export interface LevelWin {
  level: string;
  notes: number;
}

export interface PlayOutcome {
  wins: LevelWin[];
  refundedNotes: number;
}

export interface PlayRule {
  levels: Readonly<Record<string, LevelOdds>>;
  /** The outcome of a selection `checkSelection` accepted, against a draw of the play's game. */
  settle(selection: LotterySelection, draw: DrawResult): PlayOutcome;
}

/** A pick of an 'each' play: the level it wins, a refund, or nothing. */
export type PickVerdict = string | 'refund' | undefined;

/** A rule where every pick is one note judged on its own (定位胆, 和值, 大小单双 …). */
export function eachPickRule(
  levels: Readonly<Record<string, LevelOdds>>,
  judge: (row: number, value: number, draw: DrawResult) => PickVerdict,
): PlayRule {
  return {
    levels,
    settle(selection, draw) {
      const notesByLevel = new Map<string, number>();
      let refundedNotes = 0;
      for (const [row, picks] of selection.entries()) {
        for (const value of picks) {
          const verdict = judge(row, value, draw);
          if (verdict === 'refund') {
            refundedNotes += 1;
          } else if (verdict !== undefined) {
            notesByLevel.set(verdict, (notesByLevel.get(verdict) ?? 0) + 1);
          }
        }
      }
      return { wins: [...notesByLevel].map(([level, notes]) => ({ level, notes })), refundedNotes };
    },
  };
}

/** A rule with one level whose winning notes a function counts. */
export function singleLevelRule(
  odds: LevelOdds,
  countWinningNotes: (selection: LotterySelection, draw: DrawResult) => number,
): PlayRule {
  return {
    levels: { win: odds },
    settle(selection, draw) {
      const notes = countWinningNotes(selection, draw);
      return { wins: notes > 0 ? [{ level: 'win', notes }] : [], refundedNotes: 0 };
    },
  };
}

/** 直选: one note wins when every row holds the number drawn at its position. */
export function directRule(odds: LevelOdds, positions: readonly number[]): PlayRule {
  return singleLevelRule(odds, (selection, draw) =>
    positions.every((position, row) => selection[row]?.includes(draw.numbers[position] as number)) ? 1 : 0,
  );
}

/** Notes of `size` numbers, all within `picks`, that `hits` of them make: C(hits, size). */
export function hitCombinations(picks: readonly number[], drawn: readonly number[], size: number): number {
  const hits = new Set(drawn.filter((value) => picks.includes(value))).size;
  return binomial(hits, size);
}

/**
 * A one-row play whose every option is its own prize level, named by the option's label
 * (和值 4, 龙, 豹子 …): `wins[i]` is the odds of the row's i-th option.
 */
export function labelledRule(
  playId: LotteryPlayId,
  wins: readonly number[],
  outcomes: number,
  isWin: (value: number, draw: DrawResult) => boolean,
): PlayRule {
  const options = lotteryPlays[playId].rows[0]?.options ?? [];
  if (options.length !== wins.length) {
    throw new Error(`labelledRule: ${playId} has ${options.length} options and ${wins.length} odds`);
  }
  const levels = Object.fromEntries(
    options.map((option, index) => [option.label, { wins: wins[index] as number, outcomes }]),
  );
  return eachPickRule(levels, (_row, value, draw) =>
    isWin(value, draw) ? options.find((option) => option.value === value)?.label : undefined,
  );
}

/** How often each number occurs among `values`. */
export function countsOf(values: readonly number[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) {
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

export const sumOf = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** 大 小 单 双 of a number, `isBig` saying which half it is in. */
export function isSideOf(value: number, side: number, isBig: boolean): boolean {
  switch (side) {
    case BigSmallOddEven.big:
      return isBig;
    case BigSmallOddEven.small:
      return !isBig;
    case BigSmallOddEven.odd:
      return value % 2 === 1;
    default:
      return value % 2 === 0;
  }
}
