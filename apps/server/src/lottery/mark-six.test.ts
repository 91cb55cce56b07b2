import { type LotteryPlayId, lotteryGames, MarkSixColour, MarkSixSide } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverSampledDraws, outcomeOf } from './test-support.ts';

// 正码 2 14 30 45 9 21, 特码 37: 大 单 合双 (3 + 7) 尾大, blue, 马 in a horse year.
const draw = [2, 14, 30, 45, 9, 21, 37];
const allSides = [Object.values(MarkSixSide)];
const horse = 6;
const snake = 5;
const rat = 0;

const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>, number]> = [
  ['mark_six_special', [[37, 1]], draw, { win: 1 }, 0],
  ['mark_six_special', [[2]], draw, {}, 0],
  ['mark_six_special_sides', allSides, draw, { win: 4 }, 0],
  [
    'mark_six_special_sides',
    [[MarkSixSide.small, MarkSixSide.digitSumEven]],
    [...draw.slice(0, 6), 24],
    { win: 2 },
    0,
  ],
  ['mark_six_special_sides', allSides, [...draw.slice(0, 6), 49], {}, 8],
  ['mark_six_colour', [Object.values(MarkSixColour)], draw, { 蓝波: 1 }, 0],
  ['mark_six_colour', [[MarkSixColour.red]], [...draw.slice(0, 6), 46], { 红波: 1 }, 0],
  ['mark_six_special_zodiac', [[horse, snake]], draw, { fiveNumbers: 1 }, 0],
  ['mark_six_special_zodiac', [[horse, snake]], [...draw.slice(0, 6), 38], { fourNumbers: 1 }, 0],
  ['mark_six_special_zodiac', [[rat]], draw, {}, 0],
  ['mark_six_regular', [[2, 9, 37]], draw, { win: 2 }, 0],
  ['mark_six_regular_special', [[2], [30], [], [], [], [21]], draw, { win: 2 }, 0],
  ['mark_six_two_all', [[2, 14, 30, 37]], draw, { win: 3 }, 0],
  ['mark_six_two_all', [[2, 37]], draw, {}, 0],
  ['mark_six_three_all', [[2, 14, 30, 37]], draw, { win: 1 }, 0],
  // 马 on 37, 蛇 on 2 and 14, 鼠 on none.
  ['mark_six_one_zodiac', [[horse, snake, rat]], draw, { fiveNumbers: 1, fourNumbers: 1 }, 0],
];

describe('六合彩 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j, refunds %i', (playId, selection, numbers, wins, refunds) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds });
  });

  it('return their fair odds over 20,000 fair draws, for any selection', () => {
    expectFairOverSampledDraws('markSix', lotteryGames.markSix.draw, 20_000, 2);
  });
});
