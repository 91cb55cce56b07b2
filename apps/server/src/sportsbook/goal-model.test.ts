import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type GoalRates,
  goalModel,
  goalRatesOf,
  goalSharePerMinute,
  inPlayOutlook,
  type MatchOutlook,
  poissonProbabilities,
  preMatchOutlook,
  ratesAfterRedCards,
  type ScoreDistribution,
  scoreMatrix,
} from './goal-model.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const totalOf = (scores: ScoreDistribution) => sum(scores.map((cell) => cell.probability));
const expectedGoals = (scores: ScoreDistribution, side: 'home' | 'away') =>
  sum(scores.map((cell) => cell.score[side] * cell.probability));
const probabilityOf = (scores: ScoreDistribution, home: number, away: number) =>
  sum(
    scores
      .filter((cell) => cell.score.home === home && cell.score.away === away)
      .map((cell) => cell.probability),
  );

/** Goal rates drawn as the simulator draws them: λ within [0.6, 2.6]. */
const ratesArbitrary: fc.Arbitrary<GoalRates> = fc.record({
  home: fc.double({ min: 0.6, max: 2.6, noNaN: true }),
  away: fc.double({ min: 0.6, max: 2.6, noNaN: true }),
});

describe('goal rates', () => {
  it('derives λ and μ′ from strengths, with home advantage', () => {
    const average = { attack: 0, defence: 0 };
    const rates = goalRatesOf(average, average);
    expect(rates.home).toBeCloseTo(1.35 * Math.exp(0.25), 12);
    expect(rates.away).toBeCloseTo(1.35, 12);
    const strong = goalRatesOf({ attack: 0.3, defence: 0.2 }, { attack: -0.1, defence: 0.1 });
    expect(strong.home).toBeCloseTo(Math.exp(Math.log(1.35) + 0.25 + 0.3 - 0.1), 12);
    expect(strong.away).toBeCloseTo(Math.exp(Math.log(1.35) - 0.1 - 0.2), 12);
  });

  it('cuts a side with a red card to ×0.7 and lifts its opponent ×1.15', () => {
    const rates = ratesAfterRedCards({ home: 1.5, away: 1.2 }, { home: 1, away: 0 });
    expect(rates.home).toBeCloseTo(1.05, 12);
    expect(rates.away).toBeCloseTo(1.38, 12);
    expect(ratesAfterRedCards({ home: 1.5, away: 1.2 }, { home: 0, away: 0 })).toEqual({
      home: 1.5,
      away: 1.2,
    });
  });
});

describe('score matrix', () => {
  it('holds Poisson probabilities', () => {
    const probabilities = poissonProbabilities(1.7);
    expect(probabilities).toHaveLength(11);
    expect(probabilities[3]).toBeCloseTo((Math.exp(-1.7) * 1.7 ** 3) / 6, 15);
    expect(sum(poissonProbabilities(1.7, 30))).toBeCloseTo(1, 12);
  });

  it('covers 0–10 goals a side, sums to 1, and applies the Dixon–Coles τ to the low scores', () => {
    const rates = { home: 1.6, away: 1.1 };
    const rho = goalModel.rho;
    const corrected = scoreMatrix(rates, rho);
    const independent = scoreMatrix(rates, 0);
    expect(corrected).toHaveLength(121);
    expect(totalOf(corrected)).toBeCloseTo(1, 12);
    // Renormalising scales every cell alike, so each ratio to an untouched cell is τ.
    const ratio = (home: number, away: number) =>
      probabilityOf(corrected, home, away) /
      probabilityOf(corrected, 2, 2) /
      (probabilityOf(independent, home, away) / probabilityOf(independent, 2, 2));
    expect(ratio(0, 0)).toBeCloseTo(1 - rates.home * rates.away * rho, 12);
    expect(ratio(0, 1)).toBeCloseTo(1 + rates.home * rho, 12);
    expect(ratio(1, 0)).toBeCloseTo(1 + rates.away * rho, 12);
    expect(ratio(1, 1)).toBeCloseTo(1 - rho, 12);
    expect(ratio(3, 1)).toBeCloseTo(1, 12);
  });
});

