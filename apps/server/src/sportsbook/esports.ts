/**
 * Esports series maths (GAMES.md section 6): a map win probability from Elo ratings and the
 * distribution of series scores in maps, over which the match winner (独赢), map handicap
 * (地图让分), total maps (总地图数) and correct score (正确比分) price through the same rules as
 * football, maps counting as goals.
 */
import type { ScoreDistribution, ScoreProbability } from './goal-model.ts';
import type { Score } from './markets.ts';

export type BestOf = 1 | 2 | 3 | 5;

/** p = 1 / (1 + 10^(−ΔR/400)), ΔR the home side's rating minus the away side's. */
export function mapWinProbability(ratingDifference: number): number {
  return 1 / (1 + 10 ** (-ratingDifference / 400));
}

function binomialCoefficient(n: number, k: number): number {
  let coefficient = 1;
  for (let index = 1; index <= k; index += 1) {
    coefficient = (coefficient * (n - k + index)) / index;
  }
  return coefficient;
}

/**
 * Every series score with its probability, maps independent at `homeMapProbability`. A BO2
 * plays both maps (1–1 is the draw); otherwise the first to ⌈n/2⌉ maps wins, and w–j needs the
 * winner's last map after j of the first w − 1 + j went the other way.
 */
export function seriesScores(bestOf: BestOf, homeMapProbability: number): ScoreDistribution {
  if (!(homeMapProbability >= 0 && homeMapProbability <= 1)) {
    throw new RangeError(`a map win probability must lie in [0, 1], got ${homeMapProbability}`);
  }
  const p = homeMapProbability;
  const q = 1 - p;
  if (bestOf === 2) {
    return [
      { score: { home: 2, away: 0 }, probability: p * p },
      { score: { home: 1, away: 1 }, probability: 2 * p * q },
      { score: { home: 0, away: 2 }, probability: q * q },
    ];
  }
  const mapsToWin = (bestOf + 1) / 2;
  const scores: ScoreProbability[] = [];
  for (let lost = 0; lost < mapsToWin; lost += 1) {
    const orderings = binomialCoefficient(mapsToWin - 1 + lost, lost);
    scores.push({
      score: { home: mapsToWin, away: lost },
      probability: orderings * p ** mapsToWin * q ** lost,
    });
    scores.push({
      score: { home: lost, away: mapsToWin },
      probability: orderings * q ** mapsToWin * p ** lost,
    });
  }
  return scores;
}

/**
 * The series scores still possible from `mapsScore`, the map in play won by the home side with
 * `currentMapProbability` (what its kills so far say) and every later map with
 * `homeMapProbability`. From 0–0 with the two equal it is `seriesScores`.
 */
export function seriesScoresFrom(
  bestOf: BestOf,
  mapsScore: Score,
  currentMapProbability: number,
  homeMapProbability: number,
): ScoreDistribution {
  const mapsToWin = bestOf === 2 ? 2 : (bestOf + 1) / 2;
  const isOver = (score: Score) =>
    bestOf === 2 ? score.home + score.away === 2 : Math.max(score.home, score.away) >= mapsToWin;
  const cells = new Map<string, ScoreProbability>();
  const walk = (score: Score, probability: number, p: number) => {
    if (isOver(score)) {
      const key = `${score.home}:${score.away}`;
      cells.set(key, { score, probability: (cells.get(key)?.probability ?? 0) + probability });
      return;
    }
    walk({ home: score.home + 1, away: score.away }, probability * p, homeMapProbability);
    walk({ home: score.home, away: score.away + 1 }, probability * (1 - p), homeMapProbability);
  };
  walk(mapsScore, 1, currentMapProbability);
  return [...cells.values()];
}
