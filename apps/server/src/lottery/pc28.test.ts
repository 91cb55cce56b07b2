import {
  BigSmallOddEven,
  type LotteryPlayId,
  lotteryGames,
  Pc28Combination,
  Pc28Extreme,
  Pc28Shape,
} from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverEveryDraw, outcomeOf } from './test-support.ts';

const allSides = [Object.values(BigSmallOddEven)];
const allCombinations = [Object.values(Pc28Combination)];
const bothExtremes = [Object.values(Pc28Extreme)];
const bothShapes = [Object.values(Pc28Shape)];

const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>]> = [
  ['pc28_sum', [[23, 0]], [9, 9, 5], { 23: 1 }],
  ['pc28_sum', [[0]], [0, 0, 0], { 0: 1 }],
  ['pc28_sum', [[13, 14]], [9, 9, 5], {}],
  ['pc28_sides', allSides, [9, 9, 5], { 大: 1, 单: 1 }],
  ['pc28_sides', allSides, [0, 1, 2], { 小: 1, 单: 1 }],
  ['pc28_sides', allSides, [4, 5, 5], { 大: 1, 双: 1 }],
  ['pc28_combination', allCombinations, [9, 9, 5], { 大单: 1 }],
  ['pc28_combination', allCombinations, [4, 4, 5], { 小单: 1 }],
  ['pc28_combination', allCombinations, [4, 4, 4], { 小双: 1 }],
  ['pc28_extreme', bothExtremes, [9, 9, 5], { 极大: 1 }],
  ['pc28_extreme', bothExtremes, [0, 1, 2], { 极小: 1 }],
  ['pc28_extreme', bothExtremes, [7, 7, 7], {}],
  ['pc28_shape', bothShapes, [9, 9, 5], { 对子: 1 }],
  ['pc28_shape', bothShapes, [7, 7, 7], { 豹子: 1 }],
  ['pc28_shape', bothShapes, [0, 1, 2], {}],
];

describe('PC28 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j', (playId, selection, numbers, wins) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds: 0 });
  });

  it('return exactly their fair odds over all 1,000 draws, for any selection', () => {
    expectFairOverEveryDraw('pc28', lotteryGames.pc28.draw, 30);
  });
});
