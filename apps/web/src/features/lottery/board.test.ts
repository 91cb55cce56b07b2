import { lotteryPlays } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { isNumberRow, quickPickValues, selectionText, toggledSelection } from './board.ts';

const [digits] = lotteryPlays.ssc_position.rows;
const [syxw] = lotteryPlays.syxw_any5.rows;
const [markSix] = lotteryPlays.mark_six_special.rows;
const [sides] = lotteryPlays.ssc_sum_sides.rows;

describe('quick picks', () => {
  it('takes the upper and lower halves and the parities of a number row', () => {
    if (!digits || !syxw || !markSix) {
      throw new Error('boards missing');
    }
    expect(quickPickValues(digits, 'big')).toEqual([5, 6, 7, 8, 9]);
    expect(quickPickValues(digits, 'small')).toEqual([0, 1, 2, 3, 4]);
    expect(quickPickValues(digits, 'odd')).toEqual([1, 3, 5, 7, 9]);
    expect(quickPickValues(digits, 'even')).toEqual([0, 2, 4, 6, 8]);
    expect(quickPickValues(digits, 'all')).toHaveLength(10);
    expect(quickPickValues(digits, 'clear')).toEqual([]);
    expect(quickPickValues(syxw, 'big')).toEqual([6, 7, 8, 9, 10, 11]);
    expect(quickPickValues(markSix, 'big')[0]).toBe(25);
  });

  it("takes 大 and 小 as the game's rule says where it names them: PK10 冠亚和 11 is 小", () => {
    const [topTwoSum] = lotteryPlays.pk10_top2_sum.rows;
    if (!topTwoSum) {
      throw new Error('board missing');
    }
    expect(quickPickValues(topTwoSum, 'big')).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
    expect(quickPickValues(topTwoSum, 'small')).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('applies to number rows only', () => {
    expect(digits && isNumberRow(digits)).toBe(true);
    expect(sides && isNumberRow(sides)).toBe(false);
  });
});

describe('selections', () => {
  it('toggles a value on one row, keeping board order, and reads as labels', () => {
    const rows = lotteryPlays.ssc_2_direct_back.rows;
    const picked = toggledSelection(rows, toggledSelection(rows, [[], []], 0, 7), 0, 3);
    expect(picked).toEqual([[3, 7], []]);
    expect(toggledSelection(rows, picked, 0, 7)).toEqual([[3], []]);
    expect(selectionText(rows, [[3, 7], [0]])).toBe('3,7 | 0');
    expect(selectionText(lotteryPlays.syxw_any2.rows, [[1, 11]])).toBe('01,11');
  });
});
