/**
 * Fair prices from a distribution of results, through the settlement rules of `settlement.ts`
 * (GAMES.md 2.6): a selection's chance of each outcome is the weight of the results it settles
 * that way. With half outcomes and pushes, the fair price is the one whose expected return is
 * the stake, so the fair probabilities of a market's picks still sum to 1.
 */
import type { MatchOutlook, ScoreDistribution } from './goal-model.ts';
import {
  type Market,
  type Period,
  type Score,
  type ScoreSelection,
  type Selection,
  scoreless,
  selectionsOf,
} from './markets.ts';
import { outcomeOf, outcomeOnScore, type SettledOutcome } from './settlement.ts';

export type OutcomeProbabilities = Record<SettledOutcome, number>;

function noOutcomes(): OutcomeProbabilities {
  return { win: 0, half_win: 0, push: 0, half_loss: 0, loss: 0 };
}

/** The chance of each outcome of a one-score selection over a score distribution (a match or a series). */
export function outcomeProbabilitiesOnScores(
  selection: ScoreSelection,
  scores: ScoreDistribution,
  scoreAtAcceptance: Score = scoreless,
): OutcomeProbabilities {
  const outcomes = noOutcomes();
  for (const { score, probability } of scores) {
    outcomes[outcomeOnScore(selection, score, scoreAtAcceptance)] += probability;
  }
  return outcomes;
}

/** The chance of each outcome of any selection over a match outlook. */
export function outcomeProbabilitiesOf(
  selection: Selection,
  outlook: MatchOutlook,
  scoreAtAcceptance: Score = scoreless,
): OutcomeProbabilities {
  if (selection.kind !== 'half_time_full_time') {
    const scores = selection.period === 'half_time' ? outlook.halfTime : outlook.fullTime;
    return outcomeProbabilitiesOnScores(selection, scores, scoreAtAcceptance);
  }
  const outcomes = noOutcomes();
  for (const result of outlook.halfTimeFullTime) {
    outcomes[outcomeOf(selection, result, scoreAtAcceptance)] += result.probability;
  }
  return outcomes;
}

/**
 * The fair win probability 1/D of a selection: D makes the expected return equal the stake,
 * D·(win + half_win/2) + half_win/2 + push + half_loss/2 = 1, so 1/D = w/(w + l) with
 * w = win + half_win/2 and l = loss + half_loss/2. Undefined when nothing can be won or lost.
 */
export function fairProbabilityOf(outcomes: OutcomeProbabilities): number | undefined {
  const winWeight = outcomes.win + outcomes.half_win / 2;
  const lossWeight = outcomes.loss + outcomes.half_loss / 2;
  const decisiveWeight = winWeight + lossWeight;
  return decisiveWeight > 0 ? winWeight / decisiveWeight : undefined;
}

/** The fair probabilities of every pick of a market, in `selectionsOf` order. */
export function fairProbabilitiesOfMarket(
  market: Market,
  outlook: MatchOutlook,
  scoreAtAcceptance: Score = scoreless,
): (number | undefined)[] {
  return selectionsOf(market).map((selection) =>
    fairProbabilityOf(outcomeProbabilitiesOf(selection, outlook, scoreAtAcceptance)),
  );
}

/**
 * A bet's expected return as a share of its potential return at decimal odds D: the "current
 * fair win probability" of a cash-out (2.5), which for a win-or-lose pick is its win chance.
 */
export function expectedReturnShare(outcomes: OutcomeProbabilities, decimalOdds: number): number {
  const expectedReturn =
    outcomes.win * decimalOdds +
    (outcomes.half_win * (1 + decimalOdds)) / 2 +
    outcomes.push +
    outcomes.half_loss / 2;
  return expectedReturn / decimalOdds;
}

const lineQuartersMax = 40;

function nearestToEven<T>(candidates: readonly T[], probabilityOf: (candidate: T) => number | undefined): T {
  let best: { candidate: T; distance: number } | undefined;
  for (const candidate of candidates) {
    const probability = probabilityOf(candidate);
    const distance = probability === undefined ? Number.POSITIVE_INFINITY : Math.abs(probability - 0.5);
    if (best === undefined || distance < best.distance) {
      best = { candidate, distance };
    }
  }
  if (best === undefined) {
    throw new RangeError('no candidate line');
  }
  return best.candidate;
}

/**
 * The main 让球 line: the home line (in quarters, −10…+10 goals) whose price is nearest 50/50.
 * In play it counts from the score at acceptance, the current score.
 */
export function mainAsianHandicapLine(
  outlook: MatchOutlook,
  period: Period,
  scoreAtAcceptance: Score = scoreless,
): number {
  const lines = Array.from({ length: 2 * lineQuartersMax + 1 }, (_, index) => index - lineQuartersMax);
  return nearestToEven(lines, (homeLineQuarters) =>
    fairProbabilityOf(
      outcomeProbabilitiesOf(
        { kind: 'asian_handicap', period, homeLineQuarters, pick: 'home' },
        outlook,
        scoreAtAcceptance,
      ),
    ),
  );
}

/** The main 大小 line: the total (0.5…20 goals, in quarters) whose price is nearest 50/50. */
export function mainOverUnderLine(outlook: MatchOutlook, period: Period): number {
  const lines = Array.from({ length: 2 * lineQuartersMax - 1 }, (_, index) => index + 2);
  return nearestToEven(lines, (lineQuarters) =>
    fairProbabilityOf(
      outcomeProbabilitiesOf({ kind: 'over_under', period, lineQuarters, pick: 'over' }, outlook),
    ),
  );
}
