import {
  type LotteryGameKind,
  type LotteryPlayId,
  type LotteryUnit,
  lotteryGames,
  lotteryNotePriceFen,
  lotteryPlayIds,
  lotteryUnitKeys,
  MarkSixSide,
} from '@site/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import type { LevelOdds } from './play-rule.ts';
import { fairPayout, offeredPrizeFen, playRules, pricedTicket, prizeTable, settleTicket } from './plays.ts';
import { drawOf, everyDraw, playIdsOf, selectionArbitrary } from './test-support.ts';

const levelOdds = (playId: LotteryPlayId, level: string): LevelOdds => {
  const levels: Readonly<Record<string, LevelOdds>> = playRules[playId].levels;
  const odds = levels[level];
  if (odds === undefined) {
    throw new Error(`${playId} has no level ${level}`);
  }
  return odds;
};

const fairOf = (playId: LotteryPlayId, level = 'win') => {
  const { numerator, denominator } = fairPayout(levelOdds(playId, level));
  return Number(numerator) / Number(denominator);
};

/** GAMES.md section 3: [play, level, fair payout per 1 staked, the decimals it is quoted to]. */
const gamesMdFairPayouts: Array<[LotteryPlayId, string, number, number]> = [
  ['ssc_5_direct', 'win', 100_000, 2],
  ['ssc_5_group120', 'win', 833.33, 2],
  ['ssc_5_group60', 'win', 100_000 / 60, 6],
  ['ssc_5_group30', 'win', 100_000 / 30, 6],
  ['ssc_5_group20', 'win', 5000, 2],
  ['ssc_5_group10', 'win', 10_000, 2],
  ['ssc_5_group5', 'win', 20_000, 2],
  ['ssc_4_direct', 'win', 10_000, 2],
  ['ssc_3_direct_front', 'win', 1000, 2],
  ['ssc_3_direct_middle', 'win', 1000, 2],
  ['ssc_3_direct_back', 'win', 1000, 2],
  ['ssc_3_group3_front', 'win', 333.33, 2],
  ['ssc_3_group3_back', 'win', 333.33, 2],
  ['ssc_3_group6_front', 'win', 166.67, 2],
  ['ssc_3_group6_back', 'win', 166.67, 2],
  ['ssc_2_direct_front', 'win', 100, 2],
  ['ssc_2_direct_back', 'win', 100, 2],
  ['ssc_2_group_front', 'win', 50, 2],
  ['ssc_2_group_back', 'win', 50, 2],
  ['ssc_position', 'win', 10, 2],
  ['ssc_3_any_one_back', 'win', 3.69, 2],
  ['ssc_position_sides', 'win', 2, 2],
  ['ssc_sum_sides', 'win', 2, 2],
  ['ssc_dragon_tiger', '龙', 2.222, 3],
  ['ssc_dragon_tiger', '虎', 2.222, 3],
  ['ssc_dragon_tiger', '和', 10, 2],
  ['ssc_3_shape_back', '豹子', 100, 2],
  ['ssc_3_shape_back', '顺子', 16.67, 2],
  ['ssc_3_shape_back', '对子', 3.7, 2],
  ['pk10_position', 'win', 10, 2],
  ['pk10_place_sides', 'win', 2, 2],
  ['pk10_dragon_tiger', 'win', 2, 2],
  ['pk10_top2_sum', '3', 45, 2],
  ['pk10_top2_sum', '11', 9, 2],
  ['pk10_top2_sum', '19', 45, 2],
  ['pk10_top2_sum_sides', '大', 2.25, 2],
  ['pk10_top2_sum_sides', '小', 1.8, 2],
  ['pk10_top2_sum_sides', '单', 1.8, 2],
  ['pk10_top2_sum_sides', '双', 2.25, 2],
  ['pk10_top2_direct', 'win', 90, 2],
  ['pk10_top2_group', 'win', 45, 2],
  ['pk10_top3_direct', 'win', 720, 2],
  ['k3_sum', '3', 216, 2],
  ['k3_sum', '4', 72, 2],
  ['k3_sum', '5', 36, 2],
  ['k3_sum', '6', 21.6, 2],
  ['k3_sum', '7', 14.4, 2],
  ['k3_sum', '8', 10.29, 2],
  ['k3_sum', '9', 8.64, 2],
  ['k3_sum', '10', 8, 2],
  ['k3_sum', '11', 8, 2],
  ['k3_sum', '13', 10.29, 2],
  ['k3_sum', '17', 72, 2],
  ['k3_sum', '18', 216, 2],
  ['k3_triple_single', 'win', 216, 2],
  ['k3_triple_any', 'win', 36, 2],
  ['k3_double_single', 'win', 72, 2],
  ['k3_double_any', 'win', 13.5, 2],
  ['k3_three_distinct', 'win', 36, 2],
  ['k3_two_distinct', 'win', 7.2, 2],
  ['k3_straight_any', 'win', 9, 2],
  ['k3_sides', '大', 2.057, 3],
  ['k3_sides', '双', 2.057, 3],
  ['syxw_any1', 'win', 2.2, 2],
  ['syxw_any2', 'win', 5.5, 2],
  ['syxw_any3', 'win', 16.5, 2],
  ['syxw_any4', 'win', 66, 2],
  ['syxw_any5', 'win', 462, 2],
  ['syxw_any6', 'win', 77, 2],
  ['syxw_any7', 'win', 22, 2],
  ['syxw_any8', 'win', 8.25, 2],
  ['syxw_front1', 'win', 11, 2],
  ['syxw_front2_direct', 'win', 110, 2],
  ['syxw_front2_group', 'win', 55, 2],
  ['syxw_front3_direct', 'win', 990, 2],
  ['syxw_front3_group', 'win', 165, 2],
  ['mark_six_special', 'win', 49, 2],
  ['mark_six_special_sides', 'win', 2, 2],
  ['mark_six_colour', '红波', 2.882, 3],
  ['mark_six_colour', '蓝波', 3.0625, 4],
  ['mark_six_colour', '绿波', 3.0625, 4],
  ['mark_six_special_zodiac', 'fiveNumbers', 9.8, 2],
  ['mark_six_special_zodiac', 'fourNumbers', 12.25, 2],
  ['mark_six_regular', 'win', 8.167, 3],
  ['mark_six_regular_special', 'win', 49, 2],
  ['mark_six_two_all', 'win', 78.4, 2],
  ['mark_six_three_all', 'win', 921.2, 2],
  ['mark_six_one_zodiac', 'fourNumbers', 2.12, 2],
  ['mark_six_one_zodiac', 'fiveNumbers', 1.805, 3],
  ['pc28_sum', '0', 1000, 2],
  ['pc28_sum', '13', 1000 / 75, 6],
  ['pc28_sum', '14', 1000 / 75, 6],
  ['pc28_sum', '27', 1000, 2],
  ['pc28_sides', '大', 2, 2],
  ['pc28_combination', '大单', 4.33, 2],
  ['pc28_combination', '大双', 3.72, 2],
  ['pc28_combination', '小单', 3.72, 2],
  ['pc28_combination', '小双', 4.33, 2],
  ['pc28_extreme', '极大', 17.86, 2],
  ['pc28_extreme', '极小', 17.86, 2],
  ['pc28_shape', '豹子', 100, 2],
  ['pc28_shape', '对子', 3.7, 2],
];

