/**
 * The goal model of GAMES.md 2.6: goal rates from team strengths, the Dixon–Coles score matrix
 * before kick-off, and the current score plus Poisson goals still to come in play. Everything
 * is a distribution over results that `pricing.ts` prices by the settlement rules themselves.
 * Probabilities are floats: they become odds only through the integer rounding of `margins.ts`.
 */
import { type Score, scoreless } from './markets.ts';

export interface TeamRatings {
  readonly attack: number;
  readonly defence: number;
}

/** Expected goals of each side over a whole match: λ (home) and μ′ (away). */
export interface GoalRates {
  readonly home: number;
  readonly away: number;
}

export const goalModel = {
  /** exp(μ): a side's goals per match against an average side on neutral ground. */
  baseGoals: 1.35,
  homeAdvantage: 0.25,
  /** Dixon–Coles low-score dependence. */
  rho: -0.08,
  /** The score matrix covers 0…10 goals a side, renormalised. */
  goalsMax: 10,
  firstHalfGoalShare: 0.45,
  halfMinutes: 45,
  redCardOwnFactor: 0.7,
  redCardOpponentFactor: 1.15,
} as const;

/** λ = exp(μ + h + a_H − d_A), μ′ = exp(μ + a_A − d_H). */
export function goalRatesOf(home: TeamRatings, away: TeamRatings): GoalRates {
  const mu = Math.log(goalModel.baseGoals);
  return {
    home: Math.exp(mu + goalModel.homeAdvantage + home.attack - away.defence),
    away: Math.exp(mu + away.attack - home.defence),
  };
}

/** Each red card leaves its side ×0.7 and lifts the opponent ×1.15. */
export function ratesAfterRedCards(rates: GoalRates, redCards: Score): GoalRates {
  const { redCardOwnFactor: own, redCardOpponentFactor: opponent } = goalModel;
  return {
    home: rates.home * own ** redCards.home * opponent ** redCards.away,
    away: rates.away * own ** redCards.away * opponent ** redCards.home,
  };
}

export interface ScoreProbability {
  readonly score: Score;
  readonly probability: number;
}

/** A distribution over scores; its probabilities sum to 1. */
export type ScoreDistribution = readonly ScoreProbability[];

export interface HalfTimeFullTimeProbability {
  readonly halfTime: Score;
  readonly fullTime: Score;
  readonly probability: number;
}

/** What the match may still become: the full-time and half-time scores, and both together. */
export interface MatchOutlook {
  readonly fullTime: ScoreDistribution;
  readonly halfTime: ScoreDistribution;
  readonly halfTimeFullTime: readonly HalfTimeFullTimeProbability[];
}

/** Poisson probabilities of 0…`goalsMax` goals at `rate`. */
export function poissonProbabilities(rate: number, goalsMax: number = goalModel.goalsMax): number[] {
  const probabilities = [Math.exp(-rate)];
  for (let goals = 1; goals <= goalsMax; goals += 1) {
    probabilities.push(((probabilities[goals - 1] ?? 0) * rate) / goals);
  }
  return probabilities;
}

/** τ(0,0) = 1 − λμ′ρ, τ(0,1) = 1 + λρ, τ(1,0) = 1 + μ′ρ, τ(1,1) = 1 − ρ, else 1. */
function dixonColesTau(home: number, away: number, rates: GoalRates, rho: number): number {
  if (home === 0 && away === 0) {
    return 1 - rates.home * rates.away * rho;
  }
  if (home === 0 && away === 1) {
    return 1 + rates.home * rho;
  }
  if (home === 1 && away === 0) {
    return 1 + rates.away * rho;
  }
  return home === 1 && away === 1 ? 1 - rho : 1;
}

/** Independent Poisson goals times the Dixon–Coles τ (ρ 0 leaves them independent), renormalised. */
export function scoreMatrix(rates: GoalRates, rho: number): ScoreDistribution {
  const homeGoals = poissonProbabilities(rates.home);
  const awayGoals = poissonProbabilities(rates.away);
  const cells = homeGoals.flatMap((homeProbability, home) =>
    awayGoals.map((awayProbability, away) => ({
      score: { home, away },
      probability: homeProbability * awayProbability * dixonColesTau(home, away, rates, rho),
    })),
  );
  const total = cells.reduce((sum, cell) => sum + cell.probability, 0);
  return cells.map((cell) => ({ score: cell.score, probability: cell.probability / total }));
}

/** splits[n][k]: the chance that k of n goals fall in a stretch holding `share` of them. */
function binomialSplits(goalsMax: number, share: number): number[][] {
  return Array.from({ length: goalsMax + 1 }, (_, goals) => {
    let coefficient = 1;
    return Array.from({ length: goals + 1 }, (_, inStretch) => {
      if (inStretch > 0) {
        coefficient = (coefficient * (goals - inStretch + 1)) / inStretch;
      }
      return coefficient * share ** inStretch * (1 - share) ** (goals - inStretch);
    });
  });
}

