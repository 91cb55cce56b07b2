/**
 * The demo feed's football match (GAMES.md 2.6): a whole match's events drawn up front from the
 * fixture's seed, so every node plays the same match and anyone holding the revealed seed can
 * replay it. Goals come at the goal model's rates (`goalSharePerMinute`, red cards through
 * `ratesAfterRedCards`), the rates the in-play prices assume; each goal grows out of a dangerous
 * attack or a penalty, so the goal markets are suspended before it lands, and reopen a few
 * seconds after it.
 */
import { FairStream } from '@site/contract';
import type { MatchClock } from './goal-model.ts';
import { type GoalRates, goalModel, goalSharePerMinute, ratesAfterRedCards } from './goal-model.ts';
import type { Score } from './markets.ts';

export type Side = 'home' | 'away';

export type MatchEventKind =
  | 'dangerous_attack'
  | 'penalty'
  | 'shot'
  | 'goal'
  | 'save'
  | 'miss'
  | 'corner'
  | 'yellow_card'
  | 'red_card';

export interface MatchEvent {
  /** Seconds of play since kick-off: the first half's seconds, then the second half's. */
  readonly second: number;
  readonly kind: MatchEventKind;
  readonly side: Side;
}

/** A stretch of play in which the goal markets take no bets. */
export interface Suspension {
  readonly from: number;
  readonly to: number;
}

export interface MatchTimeline {
  /** Each half's length in seconds, stoppage time included. */
  readonly halfSeconds: readonly [number, number];
  /** In order of `second`. */
  readonly events: readonly MatchEvent[];
  /** Merged, in order. */
  readonly suspensions: readonly Suspension[];
}

type SecondsRange = readonly [low: number, high: number];

export interface SimulationModel {
  /** Dangerous attacks that end in a save or a miss, per expected goal of the side. */
  readonly chancesPerGoal: number;
  /** The share of goals scored from the penalty spot. */
  readonly penaltyGoalShare: number;
  readonly cornersPerMatch: number;
  readonly yellowCardsPerMatch: number;
  readonly redCardsPerMatch: number;
  /** Stoppage time of each half, whole minutes, uniform in the range. */
  readonly stoppageMinutes: readonly [SecondsRange, SecondsRange];
  /** How long an attack builds before its shot. */
  readonly attackBuildSeconds: SecondsRange;
  /** From a penalty given to the kick. */
  readonly penaltyKickSeconds: SecondsRange;
  /** From a goal or a red card to the markets reopening, re-priced. */
  readonly reopenSeconds: SecondsRange;
}

export const simulation: SimulationModel = {
  chancesPerGoal: 3,
  penaltyGoalShare: 0.1,
  cornersPerMatch: 10,
  yellowCardsPerMatch: 4,
  redCardsPerMatch: 0.2,
  stoppageMinutes: [
    [1, 3],
    [1, 5],
  ],
  attackBuildSeconds: [6, 20],
  penaltyKickSeconds: [40, 90],
  reopenSeconds: [3, 10],
};

const matchSeconds = 2 * goalModel.halfMinutes * 60;

interface Process {
  readonly side: Side;
  readonly kind: 'goal' | 'chance' | 'corner' | 'yellow_card' | 'red_card';
  readonly ratePerSecond: number;
}

/**
 * Every event of a match between sides scoring `rates` (whole-match expected goals) from the
 * fixture's seed. Events are the arrivals of independent Poisson processes whose rates hold
 * within a half until a red card changes them; the waiting time to the next arrival of all of
 * them together is exponential, so a change of rate only needs a fresh draw from that moment.
 */
