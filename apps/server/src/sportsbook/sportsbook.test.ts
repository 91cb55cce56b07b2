import { createHash } from 'node:crypto';
import {
  ErrorCode,
  fen,
  oddsE4OfText,
  parseYuan,
  routes,
  type SportsbookBetView,
  type SportsbookLeagues,
  type SportsbookMatch,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing.ts';
import type { MatchResult, Selection } from './markets.ts';
import { createSportsbookService, defaultSportsbookSettings } from './service.ts';
import {
  expectedPayout,
  feedFixtureOf,
  firstMoment,
  openSportsbookApp,
  type SlipInput,
  type SportsbookClient,
  type StoredLeg,
  stateAt,
} from './test-support.ts';

let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

const minuteMs = 60_000;

/** A football match of 今日 kicking off later, with its markets. */
async function upcomingFootball(skip = 0): Promise<SportsbookMatch> {
  let list = (await sb.matches('today', { sport: 'football' })).list;
  // Each pass puts ten more minutes of the schedule on the board.
  for (let pass = 0; pass < 6 && list.length <= skip; pass += 1) {
    await sb.tick();
    list = (await sb.matches('today', { sport: 'football' })).list;
  }
  const found = list[skip];
  if (!found) {
    throw new Error('no upcoming football match');
  }
  return (await sb.match(found.matchId)).data;
}

const marketOf = (match: SportsbookMatch, key: string) => {
  const market = match.markets.find((candidate) => candidate.key === key);
  if (!market) {
    throw new Error(`no market ${key} on ${match.matchId}`);
  }
  return market;
};

/** A leg on the first pick of a market, at the odds shown. */
const legOf = (match: SportsbookMatch, marketKey = 'match_result:full_time', pickIndex = 0) => {
  const market = marketOf(match, marketKey);
  const selection = market.selections[pickIndex];
  if (!selection) {
    throw new Error(`no pick ${pickIndex} in ${marketKey}`);
  }
  return { matchId: match.matchId, marketKey, selectionKey: selection.key, odds: selection.odds };
};

const storedLegs = async (betId: string) => {
  const rows = await testApp.stores.db
    .selectFrom('sportsbook_bet_legs as l')
    .innerJoin('sportsbook_fixtures as f', 'f.id', 'l.fixture_id')
    .select(['l.selection', 'l.decimal_odds_e4', 'l.score_home', 'l.score_away', 'f.result', 'f.status'])
    .where('l.bet_id', '=', BigInt(betId.slice(2)))
    .orderBy('l.leg_no')
    .execute();
  return rows.map(
    (row): StoredLeg => ({
      selection: row.selection as Selection,
      decimalOddsE4: row.decimal_odds_e4,
      scoreAtAcceptance: { home: row.score_home, away: row.score_away },
      result: row.status === 'cancelled' ? undefined : ((row.result as MatchResult | null) ?? undefined),
    }),
  );
};

const yuanOf = (text: string) => parseYuan(text) ?? fen(0n);

describe('the board', () => {
  it('puts fixtures on the board ahead with their opening prices and commitments', async () => {
    const leagues = (await sb.cashier.client.call<SportsbookLeagues>('GET', routes.sportsbookLeagues.path))
      .data;
    expect(leagues.map((sport) => sport.name)).toEqual(['足球', '篮球', '电竞']);
    const football = leagues[0];
    expect(football?.leagues.map((league) => league.name)).toContain('虚拟足球超级联赛');
    expect(football?.leagues.every((league) => league.todayCount > 0)).toBe(true);

    const today = await sb.matches('today');
    expect(today.total).toBeGreaterThan(20);
    const first = today.list[0] as SportsbookMatch;
    expect(Date.parse(first.kickOffAt)).toBeGreaterThan(testApp.clock.now());
    expect(first).toMatchObject({
      status: 'scheduled',
      score: { home: 0, away: 0 },
      seed: null,
      clock: null,
    });
    expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
    // A list shows the main markets; the match page all of them, in the book's order.
    expect(first.markets.every((market) => market.isMain)).toBe(true);
    const page = await upcomingFootball();
    expect(page.markets.length).toBeGreaterThan(first.markets.length);
    const result = marketOf(page, 'match_result:full_time');
    expect(result).toMatchObject({ name: '独赢', status: 'open', priceVersion: 1 });
    expect(result.selections.map((selection) => selection.name)).toEqual(['主胜', '和局', '客胜']);
    const handicap = page.markets.find((market) => market.kind === 'asian_handicap' && market.isMain);
    expect(handicap?.name).toBe('让球');
    expect(handicap?.selections[0]?.name).toMatch(/^主 [+-]?\d/);

    const live = await sb.matches('live');
    expect(live.list.every((match) => match.status === 'live' && match.clock !== null)).toBe(true);
    expect(live.total).toBeGreaterThan(0);
  });

  it('answers 700401 for a match it does not have', async () => {
    const answer = await sb.match('vfl-premier-209901010000-1');
    expect(answer.code).toBe(ErrorCode.sportsbookMatchUnknown);
  });
});

describe('placing a slip', () => {
  it('takes a single at the odds shown, reserves it through the TY venue and settles it on the result', async () => {
    const member = await sb.player('sbsingle01');
    const match = await upcomingFootball();
    const leg = legOf(match, 'match_result:full_time', 0);
    const before = await sb.movedSoFar(member);
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [leg],
    });
    expect(placed.code).toBe(6000);
    const bet = placed.data;
    expect(bet).toMatchObject({
      kind: 'single',
      name: '单注',
      status: 'open',
      stake: '10.00',
      risk: '10.00',
      odds: leg.odds,
      payout: null,
    });
    expect(bet.legs[0]).toMatchObject({
      marketName: '独赢',
      selectionName: '主胜',
      isInPlay: false,
      result: null,
    });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before.balanceFen - 1000n);
    const records = await sb.cashier.asMember<{ list: Array<{ betId: string; status: string }> }>(
      member.token,
      routes.betRecords.path,
      {},
    );
    expect(records.data.list.find((record) => record.betId === bet.betId)).toMatchObject({
      status: 'pending',
    });

    testApp.clock.set(Date.parse(match.kickOffAt) + 25 * minuteMs);
    await sb.tick();
    const settled = (await sb.myBets(member)).list.find(
      (item) => item.betId === bet.betId,
    ) as SportsbookBetView;
    const expected = expectedPayout(
      {
        kind: 'single',
        stakeFen: yuanOf('10.00'),
        riskFen: yuanOf(bet.risk),
        winFen: fen(yuanOf(bet.potentialReturn) - yuanOf(bet.risk)),
      },
      await storedLegs(bet.betId),
      defaultSportsbookSettings.parlayCaps,
    );
    expect(settled.status).toBe('settled');
    expect(yuanOf(settled.payout ?? '')).toBe(expected.payoutFen);
    expect(settled.legs[0]?.result).not.toBeNull();
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
      before.balanceFen - 1000n + expected.payoutFen,
    );
    // The seed is revealed once settled, and hashes to the commitment published before.
    const after = (await sb.match(match.matchId)).data;
    expect(after.status).toBe('finished');
    expect(after.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(
      createHash('sha256')
        .update(Buffer.from(after.seed ?? '', 'hex'))
        .digest('hex'),
    ).toBe(match.commitment);
    await sb.expectReconciled();

    // Another pass pays nothing twice.
    const balance = await sb.cashier.mainBalanceFen(member.memberId);
    await sb.tick();
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(balance);
  });

  it('risks stake × |price| at a negative Malay price and wins the stake', async () => {
    const member = await sb.player('sbmalay01');
    const match = await upcomingFootball(1);
    // The pick of the match result with the longest price shows negative in Malay (H > 1), and
    // short of -1.00 once H is past 1.1 (at H just over 1 it rounds to -1.00: risk = stake).
    const market = marketOf(match, 'match_result:full_time');
    const prices = market.selections.map((selection) => oddsE4OfText(selection.odds));
    const index = prices.indexOf(Math.max(...prices));
    expect(prices[index]).toBeGreaterThan(21_000);
    const leg = legOf(match, 'match_result:full_time', index);
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '100.00',
      oddsFormat: 'Malay',
      legs: [leg],
    });
    expect(placed.code).toBe(6000);
    expect(placed.data.odds.startsWith('-')).toBe(true);
    const risk = yuanOf(placed.data.risk);
    expect(risk).toBeLessThan(10_000n);
    expect(yuanOf(placed.data.potentialReturn)).toBe(risk + 10_000n);
  });

  it('takes a parlay of legs of different matches at their combined odds', async () => {
    const member = await sb.player('sbparlay01');
    const [first, second, third] = [
      await upcomingFootball(0),
      await upcomingFootball(2),
      await upcomingFootball(4),
    ];
    const legs = [
      legOf(first as SportsbookMatch),
      legOf(second as SportsbookMatch),
      legOf(third as SportsbookMatch),
    ];
    const parlay = await sb.place(member, { kind: 'parlay', stake: '10.00', legs });
    expect(parlay.code).toBe(6000);
    expect(parlay.data).toMatchObject({ name: '3串1', ticketCount: 1, risk: '10.00', status: 'open' });
    const system = await sb.place(member, { kind: 'system', stake: '2.00', legs });
    expect(system.code).toBe(6000);
    expect(system.data).toMatchObject({ name: '3串4', ticketCount: 4, risk: '8.00' });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(100_000n - 1800n);
  });
});

