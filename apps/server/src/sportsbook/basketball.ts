/**
 * The demo feed's basketball game and its prices. Each side scores baskets of 1, 2 or 3 points
 * as a renewal process whose waits are Gamma-distributed: more regular than Poisson, as
 * possessions alternate, so that the final margin spreads with σ ≈ 12 around its mean as GAMES.md
 * 2.6 says. A tie after four quarters goes to five-minute overtimes until one side leads. Prices
 * use the renewal process's normal limit: the points still to come have the mean and variance
 * the simulation gives them, so the prices and the games agree.
 */
import { FairStream } from '@site/contract';
import { type BookMargins, defaultBookMargins, offerMarket, type PricedMarket } from './book.ts';
import type { Market, MatchResult, Score } from './markets.ts';
import type { Side } from './match-sim.ts';

export const basketballModel = {
  quarterSeconds: 12 * 60,
  overtimeSeconds: 5 * 60,
  /** A side's points against an average side on neutral ground. */
  pointsPerSide: 108,
  homeAdvantagePoints: 2.5,
  /** Rating points per point of expected margin, as in basketball Elo. */
  eloPerPoint: 28,
  /** Each basket's value and its share of baskets. */
  baskets: [
    { points: 1, share: 0.15 },
    { points: 2, share: 0.6 },
    { points: 3, share: 0.25 },
  ],
  /** The Gamma shape of the waits between a side's baskets: 1 would be Poisson. */
  regularity: 4,
} as const;

const regulationSeconds = 4 * basketballModel.quarterSeconds;
const basketMean = basketballModel.baskets.reduce((sum, basket) => sum + basket.points * basket.share, 0);
const basketSquareMean = basketballModel.baskets.reduce(
  (sum, basket) => sum + basket.points ** 2 * basket.share,
  0,
);

/** Expected points of each side over the four quarters, from their ratings. */
export function expectedPoints(homeElo: number, awayElo: number): Score {
  const margin = basketballModel.homeAdvantagePoints + (homeElo - awayElo) / basketballModel.eloPerPoint;
  return {
    home: basketballModel.pointsPerSide + margin / 2,
    away: basketballModel.pointsPerSide - margin / 2,
  };
}

export interface Basket {
  /** Seconds of play since the tip-off, overtimes after the fourth quarter. */
  readonly second: number;
  readonly side: Side;
  readonly points: number;
}

export interface BasketballTimeline {
  /** 4 plus the overtimes played. */
  readonly periods: number;
  readonly endSecond: number;
  /** In order of `second`. */
  readonly baskets: readonly Basket[];
}

export function simulateBasketball(input: {
  seedHex: string;
  fixtureId: string;
  expected: Score;
}): BasketballTimeline {
  const stream = new FairStream(input.seedHex, `basketball:${input.fixtureId}`);
  const { regularity } = basketballModel;
  /** A sum of `phases` exponentials, each a `regularity`-th of `mean`. */
  const erlang = (phases: number, mean: number) => {
    let sum = 0;
    for (let index = 0; index < phases; index += 1) {
      sum -= Math.log(1 - stream.unit());
    }
    return (sum * mean) / regularity;
  };
  /** Waits between baskets: Gamma(regularity) with the given mean. */
  const wait = (mean: number) => erlang(regularity, mean);
  /**
   * The first wait of a period as if play had been going on (the process in equilibrium: the
   * rest of an Erlang wait is Erlang of a uniformly drawn number of phases), so a period holds
   * exactly its share of baskets on average.
   */
  const firstWait = (mean: number) => erlang(1 + stream.below(regularity), mean);
  const value = () => {
    let pick = stream.unit();
    for (const basket of basketballModel.baskets) {
      pick -= basket.share;
      if (pick < 0) {
        return basket.points;
      }
    }
    return basketballModel.baskets.at(-1)?.points ?? 2;
  };
  const baskets: Basket[] = [];
  const score = { home: 0, away: 0 };
  const play = (from: number, to: number) => {
    for (const side of ['home', 'away'] as const) {
      const meanWait = (regulationSeconds * basketMean) / input.expected[side];
      for (let clock = from + firstWait(meanWait); clock < to; clock += wait(meanWait)) {
        const points = value();
        baskets.push({ second: Math.floor(clock), side, points });
        score[side] += points;
      }
    }
  };
  play(0, regulationSeconds);
  let end = regulationSeconds;
  while (score.home === score.away) {
    play(end, end + basketballModel.overtimeSeconds);
    end += basketballModel.overtimeSeconds;
  }
  baskets.sort((a, b) => a.second - b.second);
  return {
    periods: 4 + (end - regulationSeconds) / basketballModel.overtimeSeconds,
    endSecond: end,
    baskets,
  };
}

export interface BasketballState {
  readonly score: Score;
  /** Once the second quarter is over. */
  readonly halfTimeScore: Score | undefined;
  /** 1–4, then 5 for the first overtime and so on. */
  readonly period: number;
  /** Seconds left in the period. */
  readonly secondsLeftInPeriod: number;
  readonly isOver: boolean;
}

export function basketballStateAt(timeline: BasketballTimeline, second: number): BasketballState {
  const score = { home: 0, away: 0 };
  let halfTimeScore: Score | undefined;
  const halfTime = 2 * basketballModel.quarterSeconds;
  for (const basket of timeline.baskets) {
    if (basket.second > second) {
      break;
    }
    if (halfTimeScore === undefined && basket.second >= halfTime) {
      halfTimeScore = { ...score };
    }
    score[basket.side] += basket.points;
  }
  if (halfTimeScore === undefined && second >= halfTime) {
    halfTimeScore = { ...score };
  }
  const isOver = second >= timeline.endSecond;
  const clamped = Math.min(second, timeline.endSecond - 1);
  const period =
    clamped < regulationSeconds
      ? 1 + Math.floor(clamped / basketballModel.quarterSeconds)
      : 5 + Math.floor((clamped - regulationSeconds) / basketballModel.overtimeSeconds);
  const periodEnd =
    period <= 4
      ? period * basketballModel.quarterSeconds
      : regulationSeconds + (period - 4) * basketballModel.overtimeSeconds;
  return {
    score,
    halfTimeScore,
    period,
    secondsLeftInPeriod: isOver ? 0 : periodEnd - second,
    isOver,
  };
}

