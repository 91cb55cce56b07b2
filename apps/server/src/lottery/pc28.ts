import { type LotteryPlayId, Pc28Combination, Pc28Extreme, Pc28Shape } from '@site/contract';
import { type DrawResult, isSideOf, labelledRule, type PlayRule, sumOf } from './play-rule.ts';

/**
 * PC28 (极速28): three uniform digits 0–9, the result is their sum 0–27; 1000 outcomes.
 * GAMES.md 3.6.
 */

/** Outcomes of the 1000 with each sum 0…13; 14…27 mirror them. */
const lowSumCounts = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 63, 69, 73, 75];
const sumCounts = [...lowSumCounts, ...lowSumCounts.toReversed()];

const resultOf = (draw: DrawResult) => sumOf(draw.numbers);
const isBig = (sum: number) => sum >= 14;

function isCombination(sum: number, combination: number): boolean {
  const isOdd = sum % 2 === 1;
  switch (combination) {
    case Pc28Combination.bigOdd:
      return isBig(sum) && isOdd;
    case Pc28Combination.bigEven:
      return isBig(sum) && !isOdd;
    case Pc28Combination.smallOdd:
      return !isBig(sum) && isOdd;
    default:
      return !isBig(sum) && !isOdd;
  }
}

export const pc28Rules = {
  pc28_sum: labelledRule('pc28_sum', sumCounts, 1000, (sum, draw) => resultOf(draw) === sum),
  pc28_sides: labelledRule('pc28_sides', [500, 500, 500, 500], 1000, (side, draw) => {
    const sum = resultOf(draw);
    return isSideOf(sum, side, isBig(sum));
  }),
  pc28_combination: labelledRule('pc28_combination', [231, 269, 269, 231], 1000, (combination, draw) =>
    isCombination(resultOf(draw), combination),
  ),
  /** 极大 22–27, 极小 0–5. */
  pc28_extreme: labelledRule('pc28_extreme', [56, 56], 1000, (extreme, draw) => {
    const sum = resultOf(draw);
    return extreme === Pc28Extreme.high ? sum >= 22 : sum <= 5;
  }),
  /** 豹子: three equal digits; 对子: exactly two. */
  pc28_shape: labelledRule('pc28_shape', [10, 270], 1000, (shape, draw) => {
    const distinctCount = new Set(draw.numbers).size;
    return shape === Pc28Shape.triple ? distinctCount === 1 : distinctCount === 2;
  }),
} as const satisfies Partial<Record<LotteryPlayId, PlayRule>>;
