import {
  type Fen,
  fen,
  type OddsFormat,
  type ParlayCaps,
  parlayReturn,
  routes,
  type SportsbookBetView,
  type SportsbookMatch,
  type SportsbookMatchFilter,
  type SportsbookPlaceBody,
  systemReturn,
} from '@site/contract';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { type FixtureNow, scoreboardOf } from './feed-state.ts';
import type { MatchResult, Score, Selection } from './markets.ts';
import { type LegResult, outcomeOf, returnOf } from './settlement.ts';
import { fixtureSeed, type SimulatedFixture, simulatedFixtures } from './simulated-feed.ts';

/** A slip as a client sends it: the slip id is made here unless given. */
export interface SlipInput {
  kind: SportsbookPlaceBody['kind'];
  stake: string;
  legs: SportsbookPlaceBody['legs'];
  oddsFormat?: OddsFormat;
  acceptOdds?: SportsbookPlaceBody['acceptOdds'];
  slipId?: string;
  venueCode?: string;
}

/** A test app whose board holds the next ninety minutes of the schedule, with its sportsbook client. */
export async function openSportsbookApp(): Promise<{ testApp: TestApp; sb: SportsbookClient }> {
  const testApp = await createTestApp();
  const sb = sportsbookClient(testApp);
  // Each pass puts the next ten minutes of the schedule on the board.
  for (let pass = 0; pass < 9; pass += 1) {
    await sb.tick();
  }
  return { testApp, sb };
}

export type SportsbookClient = ReturnType<typeof sportsbookClient>;

/** Helpers for the sportsbook's API tests: members with money, the board, slips, the ledger. */
export function sportsbookClient(testApp: TestApp) {
  const cashier = cashierClient(testApp);
  const db = testApp.stores.db;

  const player = async (username: string, amount = '1000.00') => {
    const member = await cashier.member(username);
    await cashier.deposit(member.token, amount);
    return member;
  };
  type Member = Awaited<ReturnType<typeof player>>;

  const tick = async () => {
    await testApp.services.sportsbook.tick();
  };

  const matches = async (filter: SportsbookMatchFilter, extra: object = {}) =>
    (
      await cashier.client.call<{ list: SportsbookMatch[]; total: number }>(
        'POST',
        routes.sportsbookMatches.path,
        {
          body: { filter, pageSize: 100, ...extra },
        },
      )
    ).data;

  const match = async (matchId: string) =>
    cashier.client.call<SportsbookMatch>('POST', routes.sportsbookMatch.path, { body: { matchId } });

  let slipCount = 0;
  const newSlipId = () => {
    slipCount += 1;
    return `slip-${slipCount}-${Date.now()}`;
  };

  const place = (member: Member, body: SlipInput) =>
    cashier.asMember<SportsbookBetView>(member.token, routes.sportsbookPlace.path, {
      slipId: newSlipId(),
      ...body,
    });

  const myBets = async (member: Member) =>
    (
      await cashier.asMember<{ list: SportsbookBetView[]; total: number }>(
        member.token,
        routes.sportsbookBets.path,
        { pageSize: 100 },
      )
    ).data;

  /** What moved: the member's main balance, the wallet's calls and the sportsbook's bets. */
  const movedSoFar = async (member: Member) => {
    const counts = await sql<{ calls: string; bets: string; stakes: string }>`
      select (select count(*) from seamless_transactions) as calls,
             (select count(*) from sportsbook_bets) as bets,
             (select coalesce(sum(stake_fen), 0) from sportsbook_member_stakes) as stakes`.execute(db);
    return {
      balanceFen: await cashier.mainBalanceFen(member.memberId),
      ...counts.rows[0],
    };
  };

  const expectReconciled = async () => {
    const report = await testApp.services.ledger.reconcile();
    expect(report.problems).toEqual([]);
  };

  const feedSecret = async () =>
    (await db.selectFrom('sportsbook_feed').select('secret_hex').executeTakeFirstOrThrow()).secret_hex;

  return {
    cashier,
    player,
    tick,
    matches,
    match,
    place,
    newSlipId,
    myBets,
    movedSoFar,
    expectReconciled,
    feedSecret,
  };
}

/** The feed's own fixture of a board match, made again from the secret. */
export function feedFixtureOf(
  secretHex: string,
  match: { matchId: string; kickOffAt: string },
): SimulatedFixture {
  const kickOffMs = Date.parse(match.kickOffAt);
  const fixture = simulatedFixtures(secretHex, kickOffMs, kickOffMs + 1).find(
    (made) => made.id === match.matchId,
  );
  if (!fixture) {
    throw new Error(`no feed fixture ${match.matchId}`);
  }
  return fixture;
}

const scoreboards = new Map<string, (atMs: number) => FixtureNow>();

/** Where the feed has a fixture at `atMs`, prices left out: its timeline is simulated once. */
export function stateAt(secretHex: string, fixture: SimulatedFixture, atMs: number): FixtureNow {
  const key = `${secretHex}:${fixture.id}`;
  let scoreboard = scoreboards.get(key);
  if (!scoreboard) {
    scoreboard = scoreboardOf(fixture, fixtureSeed(secretHex, fixture.id));
    scoreboards.set(key, scoreboard);
  }
  return scoreboard(atMs);
}

/** The first moment from `fromMs` on (in `stepMs` steps, before `toMs`) when `isIt` holds. */
export function firstMoment(
  secretHex: string,
  fixture: SimulatedFixture,
  range: { fromMs: number; toMs: number; stepMs: number },
  isIt: (state: FixtureNow, atMs: number) => boolean,
): number | undefined {
  for (let atMs = range.fromMs; atMs < range.toMs; atMs += range.stepMs) {
    if (isIt(stateAt(secretHex, fixture, atMs), atMs)) {
      return atMs;
    }
  }
  return undefined;
}

export interface StoredLeg {
  selection: Selection;
  decimalOddsE4: number;
  scoreAtAcceptance: Score;
  /** The match's result, or undefined when it was cancelled. */
  result: MatchResult | undefined;
}

/**
 * What a bet pays by GAMES.md, computed apart from the service: each leg's outcome by the rules
 * of `settlement.ts`, a single from its stored amounts, a parlay or system from its legs' factors.
 */
export function expectedPayout(
  bet: { kind: 'single' | 'parlay' | 'system'; stakeFen: Fen; riskFen: Fen; winFen: Fen },
  legs: readonly StoredLeg[],
  caps: ParlayCaps,
): { payoutFen: Fen; isVoid: boolean } {
  const results: LegResult[] = legs.map((leg) =>
    leg.result === undefined ? 'void' : outcomeOf(leg.selection, leg.result, leg.scoreAtAcceptance),
  );
  if (results.every((result) => result === 'void')) {
    return { payoutFen: bet.riskFen, isVoid: true };
  }
  if (bet.kind === 'single') {
    return { payoutFen: returnOf(results[0] as LegResult, bet), isVoid: false };
  }
  const parlayLegs = legs.map((leg, index) => ({
    decimalOddsE4: leg.decimalOddsE4,
    state: results[index] as LegResult,
  }));
  const payout =
    bet.kind === 'parlay'
      ? parlayReturn(bet.stakeFen, parlayLegs, caps)
      : systemReturn(bet.stakeFen, parlayLegs, caps);
  return { payoutFen: payout ?? fen(-1n), isVoid: false };
}