describe('play rules', () => {
  it('cover every play of the catalogue, each level with sound odds', () => {
    expect(Object.keys(playRules).sort()).toEqual([...lotteryPlayIds].sort());
    for (const playId of lotteryPlayIds) {
      const levels: Readonly<Record<string, LevelOdds>> = playRules[playId].levels;
      for (const odds of Object.values(levels)) {
        expect(odds.wins, playId).toBeGreaterThan(0);
        expect(odds.wins + (odds.refunds ?? 0), playId).toBeLessThanOrEqual(odds.outcomes);
      }
    }
  });

  it.each(gamesMdFairPayouts)(
    '%s %s pays %d fair, as GAMES.md quotes it',
    (playId, level, fair, decimals) => {
      expect(fairOf(playId, level)).toBeCloseTo(fair, decimals);
    },
  );

  it('quote every play GAMES.md lists', () => {
    const quoted = new Set(gamesMdFairPayouts.map(([playId]) => playId));
    expect(lotteryPlayIds.filter((playId) => !quoted.has(playId))).toEqual([]);
  });
});

describe('offered prizes', () => {
  it('take the house edge off the fair payout and round down to the fen per note', () => {
    const direct = levelOdds('ssc_5_direct', 'win');
    expect(offeredPrizeFen(direct, 'yuan', 0)).toBe(20_000_000n);
    expect(offeredPrizeFen(direct, 'yuan', 1000)).toBe(18_000_000n);
    const anyOne = levelOdds('ssc_3_any_one_back', 'win');
    // 2.00 × 1000/271 × 0.9 = 6.642… yuan; 0.02 × … = 6.64 fen.
    expect(offeredPrizeFen(anyOne, 'yuan', 1000)).toBe(664n);
    expect(offeredPrizeFen(anyOne, 'fen', 1000)).toBe(6n);
    // Refunds on 49 lift the fair payout to 2.00; at 5 % the prize of a 2 元 note is 3.80.
    expect(offeredPrizeFen(levelOdds('mark_six_special_sides', 'win'), 'yuan', 500)).toBe(380n);
    // 0.20 × 90/40 × 0.98 = 0.441 yuan.
    expect(offeredPrizeFen(levelOdds('pk10_top2_sum_sides', '大'), 'jiao', 200)).toBe(44n);
  });

  it('refuse an edge outside 0…9999 bps', () => {
    const odds = levelOdds('ssc_position', 'win');
    for (const edge of [-1, 10_000, 0.5]) {
      expect(() => offeredPrizeFen(odds, 'yuan', edge)).toThrow(/house edge/);
    }
  });

  it('never pay above fair × (1 − edge), and lose less than a fen to rounding', () => {
    const levels = lotteryPlayIds.flatMap((playId) =>
      Object.values(playRules[playId].levels as Readonly<Record<string, LevelOdds>>),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.constantFrom(...lotteryUnitKeys),
        fc.integer({ min: 0, max: 9999 }),
        (odds: LevelOdds, unit: LotteryUnit, edge: number) => {
          const prize = offeredPrizeFen(odds, unit, edge);
          const { numerator, denominator } = fairPayout(odds);
          // prize ≤ price × fair × (1 − edge) < prize + 1, scaled to whole numbers.
          const exact = lotteryNotePriceFen(unit) * numerator * BigInt(10_000 - edge);
          const scale = denominator * 10_000n;
          expect(prize * scale <= exact && exact < (prize + 1n) * scale).toBe(true);
        },
      ),
      { seed: 14 },
    );
  });

  it('are shown per level from the same rule settlement uses', () => {
    expect(prizeTable('ssc_dragon_tiger', 'yuan', 1000)).toEqual({ 龙: 400n, 虎: 400n, 和: 1800n });
    expect(prizeTable('ssc_position', 'jiao', 1000)).toEqual({ win: 180n });
  });
});

