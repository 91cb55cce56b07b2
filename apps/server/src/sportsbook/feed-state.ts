/**
 * A simulated fixture as the board stores it at one moment: status, phase, scoreboard clock,
 * score, 封盘, the price list and, once over, the result every bet settles on. A pure function of
 * the feed's secret and the time, like the feed itself.
 */
import type { SportsbookMatchStatus } from '@site/contract';
import { basketballResult, basketballStateAt, simulateBasketball } from './basketball.ts';
import type { PricedMarket } from './book.ts';
import { seriesStateAt, simulateSeries } from './esports-sim.ts';
import type { MatchResult, Score } from './markets.ts';
import { matchStateAt, playAt, simulateMatch } from './match-sim.ts';
import {
  basketballAt,
  defaultFeedSettings,
  esportsAt,
  type FeedSettings,
  footballAt,
  type SimulatedFixture,
} from './simulated-feed.ts';

export interface FixtureNow {
  readonly status: Exclude<SportsbookMatchStatus, 'cancelled'>;
  readonly phase: string;
  readonly clockText: string | null;
  readonly score: Score;
  readonly halfTimeScore: Score | null;
  readonly isSuspended: boolean;
  readonly book: readonly PricedMarket[];
  readonly result: MatchResult | null;
}

const twoDigits = (value: number) => String(Math.floor(value)).padStart(2, '0');

export function fixtureNow(
  fixture: SimulatedFixture,
  seedHex: string,
  nowMs: number,
  settings: FeedSettings = defaultFeedSettings,
): FixtureNow {
  switch (fixture.sport) {
    case 'football': {
      const now = footballAt(fixture, seedHex, nowMs, settings);
      const isLive = now.phase !== 'not_started' && now.phase !== 'finished';
      return {
        status: now.phase === 'not_started' ? 'scheduled' : now.phase === 'finished' ? 'finished' : 'live',
        phase: now.phase,
        clockText: now.phase === 'half_time' ? '中场' : isLive ? now.state.minuteText : null,
        score: now.state.score,
        halfTimeScore: now.state.halfTimeScore ?? null,
        isSuspended: isLive && now.state.isSuspended,
        book: now.book,
        result: now.result ?? null,
      };
    }
    case 'basketball': {
      const now = basketballAt(fixture, seedHex, nowMs, settings);
      const { period, secondsLeftInPeriod } = now.state;
      const periodName = period <= 4 ? `第${period}节` : `加时${period - 4}`;
      return {
        status: now.phase === 'not_started' ? 'scheduled' : now.phase === 'finished' ? 'finished' : 'live',
        phase: now.phase,
        clockText:
          now.phase === 'live'
            ? `${periodName} ${twoDigits(secondsLeftInPeriod / 60)}:${twoDigits(secondsLeftInPeriod % 60)}`
            : null,
        score: now.state.score,
        halfTimeScore: now.state.halfTimeScore ?? null,
        isSuspended: false,
        book: now.book,
        result: now.result ?? null,
      };
    }
    case 'esports': {
      const now = esportsAt(fixture, seedHex, nowMs, settings);
      const { mapInPlay, mapsScore } = now.state;
      return {
        status: now.phase === 'not_started' ? 'scheduled' : now.phase === 'finished' ? 'finished' : 'live',
        phase: now.phase,
        clockText: now.phase === 'live' ? (mapInPlay ? `第${mapInPlay}图` : '图间休息') : null,
        score: mapsScore,
        halfTimeScore: null,
        isSuspended: false,
        book: now.book,
        // A series has no half: its markets are all full time.
        result: now.result ? { halfTime: now.result, fullTime: now.result } : null,
      };
    }
  }
}

/**
 * A fixture's scoreboard at any time without its prices, from a timeline simulated once: what the
 * feed pass checks every second (pricing a book is the expensive part, done when this changes).
 */
export function scoreboardOf(
  fixture: SimulatedFixture,
  seedHex: string,
  settings: FeedSettings = defaultFeedSettings,
): (nowMs: number) => FixtureNow {
  const statusOf = (isStarted: boolean, isOver: boolean) =>
    isOver ? ('finished' as const) : isStarted ? ('live' as const) : ('scheduled' as const);
  switch (fixture.sport) {
    case 'football': {
      const timeline = simulateMatch({ seedHex, fixtureId: fixture.id, rates: fixture.rates });
      return (nowMs) => {
        const { phase, playSecond } = playAt(timeline, fixture.kickOffMs, nowMs, settings.footballPace);
        const state = matchStateAt(timeline, playSecond);
        const isOver = phase === 'finished' || state.clock === undefined;
        const isLive = phase !== 'not_started' && !isOver;
        return {
          status: statusOf(phase !== 'not_started', isOver),
          phase,
          clockText: phase === 'half_time' ? '中场' : isLive ? state.minuteText : null,
          score: state.score,
          halfTimeScore: state.halfTimeScore ?? null,
          isSuspended: isLive && state.isSuspended,
          book: [],
          result: isOver ? { halfTime: state.halfTimeScore ?? state.score, fullTime: state.score } : null,
        };
      };
    }
    case 'basketball': {
      const timeline = simulateBasketball({ seedHex, fixtureId: fixture.id, expected: fixture.expected });
      return (nowMs) => {
        const playSecond = Math.floor(
          ((nowMs - fixture.kickOffMs) / 1000) * settings.basketballPlaySecondsPerWallSecond,
        );
        const state = basketballStateAt(timeline, Math.max(0, playSecond));
        return {
          status: statusOf(playSecond >= 0, state.isOver),
          phase: state.isOver ? 'finished' : playSecond >= 0 ? 'live' : 'not_started',
          clockText: null,
          score: state.score,
          halfTimeScore: state.halfTimeScore ?? null,
          isSuspended: false,
          book: [],
          result: state.isOver ? basketballResult(timeline) : null,
        };
      };
    }
    case 'esports': {
      const timeline = simulateSeries({
        seedHex,
        fixtureId: fixture.id,
        bestOf: fixture.bestOf,
        homeMapProbability: fixture.homeMapProbability,
      });
      return (nowMs) => {
        const playSecond = Math.floor(
          ((nowMs - fixture.kickOffMs) / 1000) * settings.esportsPlaySecondsPerWallSecond,
        );
        const state = seriesStateAt(timeline, Math.max(0, playSecond));
        return {
          status: statusOf(playSecond >= 0, state.isOver),
          phase: state.isOver ? 'finished' : playSecond >= 0 ? 'live' : 'not_started',
          clockText: null,
          score: state.mapsScore,
          halfTimeScore: null,
          isSuspended: false,
          book: [],
          result: state.isOver ? { halfTime: state.mapsScore, fullTime: state.mapsScore } : null,
        };
      };
    }
  }
}
