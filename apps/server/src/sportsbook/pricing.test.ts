import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GoalRates, inPlayOutlook, type MatchOutlook, preMatchOutlook } from './goal-model.ts';
import type { Market, Period } from './markets.ts';
import {
  expectedReturnShare,
  fairProbabilitiesOfMarket,
  fairProbabilityOf,
  mainAsianHandicapLine,
  mainOverUnderLine,
  type OutcomeProbabilities,
  outcomeProbabilitiesOf,
} from './pricing.ts';

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const ratesArbitrary: fc.Arbitrary<GoalRates> = fc.record({
  home: fc.double({ min: 0.6, max: 2.6, noNaN: true }),
  away: fc.double({ min: 0.6, max: 2.6, noNaN: true }),
});

/** Before kick-off, or anywhere in play with any score. */
const outlookArbitrary: fc.Arbitrary<{ outlook: MatchOutlook; score: { home: number; away: number } }> =
  fc.oneof(
    ratesArbitrary.map((rates) => ({ outlook: preMatchOutlook(rates), score: { home: 0, away: 0 } })),
    fc
      .record({
        rates: ratesArbitrary,
        minutesLeft: fc.integer({ min: 1, max: 48 }),
        home: fc.nat(3),
        away: fc.nat(3),
      })
      .map(({ rates, minutesLeft, home, away }) => ({
        outlook: inPlayOutlook(rates, { half: 1, minutesLeftInHalf: minutesLeft }, { home, away }),
        score: { home, away },
      })),
  );

const periodArbitrary = fc.constantFrom<Period>('full_time', 'half_time');
const marketArbitrary: fc.Arbitrary<Market> = fc.oneof(
  periodArbitrary.map((period) => ({ kind: 'match_result', period }) as const),
  fc
    .record({ period: periodArbitrary, homeLineQuarters: fc.integer({ min: -12, max: 12 }) })
    .map((market) => ({ kind: 'asian_handicap', ...market }) as const),
  fc
    .record({ period: periodArbitrary, lineQuarters: fc.integer({ min: 1, max: 24 }) })
    .map((market) => ({ kind: 'over_under', ...market }) as const),
  periodArbitrary.map((period) => ({ kind: 'odd_even', period }) as const),
  periodArbitrary.map((period) => ({ kind: 'correct_score', period }) as const),
  periodArbitrary.map((period) => ({ kind: 'total_goals', period }) as const),
  periodArbitrary.map((period) => ({ kind: 'both_teams_to_score', period }) as const),
  fc.constant({ kind: 'half_time_full_time' } as const),
);

/** What a bet returns per 1 staked at decimal odds D, on average. */
function expectedReturnAt(outcomes: OutcomeProbabilities, decimalOdds: number): number {
  return expectedReturnShare(outcomes, decimalOdds) * decimalOdds;
}