function plus(a: Score, b: Score): Score {
  return { home: a.home + b.home, away: a.away + b.away };
}

/**
 * The outlook from the goals already scored in each half and the distribution of goals still to
 * come, of which `firstHalfShare` fall before the break. Goals of a Poisson process split
 * binomially between two stretches of time, so the full-time distribution stays exactly
 * `goalsToCome` (the Dixon–Coles matrix before kick-off) and the half-time one follows from it.
 */
function outlookOf(input: {
  halfTimeGoals: Score;
  secondHalfGoals: Score;
  goalsToCome: ScoreDistribution;
  firstHalfShare: number;
}): MatchOutlook {
  const scoredSoFar = plus(input.halfTimeGoals, input.secondHalfGoals);
  const halfTimeFullTime: HalfTimeFullTimeProbability[] = [];
  const halfTime = new Map<string, ScoreProbability>();
  const mostToCome = Math.max(...input.goalsToCome.map(({ score }) => Math.max(score.home, score.away)));
  const splits = binomialSplits(mostToCome, input.firstHalfShare);
  for (const { score: toCome, probability } of input.goalsToCome) {
    const fullTime = plus(scoredSoFar, toCome);
    const homeSplits = splits[toCome.home] ?? [];
    const awaySplits = splits[toCome.away] ?? [];
    for (let home = 0; home <= toCome.home; home += 1) {
      for (let away = 0; away <= toCome.away; away += 1) {
        const split = (homeSplits[home] ?? 0) * (awaySplits[away] ?? 0);
        if (split === 0) {
          continue;
        }
        const halfTimeScore = plus(input.halfTimeGoals, { home, away });
        halfTimeFullTime.push({ halfTime: halfTimeScore, fullTime, probability: probability * split });
        const key = `${halfTimeScore.home}:${halfTimeScore.away}`;
        const sameHalfTime = halfTime.get(key)?.probability ?? 0;
        halfTime.set(key, { score: halfTimeScore, probability: sameHalfTime + probability * split });
      }
    }
  }
  return {
    fullTime: input.goalsToCome.map(({ score, probability }) => ({
      score: plus(scoredSoFar, score),
      probability,
    })),
    halfTime: [...halfTime.values()],
    halfTimeFullTime,
  };
}

/** Before kick-off: the Dixon–Coles matrix, 45 % of the goals before the break. */
export function preMatchOutlook(rates: GoalRates): MatchOutlook {
  return outlookOf({
    halfTimeGoals: scoreless,
    secondHalfGoals: scoreless,
    goalsToCome: scoreMatrix(rates, goalModel.rho),
    firstHalfShare: goalModel.firstHalfGoalShare,
  });
}

/** The match clock in play; the minutes left include any stoppage time announced. */
export type MatchClock =
  | { readonly half: 1; readonly minutesLeftInHalf: number }
  | { readonly half: 2; readonly minutesLeftInHalf: number; readonly halfTimeScore: Score };

/**
 * A side's goal rate per minute of a half, as a share of its whole-match rate: 45 % of the goals
 * over the 45 minutes of the first half, 55 % over the second (the simulator scores at this rate).
 */
export function goalSharePerMinute(half: 1 | 2): number {
  const halfShare = half === 1 ? goalModel.firstHalfGoalShare : 1 - goalModel.firstHalfGoalShare;
  return halfShare / goalModel.halfMinutes;
}

/**
 * In play: the current score plus independent Poisson goals at the rates still to come (the
 * rates after red cards). Before the break the goals to come split between the halves in
 * proportion to their remaining shares; after it the half-time score is fixed.
 */
export function inPlayOutlook(rates: GoalRates, clock: MatchClock, score: Score): MatchOutlook {
  const minutesLeft = Math.max(0, clock.minutesLeftInHalf);
  const firstHalfShareLeft = clock.half === 1 ? goalSharePerMinute(1) * minutesLeft : 0;
  const secondHalfShareLeft =
    clock.half === 1 ? 1 - goalModel.firstHalfGoalShare : goalSharePerMinute(2) * minutesLeft;
  const shareLeft = firstHalfShareLeft + secondHalfShareLeft;
  const halfTimeGoals = clock.half === 1 ? score : clock.halfTimeScore;
  return outlookOf({
    halfTimeGoals,
    secondHalfGoals: { home: score.home - halfTimeGoals.home, away: score.away - halfTimeGoals.away },
    goalsToCome: scoreMatrix({ home: rates.home * shareLeft, away: rates.away * shareLeft }, 0),
    firstHalfShare: shareLeft === 0 ? 0 : firstHalfShareLeft / shareLeft,
  });
}
