import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preMatchOutlook } from './goal-model.ts';
import {
  bookOf,
  offeredDecimalOddsE4,
  offeredOddsE4,
  shiftedWaterPair,
  waterPair,
  withMargin,
} from './margins.ts';
import { fairProbabilitiesOfMarket } from './pricing.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** 2 to 8 fair probabilities summing to 1, none far below 1 %. */
const fairArbitrary = fc
  .array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 8 })
  .map((weights) => weights.map((weight) => weight / sum(weights)));

describe('applying a margin', () => {
  it('prices 0.45/0.28/0.27 at 5 % multiplicative as 2.11/3.40/3.52', () => {
    expect(offeredOddsE4([0.45, 0.28, 0.27], 0.05, 'multiplicative')).toEqual([21_100, 34_000, 35_200]);
  });

  it('rounds offered odds down to the step, never up through float error', () => {
    expect(offeredDecimalOddsE4(0.5)).toBe(20_000);
    expect(offeredDecimalOddsE4(1 / 3)).toBe(30_000);
    expect(offeredDecimalOddsE4(0.4725)).toBe(21_100);
    expect(offeredDecimalOddsE4(0.4725, 1)).toBe(21_164);
    expect(() => offeredDecimalOddsE4(0)).toThrow(RangeError);
  });

  it('makes the offered probabilities sum to 1 + m, both ways', () => {
    fc.assert(
      fc.property(fairArbitrary, fc.double({ min: 0, max: 0.3, noNaN: true }), (fair, margin) => {
        for (const method of ['multiplicative', 'power'] as const) {
          expect(sum(withMargin(fair, margin, method))).toBeCloseTo(1 + margin, 9);
        }
      }),
    );
  });

  it('loads more of a power margin on the long shots', () => {
    fc.assert(
      fc.property(fairArbitrary, fc.double({ min: 0.01, max: 0.3, noNaN: true }), (fair, margin) => {
        const offered = withMargin(fair, margin, 'power');
        const loadOf = (index: number) => (offered[index] ?? 0) / (fair[index] ?? 1);
        const byChance = fair.map((_, index) => index).sort((a, b) => (fair[a] ?? 0) - (fair[b] ?? 0));
        for (let rank = 1; rank < byChance.length; rank += 1) {
          expect(loadOf(byChance[rank - 1] ?? 0)).toBeGreaterThanOrEqual(loadOf(byChance[rank] ?? 0) - 1e-12);
        }
      }),
    );
  });

  it('prices a correct-score market at 20 % with the power method, rounding down only adding margin', () => {
    const fair = fairProbabilitiesOfMarket(
      { kind: 'correct_score', period: 'full_time' },
      preMatchOutlook({ home: 1.6, away: 1.1 }),
    ).map((probability) => probability ?? 0);
    const { overround } = bookOf(offeredOddsE4(fair, 0.2, 'power'));
    expect(overround).toBeGreaterThanOrEqual(0.2 - 1e-9);
    expect(overround).toBeLessThan(0.22);
  });

  it('refuses probabilities that are no distribution and an impossible margin', () => {
    expect(() => withMargin([0.5, 0.4], 0.05, 'multiplicative')).toThrow(RangeError);
    expect(() => withMargin([1, 0], 0.05, 'power')).toThrow(RangeError);
    expect(() => withMargin([0.5, 0.5], 1, 'power')).toThrow(RangeError);
    expect(() => withMargin([0.5, 0.5], -0.01, 'multiplicative')).toThrow(RangeError);
  });
});

describe('book figures', () => {
  it('reads HK 0.90/0.96 as a 3.65 % overround and a 96.5 % payout', () => {
    const figures = bookOf([19_000, 19_600]);
    expect(figures.book).toBeCloseTo(1.0365, 4);
    expect(figures.overround).toBeCloseTo(0.0365, 4);
    expect(figures.payout).toBeCloseTo(0.965, 3);
  });
});

describe('water pairs', () => {
  it('prices an even two-way line at 4 % as 0.92/0.92 and shifts water from one side to the other', () => {
    const even = waterPair(0.5, 0.04);
    expect(even).toEqual({ firstE4: 9_200, secondE4: 9_200 });
    expect(shiftedWaterPair(even, 200)).toEqual({ firstE4: 9_000, secondE4: 9_400 });
    expect(shiftedWaterPair(even, -100)).toEqual({ firstE4: 9_300, secondE4: 9_100 });
    expect(() => shiftedWaterPair(even, 9_200)).toThrow(RangeError);
  });

  it('gives the likelier side the lower water', () => {
    const pair = waterPair(0.55, 0.04);
    expect(pair.firstE4).toBeLessThan(pair.secondE4);
    expect(bookOf([pair.firstE4 + 10_000, pair.secondE4 + 10_000]).overround).toBeGreaterThanOrEqual(0.04);
  });
});
