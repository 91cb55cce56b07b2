import { DigitShape, DragonTiger, type LotteryPlayId } from '@site/contract';
import {
  countsOf,
  type DrawResult,
  directRule,
  eachPickRule,
  isSideOf,
  type LevelOdds,
  labelledRule,
  type PlayRule,
  singleLevelRule,
  sumOf,
} from './play-rule.ts';

/** 时时彩: five independent digits 0–9 at 万千百十个 (positions 0…4). GAMES.md 3.1. */

const positions = {
  all: [0, 1, 2, 3, 4],
  back4: [1, 2, 3, 4],
  front3: [0, 1, 2],
  middle3: [1, 2, 3],
  back3: [2, 3, 4],
  front2: [0, 1],
  back2: [3, 4],
} as const;

const digitsAt = (draw: DrawResult, at: readonly number[]) =>
  at.map((position) => draw.numbers[position] as number);

/**
 * 组选: the digits at `at` form the pattern whose row r holds the digits drawn exactly
 * `multiplicities[r]` times, `picks[r]` of them; one note wins when every such digit is picked on
 * its row. 组选120 is ([1], [5]), 组选60 ([2, 1], [1, 3]), 组六 ([1], [3]) …
 */
function groupRule(
  odds: LevelOdds,
  at: readonly number[],
  multiplicities: readonly number[],
  picks: readonly number[],
): PlayRule {
  return singleLevelRule(odds, (selection, draw) => {
    const counts = [...countsOf(digitsAt(draw, at))];
    const isWin = multiplicities.every((multiplicity, row) => {
      const digits = counts.filter(([, count]) => count === multiplicity).map(([digit]) => digit);
      return digits.length === picks[row] && digits.every((digit) => selection[row]?.includes(digit));
    });
    return isWin ? 1 : 0;
  });
}

/** 组三: a pair and a single among the three digits, both picked (a triple loses). */
function groupThreeRule(at: readonly number[]): PlayRule {
  return singleLevelRule({ wins: 3, outcomes: 1000 }, (selection, draw) => {
    const counts = [...countsOf(digitsAt(draw, at))];
    return counts.length === 2 && counts.every(([digit]) => selection[0]?.includes(digit)) ? 1 : 0;
  });
}

/** The shape of three digits: 豹子, 顺子 (consecutive, 890 and 901 wrap), 对子, or none (杂六). */
function digitShapeOf(digits: readonly number[]): number | undefined {
  const distinctCount = new Set(digits).size;
  if (distinctCount === 1) {
    return DigitShape.triple;
  }
  if (distinctCount === 2) {
    return DigitShape.pair;
  }
  const isStraight = digits.some((start) => [1, 2].every((step) => digits.includes((start + step) % 10)));
  return isStraight ? DigitShape.straight : undefined;
}

const dragonTigerOf = (draw: DrawResult) => {
  const [first = 0, , , , last = 0] = draw.numbers;
  return first > last ? DragonTiger.dragon : first < last ? DragonTiger.tiger : DragonTiger.tie;
};

export const sscRules = {
  ssc_5_direct: directRule({ wins: 1, outcomes: 100_000 }, positions.all),
  ssc_5_group120: groupRule({ wins: 120, outcomes: 100_000 }, positions.all, [1], [5]),
  ssc_5_group60: groupRule({ wins: 60, outcomes: 100_000 }, positions.all, [2, 1], [1, 3]),
  ssc_5_group30: groupRule({ wins: 30, outcomes: 100_000 }, positions.all, [2, 1], [2, 1]),
  ssc_5_group20: groupRule({ wins: 20, outcomes: 100_000 }, positions.all, [3, 1], [1, 2]),
  ssc_5_group10: groupRule({ wins: 10, outcomes: 100_000 }, positions.all, [3, 2], [1, 1]),
  ssc_5_group5: groupRule({ wins: 5, outcomes: 100_000 }, positions.all, [4, 1], [1, 1]),
  ssc_4_direct: directRule({ wins: 1, outcomes: 10_000 }, positions.back4),
  ssc_3_direct_front: directRule({ wins: 1, outcomes: 1000 }, positions.front3),
  ssc_3_direct_middle: directRule({ wins: 1, outcomes: 1000 }, positions.middle3),
  ssc_3_direct_back: directRule({ wins: 1, outcomes: 1000 }, positions.back3),
  ssc_3_group3_front: groupThreeRule(positions.front3),
  ssc_3_group3_back: groupThreeRule(positions.back3),
  ssc_3_group6_front: groupRule({ wins: 6, outcomes: 1000 }, positions.front3, [1], [3]),
  ssc_3_group6_back: groupRule({ wins: 6, outcomes: 1000 }, positions.back3, [1], [3]),
  ssc_2_direct_front: directRule({ wins: 1, outcomes: 100 }, positions.front2),
  ssc_2_direct_back: directRule({ wins: 1, outcomes: 100 }, positions.back2),
  ssc_2_group_front: groupRule({ wins: 2, outcomes: 100 }, positions.front2, [1], [2]),
  ssc_2_group_back: groupRule({ wins: 2, outcomes: 100 }, positions.back2, [1], [2]),
  ssc_position: eachPickRule({ win: { wins: 1, outcomes: 10 } }, (row, value, draw) =>
    draw.numbers[row] === value ? 'win' : undefined,
  ),
  ssc_3_any_one_back: eachPickRule({ win: { wins: 271, outcomes: 1000 } }, (_row, value, draw) =>
    digitsAt(draw, positions.back3).includes(value) ? 'win' : undefined,
  ),
  ssc_position_sides: eachPickRule({ win: { wins: 1, outcomes: 2 } }, (row, side, draw) => {
    const digit = draw.numbers[row] as number;
    return isSideOf(digit, side, digit >= 5) ? 'win' : undefined;
  }),
  ssc_sum_sides: eachPickRule({ win: { wins: 50_000, outcomes: 100_000 } }, (_row, side, draw) => {
    const sum = sumOf(draw.numbers);
    return isSideOf(sum, side, sum >= 23) ? 'win' : undefined;
  }),
  ssc_dragon_tiger: labelledRule(
    'ssc_dragon_tiger',
    [45, 45, 10],
    100,
    (pick, draw) => dragonTigerOf(draw) === pick,
  ),
  ssc_3_shape_back: labelledRule(
    'ssc_3_shape_back',
    [10, 60, 270],
    1000,
    (pick, draw) => digitShapeOf(digitsAt(draw, positions.back3)) === pick,
  ),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;