function expectConsistent(outlook: MatchOutlook) {
  expect(totalOf(outlook.fullTime)).toBeCloseTo(1, 10);
  expect(totalOf(outlook.halfTime)).toBeCloseTo(1, 10);
  expect(sum(outlook.halfTimeFullTime.map((cell) => cell.probability))).toBeCloseTo(1, 10);
  for (const { score, probability } of outlook.halfTime) {
    const joint = outlook.halfTimeFullTime.filter(
      (cell) => cell.halfTime.home === score.home && cell.halfTime.away === score.away,
    );
    expect(sum(joint.map((cell) => cell.probability))).toBeCloseTo(probability, 12);
  }
  for (const cell of outlook.halfTimeFullTime) {
    expect(cell.halfTime.home).toBeLessThanOrEqual(cell.fullTime.home);
    expect(cell.halfTime.away).toBeLessThanOrEqual(cell.fullTime.away);
  }
}

describe('pre-match outlook', () => {
  it('keeps the Dixon–Coles matrix at full time and puts 45 % of the goals before the break', () => {
    fc.assert(
      fc.property(ratesArbitrary, (rates) => {
        const outlook = preMatchOutlook(rates);
        expect(outlook.fullTime).toEqual(scoreMatrix(rates, goalModel.rho));
        expectConsistent(outlook);
        for (const side of ['home', 'away'] as const) {
          expect(expectedGoals(outlook.halfTime, side)).toBeCloseTo(
            0.45 * expectedGoals(outlook.fullTime, side),
            10,
          );
        }
        const fullTimeMarginal = outlook.fullTime.map(({ score }) =>
          sum(
            outlook.halfTimeFullTime
              .filter((cell) => cell.fullTime.home === score.home && cell.fullTime.away === score.away)
              .map((cell) => cell.probability),
          ),
        );
        expect(
          sum(
            fullTimeMarginal.map((value, index) =>
              Math.abs(value - (outlook.fullTime[index]?.probability ?? 0)),
            ),
          ),
        ).toBeLessThan(1e-12);
      }),
      { numRuns: 10 },
    );
  });
});

describe('in-play outlook', () => {
  const rates = { home: 1.8, away: 1.2 };

  it('spreads a whole match of goals over the two halves, 45 % and 55 %', () => {
    expect(45 * goalSharePerMinute(1)).toBeCloseTo(0.45, 12);
    expect(45 * (goalSharePerMinute(1) + goalSharePerMinute(2))).toBeCloseTo(1, 12);
  });

  it('expects the current score plus the goals of the time left', () => {
    const atKickOff = inPlayOutlook(rates, { half: 1, minutesLeftInHalf: 45 }, { home: 0, away: 0 });
    expectConsistent(atKickOff);
    expect(expectedGoals(atKickOff.fullTime, 'home')).toBeCloseTo(1.8, 4);
    expect(expectedGoals(atKickOff.halfTime, 'away')).toBeCloseTo(0.45 * 1.2, 4);

    const firstHalf = inPlayOutlook(rates, { half: 1, minutesLeftInHalf: 15 }, { home: 1, away: 0 });
    expectConsistent(firstHalf);
    expect(expectedGoals(firstHalf.halfTime, 'home')).toBeCloseTo(1 + 1.8 * 0.15, 5);
    expect(expectedGoals(firstHalf.fullTime, 'home')).toBeCloseTo(1 + 1.8 * 0.7, 5);

    const secondHalf = inPlayOutlook(
      rates,
      { half: 2, minutesLeftInHalf: 20, halfTimeScore: { home: 1, away: 0 } },
      { home: 1, away: 2 },
    );
    expectConsistent(secondHalf);
    expect(secondHalf.halfTime.map((cell) => cell.score)).toEqual([{ home: 1, away: 0 }]);
    expect(secondHalf.halfTime[0]?.probability).toBeCloseTo(1, 12);
    expect(expectedGoals(secondHalf.fullTime, 'away')).toBeCloseTo(2 + (1.2 * 0.55 * 20) / 45, 6);
  });

  it('is certain of the score once the clock has run out', () => {
    const final = inPlayOutlook(
      rates,
      { half: 2, minutesLeftInHalf: 0, halfTimeScore: { home: 0, away: 1 } },
      { home: 2, away: 1 },
    );
    expect(final.fullTime.filter((cell) => cell.probability > 0)).toEqual([
      { score: { home: 2, away: 1 }, probability: 1 },
    ]);
  });
});