export function simulateMatch(
  input: { seedHex: string; fixtureId: string; rates: GoalRates },
  model: SimulationModel = simulation,
): MatchTimeline {
  const stream = new FairStream(input.seedHex, `match:${input.fixtureId}`);
  const between = (low: number, high: number) => low + stream.below(high - low + 1);
  const halfLength = ([low, high]: SecondsRange) => (goalModel.halfMinutes + between(low, high)) * 60;
  const halfSeconds = [halfLength(model.stoppageMinutes[0]), halfLength(model.stoppageMinutes[1])] as const;
  const events: MatchEvent[] = [];
  const suspensions: Suspension[] = [];
  const redCards = { home: 0, away: 0 };

  const processesIn = (half: 1 | 2): Process[] => {
    const goals = ratesAfterRedCards(input.rates, redCards);
    const perMinute = goalSharePerMinute(half) / 60;
    const total = goals.home + goals.away;
    return (['home', 'away'] as const).flatMap((side) => {
      const attackShare = total === 0 ? 0.5 : goals[side] / total;
      return [
        { side, kind: 'goal', ratePerSecond: goals[side] * perMinute },
        { side, kind: 'chance', ratePerSecond: goals[side] * model.chancesPerGoal * perMinute },
        { side, kind: 'corner', ratePerSecond: (model.cornersPerMatch * attackShare) / matchSeconds },
        { side, kind: 'yellow_card', ratePerSecond: model.yellowCardsPerMatch / 2 / matchSeconds },
        { side, kind: 'red_card', ratePerSecond: model.redCardsPerMatch / 2 / matchSeconds },
      ] satisfies Process[];
    });
  };

  /** A goal or a chance: the attack that builds to it, during which goal markets are suspended. */
  const attack = (side: Side, at: number, start: number, end: number, isGoal: boolean) => {
    const isPenalty = isGoal && stream.unit() < model.penaltyGoalShare;
    const [low, high] = isPenalty ? model.penaltyKickSeconds : model.attackBuildSeconds;
    const shotAt = Math.min(end - 1, Math.max(at, start + high));
    const buildFrom = Math.max(start, shotAt - between(low, high));
    events.push({ second: buildFrom, kind: isPenalty ? 'penalty' : 'dangerous_attack', side });
    events.push({ second: shotAt, kind: 'shot', side });
    if (isGoal) {
      events.push({ second: shotAt, kind: 'goal', side });
      suspensions.push({ from: buildFrom, to: shotAt + between(...model.reopenSeconds) });
    } else {
      events.push({ second: shotAt, kind: stream.unit() < 0.5 ? 'save' : 'miss', side });
      suspensions.push({ from: buildFrom, to: shotAt });
    }
  };

  for (const half of [1, 2] as const) {
    const start = half === 1 ? 0 : halfSeconds[0];
    const end = start + (half === 1 ? halfSeconds[0] : halfSeconds[1]);
    let clock = start;
    for (;;) {
      const processes = processesIn(half);
      const totalRate = processes.reduce((sum, process) => sum + process.ratePerSecond, 0);
      clock += -Math.log(1 - stream.unit()) / totalRate;
      if (clock >= end) {
        break;
      }
      let pick = stream.unit() * totalRate;
      const arrived =
        processes.find((process) => {
          pick -= process.ratePerSecond;
          return pick < 0;
        }) ?? (processes.at(-1) as Process);
      // Nothing happens on the second of the whistle: a state at second 0 is the kick-off.
      const at = Math.max(start + 1, Math.floor(clock));
      if (arrived.kind === 'goal' || arrived.kind === 'chance') {
        attack(arrived.side, at, start, end, arrived.kind === 'goal');
      } else {
        events.push({ second: at, kind: arrived.kind, side: arrived.side });
        if (arrived.kind === 'red_card') {
          redCards[arrived.side] += 1;
          suspensions.push({ from: at, to: at + between(...model.reopenSeconds) });
        }
      }
    }
  }
  events.sort((a, b) => a.second - b.second);
  return { halfSeconds, events, suspensions: merged(suspensions) };
}

function merged(suspensions: Suspension[]): Suspension[] {
  const ordered = [...suspensions].sort((a, b) => a.from - b.from);
  const result: Suspension[] = [];
  for (const suspension of ordered) {
    const last = result.at(-1);
    if (last && suspension.from <= last.to) {
      result[result.length - 1] = { from: last.from, to: Math.max(last.to, suspension.to) };
    } else {
      result.push(suspension);
    }
  }
  return result;
}

type Tally = { home: number; away: number };

/** The match as it stands after `playSecond` seconds of play, every event up to it counted. */
export interface MatchState {
  readonly score: Score;
  /** Once the first half is over. */
  readonly halfTimeScore: Score | undefined;
  readonly redCards: Score;
  readonly yellowCards: Score;
  readonly corners: Score;
  /** The goal markets take no bets. */
  readonly isSuspended: boolean;
  /** Where the match clock stands, as in-play pricing reads it; none once the match is over. */
  readonly clock: MatchClock | undefined;
  /** The clock as the scoreboard shows it: 67', 45+2', 90+4'. */
  readonly minuteText: string;
}

