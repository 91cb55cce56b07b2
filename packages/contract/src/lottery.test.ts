import { describe, expect, it } from 'vitest';
import {
  checkSelection,
  type LotteryPlayId,
  lotteryGames,
  lotteryPlayIds,
  lotteryPlays,
  lotteryStakeFen,
  lotteryTicketSchema,
  MarkSixColour,
  markSixColourOf,
  markSixZodiacOf,
  zodiacAnimals,
  zodiacYearAnimal,
} from './lottery.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/** [play, selection, notes] worked out by hand. */
const noteCounts: Array<[LotteryPlayId, number[][], number]> = [
  ['ssc_5_direct', [[1, 2], [3], [4], [5], [6, 7, 8]], 6],
  ['ssc_5_group120', [range(0, 6)], 21],
  // Pair 1 with singles {2, 3, 4}, or pair 2 with {1, 3, 4}.
  [
    'ssc_5_group60',
    [
      [1, 2],
      [1, 2, 3, 4],
    ],
    2,
  ],
  ['ssc_5_group60', [[1], [2, 3, 4, 5]], 4],
  ['ssc_5_group30', [[1, 2, 3], [4]], 3],
  [
    'ssc_5_group30',
    [
      [1, 2],
      [1, 3],
    ],
    1,
  ],
  ['ssc_5_group20', [[1], [2, 3, 4]], 3],
  [
    'ssc_5_group10',
    [
      [1, 2],
      [1, 2],
    ],
    2,
  ],
  ['ssc_5_group5', [[5, 6], [7]], 2],
  ['ssc_4_direct', [[1], [2], [3], [4, 5]], 2],
  ['ssc_3_direct_back', [[0, 1, 2], [0, 1], [9]], 6],
  // 组三 n(n − 1), 组六 C(n, 3) (GAMES.md 3.1).
  ['ssc_3_group3_back', [[1, 2, 3]], 6],
  ['ssc_3_group3_front', [range(0, 9)], 90],
  ['ssc_3_group6_back', [[1, 2, 3, 4]], 4],
  ['ssc_3_group6_front', [range(0, 9)], 120],
  [
    'ssc_2_direct_front',
    [
      [1, 2],
      [3, 4],
    ],
    4,
  ],
  ['ssc_2_group_back', [[1, 2, 3]], 3],
  ['ssc_position', [[1], [], [], [], [5, 6]], 3],
  ['ssc_3_any_one_back', [[1, 2]], 2],
  ['ssc_position_sides', [[0, 1], [2], [], [], [3]], 4],
  ['ssc_sum_sides', [[0, 2]], 2],
  ['ssc_dragon_tiger', [[0, 1, 2]], 3],
  ['ssc_3_shape_back', [[0]], 1],
  ['pk10_position', [[1], [2], [], [], [], [], [], [], [], [10]], 3],
  ['pk10_top2_sum', [[3, 11, 19]], 3],
  // (1,2) (2,1) (3,1) (3,2): a car takes one place.
  [
    'pk10_top2_direct',
    [
      [1, 2, 3],
      [1, 2],
    ],
    4,
  ],
  ['pk10_top2_group', [[1, 2, 3, 4]], 6],
  [
    'pk10_top3_direct',
    [
      [1, 2],
      [1, 2],
      [1, 2, 3],
    ],
    2,
  ],
  ['k3_sum', [[3, 10, 18]], 3],
  [
    'k3_double_single',
    [
      [1, 2],
      [1, 2, 3],
    ],
    4,
  ],
  ['k3_three_distinct', [range(1, 6)], 20],
  ['k3_two_distinct', [range(1, 6)], 15],
  ['k3_triple_any', [[0]], 1],
  ['syxw_any1', [[1, 2]], 2],
  ['syxw_any5', [range(1, 7)], 21],
  ['syxw_any8', [range(1, 11)], 165],
  [
    'syxw_front3_direct',
    [
      [1, 2],
      [2, 3],
      [3, 4],
    ],
    4,
  ],
  ['syxw_front2_group', [[1, 2, 3]], 3],
  ['mark_six_two_all', [[1, 2, 3, 4, 5]], 10],
  ['mark_six_three_all', [range(1, 49)], 18_424],
  ['mark_six_regular_special', [[1], [1], [], [], [], [49]], 3],
  ['mark_six_one_zodiac', [[0, 6]], 2],
  ['pc28_sum', [[0, 13, 27]], 3],
  ['pc28_combination', [[0, 1, 2, 3]], 4],
];