describe('tickets', () => {
  it('are priced on the server: notes × unit × multiplier', () => {
    const ticket = {
      playId: 'ssc_5_direct' as const,
      selection: [[1, 2], [3], [4], [5], [6, 7, 8]],
      unit: 'yuan' as const,
      multiplier: 2,
    };
    expect(pricedTicket(ticket)).toEqual({ notes: 6, stakeFen: 2400n });
    expect(pricedTicket({ ...ticket, unit: 'fen', multiplier: 9999 })).toEqual({
      notes: 6,
      stakeFen: 119_988n,
    });
  });

  it('with a bad selection are a 10003 naming the selection, with the reason in Chinese', () => {
    const refusals: Array<[[LotteryPlayId, number[][]], string]> = [
      [['ssc_5_direct', [[1], [2], [3], [4]]], '选号行数与玩法不符'],
      [['ssc_5_direct', [[1], [2], [3], [4], [10]]], '所选号码不在该玩法的号码范围内'],
      [['ssc_position', [[1, 1], [], [], [], []]], '同一行内号码重复'],
      [['ssc_5_group120', [[1, 2, 3, 4]]], '所选号码不足一注'],
      [['pk10_top2_direct', [[3], [3]]], '所选号码不足一注'],
    ];
    for (const [[playId, selection], reason] of refusals) {
      const attempt = () => pricedTicket({ playId, selection, unit: 'yuan', multiplier: 1 });
      expect(attempt).toThrow(AppError);
      try {
        attempt();
      } catch (error) {
        expect(error).toMatchObject({ code: 10003, data: { field: 'selection' } });
        expect((error as AppError).message).toContain(reason);
      }
    }
  });

  it('settle every winning note at its prize and refund pushed notes, times the multiplier', () => {
    const position = { playId: 'ssc_position' as const, selection: [[1], [], [], [], [5, 6]] };
    const settled = settleTicket({ ...position, unit: 'jiao', multiplier: 3 }, drawOf([1, 2, 3, 4, 5]), 1000);
    expect(settled).toEqual({
      outcome: { wins: [{ level: 'win', notes: 2 }], refundedNotes: 0 },
      payoutFen: 1080n,
    });

    const sides = { playId: 'mark_six_special_sides' as const, selection: [Object.values(MarkSixSide)] };
    const pushed = settleTicket(
      { ...sides, unit: 'yuan', multiplier: 2 },
      drawOf([1, 2, 3, 4, 5, 6, 49]),
      1000,
    );
    expect(pushed.payoutFen).toBe(3200n);

    const sum = { playId: 'k3_sum' as const, selection: [[10, 11]], unit: 'yuan' as const, multiplier: 1 };
    // 2.00 × 216/27 × 0.9 = 14.40 yuan for the 10; the 11 loses.
    expect(settleTicket(sum, drawOf([2, 5, 3]), 1000).payoutFen).toBe(1440n);
    expect(settleTicket(sum, drawOf([1, 1, 1]), 1000).payoutFen).toBe(0n);
  });
});