describe('refusals move nothing', () => {
  const expectRefused = async (
    member: Awaited<ReturnType<typeof sb.player>>,
    body: Parameters<typeof sb.place>[1],
    code: ErrorCode,
  ) => {
    const before = await sb.movedSoFar(member);
    const answer = await sb.place(member, body);
    expect(answer.code).toBe(code);
    expect(await sb.movedSoFar(member)).toEqual(before);
    return answer;
  };

  it('refuses odds that moved unless the member accepts the change (700404)', async () => {
    const member = await sb.player('sbodds01');
    const match = await upcomingFootball();
    const leg = legOf(match);
    const current = oddsE4OfText(leg.odds);
    const higher = ((current + 500) / 10_000).toFixed(2);
    const lower = ((current - 100) / 10_000).toFixed(2);
    const refused = await expectRefused(
      member,
      { kind: 'single', stake: '10.00', acceptOdds: 'none', legs: [{ ...leg, odds: lower }] },
      ErrorCode.sportsbookOddsChanged,
    );
    expect(refused.data).toMatchObject({ odds: leg.odds, selectionKey: leg.selectionKey });
    // 自动接受更好赔率 (the default) refuses a worse price ...
    await expectRefused(
      member,
      { kind: 'single', stake: '10.00', legs: [{ ...leg, odds: higher }] },
      ErrorCode.sportsbookOddsChanged,
    );
    // ... and takes a better one, at the current price.
    const better = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [{ ...leg, odds: lower }],
    });
    expect(better.code).toBe(6000);
    expect(better.data.legs[0]?.odds).toBe(leg.odds);
    const any = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      acceptOdds: 'any',
      legs: [{ ...leg, odds: higher }],
    });
    expect(any.code).toBe(6000);
  });

  it('refuses a stake over the market limit (700405) and under the minimum (700409)', async () => {
    const member = await sb.player('sblimit01');
    const match = await upcomingFootball();
    await expectRefused(
      member,
      { kind: 'single', stake: '50000.01', oddsFormat: 'Europe', legs: [legOf(match)] },
      ErrorCode.sportsbookStakeOverLimit,
    );
    await expectRefused(
      member,
      { kind: 'single', stake: '0.50', legs: [legOf(match)] },
      ErrorCode.sportsbookStakeBelowMin,
    );
  });

  it('refuses a parlay with two legs on one match (700408) and a market it does not offer (700402)', async () => {
    const member = await sb.player('sbparlay02');
    const match = await upcomingFootball();
    await expectRefused(
      member,
      { kind: 'parlay', stake: '10.00', legs: [legOf(match), legOf(match, 'match_result:full_time', 2)] },
      ErrorCode.sportsbookParlayInvalid,
    );
    await expectRefused(
      member,
      {
        kind: 'single',
        stake: '10.00',
        legs: [{ ...legOf(match), marketKey: 'asian_handicap:full_time:99' }],
      },
      ErrorCode.sportsbookMarketClosed,
    );
  });

  it('refuses a slip through a venue that is not an open in-house 体育 or 电竞 venue, naming venueCode', async () => {
    const member = await sb.player('sbvenue01');
    const slip: SlipInput = { kind: 'single', stake: '10.00', legs: [legOf(await upcomingFootball())] };
    // Unknown; the lottery's; an esports venue for a football leg.
    for (const venueCode of ['NOSUCH', 'CP', 'YBDJ']) {
      const refused = await expectRefused(member, { ...slip, venueCode }, ErrorCode.validation);
      expect(refused.data).toEqual({ field: 'venueCode' });
    }
    await expectRefused(member, { ...slip, venueCode: 'DZ' }, ErrorCode.venueUpcoming);
    expect((await sb.place(member, { ...slip, venueCode: 'YBTY' })).code).toBe(6000);
  });

  it('answers a repeated slip id with the first bet, and refuses it with another slip (700407)', async () => {
    const member = await sb.player('sbdup01');
    const match = await upcomingFootball();
    const body = { kind: 'single' as const, stake: '10.00', legs: [legOf(match)], slipId: sb.newSlipId() };
    const first = await sb.place(member, body);
    expect(first.code).toBe(6000);
    const moved = await sb.movedSoFar(member);
    const again = await sb.place(member, body);
    expect(again.data.betId).toBe(first.data.betId);
    expect(await sb.movedSoFar(member)).toEqual(moved);
    await expectRefused(member, { ...body, stake: '20.00' }, ErrorCode.sportsbookSlipConflict);
  });

  it('answers the replay of a single and of a parlay with the very bet the placement answered', async () => {
    // A placement presents its bet from the legs it inserted and the fixtures it checked; a replay
    // and the bet list read them back: the three agree field for field.
    const member = await sb.player('sbdup02');
    const [first, second] = [await upcomingFootball(0), await upcomingFootball(2)];
    const bodies = [
      {
        kind: 'single' as const,
        stake: '10.00',
        legs: [legOf(first as SportsbookMatch)],
        slipId: sb.newSlipId(),
      },
      {
        kind: 'parlay' as const,
        stake: '10.00',
        legs: [legOf(first as SportsbookMatch), legOf(second as SportsbookMatch)],
        slipId: sb.newSlipId(),
      },
    ];
    for (const body of bodies) {
      const placed = await sb.place(member, body);
      expect(placed.code).toBe(6000);
      expect((await sb.place(member, body)).data).toEqual(placed.data);
      const listed = (await sb.myBets(member)).list.find((bet) => bet.betId === placed.data.betId);
      expect(listed).toEqual(placed.data);
    }
    await sb.expectReconciled();
  });

  it('takes one bet, and one stake, for the same slip sent five times at once', async () => {
    const member = await sb.player('sbrace01');
    const match = await upcomingFootball();
    const body = { kind: 'single' as const, stake: '10.00', legs: [legOf(match)], slipId: sb.newSlipId() };
    const before = await sb.cashier.mainBalanceFen(member.memberId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => sb.place(member, body)));
    expect(answers.map((answer) => answer.code)).toEqual([6000, 6000, 6000, 6000, 6000]);
    expect(new Set(answers.map((answer) => answer.data.betId)).size).toBe(1);
    for (const answer of answers) {
      expect(answer.data).toEqual(answers[0]?.data);
    }
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before - 1000n);
    expect((await sb.myBets(member)).total).toBe(1);
    await sb.expectReconciled();
  });

  it('refuses what the wallet refuses (700201) and leaves no bet', async () => {
    const member = await sb.player('sbpoor01', '5.00');
    const match = await upcomingFootball();
    await expectRefused(
      member,
      { kind: 'single', stake: '10.00', legs: [legOf(match)] },
      ErrorCode.walletInsufficient,
    );
  });

  it("refuses a member's total on a market over the limit (700406)", async () => {
    const member = await sb.player('sbtotal01');
    const tight = createSportsbookService({
      db: testApp.stores.db,
      clock: testApp.clock,
      seamless: testApp.services.seamless,
      settings: { ...defaultSportsbookSettings, memberMarketStakeMaxFen: fen(1500n) },
    });
    const match = await upcomingFootball();
    const principal = { siteId: 9001, memberId: member.memberId, sessionId: 1n };
    const body = (stake: string) => ({
      kind: 'single' as const,
      stake,
      oddsFormat: 'Europe' as const,
      acceptOdds: 'better' as const,
      slipId: sb.newSlipId(),
      legs: [legOf(match)],
    });
    await tight.place(principal, body('10.00'));
    const before = await sb.movedSoFar(member);
    await expect(tight.place(principal, body('5.01'))).rejects.toMatchObject({
      code: ErrorCode.sportsbookMemberMarketOverLimit,
    });
    expect(await sb.movedSoFar(member)).toEqual(before);
    expect((await tight.place(principal, body('5.00'))).status).toBe('open');
  });
});

