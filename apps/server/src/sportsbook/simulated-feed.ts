/**
 * The built-in feed of football, basketball and esports: fixtures, live state and prices as pure functions
 * of the feed's secret and the time, so every node tells the same story without talking to the
 * others. Each
 * fixture's seed is HMAC-SHA256(feed secret, `fixture:{id}`): its commitment (SHA-256 of the
 * seed, as for lottery draws) is published before kick-off and the seed itself after
 * settlement, and revealing one seed tells nothing of the secret or of any other fixture.
 */
import { createHmac } from 'node:crypto';
import { drawSeedCommitment } from '@site/contract';
import {
  type BasketballState,
  basketballResult,
  basketballStateAt,
  expectedPoints,
  priceBasketball,
  simulateBasketball,
} from './basketball.ts';
import {
  type BookMargins,
  defaultBookMargins,
  type PricedMarket,
  priceBook,
  priceSeriesBook,
} from './book.ts';
import { type EsportsTitle, leagues, type Sport } from './catalogue.ts';
import { type BestOf, mapWinProbability } from './esports.ts';
import { type SeriesState, seriesOutlook, seriesStateAt, simulateSeries } from './esports-sim.ts';
import { roundPairings, seasonStrengths, type TeamStrength } from './fixtures.ts';
import {
  type GoalRates,
  goalRatesOf,
  inPlayOutlook,
  preMatchOutlook,
  ratesAfterRedCards,
} from './goal-model.ts';
import type { MatchResult, Score } from './markets.ts';
import {
  type MatchPace,
  type MatchPhase,
  type MatchState,
  matchStateAt,
  playAt,
  simulateMatch,
} from './match-sim.ts';

export interface FeedSettings {
  /** Each football league starts a round this often; the leagues' rounds are staggered across it. */
  readonly footballRoundEveryMinutes: number;
  readonly footballPace: MatchPace;
  /** Each basketball league starts a round this often. */
  readonly basketballRoundEveryMinutes: number;
  /** Seconds of play per second of wall time in a basketball game. */
  readonly basketballPlaySecondsPerWallSecond: number;
  /** Each esports league starts a round this often: longer than its longest series at its pace. */
  readonly esportsRoundEveryMinutes: number;
  /** Seconds of play per second of wall time in a series, breaks between maps included. */
  readonly esportsPlaySecondsPerWallSecond: number;
  readonly margins: BookMargins;
}

export const defaultFeedSettings: FeedSettings = {
  footballRoundEveryMinutes: 30,
  // 90 minutes of play in 15, a two-minute break.
  footballPace: { playSecondsPerWallSecond: 6, halfTimeBreakWallSeconds: 120 },
  // 48 minutes of play in 12, overtimes 75 seconds each.
  basketballRoundEveryMinutes: 30,
  basketballPlaySecondsPerWallSecond: 4,
  esportsRoundEveryMinutes: 60,
  // A BO5 of five longest maps (five hours and their breaks) still ends within the hour.
  esportsPlaySecondsPerWallSecond: 6,
  margins: defaultBookMargins,
};

/** The series format of each title's simulated league. */
export const bestOfByTitle: Record<EsportsTitle, BestOf> = { lol: 3, dota2: 3, cs2: 3, hok: 5 };

interface FixtureBase {
  readonly id: string;
  readonly leagueCode: string;
  readonly leagueName: string;
  readonly home: TeamStrength;
  readonly away: TeamStrength;
  readonly kickOffMs: number;
}

export interface FootballFixture extends FixtureBase {
  readonly sport: 'football';
  readonly rates: GoalRates;
}

export interface BasketballFixture extends FixtureBase {
  readonly sport: 'basketball';
  /** Each side's expected points over four quarters. */
  readonly expected: Score;
}

export interface EsportsFixture extends FixtureBase {
  readonly sport: 'esports';
  readonly title: EsportsTitle;
  readonly bestOf: BestOf;
  readonly homeMapProbability: number;
}

export type SimulatedFixture = FootballFixture | BasketballFixture | EsportsFixture;

const minuteMs = 60_000;

/** `yyyymmddHHMM` of a UTC instant: a round's label and part of its fixtures' ids. */
function stampOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** Every fixture of the simulated leagues kicking off in [fromMs, toMs), by kick-off then id. */
export function simulatedFixtures(
  feedSecretHex: string,
  fromMs: number,
  toMs: number,
  settings: FeedSettings = defaultFeedSettings,
): SimulatedFixture[] {
  const fixtures: SimulatedFixture[] = [];
  const roundMinutes: Record<Sport, number> = {
    football: settings.footballRoundEveryMinutes,
    basketball: settings.basketballRoundEveryMinutes,
    esports: settings.esportsRoundEveryMinutes,
  };
  for (const sport of ['football', 'basketball', 'esports'] as const) {
    const sportLeagues = leagues.filter((league) => league.sport === sport);
    const roundMs = roundMinutes[sport] * minuteMs;
    sportLeagues.forEach((league, leagueIndex) => {
      const offsetMs = Math.floor((roundMs * leagueIndex) / sportLeagues.length / minuteMs) * minuteMs;
      for (
        let kickOffMs = Math.ceil((fromMs - offsetMs) / roundMs) * roundMs + offsetMs;
        kickOffMs < toMs;
        kickOffMs += roundMs
      ) {
        const stamp = stampOf(kickOffMs);
        const teams = seasonStrengths(feedSecretHex, league, stamp.slice(0, 6));
        roundPairings(feedSecretHex, league, teams, stamp).forEach(({ home, away }, index) => {
          const base = {
            id: `${league.code}-${stamp}-${index + 1}`,
            leagueCode: league.code,
            leagueName: league.name,
            home,
            away,
            kickOffMs,
          };
          if (league.title !== undefined) {
            fixtures.push({
              ...base,
              sport: 'esports',
              title: league.title,
              bestOf: bestOfByTitle[league.title],
              homeMapProbability: mapWinProbability(home.elo - away.elo),
            });
          } else if (sport === 'basketball') {
            fixtures.push({ ...base, sport, expected: expectedPoints(home.elo, away.elo) });
          } else {
            fixtures.push({ ...base, sport: 'football', rates: goalRatesOf(home.ratings, away.ratings) });
          }
        });
      }
    });
  }
  return fixtures.sort((a, b) => a.kickOffMs - b.kickOffMs || a.id.localeCompare(b.id));
}

