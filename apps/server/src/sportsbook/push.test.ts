import {
  FeedMsgId,
  MsgId,
  type ServerFrame,
  type SportsbookBetEvent,
  type SportsbookBoardEvent,
  type SportsbookMatch,
  type SportsbookMatchEvent,
  sportsbookBoardTopic,
  sportsbookMatchTopic,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeOf } from '../session/test-support.ts';
import { loggedInSocket, openTestSocket, type TestSocket } from '../stream/test-support.ts';
import type { TestApp } from '../testing.ts';
import { createSportsbookPush, type FixtureWritten, type SportsbookEventsPort } from './push.ts';
import {
  feedFixtureOf,
  firstMoment,
  openSportsbookApp,
  type SportsbookClient,
  stateAt,
} from './test-support.ts';

let testApp: TestApp;
let baseUrl: string;
let sb: SportsbookClient;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  for (const socket of sockets) {
    socket.close();
  }
  await testApp.close();
});

const minuteMs = 60_000;

/** An anonymous socket following a match and its sport's board. */
async function follower(match: SportsbookMatch) {
  const socket = await openTestSocket(baseUrl);
  sockets.push(socket);
  const topics = [sportsbookMatchTopic(match.matchId), sportsbookBoardTopic(match.sport)];
  const answer = await socket.request(FeedMsgId.subscribe, { topics });
  expect(answer.code).toBe(6000);
  return socket;
}

const eventOf = <T>(frame: ServerFrame) => (frame.msgData as { topic: string; data: T }).data;

/**
 * Moves the clock, then has each socket heard at the new time: the gateway drops a socket silent
 * for 15 s by the clock, and a jump of minutes would otherwise make every socket silent.
 */
async function moveClockTo(atMs: number, sockets: readonly TestSocket[]) {
  testApp.clock.set(atMs);
  for (const socket of sockets) {
    expect((await socket.request(MsgId.heartbeat)).code).toBe(6000);
  }
}

/** A football match of 今日 that scores within its first 40 minutes, and when. */
async function scoringFootball() {
  const secret = await sb.feedSecret();
  const list = (await sb.matches('today', { sport: 'football' })).list;
  for (const match of list) {
    const fixture = feedFixtureOf(secret, match);
    const kickOffMs = Date.parse(match.kickOffAt);
    const goalAtMs = firstMoment(
      secret,
      fixture,
      { fromMs: kickOffMs, toMs: kickOffMs + 40 * minuteMs, stepMs: 1000 },
      (state) => state.score.home + state.score.away > 0,
    );
    if (goalAtMs !== undefined && stateAt(secret, fixture, goalAtMs - 1000).status === 'live') {
      return { match, goalAtMs, score: stateAt(secret, fixture, goalAtMs).score };
    }
  }
  throw new Error('no football match of today scores early');
}