describe('the console', () => {
  it("finds this site's bets by member, match and status", async () => {
    const member = await sb.player('sbadmin01');
    const [first, second] = [await upcomingFootball(0), await upcomingFootball(1)];
    const single = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(first as SportsbookMatch)],
    });
    await sb.place(member, { kind: 'single', stake: '10.00', legs: [legOf(second as SportsbookMatch)] });
    const search = (body: object) =>
      sb.cashier.asOperator<{ list: Array<SportsbookBetView & { memberId: string }>; total: number }>(
        routes.adminSportsbookBets.path,
        body,
      );
    const byMember = await search({ memberId: Number(member.memberId) });
    expect(byMember.data.total).toBe(2);
    expect(byMember.data.list.every((bet) => bet.memberId === String(member.memberId))).toBe(true);
    const byMatch = await search({
      memberId: Number(member.memberId),
      matchId: (first as SportsbookMatch).matchId,
    });
    expect(byMatch.data.list.map((bet) => bet.betId)).toEqual([single.data.betId]);
    expect((await search({ memberId: Number(member.memberId), status: 'settled' })).data.total).toBe(0);
  });
});

describe('in play', () => {
  /** A live football match and the feed's story of it. */
  const liveFootball = async () => {
    const secret = await sb.feedSecret();
    const upcoming = await upcomingFootball();
    return { secret, match: upcoming, fixture: feedFixtureOf(secret, upcoming) };
  };

  it('refuses a bet while the market is suspended (700403), nothing moved', async () => {
    const member = await sb.player('sbsusp01');
    const { secret, match, fixture } = await liveFootball();
    const kickOffMs = Date.parse(match.kickOffAt);
    const suspendedAt = firstMoment(
      secret,
      fixture,
      { fromMs: Math.max(kickOffMs, testApp.clock.now()), toMs: kickOffMs + 17 * minuteMs, stepMs: 1000 },
      (state) => state.isSuspended,
    );
    expect(suspendedAt).toBeDefined();
    testApp.clock.set(suspendedAt as number);
    await sb.tick();
    const page = (await sb.match(match.matchId)).data;
    expect(page).toMatchObject({ status: 'live', isSuspended: true });
    const market = page.markets.find((candidate) => candidate.kind === 'match_result') ?? page.markets[0];
    expect(market?.status).toBe('suspended');
    const before = await sb.movedSoFar(member);
    const answer = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(page, market?.key)],
    });
    expect(answer.code).toBe(ErrorCode.sportsbookMarketSuspended);
    expect(await sb.movedSoFar(member)).toEqual(before);
  });

  it('holds a live bet for the acceptance delay: it stands if nothing happened, and is refunded after a goal', async () => {
    const member = await sb.player('sblive01');
    const secret = await sb.feedSecret();
    const live = (await sb.matches('live', { sport: 'football' })).list;
    const delayMs = defaultSportsbookSettings.acceptDelayMs.football;
    // A quiet moment (open, and no goal or suspension within the delay) and one just before a goal.
    let quiet: { match: SportsbookMatch; atMs: number } | undefined;
    let beforeGoal: { match: SportsbookMatch; atMs: number } | undefined;
    const nowMs = testApp.clock.now();
    for (const candidate of live) {
      const fixture = feedFixtureOf(secret, candidate);
      const scoreAt = (atMs: number) => stateAt(secret, fixture, atMs);
      const isOpenAt = (atMs: number) => {
        const state = scoreAt(atMs);
        return state.status === 'live' && !state.isSuspended;
      };
      const goalAt = firstMoment(
        secret,
        fixture,
        { fromMs: nowMs + 20_000, toMs: nowMs + 10 * minuteMs, stepMs: 1000 },
        (state) => state.score.home + state.score.away > candidate.score.home + candidate.score.away,
      );
      if (!beforeGoal && goalAt !== undefined) {
        for (let atMs = goalAt - delayMs + 1000; atMs < goalAt; atMs += 1000) {
          if (
            isOpenAt(atMs) &&
            scoreAt(atMs).score.home + scoreAt(atMs).score.away ===
              candidate.score.home + candidate.score.away
          ) {
            beforeGoal = { match: candidate, atMs };
            break;
          }
        }
      }
      if (!quiet && isOpenAt(nowMs + 1000)) {
        const isQuiet = [0, 1000, 2000, 3000, 4000, 5000, 6000, 7000].every((offset) => {
          const state = scoreAt(nowMs + 1000 + offset);
          return (
            !state.isSuspended &&
            state.score.home === candidate.score.home &&
            state.score.away === candidate.score.away
          );
        });
        if (isQuiet) {
          quiet = { match: candidate, atMs: nowMs + 1000 };
        }
      }
    }
    expect(quiet).toBeDefined();
    expect(beforeGoal).toBeDefined();

    const placeAt = async (moment: { match: SportsbookMatch; atMs: number }) => {
      testApp.clock.set(moment.atMs);
      await sb.tick();
      const page = (await sb.match(moment.match.matchId)).data;
      const market =
        page.markets.find((candidate) => candidate.key === 'match_result:full_time') ?? page.markets[0];
      return sb.place(member, {
        kind: 'single',
        stake: '10.00',
        acceptOdds: 'any',
        legs: [legOf(page, market?.key)],
      });
    };

    const startFen = await sb.cashier.mainBalanceFen(member.memberId);
    const standing = await placeAt(quiet as { match: SportsbookMatch; atMs: number });
    expect(standing.code).toBe(6000);
    expect(standing.data).toMatchObject({ status: 'pending' });
    expect(standing.data.legs[0]?.isInPlay).toBe(true);
    testApp.clock.advance(delayMs);
    await sb.tick();
    const stood = (await sb.myBets(member)).list.find((bet) => bet.betId === standing.data.betId);
    expect(stood?.status).toBe('open');

    const refused = await placeAt(beforeGoal as { match: SportsbookMatch; atMs: number });
    expect(refused.data.status).toBe('pending');
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(startFen - 2000n);
    testApp.clock.advance(delayMs);
    await sb.tick();
    const rejected = (await sb.myBets(member)).list.find((bet) => bet.betId === refused.data.betId);
    expect(rejected).toMatchObject({ status: 'rejected', rejectCode: ErrorCode.sportsbookBetRejected });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(startFen - 1000n);
    await sb.expectReconciled();
  });
});

