/**
 * The simulated feed's fixtures: each league's team strengths for a season, and its rounds of
 * matches. Strengths are drawn once per league and season from the feed's seed, so every node
 * agrees on them; a round pairs every team once, in an order drawn from the round's own label.
 * Ranges follow GAMES.md: football ratings keep every pairing's expected goals λ within
 * [0.6, 2.6] (2.6); esports sides differ by Elo (6).
 */
import { FairStream } from '@site/contract';
import type { League } from './catalogue.ts';
import type { TeamRatings } from './goal-model.ts';

export interface TeamStrength {
  readonly name: string;
  /** Football: attack and defence on the goal model's log scale. */
  readonly ratings: TeamRatings;
  /** Esports and basketball: an Elo-style rating. */
  readonly elo: number;
}

export const strengthRanges = {
  /** |attack|, |defence| ≤ 0.2 keeps λ = 1.35·e^(0.25 + a − d) within [0.9, 2.59]. */
  footballRating: 0.2,
  eloSpread: 250,
  eloMean: 1500,
} as const;

/** A league's teams with their strengths for `season`, the same on every call. */
export function seasonStrengths(feedSeedHex: string, league: League, season: string): TeamStrength[] {
  const stream = new FairStream(feedSeedHex, `strengths:${league.code}:${season}`);
  const symmetric = (halfWidth: number) => (stream.unit() * 2 - 1) * halfWidth;
  return league.teams.map((name) => ({
    name,
    ratings: {
      attack: symmetric(strengthRanges.footballRating),
      defence: symmetric(strengthRanges.footballRating),
    },
    elo: Math.round(strengthRanges.eloMean + symmetric(strengthRanges.eloSpread)),
  }));
}

export interface Pairing {
  readonly home: TeamStrength;
  readonly away: TeamStrength;
}

/** A round: every team plays once, paired in an order drawn from the round's label. */
export function roundPairings(
  feedSeedHex: string,
  league: League,
  teams: readonly TeamStrength[],
  roundLabel: string,
): Pairing[] {
  const stream = new FairStream(feedSeedHex, `round:${league.code}:${roundLabel}`);
  const order = [...teams];
  for (let index = order.length - 1; index > 0; index -= 1) {
    const swap = stream.below(index + 1);
    [order[index], order[swap]] = [order[swap] as TeamStrength, order[index] as TeamStrength];
  }
  const pairings: Pairing[] = [];
  for (let index = 0; index + 1 < order.length; index += 2) {
    pairings.push({ home: order[index] as TeamStrength, away: order[index + 1] as TeamStrength });
  }
  return pairings;
}