export function matchStateAt(timeline: MatchTimeline, playSecond: number): MatchState {
  const [firstHalf, secondHalf] = timeline.halfSeconds;
  const tally = (): Tally => ({ home: 0, away: 0 });
  const score = tally();
  const redCards = tally();
  const yellowCards = tally();
  const corners = tally();
  let halfTimeScore: Score | undefined;
  const counted: Partial<Record<MatchEventKind, Tally>> = {
    goal: score,
    red_card: redCards,
    yellow_card: yellowCards,
    corner: corners,
  };
  for (const event of timeline.events) {
    if (event.second > playSecond) {
      break;
    }
    if (halfTimeScore === undefined && event.second >= firstHalf) {
      halfTimeScore = { ...score };
    }
    const counter = counted[event.kind];
    if (counter) {
      counter[event.side] += 1;
    }
  }
  if (halfTimeScore === undefined && playSecond >= firstHalf) {
    halfTimeScore = { ...score };
  }
  const isOver = playSecond >= firstHalf + secondHalf;
  const isSecondHalf = playSecond >= firstHalf;
  const secondOfHalf = isSecondHalf ? playSecond - firstHalf : playSecond;
  const minutesLeftInHalf = Math.max(0, (isSecondHalf ? secondHalf : firstHalf) - secondOfHalf) / 60;
  const clock: MatchClock | undefined = isOver
    ? undefined
    : isSecondHalf && halfTimeScore
      ? { half: 2, minutesLeftInHalf, halfTimeScore }
      : { half: 1, minutesLeftInHalf };
  return {
    score,
    halfTimeScore,
    redCards,
    yellowCards,
    corners,
    isSuspended: timeline.suspensions.some(({ from, to }) => from <= playSecond && playSecond < to),
    clock,
    minuteText: minuteTextOf(
      isSecondHalf ? 2 : 1,
      Math.min(secondOfHalf, (isSecondHalf ? secondHalf : firstHalf) - 1),
    ),
  };
}

/** The scoreboard minute: the minute being played, stoppage shown as 45+n or 90+n. */
function minuteTextOf(half: 1 | 2, secondOfHalf: number): string {
  const regular = goalModel.halfMinutes;
  const minuteOfHalf = Math.floor(secondOfHalf / 60) + 1;
  const base = half === 1 ? 0 : regular;
  return minuteOfHalf > regular ? `${base + regular}+${minuteOfHalf - regular}'` : `${base + minuteOfHalf}'`;
}

export type MatchPhase = 'not_started' | 'first_half' | 'half_time' | 'second_half' | 'finished';

/** How fast a simulated match runs against the wall clock. */
export interface MatchPace {
  /** Seconds of play per second of wall time: 6 plays 90 minutes in 15. */
  readonly playSecondsPerWallSecond: number;
  readonly halfTimeBreakWallSeconds: number;
}

/** Where a match kicked off at `kickOffMs` stands at `nowMs`: its phase and the seconds played. */
export function playAt(
  timeline: MatchTimeline,
  kickOffMs: number,
  nowMs: number,
  pace: MatchPace,
): { phase: MatchPhase; playSecond: number } {
  const [firstHalf, secondHalf] = timeline.halfSeconds;
  const wallSeconds = (nowMs - kickOffMs) / 1000;
  if (wallSeconds < 0) {
    return { phase: 'not_started', playSecond: 0 };
  }
  const firstHalfWall = firstHalf / pace.playSecondsPerWallSecond;
  if (wallSeconds < firstHalfWall) {
    return { phase: 'first_half', playSecond: Math.floor(wallSeconds * pace.playSecondsPerWallSecond) };
  }
  const secondHalfFrom = firstHalfWall + pace.halfTimeBreakWallSeconds;
  if (wallSeconds < secondHalfFrom) {
    return { phase: 'half_time', playSecond: firstHalf };
  }
  const played = firstHalf + Math.floor((wallSeconds - secondHalfFrom) * pace.playSecondsPerWallSecond);
  return played >= firstHalf + secondHalf
    ? { phase: 'finished', playSecond: firstHalf + secondHalf }
    : { phase: 'second_half', playSecond: played };
}