describe('lottery games', () => {
  it('draw the shapes GAMES.md gives', () => {
    expect(lotteryGames.ssc.draw).toEqual({ count: 5, min: 0, max: 9, isRepeatAllowed: true });
    expect(lotteryGames.pk10.draw).toEqual({ count: 10, min: 1, max: 10, isRepeatAllowed: false });
    expect(lotteryGames.markSix.draw).toEqual({ count: 7, min: 1, max: 49, isRepeatAllowed: false });
  });

  it('list plays whose rows offer distinct option values', () => {
    for (const playId of lotteryPlayIds) {
      for (const row of lotteryPlays[playId].rows) {
        expect(new Set(row.options.map((option) => option.value)).size, playId).toBe(row.options.length);
      }
    }
  });
});

describe('checkSelection', () => {
  it.each(noteCounts)('%s %j makes %i notes', (playId, selection, notes) => {
    expect(checkSelection(playId, selection)).toEqual({ isValid: true, notes });
  });

  it('refuses a selection that does not fit the board', () => {
    expect(checkSelection('ssc_5_direct', [[1], [2], [3], [4]])).toEqual({
      isValid: false,
      problem: 'rowCount',
    });
    expect(checkSelection('ssc_5_direct', [[1], [2], [3], [4], [10]])).toEqual({
      isValid: false,
      problem: 'unknownOption',
    });
    expect(checkSelection('pk10_position', [[0], [], [], [], [], [], [], [], [], []])).toMatchObject({
      problem: 'unknownOption',
    });
    expect(checkSelection('mark_six_special', [[50]])).toMatchObject({ problem: 'unknownOption' });
    expect(checkSelection('ssc_sum_sides', [[4]])).toMatchObject({ problem: 'unknownOption' });
    expect(checkSelection('syxw_any2', [[3, 3]])).toMatchObject({ problem: 'repeatedOption' });
  });

  it('refuses a selection that makes no note', () => {
    expect(checkSelection('ssc_position', [[], [], [], [], []])).toMatchObject({ problem: 'noNote' });
    expect(checkSelection('ssc_5_direct', [[1], [2], [], [4], [5]])).toMatchObject({ problem: 'noNote' });
    expect(checkSelection('ssc_5_group120', [[1, 2, 3, 4]])).toMatchObject({ problem: 'noNote' });
    expect(checkSelection('ssc_5_group5', [[5], [5]])).toMatchObject({ problem: 'noNote' });
    expect(checkSelection('ssc_3_group3_back', [[7]])).toMatchObject({ problem: 'noNote' });
    expect(checkSelection('syxw_any8', [range(1, 7)])).toMatchObject({ problem: 'noNote' });
  });
});

describe('tickets', () => {
  it('cost notes × note price of the unit × multiplier', () => {
    expect(lotteryStakeFen(1, 'yuan', 1)).toBe(200n);
    expect(lotteryStakeFen(3, 'jiao', 5)).toBe(300n);
    expect(lotteryStakeFen(18_424, 'fen', 9999)).toBe(368_443_152n);
  });

  it('take a known play, a bounded selection, a unit and a multiplier 1…9999', () => {
    const ticket = { playId: 'ssc_position', selection: [[1], [], [], [], []], unit: 'jiao', multiplier: 2 };
    expect(lotteryTicketSchema.safeParse(ticket).success).toBe(true);
    for (const bad of [
      { playId: 'nope' },
      { unit: 'li' },
      { multiplier: 0 },
      { multiplier: 10_000 },
      { selection: [[100]] },
      { selection: [] },
    ]) {
      expect(lotteryTicketSchema.safeParse({ ...ticket, ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('六合彩 numbers', () => {
  it('carry the lunar year animal from 春节, Asia/Shanghai', () => {
    expect(zodiacAnimals[zodiacYearAnimal(new Date('2026-02-16T15:59:59Z'))]).toBe('蛇');
    expect(zodiacAnimals[zodiacYearAnimal(new Date('2026-02-16T16:00:00Z'))]).toBe('马');
    expect(zodiacAnimals[zodiacYearAnimal(new Date('2020-06-01T00:00:00Z'))]).toBe('鼠');
    expect(() => zodiacYearAnimal(new Date('2019-06-01T00:00:00Z'))).toThrow();
  });

  it('map 1 to the year animal and each next number one animal back (GAMES.md 3.5)', () => {
    const horse = 6;
    const numbersOf = (animal: number) =>
      range(1, 49).filter((number) => markSixZodiacOf(number, horse) === animal);
    expect(numbersOf(horse)).toEqual([1, 13, 25, 37, 49]);
    expect(numbersOf(5)).toEqual([2, 14, 26, 38]);
    expect(numbersOf(4)).toEqual([3, 15, 27, 39]);
  });

  it('have 17 red, 16 blue and 16 green numbers', () => {
    const count = (colour: number) =>
      range(1, 49).filter((number) => markSixColourOf(number) === colour).length;
    expect([count(MarkSixColour.red), count(MarkSixColour.blue), count(MarkSixColour.green)]).toEqual([
      17, 16, 16,
    ]);
    expect(markSixColourOf(49)).toBe(MarkSixColour.green);
  });
});