/** The result a bet settles on: the half-time score and the final one, overtime included. */
export function basketballResult(timeline: BasketballTimeline): MatchResult {
  const final = basketballStateAt(timeline, timeline.endSecond);
  return { halfTime: final.halfTimeScore ?? final.score, fullTime: final.score };
}

/** Φ: the standard normal distribution function (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const polynomial =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** Mean and variance of a side's points over `seconds` of play (the renewal process's normal limit). */
function pointsToCome(expected: number, seconds: number): { mean: number; variance: number } {
  const baskets = (expected / basketMean) * (seconds / regulationSeconds);
  const basketVariance = basketSquareMean - basketMean ** 2;
  return {
    mean: baskets * basketMean,
    variance: basketMean ** 2 * (baskets / basketballModel.regularity) + baskets * basketVariance,
  };
}

/** P(X ≥ n) for a whole-number X approximated by a normal with continuity correction. */
function atLeast(n: number, mean: number, variance: number): number {
  return 1 - normalCdf((n - 0.5 - mean) / Math.sqrt(variance));
}

/** 让分 lines either side of the main one and 大小 likewise, in quarter points (one point apart). */
const alternateShifts = [-8, -4, 4, 8] as const;

/**
 * The price list at a moment (before the tip-off with `state` undefined): 独赢 (overtime
 * included, so two-way), 让分 and 大小 on half-point lines, main and alternates, and 单双 of the
 * total. A tie after the fourth quarter is priced as overtime's coin weighted by the sides.
 */
export function priceBasketball(
  expected: Score,
  state: BasketballState | undefined,
  margins: BookMargins = defaultBookMargins,
): PricedMarket[] {
  const score = state?.score ?? { home: 0, away: 0 };
  const secondsPlayed =
    state === undefined
      ? 0
      : state.period <= 4
        ? state.period * basketballModel.quarterSeconds - state.secondsLeftInPeriod
        : regulationSeconds;
  const secondsLeft =
    state !== undefined && state.period > 4 ? state.secondsLeftInPeriod : regulationSeconds - secondsPlayed;
  const home = pointsToCome(expected.home, secondsLeft);
  const away = pointsToCome(expected.away, secondsLeft);
  const overtime = {
    home: pointsToCome(expected.home, basketballModel.overtimeSeconds),
    away: pointsToCome(expected.away, basketballModel.overtimeSeconds),
  };
  const marginMean = score.home - score.away + home.mean - away.mean;
  // The sides score independently: margin and total share one variance.
  const variance = home.variance + away.variance;
  const totalMean = score.home + score.away + home.mean + away.mean;
  const tie = atLeast(0, marginMean, variance) - atLeast(1, marginMean, variance);
  const overtimeHome = atLeast(
    1,
    overtime.home.mean - overtime.away.mean,
    overtime.home.variance + overtime.away.variance,
  );
  const homeWins = atLeast(1, marginMean, variance) + tie * overtimeHome;
  // A tie adds an overtime's points to the total.
  const overtimeTotal = overtime.home.mean + overtime.away.mean;
  const finalTotalMean = totalMean + tie * overtimeTotal;
  const period = 'full_time' as const;
  /** Half-point lines in quarters: 4n + 2. */
  const halfPointLine = (points: number) => 4 * Math.floor(points) + 2;
  const mainSpread = -halfPointLine(marginMean);
  const mainTotal = halfPointLine(finalTotalMean);
  const spreadMarket = (homeLineQuarters: number) => {
    const covers = atLeast(Math.ceil(-homeLineQuarters / 4), marginMean, variance);
    return [covers, 1 - covers];
  };
  const totalMarket = (lineQuarters: number) => {
    const over = atLeast(Math.ceil(lineQuarters / 4), finalTotalMean, variance);
    return [over, 1 - over];
  };
  const markets: { market: Market; fair: number[]; isMain: boolean }[] = [
    { market: { kind: 'match_result', period }, fair: [homeWins, 0, 1 - homeWins], isMain: true },
    {
      market: { kind: 'asian_handicap', period, homeLineQuarters: mainSpread },
      fair: spreadMarket(mainSpread),
      isMain: true,
    },
    ...alternateShifts.map((shift) => ({
      market: { kind: 'asian_handicap', period, homeLineQuarters: mainSpread + shift } as const,
      fair: spreadMarket(mainSpread + shift),
      isMain: false,
    })),
    {
      market: { kind: 'over_under', period, lineQuarters: mainTotal },
      fair: totalMarket(mainTotal),
      isMain: true,
    },
    ...alternateShifts.map((shift) => ({
      market: { kind: 'over_under', period, lineQuarters: mainTotal + shift } as const,
      fair: totalMarket(mainTotal + shift),
      isMain: false,
    })),
    // Points spread widely: the parity of the total is as good as a coin.
    { market: { kind: 'odd_even', period }, fair: [0.5, 0.5], isMain: true },
  ];
  return markets.flatMap(({ market, fair, isMain }) => {
    const offered = offerMarket(market, fair, margins[market.kind], isMain);
    return offered ? [offered] : [];
  });
}
