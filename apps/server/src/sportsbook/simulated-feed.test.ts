import { drawSeedCommitment } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { simulateMatch } from './match-sim.ts';
import {
  basketballAt,
  defaultFeedSettings,
  esportsAt,
  fixtureCommitment,
  fixtureSeed,
  footballAt,
  type SimulatedFixture,
  simulatedFixtures,
} from './simulated-feed.ts';

const secret = 'c4'.repeat(32);
const from = Date.UTC(2026, 10, 25, 12, 0);
const hourMs = 3_600_000;

const footballOf = (fixtures: SimulatedFixture[]) =>
  fixtures.flatMap((fixture) => (fixture.sport === 'football' ? [fixture] : []));

describe('simulatedFixtures', () => {
  const fixtures = footballOf(simulatedFixtures(secret, from, from + 2 * hourMs));

  it('schedules every football league a round every half hour, staggered, with unique ids', () => {
    expect(fixtures).toHaveLength(3 * 4 * 5);
    expect(new Set(fixtures.map((fixture) => fixture.id)).size).toBe(fixtures.length);
    const kickOffs = [...new Set(fixtures.map((fixture) => fixture.kickOffMs))];
    expect(kickOffs).toHaveLength(12);
    for (const kickOff of kickOffs) {
      expect(kickOff).toBeGreaterThanOrEqual(from);
      expect(kickOff % 60_000).toBe(0);
    }
    expect(footballOf(simulatedFixtures(secret, from, from + 2 * hourMs))).toEqual(fixtures);
    // A window inside another lists the same fixtures.
    const later = footballOf(simulatedFixtures(secret, from + hourMs, from + 2 * hourMs));
    expect(later).toEqual(fixtures.filter((fixture) => fixture.kickOffMs >= from + hourMs));
  });
});

describe('fixtureAt', () => {
  const fixture = footballOf(simulatedFixtures(secret, from, from + hourMs))[0];
  if (!fixture) {
    throw new Error('no fixture');
  }
  const seed = fixtureSeed(secret, fixture.id);
  const pace = defaultFeedSettings.footballPace;
  const matchWallMs = ((98 * 60) / pace.playSecondsPerWallSecond + pace.halfTimeBreakWallSeconds) * 1000;

  it('publishes a commitment that the revealed seed keeps, and a seed of its own per fixture', () => {
    expect(drawSeedCommitment(seed)).toBe(fixtureCommitment(secret, fixture.id));
    expect(fixtureSeed(secret, `${fixture.id}x`)).not.toBe(seed);
  });

  it('prices the match before kick-off, plays it, and ends with the result the seed replays', () => {
    const before = footballAt(fixture, seed, fixture.kickOffMs - 60_000);
    expect(before.phase).toBe('not_started');
    expect(before.state.score).toEqual({ home: 0, away: 0 });
    expect(before.book.length).toBeGreaterThan(10);
    expect(before.result).toBeUndefined();

    const halfTime = footballAt(
      fixture,
      seed,
      fixture.kickOffMs + (48 * 60 * 1000) / pace.playSecondsPerWallSecond + 30_000,
    );
    expect(halfTime.phase).toBe('half_time');
    expect(halfTime.book.some((market) => market.key.includes('half_time'))).toBe(false);

    const after = footballAt(fixture, seed, fixture.kickOffMs + matchWallMs);
    expect(after.phase).toBe('finished');
    expect(after.book).toEqual([]);
    expect(after.result?.fullTime).toEqual(after.state.score);
    expect(after.result?.halfTime).toEqual(halfTime.state.halfTimeScore);
    // Anyone with the revealed seed replays the same match.
    expect(footballAt(fixture, seed, fixture.kickOffMs + matchWallMs).result).toEqual(after.result);
  });

  it('is suspended at each goal, and its in-play prices count from the score', () => {
    const timeline = simulateMatch({ seedHex: seed, fixtureId: fixture.id, rates: fixture.rates });
    const [firstHalf] = timeline.halfSeconds;
    const wallMsOf = (playSecond: number) =>
      fixture.kickOffMs +
      Math.ceil(
        (playSecond / pace.playSecondsPerWallSecond +
          (playSecond >= firstHalf ? pace.halfTimeBreakWallSeconds : 0)) *
          1000,
      );
    const goals = timeline.events.filter((event) => event.kind === 'goal');
    expect(goals.length).toBeGreaterThan(0);
    for (const goal of goals) {
      const now = footballAt(fixture, seed, wallMsOf(goal.second));
      expect(now.state.isSuspended).toBe(true);
      expect(now.state.score[goal.side]).toBeGreaterThan(0);
      const handicap = now.book.find(
        (market) => market.isMain && market.key.startsWith('asian_handicap:full_time'),
      );
      expect(handicap).toBeDefined();
    }
  });
});

