import { BigSmallOddEven, DragonTiger, type LotteryPlayId, lotteryGames } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverSampledDraws, outcomeOf } from './test-support.ts';

const { big, small, odd, even } = BigSmallOddEven;
const race = [3, 8, 1, 10, 6, 2, 7, 9, 4, 5];

const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>]> = [
  ['pk10_position', [[3, 8], [], [], [], [], [], [], [], [], [5]], race, { win: 2 }],
  ['pk10_position', [[8], [3], [], [], [], [], [], [], [], []], race, {}],
  // 冠 3 (小 单), 亚 8 (大 双), 第十 5 (小 单).
  [
    'pk10_place_sides',
    [[small, odd, big], [big, even], [], [], [], [], [], [], [], [small]],
    race,
    { win: 5 },
  ],
  // 冠 3 vs 第十 5: 虎; 亚 8 vs 第九 4: 龙; 第三 1 vs 第八 9: 虎.
  [
    'pk10_dragon_tiger',
    [[DragonTiger.dragon, DragonTiger.tiger], [DragonTiger.dragon], [DragonTiger.dragon], [], []],
    race,
    { win: 2 },
  ],
  ['pk10_top2_sum', [[11, 12]], race, { 11: 1 }],
  ['pk10_top2_sum', [[3, 19]], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { 3: 1 }],
  ['pk10_top2_sum_sides', [[big, small, odd, even]], race, { 小: 1, 单: 1 }],
  ['pk10_top2_sum_sides', [[big, small, odd, even]], [10, 9, 1, 2, 3, 4, 5, 6, 7, 8], { 大: 1, 单: 1 }],
  [
    'pk10_top2_direct',
    [
      [3, 4],
      [8, 9],
    ],
    race,
    { win: 1 },
  ],
  ['pk10_top2_direct', [[8], [3]], race, {}],
  ['pk10_top2_group', [[8, 3, 5]], race, { win: 1 }],
  ['pk10_top2_group', [[3, 1]], race, {}],
  ['pk10_top3_direct', [[3], [8], [1, 2]], race, { win: 1 }],
  ['pk10_top3_direct', [[3], [1], [8]], race, {}],
];

describe('PK10 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j', (playId, selection, numbers, wins) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds: 0 });
  });

  it('return their fair odds over 20,000 fair races, for any selection', () => {
    expectFairOverSampledDraws('pk10', lotteryGames.pk10.draw, 20_000, 2);
  });
});
