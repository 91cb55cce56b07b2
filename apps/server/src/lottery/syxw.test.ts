import { type LotteryPlayId, lotteryGames } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { expectFairOverEveryDraw, outcomeOf } from './test-support.ts';

const draw = [3, 7, 11, 1, 5];

const cases: Array<[LotteryPlayId, number[][], number[], Record<string, number>]> = [
  ['syxw_any1', [[3, 4, 5]], draw, { win: 2 }],
  ['syxw_any2', [[3, 4, 5, 7]], draw, { win: 3 }],
  ['syxw_any2', [[2, 4]], draw, {}],
  ['syxw_any3', [[1, 3, 5, 7]], draw, { win: 4 }],
  ['syxw_any4', [[1, 3, 5, 7, 2]], draw, { win: 1 }],
  ['syxw_any5', [[1, 3, 5, 7, 11]], draw, { win: 1 }],
  ['syxw_any5', [[1, 3, 5, 7, 10]], draw, {}],
  // All five drawn picked among 7: C(2, 1) six-number notes hold them.
  ['syxw_any6', [[1, 3, 5, 7, 11, 2, 4]], draw, { win: 2 }],
  ['syxw_any7', [[1, 3, 5, 7, 11, 2, 4]], draw, { win: 1 }],
  ['syxw_any7', [[1, 3, 5, 7, 2, 4, 6]], draw, {}],
  ['syxw_any8', [[1, 2, 3, 4, 5, 6, 7, 8, 11]], draw, { win: 4 }],
  ['syxw_front1', [[3, 7]], draw, { win: 1 }],
  ['syxw_front1', [[7]], draw, {}],
  ['syxw_front2_direct', [[3], [7, 8]], draw, { win: 1 }],
  ['syxw_front2_direct', [[7], [3]], draw, {}],
  ['syxw_front2_group', [[7, 3, 11]], draw, { win: 1 }],
  ['syxw_front2_group', [[3, 11]], draw, {}],
  ['syxw_front3_direct', [[3], [7], [11]], draw, { win: 1 }],
  ['syxw_front3_direct', [[3], [11], [7]], draw, {}],
  ['syxw_front3_group', [[11, 7, 3, 1]], draw, { win: 1 }],
  ['syxw_front3_group', [[11, 7, 1]], draw, {}],
];

describe('11选5 winning rules', () => {
  it.each(cases)('%s %j on %j wins %j', (playId, selection, numbers, wins) => {
    expect(outcomeOf(playId, selection, numbers)).toEqual({ wins, refunds: 0 });
  });

  it('return exactly their fair odds over all 55,440 ordered draws, for any selection', () => {
    expectFairOverEveryDraw('syxw', lotteryGames.syxw.draw, 3);
  });
});