describe('fair prices from the score distribution', () => {
  it('gives every market fair probabilities that sum to 1', () => {
    fc.assert(
      fc.property(outlookArbitrary, marketArbitrary, ({ outlook, score }, market) => {
        const probabilities = fairProbabilitiesOfMarket(market, outlook, score);
        const decided = probabilities.filter((probability) => probability !== undefined);
        if (market.kind === 'asian_handicap' || market.kind === 'over_under') {
          // A two-way line can be certain to push (in play, late); else both sides have a price.
          expect(decided.length === 0 || decided.length === 2).toBe(true);
        } else {
          expect(decided).toHaveLength(probabilities.length);
        }
        if (decided.length > 0) {
          expect(sum(decided)).toBeCloseTo(1, 10);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('prices win-or-lose picks at their chance on the matrix', () => {
    const outlook = preMatchOutlook({ home: 1.7, away: 1.1 });
    const homeWins = sum(
      outlook.fullTime.filter(({ score }) => score.home > score.away).map((cell) => cell.probability),
    );
    const [home, draw, away] = fairProbabilitiesOfMarket(
      { kind: 'match_result', period: 'full_time' },
      outlook,
    );
    expect(home).toBeCloseTo(homeWins, 14);
    expect(home).toBeGreaterThan(away ?? 1);
    expect(draw).toBeGreaterThan(0.2);
    const oneNil = sum(
      outlook.fullTime
        .filter(({ score }) => score.home === 1 && score.away === 0)
        .map((cell) => cell.probability),
    );
    const correctScores = fairProbabilitiesOfMarket({ kind: 'correct_score', period: 'full_time' }, outlook);
    expect(correctScores[5]).toBeCloseTo(oneNil, 14);
  });

  it('makes the fair odds of a line expected-return neutral, pushes and halves included', () => {
    fc.assert(
      fc.property(
        outlookArbitrary,
        fc.integer({ min: -12, max: 12 }),
        ({ outlook, score }, homeLineQuarters) => {
          const outcomes = outcomeProbabilitiesOf(
            { kind: 'asian_handicap', period: 'full_time', homeLineQuarters, pick: 'home' },
            outlook,
            score,
          );
          const probability = fairProbabilityOf(outcomes);
          if (probability !== undefined && probability > 0) {
            expect(expectedReturnAt(outcomes, 1 / probability)).toBeCloseTo(1, 10);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('expects from a quarter line the average of its two halves, at any odds', () => {
    fc.assert(
      fc.property(
        ratesArbitrary,
        fc.integer({ min: -10, max: 10 }).map((half) => 2 * half + 1),
        fc.double({ min: 1.01, max: 20, noNaN: true }),
        (rates, quarterLine, decimalOdds) => {
          const outlook = preMatchOutlook(rates);
          const expectedAt = (homeLineQuarters: number) =>
            expectedReturnAt(
              outcomeProbabilitiesOf(
                { kind: 'asian_handicap', period: 'full_time', homeLineQuarters, pick: 'home' },
                outlook,
              ),
              decimalOdds,
            );
          expect(expectedAt(quarterLine)).toBeCloseTo(
            (expectedAt(quarterLine - 1) + expectedAt(quarterLine + 1)) / 2,
            12,
          );
        },
      ),
      { numRuns: 50 },
    );
  });

  it('gives a win-or-lose pick its win chance as the cash-out share', () => {
    const outcomes = { win: 0.6, half_win: 0, push: 0, half_loss: 0, loss: 0.4 };
    expect(expectedReturnShare(outcomes, 2.5)).toBeCloseTo(0.6, 15);
    // Home −0.75 at D 1.90: a 1-goal win returns 1.45 of 1.90.
    const quarter = { win: 0.3, half_win: 0.2, push: 0, half_loss: 0, loss: 0.5 };
    expect(expectedReturnShare(quarter, 1.9)).toBeCloseTo(0.3 + (0.2 * 1.45) / 1.9, 15);
  });
});

describe('main lines', () => {
  it('picks the 让球 and 大小 lines whose price is nearest 50/50', () => {
    fc.assert(
      fc.property(ratesArbitrary, periodArbitrary, (rates, period) => {
        const outlook = preMatchOutlook(rates);
        const handicapDistance = (homeLineQuarters: number) =>
          Math.abs(
            (fairProbabilityOf(
              outcomeProbabilitiesOf(
                { kind: 'asian_handicap', period, homeLineQuarters, pick: 'home' },
                outlook,
              ),
            ) ?? 0) - 0.5,
          );
        const mainHandicap = mainAsianHandicapLine(outlook, period);
        for (const neighbour of [mainHandicap - 2, mainHandicap - 1, mainHandicap + 1, mainHandicap + 2]) {
          expect(handicapDistance(mainHandicap)).toBeLessThanOrEqual(handicapDistance(neighbour));
        }
        const totalDistance = (lineQuarters: number) =>
          Math.abs(
            (fairProbabilityOf(
              outcomeProbabilitiesOf({ kind: 'over_under', period, lineQuarters, pick: 'over' }, outlook),
            ) ?? 0) - 0.5,
          );
        const mainTotal = mainOverUnderLine(outlook, period);
        for (const neighbour of [mainTotal - 1, mainTotal + 1].filter((line) => line >= 2)) {
          expect(totalDistance(mainTotal)).toBeLessThanOrEqual(totalDistance(neighbour));
        }
      }),
      { numRuns: 20 },
    );
  });

  it('gives the stronger side the handicap, level sides none', () => {
    expect(mainAsianHandicapLine(preMatchOutlook({ home: 1.4, away: 1.4 }), 'full_time')).toBe(0);
    expect(mainAsianHandicapLine(preMatchOutlook({ home: 2.4, away: 0.8 }), 'full_time')).toBeLessThanOrEqual(
      -4,
    );
    expect(
      mainAsianHandicapLine(preMatchOutlook({ home: 0.8, away: 2.4 }), 'full_time'),
    ).toBeGreaterThanOrEqual(4);
    expect(mainOverUnderLine(preMatchOutlook({ home: 1.4, away: 1.3 }), 'full_time')).toBeGreaterThanOrEqual(
      9,
    );
    expect(mainOverUnderLine(preMatchOutlook({ home: 1.4, away: 1.3 }), 'full_time')).toBeLessThanOrEqual(11);
  });

  it('counts the live 让球 line from the current score and the live 大小 line on the whole total', () => {
    const rates = { home: 1.4, away: 1.4 };
    const outlook = inPlayOutlook(rates, { half: 1, minutesLeftInHalf: 20 }, { home: 2, away: 0 });
    expect(mainAsianHandicapLine(outlook, 'full_time', { home: 2, away: 0 })).toBe(0);
    expect(mainOverUnderLine(outlook, 'full_time')).toBeGreaterThan(8);
  });
});

describe('in-play repricing', () => {
  it('moves the 1X2 prices with the score and the clock', () => {
    const rates = { home: 1.5, away: 1.5 };
    const homeWinChance = (outlook: MatchOutlook) =>
      fairProbabilitiesOfMarket({ kind: 'match_result', period: 'full_time' }, outlook)[0] ?? 0;
    const level = homeWinChance(
      inPlayOutlook(rates, { half: 1, minutesLeftInHalf: 45 }, { home: 0, away: 0 }),
    );
    const early = homeWinChance(
      inPlayOutlook(rates, { half: 1, minutesLeftInHalf: 30 }, { home: 1, away: 0 }),
    );
    const late = homeWinChance(
      inPlayOutlook(
        rates,
        { half: 2, minutesLeftInHalf: 5, halfTimeScore: { home: 1, away: 0 } },
        { home: 1, away: 0 },
      ),
    );
    expect(level).toBeCloseTo(
      fairProbabilitiesOfMarket({ kind: 'match_result', period: 'full_time' }, preMatchOutlook(rates))[0] ??
        0,
      1,
    );
    expect(early).toBeGreaterThan(level);
    expect(late).toBeGreaterThan(early);
    expect(late).toBeGreaterThan(0.85);
  });
});