describe('returns', () => {
  it('over every draw pay 1 − edge of the stake, less under a fen per winning note', () => {
    const games: Array<[LotteryGameKind, number]> = [
      ['k3', 20],
      ['pc28', 20],
      ['syxw', 2],
    ];
    for (const [game, runsPerPlay] of games) {
      const draws = [...everyDraw(lotteryGames[game].draw)].map((numbers) => drawOf(numbers));
      for (const playId of playIdsOf(game)) {
        fc.assert(
          fc.property(
            selectionArbitrary(playId),
            fc.constantFrom(...lotteryUnitKeys),
            fc.integer({ min: 1, max: 50 }),
            fc.integer({ min: 0, max: 3000 }),
            (selection, unit, multiplier, edge) => {
              const ticket = { playId, selection, unit, multiplier };
              const { stakeFen } = pricedTicket(ticket);
              let paidFen = 0n;
              let winningNotes = 0;
              for (const draw of draws) {
                const settled = settleTicket(ticket, draw, edge);
                paidFen += settled.payoutFen;
                winningNotes += settled.outcome.wins.reduce((sum, win) => sum + win.notes, 0);
              }
              const configuredFen = (Number(stakeFen) * draws.length * (10_000 - edge)) / 10_000;
              expect(Number(paidFen), playId).toBeLessThanOrEqual(configuredFen * (1 + 1e-12));
              expect(Number(paidFen), playId).toBeGreaterThan(configuredFen - winningNotes * multiplier);
            },
          ),
          { numRuns: runsPerPlay, seed: 14 },
        );
      }
    }
  });
});
