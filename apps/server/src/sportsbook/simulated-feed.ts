/**
 * The built-in football feed: fixtures, live state and prices as pure functions of the feed's
 * secret and the time, so every node tells the same story without talking to the others. Each
 * fixture's seed is HMAC-SHA256(feed secret, `fixture:{id}`): its commitment (SHA-256 of the
 * seed, as for lottery draws) is published before kick-off and the seed itself after
 * settlement, and revealing one seed tells nothing of the secret or of any other fixture.
 */
import { createHmac } from 'node:crypto';
import { drawSeedCommitment } from '@site/contract';
import { type BookMargins, defaultBookMargins, type PricedMarket, priceBook } from './book.ts';
import { leagues } from './catalogue.ts';
import { roundPairings, seasonStrengths, type TeamStrength } from './fixtures.ts';
import {
  type GoalRates,
  goalRatesOf,
  inPlayOutlook,
  preMatchOutlook,
  ratesAfterRedCards,
} from './goal-model.ts';
import type { MatchResult } from './markets.ts';
import {
  type MatchPace,
  type MatchPhase,
  type MatchState,
  matchStateAt,
  playAt,
  simulateMatch,
} from './match-sim.ts';

export interface FeedSettings {
  /** Each league starts a round this often; the leagues' rounds are staggered across it. */
  readonly roundEveryMinutes: number;
  readonly pace: MatchPace;
  readonly margins: BookMargins;
}

export const defaultFeedSettings: FeedSettings = {
  roundEveryMinutes: 30,
  // 90 minutes of play in 15, a two-minute break.
  pace: { playSecondsPerWallSecond: 6, halfTimeBreakWallSeconds: 120 },
  margins: defaultBookMargins,
};

export interface SimulatedFixture {
  readonly id: string;
  readonly leagueCode: string;
  readonly leagueName: string;
  readonly home: TeamStrength;
  readonly away: TeamStrength;
  readonly kickOffMs: number;
  readonly rates: GoalRates;
}

const minuteMs = 60_000;
const footballLeagues = leagues.filter((league) => league.sport === 'football');

/** `yyyymmddHHMM` of a UTC instant: a round's label and part of its fixtures' ids. */
function stampOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** Every football fixture kicking off in [fromMs, toMs), by kick-off then league. */
export function footballFixtures(
  feedSecretHex: string,
  fromMs: number,
  toMs: number,
  settings: FeedSettings = defaultFeedSettings,
): SimulatedFixture[] {
  const roundMs = settings.roundEveryMinutes * minuteMs;
  const fixtures: SimulatedFixture[] = [];
  footballLeagues.forEach((league, leagueIndex) => {
    const offsetMs = Math.floor((roundMs * leagueIndex) / footballLeagues.length / minuteMs) * minuteMs;
    for (
      let kickOffMs = Math.ceil((fromMs - offsetMs) / roundMs) * roundMs + offsetMs;
      kickOffMs < toMs;
      kickOffMs += roundMs
    ) {
      const stamp = stampOf(kickOffMs);
      const teams = seasonStrengths(feedSecretHex, league, stamp.slice(0, 6));
      roundPairings(feedSecretHex, league, teams, stamp).forEach(({ home, away }, index) => {
        fixtures.push({
          id: `${league.code}-${stamp}-${index + 1}`,
          leagueCode: league.code,
          leagueName: league.name,
          home,
          away,
          kickOffMs,
          rates: goalRatesOf(home.ratings, away.ratings),
        });
      });
    }
  });
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

export interface FixtureNow {
  readonly phase: MatchPhase;
  readonly state: MatchState;
  /** The price list: none once the match is over. While `state.isSuspended` it is shown but takes no bets. */
  readonly book: readonly PricedMarket[];
  /** Once the match is over. */
  readonly result: MatchResult | undefined;
}

/** A fixture as it stands at `nowMs`: replayed from its seed, which is all a verifier needs too. */
export function fixtureAt(
  fixture: SimulatedFixture,
  seedHex: string,
  nowMs: number,
  settings: FeedSettings = defaultFeedSettings,
): FixtureNow {
  const timeline = simulateMatch({ seedHex, fixtureId: fixture.id, rates: fixture.rates });
  const { phase, playSecond } = playAt(timeline, fixture.kickOffMs, nowMs, settings.pace);
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
