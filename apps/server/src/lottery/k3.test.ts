import { BigSmallOddEven, type LotteryPlayId, lotteryGames } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverEveryDraw, outcomeOf } from './test-support.ts';

const { big, small, odd, even } = BigSmallOddEven;

const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>]> = [
  ['k3_sum', [[4, 10, 17]], [2, 5, 3], { 10: 1 }],
  ['k3_sum', [[3, 18]], [6, 6, 6], { 18: 1 }],
  ['k3_sum', [[4, 17]], [2, 5, 4], {}],
  ['k3_sides', [[big, small, odd, even]], [2, 5, 4], { 大: 1, 单: 1 }],
  ['k3_sides', [[big, small, odd, even]], [1, 2, 1], { 小: 1, 双: 1 }],
  ['k3_sides', [[big, small, odd, even]], [4, 4, 4], {}],
  ['k3_triple_single', [[3, 5]], [5, 5, 5], { win: 1 }],
  ['k3_triple_single', [[3, 5]], [5, 5, 3], {}],
  ['k3_triple_any', [[0]], [2, 2, 2], { win: 1 }],
  ['k3_triple_any', [[0]], [2, 2, 1], {}],
  [
    'k3_double_single',
    [
      [2, 6],
      [1, 3],
    ],
    [2, 1, 2],
    { win: 1 },
  ],
  [
    'k3_double_single',
    [
      [2, 6],
      [1, 3],
    ],
    [1, 1, 2],
    {},
  ],
  ['k3_double_single', [[2], [1, 3]], [2, 2, 2], {}],
  ['k3_double_any', [[2, 4]], [2, 4, 2], { win: 1 }],
  ['k3_double_any', [[2, 4]], [2, 2, 2], { win: 1 }],
  ['k3_double_any', [[2, 4]], [2, 4, 1], {}],
  ['k3_three_distinct', [[1, 2, 3, 4]], [3, 1, 4], { win: 1 }],
  ['k3_three_distinct', [[1, 2, 3, 4]], [3, 3, 4], {}],
  ['k3_two_distinct', [[1, 2, 3]], [3, 2, 1], { win: 3 }],
  ['k3_two_distinct', [[1, 2, 3]], [1, 1, 2], { win: 1 }],
  ['k3_two_distinct', [[1, 2]], [1, 1, 1], {}],
  ['k3_straight_any', [[0]], [5, 3, 4], { win: 1 }],
  ['k3_straight_any', [[0]], [1, 2, 4], {}],
];

describe('快3 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j', (playId, selection, numbers, wins) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds: 0 });
  });

  it('return exactly their fair odds over all 216 throws, for any selection', () => {
    expectFairOverEveryDraw('k3', lotteryGames.k3.draw, 50);
  });
});