describe('esportsAt', () => {
  const series = simulatedFixtures(secret, from, from + 2 * hourMs).flatMap((fixture) =>
    fixture.sport === 'esports' ? [fixture] : [],
  );

  it('schedules each title hourly in its format, and plays every series within its hour', () => {
    expect(series).toHaveLength(4 * 2 * 4);
    expect(new Set(series.map((fixture) => `${fixture.title}:${fixture.bestOf}`))).toEqual(
      new Set(['lol:3', 'dota2:3', 'cs2:3', 'hok:5']),
    );
    for (const fixture of series) {
      const seed = fixtureSeed(secret, fixture.id);
      expect(esportsAt(fixture, seed, fixture.kickOffMs - 1_000).phase).toBe('not_started');
      expect(esportsAt(fixture, seed, fixture.kickOffMs - 1_000).book.length).toBeGreaterThan(2);
      const over = esportsAt(fixture, seed, fixture.kickOffMs + hourMs);
      expect(over.phase).toBe('finished');
      expect(over.book).toEqual([]);
      expect(Math.max(over.result?.home ?? 0, over.result?.away ?? 0)).toBe((fixture.bestOf + 1) / 2);
    }
  });

  it('moves its prices with the kills of the map in play', () => {
    const fixture = series[0];
    if (!fixture) {
      throw new Error('no series');
    }
    const seed = fixtureSeed(secret, fixture.id);
    const winnerOddsAt = (ms: number) =>
      esportsAt(fixture, seed, ms).book.find((market) => market.key === 'match_result:full_time')
        ?.selections[0]?.oddsE4;
    const before = winnerOddsAt(fixture.kickOffMs - 1_000);
    const prices = new Set<number | undefined>();
    for (let minute = 1; minute < 5; minute += 1) {
      prices.add(winnerOddsAt(fixture.kickOffMs + minute * 60_000));
    }
    expect(before).toBeDefined();
    expect(prices.size).toBeGreaterThan(1);
  });
});

describe('basketballAt', () => {
  const games = simulatedFixtures(secret, from, from + hourMs).flatMap((fixture) =>
    fixture.sport === 'basketball' ? [fixture] : [],
  );

  it('schedules the league every half hour and plays each game out within it', () => {
    expect(games).toHaveLength(2 * 4);
    for (const fixture of games) {
      const seed = fixtureSeed(secret, fixture.id);
      const before = basketballAt(fixture, seed, fixture.kickOffMs - 1_000);
      expect(before.phase).toBe('not_started');
      expect(before.book.some((market) => market.market.kind === 'match_result')).toBe(true);
      expect(basketballAt(fixture, seed, fixture.kickOffMs + 6 * 60_000).phase).toBe('live');
      const over = basketballAt(fixture, seed, fixture.kickOffMs + 25 * 60_000);
      expect(over.phase).toBe('finished');
      expect(over.result?.fullTime.home).not.toBe(over.result?.fullTime.away);
    }
  });
});
