import { describe, expect, it } from 'vitest';
import {
  basketballModel,
  basketballResult,
  basketballStateAt,
  expectedPoints,
  normalCdf,
  priceBasketball,
  simulateBasketball,
} from './basketball.ts';
import { bookOf } from './margins.ts';

const seedHex = '3c'.repeat(32);
const expected = expectedPoints(1600, 1500);

describe('normalCdf', () => {
  it('matches the standard normal table', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
  });
});

describe('simulateBasketball', () => {
  it('plays the same game from the same seed and never ends level', () => {
    for (let index = 0; index < 200; index += 1) {
      const input = { seedHex, fixtureId: `b-${index}`, expected };
      const game = simulateBasketball(input);
      expect(simulateBasketball(input)).toEqual(game);
      const { fullTime } = basketballResult(game);
      expect(fullTime.home).not.toBe(fullTime.away);
      const scored = { home: 0, away: 0 };
      for (const basket of game.baskets) {
        scored[basket.side] += basket.points;
        expect(basket.second).toBeLessThan(game.endSecond);
      }
      expect(scored).toEqual(fullTime);
      expect(game.periods).toBeGreaterThanOrEqual(4);
    }
  });

  it('spreads the margin with σ ≈ 12 around its mean, and prices agree with the games', () => {
    const games = 2_000;
    const margins: number[] = [];
    let homeWins = 0;
    let totalSum = 0;
    const prices = priceBasketball(expected, undefined);
    const mainTotal = prices.find((market) => market.isMain && market.market.kind === 'over_under');
    const line = mainTotal?.market.kind === 'over_under' ? mainTotal.market.lineQuarters / 4 : Number.NaN;
    let overs = 0;
    for (let index = 0; index < games; index += 1) {
      const game = simulateBasketball({ seedHex, fixtureId: `m-${index}`, expected });
      const regulation = basketballStateAt(game, 4 * basketballModel.quarterSeconds - 1).score;
      margins.push(regulation.home - regulation.away);
      const { fullTime } = basketballResult(game);
      homeWins += fullTime.home > fullTime.away ? 1 : 0;
      totalSum += fullTime.home + fullTime.away;
      overs += fullTime.home + fullTime.away > line ? 1 : 0;
    }
    const mean = margins.reduce((sum, margin) => sum + margin, 0) / games;
    const deviation = Math.sqrt(margins.reduce((sum, margin) => sum + (margin - mean) ** 2, 0) / games);
    expect(deviation).toBeGreaterThan(10.5);
    expect(deviation).toBeLessThan(13.5);
    expect(Math.abs(mean - (expected.home - expected.away))).toBeLessThan((4 * deviation) / Math.sqrt(games));
    expect(Math.abs(totalSum / games - (expected.home + expected.away))).toBeLessThan(3);

    // The fair chances behind the offered prices, against how often the games went that way.
    const fairOf = (oddsE4: readonly number[]) => {
      const { book } = bookOf(oddsE4);
      return oddsE4.map((odds) => 10_000 / odds / book);
    };
    const winner = prices.find((market) => market.market.kind === 'match_result');
    const [homeFair = 0] = fairOf(winner?.selections.map((selection) => selection.oddsE4) ?? []);
    const sigma = Math.sqrt((homeFair * (1 - homeFair)) / games);
    // Rounding the offered odds down to the step shifts the fair chance read back by a little.
    expect(Math.abs(homeWins / games - homeFair)).toBeLessThan(4 * sigma + 0.01);
    const [overFair = 0] = fairOf(mainTotal?.selections.map((selection) => selection.oddsE4) ?? []);
    expect(Math.abs(overs / games - overFair)).toBeLessThan(
      4 * Math.sqrt((overFair * (1 - overFair)) / games) + 0.01,
    );
  });
});

describe('priceBasketball', () => {
  it('offers 独赢 two-way, 让分 and 大小 on half-point lines, and 单双', () => {
    const prices = priceBasketball(expected, undefined);
    expect(prices.map((market) => market.market.kind)).toContain('odd_even');
    const winner = prices.find((market) => market.market.kind === 'match_result');
    expect(winner?.selections.map((selection) => selection.key)).toEqual([
      'match_result:full_time:home',
      'match_result:full_time:away',
    ]);
    for (const market of prices) {
      if (market.market.kind === 'asian_handicap') {
        expect(Math.abs(market.market.homeLineQuarters % 4)).toBe(2);
      }
      if (market.market.kind === 'over_under') {
        expect(market.market.lineQuarters % 4).toBe(2);
      }
    }
    // The stronger home side gives points on the main line.
    const main = prices.find((market) => market.isMain && market.market.kind === 'asian_handicap');
    expect(main?.market.kind === 'asian_handicap' && main.market.homeLineQuarters).toBeLessThan(0);
  });

  it('in play leans on the score: a big lead late is nearly won', () => {
    const late = {
      score: { home: 100, away: 80 },
      halfTimeScore: { home: 50, away: 45 },
      period: 4,
      secondsLeftInPeriod: 120,
      isOver: false,
    };
    const winner = priceBasketball(expected, late).find((market) => market.market.kind === 'match_result');
    // The leader is too sure a thing to offer: the market keeps the trailing side only if two are left.
    expect(winner === undefined || (winner.selections[0]?.oddsE4 ?? 0) <= 10_200).toBe(true);
    const main = priceBasketball(expected, late).find(
      (market) => market.isMain && market.market.kind === 'asian_handicap',
    );
    expect(main?.market.kind === 'asian_handicap' && main.market.homeLineQuarters).toBeLessThan(-60);
  });

  it('tells the period and the time left, overtime included', () => {
    const game = simulateBasketball({ seedHex, fixtureId: 'clock', expected });
    expect(basketballStateAt(game, 0)).toMatchObject({ period: 1, secondsLeftInPeriod: 720, isOver: false });
    expect(basketballStateAt(game, 1_500)).toMatchObject({ period: 3, secondsLeftInPeriod: 660 });
    expect(basketballStateAt(game, game.endSecond).isOver).toBe(true);
    expect(basketballStateAt(game, 1_440).halfTimeScore).toBeDefined();
  });
});
