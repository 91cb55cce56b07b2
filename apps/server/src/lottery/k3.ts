import type { LotteryPlayId } from '@site/contract';
import {
  countsOf,
  eachPickRule,
  hitCombinations,
  isSideOf,
  labelledRule,
  type PlayRule,
  singleLevelRule,
  sumOf,
} from './play-rule.ts';

/** 快3: three dice 1–6, 216 equally likely outcomes. GAMES.md 3.3. */

const isTriple = (dice: readonly number[]) => new Set(dice).size === 1;

/** Outcomes of the 216 with each sum 3…18. */
const sumCounts = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];

function isStraight(dice: readonly number[]): boolean {
  const [low = 0, middle = 0, high = 0] = [...dice].sort((a, b) => a - b);
  return middle === low + 1 && high === middle + 1;
}

export const k3Rules = {
  k3_sum: labelledRule('k3_sum', sumCounts, 216, (sum, draw) => sumOf(draw.numbers) === sum),
  /** 大 11–17, 小 4–10, 单, 双 on the sum; any triple loses all four. */
  k3_sides: labelledRule('k3_sides', [105, 105, 105, 105], 216, (side, draw) => {
    const sum = sumOf(draw.numbers);
    return !isTriple(draw.numbers) && isSideOf(sum, side, sum >= 11);
  }),
  k3_triple_single: eachPickRule({ win: { wins: 1, outcomes: 216 } }, (_row, face, draw) =>
    draw.numbers.every((die) => die === face) ? 'win' : undefined,
  ),
  k3_triple_any: eachPickRule({ win: { wins: 6, outcomes: 216 } }, (_row, _pick, draw) =>
    isTriple(draw.numbers) ? 'win' : undefined,
  ),
  /** Exactly a pair of row 1's face and a single of row 2's (aab in any order). */
  k3_double_single: singleLevelRule({ wins: 3, outcomes: 216 }, (selection, draw) => {
    const counts = [...countsOf(draw.numbers)];
    const pair = counts.find(([, count]) => count === 2)?.[0];
    const single = counts.find(([, count]) => count === 1)?.[0];
    return pair !== undefined &&
      single !== undefined &&
      selection[0]?.includes(pair) &&
      selection[1]?.includes(single)
      ? 1
      : 0;
  }),
  /** At least two dice of the face (a triple counts). */
  k3_double_any: eachPickRule({ win: { wins: 16, outcomes: 216 } }, (_row, face, draw) =>
    draw.numbers.filter((die) => die === face).length >= 2 ? 'win' : undefined,
  ),
  k3_three_distinct: singleLevelRule({ wins: 6, outcomes: 216 }, (selection, draw) =>
    new Set(draw.numbers).size === 3 ? hitCombinations(selection[0] ?? [], draw.numbers, 3) : 0,
  ),
  /** Every picked pair of faces that both show is a winning note. */
  k3_two_distinct: singleLevelRule({ wins: 30, outcomes: 216 }, (selection, draw) =>
    hitCombinations(selection[0] ?? [], draw.numbers, 2),
  ),
  k3_straight_any: eachPickRule({ win: { wins: 24, outcomes: 216 } }, (_row, _pick, draw) =>
    isStraight(draw.numbers) ? 'win' : undefined,
  ),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;
