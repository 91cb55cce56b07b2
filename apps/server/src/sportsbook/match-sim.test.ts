import { describe, expect, it } from 'vitest';
import { goalModel } from './goal-model.ts';
import { type MatchTimeline, matchStateAt, playAt, simulateMatch, simulation } from './match-sim.ts';

const seedHex = '5e'.repeat(32);
const rates = { home: 1.6, away: 1.1 };

describe('simulateMatch', () => {
  it('plays the same match from the same seed and fixture, another from another fixture', () => {
    const first = simulateMatch({ seedHex, fixtureId: 'f-1', rates });
    expect(simulateMatch({ seedHex, fixtureId: 'f-1', rates })).toEqual(first);
    expect(simulateMatch({ seedHex, fixtureId: 'f-2', rates }).events).not.toEqual(first.events);
  });

  it('grows every goal out of an attack of its side and suspends the goal markets over it', () => {
    for (let index = 0; index < 200; index += 1) {
      const timeline = simulateMatch({ seedHex, fixtureId: `g-${index}`, rates });
      const [firstHalf, secondHalf] = timeline.halfSeconds;
      expect(firstHalf).toBeGreaterThanOrEqual(46 * 60);
      expect(secondHalf).toBeLessThanOrEqual(50 * 60);
      timeline.events.forEach((event, position) => {
        expect(event.second).toBeLessThan(firstHalf + secondHalf);
        if (event.kind !== 'goal') {
          return;
        }
        const before = timeline.events.slice(0, position);
        const build = before.findLast(
          (earlier) =>
            earlier.side === event.side &&
            (earlier.kind === 'dangerous_attack' || earlier.kind === 'penalty'),
        );
        expect(build).toBeDefined();
        for (const second of [build?.second ?? 0, event.second - 1, event.second]) {
          expect(matchStateAt(timeline, second).isSuspended).toBe(true);
        }
        const reopening = timeline.suspensions.find(
          ({ from, to }) => from <= event.second && event.second < to,
        );
        expect((reopening?.to ?? 0) - event.second).toBeGreaterThanOrEqual(simulation.reopenSeconds[0]);
      });
      timeline.suspensions.forEach((suspension, position) => {
        expect(suspension.from).toBeLessThan(suspension.to);
        expect(suspension.to).toBeLessThan(
          timeline.suspensions[position + 1]?.from ?? Number.POSITIVE_INFINITY,
        );
      });
    }
  });

  it('scores at the goal model rates, 45 % of them per 45 minutes before the break', () => {
    // Without red cards the rates hold all match: each side's goals in a half are Poisson with
    // mean rate × the half's share of goals per 45 minutes × its minutes, stoppage included.
    const model = { ...simulation, redCardsPerMatch: 0 };
    const expected = { firstHalf: 0, secondHalf: 0 };
    const observed = { firstHalf: 0, secondHalf: 0 };
    for (let index = 0; index < 1_500; index += 1) {
      const timeline = simulateMatch({ seedHex, fixtureId: `r-${index}`, rates }, model);
      const [firstHalf, secondHalf] = timeline.halfSeconds;
      const perMinute = (rates.home + rates.away) / goalModel.halfMinutes;
      expected.firstHalf += perMinute * goalModel.firstHalfGoalShare * (firstHalf / 60);
      expected.secondHalf += perMinute * (1 - goalModel.firstHalfGoalShare) * (secondHalf / 60);
      for (const event of timeline.events) {
        if (event.kind === 'goal') {
          observed[event.second < firstHalf ? 'firstHalf' : 'secondHalf'] += 1;
        }
      }
    }
    for (const half of ['firstHalf', 'secondHalf'] as const) {
      // Four standard deviations of a Poisson count.
      expect(Math.abs(observed[half] - expected[half])).toBeLessThan(4 * Math.sqrt(expected[half]));
    }
  });

  it('books cards and corners at about their rates per match', () => {
    const totals = { corner: 0, yellow_card: 0, red_card: 0 };
    const matches = 600;
    for (let index = 0; index < matches; index += 1) {
      for (const event of simulateMatch({ seedHex, fixtureId: `c-${index}`, rates }).events) {
        if (event.kind in totals) {
          totals[event.kind as keyof typeof totals] += 1;
        }
      }
    }
    // Stoppage time adds a few per cent of play: the rates are per 90 minutes.
    expect(totals.corner / matches).toBeGreaterThan(simulation.cornersPerMatch * 0.95);
    expect(totals.corner / matches).toBeLessThan(simulation.cornersPerMatch * 1.15);
    expect(totals.yellow_card / matches).toBeGreaterThan(simulation.yellowCardsPerMatch * 0.92);
    expect(totals.yellow_card / matches).toBeLessThan(simulation.yellowCardsPerMatch * 1.18);
    expect(totals.red_card / matches).toBeLessThan(simulation.redCardsPerMatch * 1.6);
  });
});