/** A fixture's seed: kept secret until its bets are settled. */
export function fixtureSeed(feedSecretHex: string, fixtureId: string): string {
  return createHmac('sha256', Buffer.from(feedSecretHex, 'hex')).update(`fixture:${fixtureId}`).digest('hex');
}

/** What is published of a fixture's seed before kick-off. */
export function fixtureCommitment(feedSecretHex: string, fixtureId: string): string {
  return drawSeedCommitment(fixtureSeed(feedSecretHex, fixtureId));
}

export interface FootballNow {
  readonly phase: MatchPhase;
  readonly state: MatchState;
  /** The price list: none once the match is over. While `state.isSuspended` it is shown but takes no bets. */
  readonly book: readonly PricedMarket[];
  /** Once the match is over. */
  readonly result: MatchResult | undefined;
}

/** A football fixture as it stands at `nowMs`: replayed from its seed, which is all a verifier needs too. */
export function footballAt(
  fixture: FootballFixture,
  seedHex: string,
  nowMs: number,
  settings: FeedSettings = defaultFeedSettings,
): FootballNow {
  const timeline = simulateMatch({ seedHex, fixtureId: fixture.id, rates: fixture.rates });
  const { phase, playSecond } = playAt(timeline, fixture.kickOffMs, nowMs, settings.footballPace);
  const state = matchStateAt(timeline, playSecond);
  if (phase === 'finished' || state.clock === undefined) {
    const halfTime = state.halfTimeScore ?? state.score;
    return { phase, state, book: [], result: { halfTime, fullTime: state.score } };
  }
  const outlook =
    phase === 'not_started'
      ? preMatchOutlook(fixture.rates)
      : inPlayOutlook(ratesAfterRedCards(fixture.rates, state.redCards), state.clock, state.score);
  const book = priceBook(outlook, {
    score: state.score,
    isFirstHalfOver: phase === 'half_time' || phase === 'second_half',
    margins: settings.margins,
  });
  return { phase, state, book, result: undefined };
}

export interface BasketballNow {
  readonly phase: 'not_started' | 'live' | 'finished';
  readonly state: BasketballState;
  readonly book: readonly PricedMarket[];
  /** Once the game is over: the half-time and final scores, overtime included. */
  readonly result: MatchResult | undefined;
}

/** A basketball fixture as it stands at `nowMs`, replayed from its seed. */
export function basketballAt(
  fixture: BasketballFixture,
  seedHex: string,
  nowMs: number,
  settings: FeedSettings = defaultFeedSettings,
): BasketballNow {
  const timeline = simulateBasketball({ seedHex, fixtureId: fixture.id, expected: fixture.expected });
  const playSecond = Math.floor(
    ((nowMs - fixture.kickOffMs) / 1000) * settings.basketballPlaySecondsPerWallSecond,
  );
  const state = basketballStateAt(timeline, Math.max(0, playSecond));
  if (state.isOver) {
    return { phase: 'finished', state, book: [], result: basketballResult(timeline) };
  }
  const isStarted = playSecond >= 0;
  return {
    phase: isStarted ? 'live' : 'not_started',
    state,
    book: priceBasketball(fixture.expected, isStarted ? state : undefined, settings.margins),
    result: undefined,
  };
}

export interface EsportsNow {
  readonly phase: 'not_started' | 'live' | 'finished';
  readonly state: SeriesState;
  readonly book: readonly PricedMarket[];
  /** The maps score, once the series is over. */
  readonly result: Score | undefined;
}

/** An esports fixture as it stands at `nowMs`, replayed from its seed. */
export function esportsAt(
  fixture: EsportsFixture,
  seedHex: string,
  nowMs: number,
  settings: FeedSettings = defaultFeedSettings,
): EsportsNow {
  const timeline = simulateSeries({
    seedHex,
    fixtureId: fixture.id,
    bestOf: fixture.bestOf,
    homeMapProbability: fixture.homeMapProbability,
  });
  const playSecond = Math.floor(
    ((nowMs - fixture.kickOffMs) / 1000) * settings.esportsPlaySecondsPerWallSecond,
  );
  const state = seriesStateAt(timeline, Math.max(0, playSecond));
  if (state.isOver) {
    return { phase: 'finished', state, book: [], result: state.mapsScore };
  }
  const outlook = seriesOutlook(timeline, state, fixture.homeMapProbability);
  return {
    phase: playSecond < 0 ? 'not_started' : 'live',
    state,
    book: priceSeriesBook(outlook, fixture.bestOf, settings.margins),
    result: undefined,
  };
}
