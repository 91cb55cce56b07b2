import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BestOf, mapWinProbability, seriesScores, seriesScoresFrom } from './esports.ts';
import type { ScoreSelection } from './markets.ts';
import { fairProbabilityOf, outcomeProbabilitiesOnScores } from './pricing.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const series = { period: 'full_time' } as const;

function chanceOf(selection: ScoreSelection, bestOf: BestOf, p: number): number {
  return fairProbabilityOf(outcomeProbabilitiesOnScores(selection, seriesScores(bestOf, p))) ?? Number.NaN;
}

describe('map win probability', () => {
  it('follows Elo: even at 0, 10:1 at 400 points', () => {
    expect(mapWinProbability(0)).toBe(0.5);
    expect(mapWinProbability(400)).toBeCloseTo(10 / 11, 15);
    expect(mapWinProbability(-400)).toBeCloseTo(1 / 11, 15);
  });
});

describe('series scores', () => {
  const probability = fc.double({ min: 0, max: 1, noNaN: true });

  it('sum to 1 for every format', () => {
    fc.assert(
      fc.property(fc.constantFrom<BestOf>(1, 2, 3, 5), probability, (bestOf, p) => {
        expect(sum(seriesScores(bestOf, p).map((cell) => cell.probability))).toBeCloseTo(1, 12);
      }),
    );
  });

  it('price a BO3 as GAMES.md: win p²(3 − 2p), 2–0 p², three maps 2pq, map handicap and totals', () => {
    fc.assert(
      fc.property(
        probability.filter((p) => p > 0 && p < 1),
        (p) => {
          const q = 1 - p;
          expect(chanceOf({ kind: 'match_result', ...series, pick: 'home' }, 3, p)).toBeCloseTo(
            p * p * (3 - 2 * p),
            12,
          );
          expect(
            chanceOf({ kind: 'correct_score', ...series, pick: { home: 2, away: 0 } }, 3, p),
          ).toBeCloseTo(p * p, 12);
          expect(
            chanceOf({ kind: 'over_under', ...series, lineQuarters: 10, pick: 'over' }, 3, p),
          ).toBeCloseTo(2 * p * q, 12);
          // Home −1.5 maps wins only 2–0.
          expect(
            chanceOf({ kind: 'asian_handicap', ...series, homeLineQuarters: -6, pick: 'home' }, 3, p),
          ).toBeCloseTo(p * p, 12);
        },
      ),
    );
  });

  it('price a BO5 win as p³(1 + 3q + 6q²), with ±2.5 map handicaps and 3.5/4.5 totals', () => {
    const p = 0.6;
    const q = 0.4;
    expect(chanceOf({ kind: 'match_result', ...series, pick: 'home' }, 5, p)).toBeCloseTo(
      p ** 3 * (1 + 3 * q + 6 * q * q),
      12,
    );
    expect(
      chanceOf({ kind: 'asian_handicap', ...series, homeLineQuarters: -10, pick: 'home' }, 5, p),
    ).toBeCloseTo(p ** 3, 12);
    expect(chanceOf({ kind: 'over_under', ...series, lineQuarters: 18, pick: 'over' }, 5, p)).toBeCloseTo(
      6 * p ** 2 * q ** 2,
      12,
    );
    expect(chanceOf({ kind: 'over_under', ...series, lineQuarters: 14, pick: 'under' }, 5, p)).toBeCloseTo(
      p ** 3 + q ** 3,
      12,
    );
  });

  it('price a BO2 three ways, 1–1 the draw', () => {
    const p = 0.7;
    expect(chanceOf({ kind: 'match_result', ...series, pick: 'draw' }, 2, p)).toBeCloseTo(
      2 * p * (1 - p),
      12,
    );
    expect(chanceOf({ kind: 'match_result', ...series, pick: 'away' }, 2, p)).toBeCloseTo((1 - p) ** 2, 12);
  });

  it('refuses a probability outside [0, 1]', () => {
    expect(() => seriesScores(3, 1.2)).toThrow(RangeError);
  });
});

describe('series scores from a score in play', () => {
  const probability = fc.double({ min: 0, max: 1, noNaN: true });
  const byScore = (cells: ReturnType<typeof seriesScores>) =>
    Object.fromEntries(cells.map((cell) => [`${cell.score.home}:${cell.score.away}`, cell.probability]));

  it('from 0–0 are the series scores', () => {
    fc.assert(
      fc.property(fc.constantFrom<BestOf>(1, 2, 3, 5), probability, (bestOf, p) => {
        const from = byScore(seriesScoresFrom(bestOf, { home: 0, away: 0 }, p, p));
        const whole = byScore(seriesScores(bestOf, p));
        for (const key of new Set([...Object.keys(from), ...Object.keys(whole)])) {
          expect(from[key] ?? 0).toBeCloseTo(whole[key] ?? 0, 12);
        }
      }),
    );
  });

  it('at 1–1 in a BO3 is the map in play alone; at 2–1 in a BO5 the home side needs one of two', () => {
    const bo3 = byScore(seriesScoresFrom(3, { home: 1, away: 1 }, 0.7, 0.4));
    expect(Object.keys(bo3).sort()).toEqual(['1:2', '2:1']);
    expect(bo3['2:1']).toBeCloseTo(0.7, 12);
    const bo5 = byScore(seriesScoresFrom(5, { home: 2, away: 1 }, 0.5, 0.6));
    expect(bo5['3:1']).toBeCloseTo(0.5, 12);
    expect(bo5['3:2']).toBeCloseTo(0.5 * 0.6, 12);
    expect(bo5['2:3']).toBeCloseTo(0.5 * 0.4, 12);
  });
});
