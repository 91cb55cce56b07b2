import { BigSmallOddEven, DigitShape, DragonTiger, type LotteryPlayId, lotteryGames } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverEveryDraw, outcomeOf } from './test-support.ts';

const { big, small, odd, even } = BigSmallOddEven;

/** [play, selection, draw, notes won per level, notes refunded] worked out by hand. */
const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>]> = [
  ['ssc_5_direct', [[1], [2], [3], [4], [5]], [1, 2, 3, 4, 5], { win: 1 }],
  ['ssc_5_direct', [[1], [2], [3], [4], [5]], [1, 2, 3, 4, 6], {}],
  ['ssc_5_direct', [[1, 2], [2], [3], [4], [5, 6]], [2, 2, 3, 4, 6], { win: 1 }],
  ['ssc_5_group120', [[0, 1, 2, 3, 4, 5]], [5, 3, 1, 0, 4], { win: 1 }],
  ['ssc_5_group120', [[0, 1, 2, 3, 4, 5]], [5, 3, 1, 0, 0], {}],
  ['ssc_5_group120', [[0, 1, 2, 3, 4, 5]], [5, 3, 1, 0, 9], {}],
  [
    'ssc_5_group60',
    [
      [1, 5],
      [2, 3, 4, 6],
    ],
    [1, 2, 1, 3, 4],
    { win: 1 },
  ],
  [
    'ssc_5_group60',
    [
      [1, 5],
      [2, 3, 4, 6],
    ],
    [2, 2, 1, 3, 4],
    {},
  ],
  [
    'ssc_5_group60',
    [
      [1, 5],
      [2, 3, 4, 6],
    ],
    [1, 1, 2, 3, 3],
    {},
  ],
  ['ssc_5_group30', [[1, 2], [3]], [1, 2, 2, 3, 1], { win: 1 }],
  ['ssc_5_group30', [[1, 2], [3]], [1, 2, 2, 4, 1], {}],
  ['ssc_5_group20', [[7], [1, 2]], [7, 1, 7, 2, 7], { win: 1 }],
  ['ssc_5_group20', [[7], [1, 2]], [7, 1, 7, 1, 7], {}],
  ['ssc_5_group10', [[7], [1]], [7, 1, 7, 1, 7], { win: 1 }],
  ['ssc_5_group10', [[7], [1]], [1, 7, 1, 7, 1], {}],
  ['ssc_5_group5', [[3], [8]], [3, 3, 8, 3, 3], { win: 1 }],
  ['ssc_5_group5', [[3], [8]], [3, 3, 3, 3, 3], {}],
  ['ssc_4_direct', [[2], [3], [4], [5]], [9, 2, 3, 4, 5], { win: 1 }],
  ['ssc_4_direct', [[2], [3], [4], [5]], [2, 3, 4, 5, 9], {}],
  ['ssc_3_direct_front', [[1], [2], [3]], [1, 2, 3, 0, 0], { win: 1 }],
  ['ssc_3_direct_middle', [[2], [3], [0]], [1, 2, 3, 0, 0], { win: 1 }],
  ['ssc_3_direct_back', [[3], [0], [0]], [1, 2, 3, 0, 0], { win: 1 }],
  ['ssc_3_direct_back', [[1], [2], [3]], [1, 2, 3, 0, 0], {}],
  ['ssc_3_group3_back', [[1, 2, 5]], [0, 0, 2, 1, 2], { win: 1 }],
  ['ssc_3_group3_back', [[1, 2, 5]], [0, 0, 2, 2, 2], {}],
  ['ssc_3_group3_back', [[1, 2, 5]], [0, 0, 1, 2, 5], {}],
  ['ssc_3_group3_front', [[0, 9]], [9, 0, 0, 4, 4], { win: 1 }],
  ['ssc_3_group6_back', [[1, 2, 3, 4]], [9, 9, 3, 1, 2], { win: 1 }],
  ['ssc_3_group6_back', [[1, 2, 3, 4]], [9, 9, 3, 1, 1], {}],
  ['ssc_3_group6_front', [[1, 2, 3]], [3, 2, 1, 7, 7], { win: 1 }],
  ['ssc_2_direct_front', [[4], [5]], [4, 5, 0, 0, 0], { win: 1 }],
  ['ssc_2_direct_back', [[0], [1]], [4, 5, 0, 0, 1], { win: 1 }],
  ['ssc_2_direct_back', [[0], [1]], [4, 5, 0, 1, 0], {}],
  ['ssc_2_group_back', [[3, 8, 9]], [0, 0, 0, 9, 3], { win: 1 }],
  ['ssc_2_group_back', [[3, 8, 9]], [0, 0, 0, 9, 9], {}],
  ['ssc_2_group_front', [[3, 8]], [8, 3, 0, 0, 0], { win: 1 }],
  ['ssc_position', [[1], [], [], [], [5, 6]], [1, 2, 3, 4, 5], { win: 2 }],
  ['ssc_position', [[1], [], [], [], [5, 6]], [0, 2, 3, 4, 6], { win: 1 }],
  ['ssc_3_any_one_back', [[1, 2, 3]], [9, 9, 1, 1, 2], { win: 2 }],
  ['ssc_3_any_one_back', [[1, 2, 3]], [1, 2, 4, 5, 6], {}],
  ['ssc_position_sides', [[big, odd], [], [], [], [small, even]], [7, 0, 0, 0, 3], { win: 3 }],
  ['ssc_sum_sides', [[big, small, odd, even]], [9, 9, 5, 0, 0], { win: 2 }],
  ['ssc_sum_sides', [[big, odd]], [9, 9, 4, 0, 0], {}],
  [
    'ssc_dragon_tiger',
    [[DragonTiger.dragon, DragonTiger.tiger, DragonTiger.tie]],
    [5, 0, 0, 0, 3],
    { 龙: 1 },
  ],
  [
    'ssc_dragon_tiger',
    [[DragonTiger.dragon, DragonTiger.tiger, DragonTiger.tie]],
    [2, 0, 0, 0, 3],
    { 虎: 1 },
  ],
  ['ssc_dragon_tiger', [[DragonTiger.dragon, DragonTiger.tiger]], [3, 0, 0, 0, 3], {}],
  ['ssc_dragon_tiger', [[DragonTiger.tie]], [3, 0, 0, 0, 3], { 和: 1 }],
  [
    'ssc_3_shape_back',
    [[DigitShape.triple, DigitShape.straight, DigitShape.pair]],
    [1, 1, 8, 9, 0],
    { 顺子: 1 },
  ],
  ['ssc_3_shape_back', [[DigitShape.straight]], [1, 1, 0, 1, 9], { 顺子: 1 }],
  ['ssc_3_shape_back', [[DigitShape.triple, DigitShape.pair]], [0, 0, 4, 4, 4], { 豹子: 1 }],
  ['ssc_3_shape_back', [[DigitShape.triple, DigitShape.pair]], [0, 0, 4, 5, 4], { 对子: 1 }],
  ['ssc_3_shape_back', [[DigitShape.triple, DigitShape.straight, DigitShape.pair]], [0, 0, 1, 3, 5], {}],
];

describe('时时彩 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j', (playId, selection, numbers, wins) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds: 0 });
  });

  it('return exactly their fair odds over all 100,000 draws, for any selection', () => {
    expectFairOverEveryDraw('ssc', lotteryGames.ssc.draw, 2);
  });
});