describe('live sportsbook events over the socket', () => {
  it("publishes a goal on the match's topic and its sport's board, to an anonymous socket", async () => {
    const { match, goalAtMs, score } = await scoringFootball();
    const socket = await follower(match);

    // Frames are looked for from before the pass and waited for once it is through: on a busy
    // machine a pass may take longer than a frame's wait.
    await moveClockTo(goalAtMs - 1000, [socket]);
    const beforeKickOff = socket.frames.length;
    await sb.tick();
    const kickingOff = await socket.next(
      FeedMsgId.sportsbookMatch,
      (frame) => eventOf<SportsbookMatchEvent>(frame).status === 'live',
      beforeKickOff,
    );
    const live = eventOf<SportsbookMatchEvent>(kickingOff);
    expect(live).toMatchObject({ matchId: match.matchId, sport: 'football', score: { home: 0, away: 0 } });
    expect(live.changes).toContain('status');

    await moveClockTo(goalAtMs, [socket]);
    const since = socket.frames.length;
    await sb.tick();
    // Through Redis an event of the kick-off pass may still arrive after `since`: the goal's
    // events are the ones with its score.
    const isGoal = (event: { score: typeof score; changes: readonly string[] }) =>
      event.changes.includes('score') && event.score.home === score.home && event.score.away === score.away;
    const scoring = socket.next(
      FeedMsgId.sportsbookMatch,
      (frame) => isGoal(eventOf<SportsbookMatchEvent>(frame)),
      since,
    );
    const boarding = socket.next(
      FeedMsgId.sportsbookBoard,
      (frame) =>
        eventOf<SportsbookBoardEvent>(frame).matches.some(
          (entry) => entry.matchId === match.matchId && isGoal(entry),
        ),
      since,
    );
    const goal = await scoring;
    expect(goal.msgData).toMatchObject({ topic: `match:${match.matchId}` });
    expect(eventOf<SportsbookMatchEvent>(goal)).toMatchObject({
      matchId: match.matchId,
      status: 'live',
      score,
    });

    // The match page reads the same score, and every market the event carried at its price.
    const page = (await sb.match(match.matchId)).data;
    expect(page.score).toEqual(score);
    for (const market of eventOf<SportsbookMatchEvent>(goal).markets) {
      const shown = page.markets.find((candidate) => candidate.key === market.key);
      expect(shown?.priceVersion).toBe(market.priceVersion);
      expect(shown?.selections.map((selection) => selection.odds)).toEqual(
        market.selections.map((selection) => selection.odds),
      );
    }

    const board = eventOf<SportsbookBoardEvent>(await boarding);
    expect(board.sport).toBe('football');
    const entry = board.matches.find((candidate) => candidate.matchId === match.matchId);
    expect(entry?.score).toEqual(score);
    // A board carries the main markets (and any that stopped being main), not every line.
    const isMainOnPage = (key: string) => page.markets.find((market) => market.key === key)?.isMain ?? false;
    expect(entry?.markets.every((market) => market.isMain === isMainOnPage(market.key))).toBe(true);
    expect(entry?.markets.filter((market) => market.isMain).length).toBeGreaterThan(0);
    expect(entry?.markets.length).toBeLessThan(eventOf<SportsbookMatchEvent>(goal).markets.length);
  });

  it('tells the member alone, on his own socket, that his bet settled and what it paid', async () => {
    const member = await sb.player('sbpush01');
    const other = await sb.player('sbpush02');
    const own = await loggedInSocket(baseUrl, sb.cashier.client, {
      token: member.token,
      device: homeOf('sbpush01').device,
    });
    const stranger = await loggedInSocket(baseUrl, sb.cashier.client, {
      token: other.token,
      device: homeOf('sbpush02').device,
    });
    sockets.push(own.socket, stranger.socket);

    const list = (await sb.matches('today', { sport: 'football' })).list;
    const match = list.find((candidate) => Date.parse(candidate.kickOffAt) > testApp.clock.now());
    if (!match) {
      throw new Error('no upcoming football match');
    }
    const market = match.markets.find((candidate) => candidate.key === 'match_result:full_time');
    const selection = market?.selections[0];
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [
        {
          matchId: match.matchId,
          marketKey: 'match_result:full_time',
          selectionKey: selection?.key ?? '',
          odds: selection?.odds ?? '',
        },
      ],
    });
    expect(placed.code).toBe(6000);

    await moveClockTo(Date.parse(match.kickOffAt) + 25 * minuteMs, [own.socket, stranger.socket]);
    const since = own.socket.frames.length;
    await sb.tick();
    const settling = await own.socket.next(
      FeedMsgId.sportsbookBet,
      (frame) => (frame.msgData as SportsbookBetEvent).betId === placed.data.betId,
      since,
    );
    const event = settling.msgData as SportsbookBetEvent;
    const settled = (await sb.myBets(member)).list.find((bet) => bet.betId === placed.data.betId);
    expect(settled?.status).toBe('settled');
    expect(event).toEqual({
      betId: placed.data.betId,
      slipId: placed.data.slipId,
      status: 'settled',
      payout: settled?.payout,
    });
    expect(stranger.socket.frames.filter((frame) => frame.msgId === FeedMsgId.sportsbookBet)).toEqual([]);
  });
});

