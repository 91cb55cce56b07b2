/**
 * The demo feed's esports series (GAMES.md section 6), drawn up front from the fixture's seed like
 * a football match: each map's winner at the sides' map win probability, its length ~ N(32, 6)
 * minutes, its kills ~ Poisson(27) each going to the map's winner with a fixed chance, the first
 * kill being first blood. Because kills follow the winner that way, what the kills so far say
 * about the map in play is exact Bayes, and the in-play prices use nothing else.
 */
import { FairStream } from '@site/contract';
import { type BestOf, seriesScoresFrom } from './esports.ts';
import type { ScoreDistribution } from './goal-model.ts';
import type { Score } from './markets.ts';
import type { Side } from './match-sim.ts';

export const seriesModel = {
  killsPerMap: 27,
  /** The chance that any one kill of a map goes to the side that wins it. */
  winnerKillShare: 0.62,
  mapMinutesMean: 32,
  mapMinutesDeviation: 6,
  mapMinutesRange: [18, 60] as const,
  /** Between maps: side swap, draft or pick and ban. */
  breakMinutes: 6,
} as const;

export interface PlayedMap {
  readonly startSecond: number;
  readonly durationSeconds: number;
  readonly winner: Side;
  /** Every kill's second from the map's start and its side, in order; the first is first blood. */
  readonly kills: readonly { readonly second: number; readonly side: Side }[];
}

export interface SeriesTimeline {
  readonly bestOf: BestOf;
  /** The maps played, until the series is decided (a BO2 plays both). */
  readonly maps: readonly PlayedMap[];
  readonly endSecond: number;
}

const mapsToWinOf = (bestOf: BestOf) => (bestOf === 2 ? 2 : (bestOf + 1) / 2);

const isDecided = (bestOf: BestOf, score: Score) =>
  bestOf === 2 ? score.home + score.away === 2 : Math.max(score.home, score.away) >= mapsToWinOf(bestOf);

export function simulateSeries(input: {
  seedHex: string;
  fixtureId: string;
  bestOf: BestOf;
  homeMapProbability: number;
}): SeriesTimeline {
  const stream = new FairStream(input.seedHex, `series:${input.fixtureId}`);
  const normal = () => {
    // Box–Muller: two uniforms, one standard normal.
    const radius = Math.sqrt(-2 * Math.log(1 - stream.unit()));
    return radius * Math.cos(2 * Math.PI * stream.unit());
  };
  const poisson = (mean: number) => {
    // Knuth: count uniforms until their product falls below e^-mean.
    const limit = Math.exp(-mean);
    let count = 0;
    for (let product = stream.unit(); product > limit; product *= stream.unit()) {
      count += 1;
    }
    return count;
  };
  const maps: PlayedMap[] = [];
  const score = { home: 0, away: 0 };
  let startSecond = 0;
  while (!isDecided(input.bestOf, score)) {
    const winner: Side = stream.unit() < input.homeMapProbability ? 'home' : 'away';
    const loser: Side = winner === 'home' ? 'away' : 'home';
    const [shortest, longest] = seriesModel.mapMinutesRange;
    const minutes = Math.min(
      longest,
      Math.max(shortest, seriesModel.mapMinutesMean + seriesModel.mapMinutesDeviation * normal()),
    );
    const durationSeconds = Math.round(minutes * 60);
    const kills = Array.from({ length: poisson(seriesModel.killsPerMap) }, () => ({
      second: 1 + Math.floor(stream.unit() * (durationSeconds - 1)),
      side: stream.unit() < seriesModel.winnerKillShare ? winner : loser,
    })).sort((a, b) => a.second - b.second);
    maps.push({ startSecond, durationSeconds, winner, kills });
    score[winner] += 1;
    startSecond += durationSeconds + seriesModel.breakMinutes * 60;
  }
  const last = maps.at(-1);
  return { bestOf: input.bestOf, maps, endSecond: last ? last.startSecond + last.durationSeconds : 0 };
}

export interface SeriesState {
  readonly mapsScore: Score;
  /** The map being played (1-based), none between maps and once the series is over. */
  readonly mapInPlay: number | undefined;
  /** The kills so far of the map in play. */
  readonly kills: Score;
  readonly firstBlood: Side | undefined;
  readonly isOver: boolean;
}

/** The series after `second` seconds: finished maps counted, the map in play up to that second. */
export function seriesStateAt(timeline: SeriesTimeline, second: number): SeriesState {
  const mapsScore = { home: 0, away: 0 };
  for (const [index, map] of timeline.maps.entries()) {
    const mapEnd = map.startSecond + map.durationSeconds;
    if (second >= mapEnd) {
      mapsScore[map.winner] += 1;
      continue;
    }
    if (second < map.startSecond) {
      break;
    }
    const kills = { home: 0, away: 0 };
    const sofar = map.kills.filter((kill) => map.startSecond + kill.second <= second);
    for (const kill of sofar) {
      kills[kill.side] += 1;
    }
    return { mapsScore, mapInPlay: index + 1, kills, firstBlood: sofar[0]?.side, isOver: false };
  }
  return {
    mapsScore,
    mapInPlay: undefined,
    kills: { home: 0, away: 0 },
    firstBlood: undefined,
    isOver: second >= timeline.endSecond,
  };
}

/**
 * The chance the home side wins the map in play, given its kills so far: each kill went to the
 * winner with chance w, so the odds p/(1 − p) multiply by (w/(1 − w))^(home kills − away kills).
 */
export function mapInPlayProbability(homeMapProbability: number, kills: Score): number {
  const share = seriesModel.winnerKillShare;
  const odds =
    (homeMapProbability / (1 - homeMapProbability)) * (share / (1 - share)) ** (kills.home - kills.away);
  return odds / (1 + odds);
}

/** The series scores still possible, from the state of play. */
export function seriesOutlook(
  timeline: SeriesTimeline,
  state: SeriesState,
  homeMapProbability: number,
): ScoreDistribution {
  const current =
    state.mapInPlay === undefined
      ? homeMapProbability
      : mapInPlayProbability(homeMapProbability, state.kills);
  return seriesScoresFrom(timeline.bestOf, state.mapsScore, current, homeMapProbability);
}