describe('matchStateAt', () => {
  const timeline: MatchTimeline = {
    halfSeconds: [47 * 60, 49 * 60],
    events: [
      { second: 600, kind: 'dangerous_attack', side: 'home' },
      { second: 612, kind: 'shot', side: 'home' },
      { second: 612, kind: 'goal', side: 'home' },
      { second: 1_800, kind: 'corner', side: 'away' },
      { second: 2_900, kind: 'red_card', side: 'home' },
      { second: 3_000, kind: 'yellow_card', side: 'away' },
      { second: 4_000, kind: 'penalty', side: 'away' },
      { second: 4_060, kind: 'shot', side: 'away' },
      { second: 4_060, kind: 'goal', side: 'away' },
    ],
    suspensions: [
      { from: 600, to: 620 },
      { from: 2_900, to: 2_905 },
      { from: 4_000, to: 4_066 },
    ],
  };

  it('counts every event up to the second, with the half-time score once the first half ends', () => {
    expect(matchStateAt(timeline, 611)).toMatchObject({ score: { home: 0, away: 0 }, isSuspended: true });
    expect(matchStateAt(timeline, 612)).toMatchObject({
      score: { home: 1, away: 0 },
      halfTimeScore: undefined,
      isSuspended: true,
      minuteText: "11'",
      clock: { half: 1, minutesLeftInHalf: (47 * 60 - 612) / 60 },
    });
    expect(matchStateAt(timeline, 620).isSuspended).toBe(false);
    expect(matchStateAt(timeline, 2_819)).toMatchObject({ minuteText: "45+2'", halfTimeScore: undefined });
    expect(matchStateAt(timeline, 2_820)).toMatchObject({
      minuteText: "46'",
      halfTimeScore: { home: 1, away: 0 },
    });
    const late = matchStateAt(timeline, 4_100);
    expect(late).toMatchObject({
      score: { home: 1, away: 1 },
      halfTimeScore: { home: 1, away: 0 },
      redCards: { home: 1, away: 0 },
      yellowCards: { home: 0, away: 1 },
      corners: { home: 0, away: 1 },
      isSuspended: false,
      minuteText: "67'",
      clock: { half: 2, halfTimeScore: { home: 1, away: 0 } },
    });
    const over = matchStateAt(timeline, 96 * 60);
    expect(over.clock).toBeUndefined();
    expect(over.minuteText).toBe("90+4'");
  });

  it('maps the wall clock onto play: halves at pace, the break between them', () => {
    const pace = { playSecondsPerWallSecond: 6, halfTimeBreakWallSeconds: 60 };
    const kickOff = 1_000_000;
    const at = (wallSeconds: number) => playAt(timeline, kickOff, kickOff + wallSeconds * 1000, pace);
    expect(at(-1)).toEqual({ phase: 'not_started', playSecond: 0 });
    expect(at(100)).toEqual({ phase: 'first_half', playSecond: 600 });
    expect(at(47 * 10 + 30)).toEqual({ phase: 'half_time', playSecond: 47 * 60 });
    expect(at(47 * 10 + 60 + 10)).toEqual({ phase: 'second_half', playSecond: 47 * 60 + 60 });
    expect(at(47 * 10 + 60 + 49 * 10)).toEqual({ phase: 'finished', playSecond: 96 * 60 });
  });
});