describe('the push', () => {
  it('publishes one board entry per match of a pass: the latest state, every market it changed, main ones only', () => {
    const boards: SportsbookBoardEvent[] = [];
    const push = createSportsbookPush({
      publishMatch: async () => undefined,
      publishBoard: async (event) => {
        boards.push(event);
      },
      publishBet: async () => undefined,
    });
    const before = {
      id: 'vfl-test-2',
      sport: 'football',
      status: 'live',
      phase: 'first_half',
      clock_text: "10'",
      score_home: 0,
      score_away: 0,
      half_time_score: null,
      is_suspended: false,
    } as unknown as FixtureWritten['before'];
    const priced = (key: string, oddsE4: number) => ({
      key,
      isMain: key !== 'side',
      market: {},
      selections: [{ key: `${key}:home`, selection: {}, oddsE4 }],
    });
    const row = (key: string, version: number) => ({
      market_key: key,
      is_main: key !== 'side',
      status: 'open' as const,
      price_version: version,
    });
    const written = (
      clockText: string,
      book: ReturnType<typeof priced>[],
      versions: Record<string, number>,
    ) =>
      ({
        before,
        state: {
          status: 'live',
          phase: 'first_half',
          clockText,
          score: { home: 0, away: 0 },
          halfTimeScore: null,
          isSuspended: false,
          book,
          result: null,
        },
        known: new Map(Object.keys(versions).map((key) => [key, row(key, 1)])),
        changed: Object.entries(versions).map(([key, version]) => row(key, version)),
        closing: [],
      }) as unknown as FixtureWritten;
    // A pass that failed after writing the match once, then the next pass.
    push.fixtureWritten(
      written("11'", [priced('result', 21_000), priced('side', 40_000)], { result: 2, side: 2 }),
    );
    push.fixtureWritten(written("12'", [priced('total', 19_500)], { total: 2 }));
    push.publishBoards();
    expect(boards).toHaveLength(1);
    const [entry] = boards[0]?.matches ?? [];
    expect(boards[0]?.matches).toHaveLength(1);
    expect(entry).toMatchObject({ matchId: 'vfl-test-2', clock: "12'", changes: ['clock', 'prices'] });
    expect(entry?.markets.map((market) => [market.key, market.selections[0]?.odds])).toEqual([
      ['result', '2.10'],
      ['total', '1.95'],
    ]);
    push.publishBoards();
    expect(boards).toHaveLength(1);
  });

  it('neither waits for a publish nor lets a failed one reach the feed pass', async () => {
    const failures: unknown[] = [];
    let release: () => void = () => undefined;
    const port: SportsbookEventsPort = {
      publishMatch: () => new Promise<void>((resolve) => (release = resolve)),
      publishBoard: async () => {
        throw new Error('pub/sub down');
      },
      publishBet: () => {
        throw new Error('not even a promise');
      },
    };
    const push = createSportsbookPush(port);
    push.reportErrorsTo((error) => failures.push(error));
    const row = {
      id: 'vfl-test-1',
      sport: 'football',
      status: 'cancelled',
      phase: 'first_half',
      clock_text: "12'",
      score_home: 0,
      score_away: 0,
      half_time_score: null,
      is_suspended: false,
    } as unknown as Parameters<typeof push.matchCancelled>[0];
    // Returns at once though the match's publish never answers.
    push.matchCancelled(row);
    push.betRejected({ id: 7n, member_id: 3n, slip_id: 'slip-0007' } as never, (id) => `SB${id}`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failures.map((error) => (error as Error).message).sort()).toEqual([
      'not even a promise',
      'pub/sub down',
    ]);
    release();
  });
});