describe('settlement', () => {
  it('voids the legs of a cancelled match: a single is refunded, a parlay pays on its other legs', async () => {
    const member = await sb.player('sbvoid01');
    const [first, second] = [await upcomingFootball(0), await upcomingFootball(1)];
    const single = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(first as SportsbookMatch)],
    });
    const parlay = await sb.place(member, {
      kind: 'parlay',
      stake: '10.00',
      legs: [legOf(first as SportsbookMatch), legOf(second as SportsbookMatch, 'match_result:full_time', 1)],
    });
    expect(parlay.code).toBe(6000);
    const startFen = await sb.cashier.mainBalanceFen(member.memberId);
    await testApp.services.sportsbook.cancelMatch((first as SportsbookMatch).matchId, '赛事延期');
    await sb.tick();
    const bets = (await sb.myBets(member)).list;
    expect(bets.find((bet) => bet.betId === single.data.betId)).toMatchObject({
      status: 'void',
      payout: '10.00',
    });
    expect(bets.find((bet) => bet.betId === parlay.data.betId)?.status).toBe('open');
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(startFen + 1000n);

    testApp.clock.set(
      Math.max(testApp.clock.now(), Date.parse((second as SportsbookMatch).kickOffAt) + 25 * minuteMs),
    );
    await sb.tick();
    const settled = (await sb.myBets(member)).list.find(
      (bet) => bet.betId === parlay.data.betId,
    ) as SportsbookBetView;
    const expected = expectedPayout(
      { kind: 'parlay', stakeFen: fen(1000n), riskFen: fen(1000n), winFen: fen(0n) },
      await storedLegs(settled.betId),
      defaultSportsbookSettings.parlayCaps,
    );
    expect(settled.legs.map((leg) => leg.result?.length !== undefined)).toEqual([true, true]);
    expect(settled.legs[0]?.result).toBe('void');
    expect(yuanOf(settled.payout ?? '')).toBe(expected.payoutFen);
    await sb.expectReconciled();
  });

  it('a pass stopped after paying and before closing its bets pays nothing twice', async () => {
    const member = await sb.player('sbcrash01');
    const match = await upcomingFootball();
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [legOf(match)],
    });
    const betRowId = BigInt(placed.data.betId.slice(2));
    testApp.clock.set(Date.parse(match.kickOffAt) + 25 * minuteMs);
    // The pass decides the leg ...
    await sb.tick();
    const legs = await storedLegs(placed.data.betId);
    const expected = expectedPayout(
      {
        kind: 'single',
        stakeFen: fen(1000n),
        riskFen: fen(1000n),
        winFen: fen(yuanOf(placed.data.potentialReturn) - 1000n),
      },
      legs,
      defaultSportsbookSettings.parlayCaps,
    );
    // ... as if it had paid and stopped before closing: reopen the bet, the wallet already paid it.
    await sql`update sportsbook_bets set status = 'open', payout_fen = null, settled_at = null where id = ${betRowId}`.execute(
      testApp.stores.db,
    );
    const paidFen = await sb.cashier.mainBalanceFen(member.memberId);
    await sb.tick();
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(paidFen);
    const bet = (await sb.myBets(member)).list.find((item) => item.betId === placed.data.betId);
    expect(yuanOf(bet?.payout ?? '')).toBe(expected.payoutFen);
    await sb.expectReconciled();
  });
});
