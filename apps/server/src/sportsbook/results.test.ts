import {
  type AdminBet,
  type AdminSportsbookMatch,
  type AdminSportsbookReceivable,
  type AdminSportsbookResult,
  type BetRecord,
  ErrorCode,
  type Fen,
  fen,
  formatFen,
  parseYuan,
  routes,
  type SportsbookBetView,
  type SportsbookMatch,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferIds } from '../ledger/transfer-ids.ts';
import type { TestApp } from '../testing.ts';
import type { MatchResult, Selection } from './markets.ts';
import * as results from './results-store.ts';
import { defaultSportsbookSettings } from './service.ts';
import {
  expectedPayout,
  feedFixtureOf,
  openSportsbookApp,
  type SportsbookClient,
  stateAt,
} from './test-support.ts';

/**
 * Result corrections through the console (issue 13, GAMES.md 2.4): every bet touching the match
 * is settled again through the ledger, a replay moves nothing, a shortfall becomes a receivable,
 * and refusals move nothing.
 */
let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

const minuteMs = 60_000;
const yuanOf = (text: string) => parseYuan(text) ?? fen(0n);
const usedMatchIds = new Set<string>();

/**
 * A football match of 今日 not used by another test, kicking off after `afterMs` when given; a
 * test that never finishes it may leave it to others (`isKept` false).
 */
async function upcomingFootball(afterMs = 0, isKept = true): Promise<SportsbookMatch> {
  for (let pass = 0; pass < 12; pass += 1) {
    const list = (await sb.matches('today', { sport: 'football' })).list;
    const found = list.find(
      (match) =>
        !usedMatchIds.has(match.matchId) &&
        Date.parse(match.kickOffAt) > Math.max(afterMs, testApp.clock.now() + minuteMs),
    );
    if (found) {
      if (isKept) {
        usedMatchIds.add(found.matchId);
      }
      return (await sb.match(found.matchId)).data;
    }
    await sb.tick();
  }
  throw new Error('no upcoming football match');
}

/** The result the feed will record for a match, replayed from its seed. */
async function feedResultOf(match: SportsbookMatch): Promise<MatchResult> {
  const secret = await sb.feedSecret();
  const state = stateAt(secret, feedFixtureOf(secret, match), Date.parse(match.kickOffAt) + 25 * minuteMs);
  if (!state.result) {
    throw new Error(`${match.matchId} is not over 25 minutes after kick-off`);
  }
  return state.result;
}

const legOf = (match: SportsbookMatch, marketKey: string, pickIndex: number) => {
  const market = match.markets.find((candidate) => candidate.key === marketKey);
  const selection = market?.selections[pickIndex];
  if (!selection) {
    throw new Error(`no pick ${pickIndex} of ${marketKey} on ${match.matchId}`);
  }
  return { matchId: match.matchId, marketKey, selectionKey: selection.key, odds: selection.odds };
};

/**
 * Runs the clock on until the match is over and settled, 20 minutes at a time: the staff session
 * ends after 30 idle minutes, so each step keeps it alive.
 */
const finish = async (match: SportsbookMatch) => {
  const overMs = Date.parse(match.kickOffAt) + 25 * minuteMs;
  do {
    testApp.clock.set(Math.min(overMs, testApp.clock.now() + 20 * minuteMs));
    await sb.cashier.asOperator(routes.adminSportsbookMatches.path, { pageSize: 1 });
    await sb.tick();
  } while (testApp.clock.now() < overMs);
};

const correct = (body: object) =>
  sb.cashier.asOperator<AdminSportsbookResult>(routes.adminSportsbookResult.path, body);

const adminMatch = async (matchId: string) =>
  (
    await sb.cashier.asOperator<{ list: AdminSportsbookMatch[]; total: number }>(
      routes.adminSportsbookMatches.path,
      { matchId },
    )
  ).data.list[0] as AdminSportsbookMatch;

/** A result whose 1X2 differs from `result`'s: a home win becomes an away win, anything else a home win. */
const flipped = (result: MatchResult): MatchResult =>
  result.fullTime.home > result.fullTime.away
    ? { fullTime: { home: 0, away: 2 }, halfTime: { home: 0, away: 1 } }
    : { fullTime: { home: 3, away: 0 }, halfTime: { home: 1, away: 0 } };

type Member = Awaited<ReturnType<typeof sb.player>>;

const betOf = async (member: Member, betId: string) =>
  (await sb.myBets(member)).list.find((bet) => bet.betId === betId) as SportsbookBetView;

/** What a single on `match` pays on `result`, from the amounts it was accepted at. */
const payoutOn = (bet: SportsbookBetView, selection: Selection, result: MatchResult): Fen =>
  expectedPayout(
    {
      kind: 'single',
      stakeFen: yuanOf(bet.stake),
      riskFen: yuanOf(bet.risk),
      winFen: fen(yuanOf(bet.potentialReturn) - yuanOf(bet.risk)),
    },
    [{ selection, decimalOddsE4: 0, scoreAtAcceptance: { home: 0, away: 0 }, result }],
    defaultSportsbookSettings.parlayCaps,
  ).payoutFen;

/** The bet as 投注记录 shows it to the member, and as the console's 注单查询 finds it. */
const recordOf = async (member: Member, betId: string) => {
  const mine = await sb.cashier.asMember<{ list: BetRecord[] }>(member.token, routes.betRecords.path, {});
  const found = await sb.cashier.asOperator<{ list: AdminBet[] }>(routes.adminBets.path, { betId });
  const record = mine.data.list.find((item) => item.betId === betId) as BetRecord;
  expect(found.data.list).toHaveLength(1);
  expect(found.data.list[0]).toMatchObject(record);
  return record;
};

/** The console's 应收 list of a member, as a filter keeps it. */
const receivablesOf = async (member: Member, state?: string) =>
  (
    await sb.cashier.asOperator<{ list: AdminSportsbookReceivable[]; total: number }>(
      routes.adminSportsbookReceivables.path,
      { memberId: Number(member.memberId), ...(state ? { state } : {}) },
    )
  ).data;

/** The valid turnover the turnover audit (打码量) has counted towards the member's requirements. */
const auditedFen = async (member: Member) =>
  (
    await testApp.stores.db
      .selectFrom('cashier_turnover_requirements')
      .select(sql<bigint>`coalesce(sum(completed_fen), 0)::int8`.as('completed'))
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow()
  ).completed;

const matchResultPick = (pick: 'home' | 'draw' | 'away'): Selection => ({
  kind: 'match_result',
  period: 'full_time',
  pick,
});

describe('correcting a result', () => {
  it('settles every single again: winners become losers and losers winners, to the fen', async () => {
    const match = await upcomingFootball();
    const picks = ['home', 'draw', 'away'] as const;
    const members = await Promise.all(picks.map((pick) => sb.player(`sbfix1${pick}`, '100.00')));
    const bets = [];
    for (const [index, member] of members.entries()) {
      const placed = await sb.place(member, {
        kind: 'single',
        stake: '10.00',
        oddsFormat: 'Europe',
        legs: [legOf(match, 'match_result:full_time', index)],
      });
      expect(placed.code).toBe(6000);
      bets.push(placed.data);
    }
    await finish(match);
    const original = await feedResultOf(match);
    expect((await adminMatch(match.matchId)).result).toEqual(original);
    const settledBalances = await Promise.all(
      members.map((member) => sb.cashier.mainBalanceFen(member.memberId)),
    );
    for (const [index, member] of members.entries()) {
      const bet = bets[index] as SportsbookBetView;
      expect(settledBalances[index]).toBe(
        10_000n - 1000n + payoutOn(bet, matchResultPick(picks[index] as 'home'), original),
      );
      expect((await betOf(member, bet.betId)).status).toBe('settled');
    }

    const corrected = flipped(original);
    const answer = await correct({
      matchId: match.matchId,
      ...corrected,
      reason: '赛果录入错误，按官方更正',
    });
    expect(answer.code).toBe(6000);
    expect(answer.data).toMatchObject({ isChanged: true, match: { resultVersion: 2, result: corrected } });
    let changed = 0;
    let deltaFen = 0n;
    for (const [index, member] of members.entries()) {
      const bet = bets[index] as SportsbookBetView;
      const selection = matchResultPick(picks[index] as 'home');
      const before = payoutOn(bet, selection, original);
      const after = payoutOn(bet, selection, corrected);
      changed += before === after ? 0 : 1;
      deltaFen += after - before;
      expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(10_000n - 1000n + after);
      const view = await betOf(member, bet.betId);
      expect(view.status).toBe('settled');
      expect(yuanOf(view.payout ?? '')).toBe(after);
      expect(view.legs[0]?.result).toBe(after > 0n ? 'win' : 'loss');
      expect(view.legs[0]?.matchScore).toEqual(corrected.fullTime);
      if (before !== after) {
        const { ledger } = testApp.services;
        // The first settlement's payout reversed, the second paid, each once under its own id.
        const reversal = await ledger.transferById(transferIds.sportsbookResettlement(bet.betId, 1, 'rev'));
        const payment = await ledger.transferById(transferIds.sportsbookResettlement(bet.betId, 2, 'pay'));
        expect(reversal?.amountFen).toBe(before > 0n ? before : undefined);
        expect(payment?.amountFen).toBe(after > 0n ? after : undefined);
      }
    }
    expect(changed).toBeGreaterThanOrEqual(2);
    expect(answer.data.betCount).toBe(changed);
    expect(answer.data.payoutDelta).toBe(formatFen(deltaFen));
    expect(answer.data.receivable).toBe('0.00');

    // The correction is in the audit log with its reason and both results.
    const logged = await testApp.stores.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sportsbook.result_correct')
      .where('target', '=', match.matchId)
      .execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      reason: '赛果录入错误，按官方更正',
      site_id: 9001,
      before: { result: original, resultVersion: 1 },
      after: { result: corrected, resultVersion: 2 },
    });
    await sb.expectReconciled();

    // The same correction again, and the feed passes after it, move nothing.
    const balances = await Promise.all(members.map((member) => sb.cashier.mainBalanceFen(member.memberId)));
    const again = await correct({ matchId: match.matchId, ...corrected, reason: '重复提交' });
    expect(again.data).toMatchObject({
      isChanged: false,
      betCount: 0,
      payoutDelta: '0.00',
      match: { resultVersion: 2 },
    });
    await sb.tick();
    await sb.tick();
    expect(await Promise.all(members.map((member) => sb.cashier.mainBalanceFen(member.memberId)))).toEqual(
      balances,
    );

    // A second correction to yet another score, then back to the original: where the original left them.
    // A draw, and not the original one (the feed's secret, and so every result, differs per run).
    const third: MatchResult =
      original.fullTime.home === 1 && original.fullTime.away === 1
        ? { fullTime: { home: 2, away: 2 }, halfTime: { home: 1, away: 0 } }
        : { fullTime: { home: 1, away: 1 }, halfTime: { home: 0, away: 0 } };
    expect(
      (await correct({ matchId: match.matchId, ...third, reason: '再次更正' })).data.match.resultVersion,
    ).toBe(3);
    for (const [index, member] of members.entries()) {
      const bet = bets[index] as SportsbookBetView;
      expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
        10_000n - 1000n + payoutOn(bet, matchResultPick(picks[index] as 'home'), third),
      );
    }
    const back = await correct({ matchId: match.matchId, ...original, reason: '恢复原赛果' });
    expect(back.data.match).toMatchObject({ resultVersion: 4, result: original });
    expect(await Promise.all(members.map((member) => sb.cashier.mainBalanceFen(member.memberId)))).toEqual(
      settledBalances,
    );
    await sb.tick();
    expect(await Promise.all(members.map((member) => sb.cashier.mainBalanceFen(member.memberId)))).toEqual(
      settledBalances,
    );
    await sb.expectReconciled();
  });

  it('settles the bet record of 投注记录 and 注单查询 again, back again, and a replay changes nothing', async () => {
    // Every price counts as valid turnover here, so the audit shows what each settlement counts.
    expect(
      (await sb.cashier.asOperator(routes.adminBetSettingsUpdate.path, { minValidOdds: '1.00' })).code,
    ).toBe(6000);
    const match = await upcomingFootball();
    const original = await feedResultOf(match);
    const winning =
      original.fullTime.home > original.fullTime.away
        ? 0
        : original.fullTime.home === original.fullTime.away
          ? 1
          : 2;
    // Requires 1000.00 of valid turnover: more than this bet can count.
    const member = await sb.player('sbfixrecord', '1000.00');
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [legOf(match, 'match_result:full_time', winning)],
    });
    expect(placed.code).toBe(6000);
    await finish(match);
    const won = await recordOf(member, placed.data.betId);
    const wonFen = yuanOf(won.payout) - 1000n;
    const wonValid = formatFen(wonFen < 1000n ? fen(wonFen) : fen(1000n));
    expect(won).toMatchObject({ status: 'win', payout: placed.data.potentialReturn, validAmount: wonValid });
    expect(await auditedFen(member)).toBe(yuanOf(wonValid));

    testApp.clock.set(testApp.clock.now() + minuteMs);
    const corrected = await correct({ matchId: match.matchId, ...flipped(original), reason: '赛果更正' });
    expect(corrected.data).toMatchObject({ isChanged: true, betCount: 1 });
    const lost = await recordOf(member, placed.data.betId);
    expect(lost).toMatchObject({
      status: 'lose',
      payout: '0.00',
      winLoss: '-10.00',
      stake: '10.00',
      validAmount: '10.00',
      settledAt: new Date(testApp.clock.now()).toISOString(),
    });
    // The loss risked the whole stake: the audit counts what it adds to the win's turnover.
    expect(await auditedFen(member)).toBe(1000n);

    // The same correction again and the feed passes after it change nothing.
    expect(
      (await correct({ matchId: match.matchId, ...flipped(original), reason: '重复提交' })).data,
    ).toMatchObject({
      isChanged: false,
      betCount: 0,
    });
    await sb.tick();
    expect(await recordOf(member, placed.data.betId)).toEqual(lost);
    expect(await auditedFen(member)).toBe(1000n);

    // Corrected back: the record is the win again; the audit counted this bet's turnover once.
    testApp.clock.set(testApp.clock.now() + minuteMs);
    await correct({ matchId: match.matchId, ...original, reason: '恢复原赛果' });
    expect(await recordOf(member, placed.data.betId)).toEqual({
      ...won,
      settledAt: new Date(testApp.clock.now()).toISOString(),
    });
    expect(await auditedFen(member)).toBe(1000n);
    await sb.expectReconciled();
  });

  it('books what a member already spent as a receivable, and takes it back from a later correction', async () => {
    const match = await upcomingFootball();
    const later = await upcomingFootball(Date.parse(match.kickOffAt) + 30 * minuteMs);
    const original = await feedResultOf(match);
    const winning =
      original.fullTime.home > original.fullTime.away
        ? 0
        : original.fullTime.home === original.fullTime.away
          ? 1
          : 2;
    const member = await sb.player('sbfixdebt', '100.00');
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '100.00',
      oddsFormat: 'Europe',
      legs: [legOf(match, 'match_result:full_time', winning)],
    });
    expect(placed.code).toBe(6000);
    await finish(match);
    const payoutFen = yuanOf((await betOf(member, placed.data.betId)).payout ?? '');
    expect(payoutFen).toBe(yuanOf(placed.data.potentialReturn));
    // The member stakes all the winnings on a later match: nothing is left to give back.
    const spent = await sb.place(member, {
      kind: 'single',
      stake: (Number(payoutFen) / 100).toFixed(2),
      oddsFormat: 'Europe',
      legs: [legOf(later, 'match_result:full_time', 0)],
    });
    expect(spent.code).toBe(6000);
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(0n);

    const receivableAccount = { kind: 'house' as const, siteId: 9001, name: 'sportsbook_receivable' };
    const houseBefore = (await testApp.services.ledger.balance(receivableAccount)).availableFen;
    const answer = await correct({ matchId: match.matchId, ...flipped(original), reason: '赛果更正' });
    expect(answer.data).toMatchObject({ isChanged: true, betCount: 1 });
    expect(yuanOf(answer.data.receivable)).toBe(payoutFen);
    // The balance never goes negative: the whole payout is owed to the house.
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const owed = await testApp.stores.db
      .selectFrom('sportsbook_receivables')
      .select('amount_fen')
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(owed.amount_fen).toBe(payoutFen);
    expect((await testApp.services.ledger.balance(receivableAccount)).availableFen).toBe(
      houseBefore - payoutFen,
    );
    // The console lists it against the bet and its match, nothing recovered yet.
    const booked = await receivablesOf(member);
    expect(booked).toMatchObject({
      total: 1,
      list: [
        {
          memberId: String(member.memberId),
          betId: placed.data.betId,
          slipId: placed.data.slipId,
          settlementVersion: 1,
          matches: [{ matchId: match.matchId, home: match.home, away: match.away }],
          amount: formatFen(payoutFen),
          recovered: '0.00',
          outstanding: formatFen(payoutFen),
          state: 'open',
        },
      ],
    });
    expect((await receivablesOf(member, 'recovered')).total).toBe(0);
    await sb.expectReconciled();

    // Corrected back, the payout is paid again and first settles what is owed: nothing gained twice.
    const back = await correct({ matchId: match.matchId, ...original, reason: '恢复原赛果' });
    expect(back.data).toMatchObject({ isChanged: true, betCount: 1, receivable: '0.00' });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const settledOwed = await testApp.stores.db
      .selectFrom('sportsbook_receivables')
      .select('amount_fen')
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(settledOwed.amount_fen).toBe(0n);
    expect((await testApp.services.ledger.balance(receivableAccount)).availableFen).toBe(houseBefore);
    expect((await betOf(member, placed.data.betId)).payout).toBe(placed.data.potentialReturn);
    expect(await receivablesOf(member, 'recovered')).toMatchObject({
      total: 1,
      list: [{ betId: placed.data.betId, recovered: formatFen(payoutFen), outstanding: '0.00' }],
    });
    expect((await receivablesOf(member, 'open')).total).toBe(0);
    // 财务 and 风控 read them; 客服, without cashier.read, may not.
    const support = await sb.cashier.staff('support', 'sbfix_debt_support');
    expect((await support('POST', routes.adminSportsbookReceivables.path, {})).code).toBe(ErrorCode.common);
    const finance = await sb.cashier.staff('finance', 'sbfix_debt_finance');
    expect((await finance('POST', routes.adminSportsbookReceivables.path, {})).code).toBe(6000);
    await sb.expectReconciled();
  });

  it('opens a lost parlay again when its leg wins after all, and pays it once the other leg is decided', async () => {
    const first = await upcomingFootball();
    const second = await upcomingFootball(Date.parse(first.kickOffAt) + 30 * minuteMs);
    const firstResult = await feedResultOf(first);
    const secondResult = await feedResultOf(second);
    const pickOf = (result: MatchResult) =>
      result.fullTime.home > result.fullTime.away ? 0 : result.fullTime.home === result.fullTime.away ? 1 : 2;
    const losing = (pickOf(firstResult) + 1) % 3;
    const member = await sb.player('sbfixparlay', '100.00');
    const placed = await sb.place(member, {
      kind: 'parlay',
      stake: '10.00',
      legs: [
        legOf(first, 'match_result:full_time', losing),
        legOf(second, 'match_result:full_time', pickOf(secondResult)),
      ],
    });
    expect(placed.code).toBe(6000);
    await finish(first);
    expect(await betOf(member, placed.data.betId)).toMatchObject({ status: 'settled', payout: '0.00' });

    // The corrected result makes the first leg a winner: the parlay waits for its second leg again.
    const corrected: MatchResult =
      losing === 0
        ? { fullTime: { home: 2, away: 0 }, halfTime: { home: 1, away: 0 } }
        : losing === 1
          ? { fullTime: { home: 1, away: 1 }, halfTime: { home: 1, away: 1 } }
          : { fullTime: { home: 0, away: 2 }, halfTime: { home: 0, away: 1 } };
    const answer = await correct({ matchId: first.matchId, ...corrected, reason: '赛果更正' });
    expect(answer.data).toMatchObject({ isChanged: true, betCount: 1, reopenedCount: 1 });
    const reopened = await betOf(member, placed.data.betId);
    expect(reopened).toMatchObject({ status: 'open', payout: null });
    expect(reopened.legs.map((leg) => leg.result)).toEqual(['win', null]);
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(9000n);
    expect(await recordOf(member, placed.data.betId)).toMatchObject({
      status: 'pending',
      payout: '0.00',
      validAmount: '0.00',
      settledAt: null,
    });

    await finish(second);
    const paid = await betOf(member, placed.data.betId);
    expect(paid.status).toBe('settled');
    expect(paid.legs.map((leg) => leg.result)).toEqual(['win', 'win']);
    expect(yuanOf(paid.payout ?? '')).toBe(yuanOf(placed.data.potentialReturn));
    expect(await recordOf(member, placed.data.betId)).toMatchObject({
      status: 'win',
      payout: paid.payout,
    });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
      9000n + yuanOf(placed.data.potentialReturn),
    );
    expect(
      await testApp.services.ledger.transferById(
        transferIds.sportsbookResettlement(placed.data.betId, 2, 'pay'),
      ),
    ).toMatchObject({ amountFen: yuanOf(placed.data.potentialReturn) });
    // Another pass pays nothing twice.
    await sb.tick();
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
      9000n + yuanOf(placed.data.potentialReturn),
    );
    await sb.expectReconciled();
  });
});

describe('refusals move nothing', () => {
  it('refuses a caller without an operator token (10004) and staff without book.write (10001), a site’s own 站点管理员 too', async () => {
    const match = await upcomingFootball();
    const member = await sb.player('sbfixnoop', '100.00');
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(match, 'match_result:full_time', 0)],
    });
    expect(placed.code).toBe(6000);
    await finish(match);
    const original = await feedResultOf(match);
    const body = { matchId: match.matchId, ...flipped(original), reason: '赛果更正' };
    const before = await sb.movedSoFar(member);
    const asMember = await sb.cashier.asMember(member.token, routes.adminSportsbookResult.path, body);
    expect(asMember.code).toBe(ErrorCode.auth);
    const anonymous = await sb.cashier.client.call('POST', routes.adminSportsbookResult.path, { body });
    expect(anonymous.code).toBe(ErrorCode.auth);
    const support = await sb.cashier.staff('support', 'sbfix_support');
    expect((await support('POST', routes.adminSportsbookResult.path, body)).code).toBe(ErrorCode.common);
    // The book is every site's: a site's administrator may not correct its results.
    const siteAdmin = await sb.cashier.staff('site_admin', 'sbfix_siteadmin');
    expect((await siteAdmin('POST', routes.adminSportsbookResult.path, body)).code).toBe(ErrorCode.common);
    // 客服 may read the fixtures, not correct them.
    expect((await support('POST', routes.adminSportsbookMatches.path, { matchId: match.matchId })).code).toBe(
      6000,
    );
    expect(await sb.movedSoFar(member)).toEqual(before);
    expect((await adminMatch(match.matchId)).result).toEqual(original);
  });

  it('refuses an unknown match (700401), one not finished (10003) and a bad score (10003)', async () => {
    const member = await sb.player('sbfixbad', '100.00');
    const upcoming = await upcomingFootball();
    await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(upcoming, 'match_result:full_time', 0)],
    });
    const before = await sb.movedSoFar(member);
    const score = { fullTime: { home: 1, away: 0 }, halfTime: { home: 0, away: 0 }, reason: '赛果更正' };

    const unknown = await correct({ matchId: 'vfl-premier-209901010000-1', ...score });
    expect(unknown.code).toBe(ErrorCode.sportsbookMatchUnknown);
    const notOver = await correct({ matchId: upcoming.matchId, ...score });
    expect(notOver.code).toBe(ErrorCode.validation);
    expect(notOver.data).toMatchObject({ field: 'matchId' });
    expect(await sb.movedSoFar(member)).toEqual(before);

    const finished = await upcomingFootball();
    await finish(finished);
    const settled = await sb.movedSoFar(member);
    const halfOverFull = await correct({
      matchId: finished.matchId,
      fullTime: { home: 1, away: 0 },
      halfTime: { home: 2, away: 0 },
      reason: '赛果更正',
    });
    expect(halfOverFull.code).toBe(ErrorCode.validation);
    expect(halfOverFull.data).toMatchObject({ field: 'halfTime' });
    for (const bad of [
      { matchId: finished.matchId, fullTime: { home: -1, away: 0 }, reason: '赛果更正' },
      { matchId: finished.matchId, fullTime: { home: 1.5, away: 0 }, reason: '赛果更正' },
      { matchId: finished.matchId, fullTime: { home: 1, away: 0 }, reason: ' ' },
      { matchId: 'NOT A MATCH', fullTime: { home: 1, away: 0 }, reason: '赛果更正' },
      { matchId: finished.matchId, reason: '赛果更正' },
    ]) {
      expect((await correct(bad)).code, JSON.stringify(bad)).toBe(ErrorCode.validation);
    }
    expect(await sb.movedSoFar(member)).toEqual(settled);
    expect((await adminMatch(finished.matchId)).resultVersion).toBe(1);
    await sb.expectReconciled();
  });
});

describe('the console desk', () => {
  it('recovers receivables oldest first, partly, and lists them by state', async () => {
    const match = await upcomingFootball(0, false);
    const member = await sb.player('sbfixowed', '100.00');
    const placed = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      legs: [legOf(match, 'match_result:full_time', 0)],
    });
    expect(placed.code).toBe(6000);
    const betId = BigInt(placed.data.betId.slice(2));
    const owner = { siteId: 9001, memberId: member.memberId };
    const at = new Date(testApp.clock.now());
    // The store as resettle.ts calls it, the ledger left out: two reversed settlements of the bet
    // owed 30.00 and 20.00, then a set-off of 40.00.
    await testApp.stores.db.transaction().execute(async (tx) => {
      for (const [version, amountFen] of [
        [1, fen(3000n)],
        [2, fen(2000n)],
      ] as const) {
        await results.bookReceivableItem(tx, { ...owner, betId, version, amountFen }, at);
      }
      await results.recoverReceivableItems(tx, owner, fen(4000n), at);
    });
    const all = await receivablesOf(member);
    expect(
      all.list.map((item) => [item.settlementVersion, item.recovered, item.outstanding, item.state]),
    ).toEqual([
      [2, '10.00', '10.00', 'partial'],
      [1, '30.00', '0.00', 'recovered'],
    ]);
    expect((await receivablesOf(member, 'partial')).list.map((item) => item.settlementVersion)).toEqual([2]);
    expect((await receivablesOf(member, 'recovered')).list.map((item) => item.settlementVersion)).toEqual([
      1,
    ]);
    expect((await receivablesOf(member, 'open')).total).toBe(0);
    const page = await sb.cashier.asOperator<{ list: AdminSportsbookReceivable[]; total: number }>(
      routes.adminSportsbookReceivables.path,
      { memberId: Number(member.memberId), pageSize: 1, pageNum: 2 },
    );
    expect(page.data).toMatchObject({ total: 2, pageNum: 2, list: [{ settlementVersion: 1 }] });
  });

  it('lists fixtures by sport, status and kick-off day with their results', async () => {
    const list = async (body: object) =>
      (
        await sb.cashier.asOperator<{ list: AdminSportsbookMatch[]; total: number }>(
          routes.adminSportsbookMatches.path,
          body,
        )
      ).data;
    const finished = await list({ sport: 'football', status: 'finished', pageSize: 100 });
    expect(finished.total).toBeGreaterThan(0);
    expect(finished.list.every((match) => match.status === 'finished' && match.result !== null)).toBe(true);
    const scheduled = await list({ status: 'scheduled', pageSize: 5 });
    expect(scheduled.list.every((match) => match.result === null)).toBe(true);
    const sample = scheduled.list[0] as AdminSportsbookMatch;
    const day = new Date(Date.parse(sample.kickOffAt) + 8 * 3_600_000).toISOString().slice(0, 10);
    const ofDay = await list({ day, pageSize: 100 });
    expect(ofDay.list.map((match) => match.matchId)).toContain(sample.matchId);
    expect((await list({ day: '2001-01-01' })).total).toBe(0);
    const bad = await sb.cashier.asOperator(routes.adminSportsbookMatches.path, { day: '2026-13-45' });
    expect(bad.code).toBe(ErrorCode.validation);
  });

  it('holds one market, then every market of a match, and opens them again', async () => {
    const member = await sb.player('sbfixhold', '100.00');
    const match = await upcomingFootball();
    const hold = (body: object) =>
      sb.cashier.asOperator<AdminSportsbookMatch>(routes.adminSportsbookHold.path, {
        matchId: match.matchId,
        reason: '风控封盘',
        ...body,
      });
    const key = 'match_result:full_time';
    const held = await hold({ marketKey: key, isHeld: true });
    expect(held.data).toMatchObject({ isHeld: false, heldMarketKeys: [key] });
    const page = (await sb.match(match.matchId)).data;
    expect(page.markets.find((market) => market.key === key)?.status).toBe('suspended');
    const before = await sb.movedSoFar(member);
    const refused = await sb.place(member, { kind: 'single', stake: '10.00', legs: [legOf(match, key, 0)] });
    expect(refused.code).toBe(ErrorCode.sportsbookMarketSuspended);
    expect(await sb.movedSoFar(member)).toEqual(before);

    const all = await hold({ isHeld: true });
    expect(all.data.isHeld).toBe(true);
    const shut = (await sb.match(match.matchId)).data;
    expect(shut.isSuspended).toBe(true);
    expect(shut.markets.every((market) => market.status === 'suspended')).toBe(true);

    const opened = await hold({ isHeld: false });
    expect(opened.data).toMatchObject({ isHeld: false, heldMarketKeys: [] });
    const open = (await sb.match(match.matchId)).data;
    expect(open.markets.every((market) => market.status === 'open')).toBe(true);
    expect(
      (await sb.place(member, { kind: 'single', stake: '10.00', legs: [legOf(open, key, 0)] })).code,
    ).toBe(6000);

    expect((await hold({ marketKey: 'no_such_market:full_time', isHeld: true })).code).toBe(
      ErrorCode.sportsbookMarketClosed,
    );
    const logged = await testApp.stores.db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', 'like', `${match.matchId}%`)
      .orderBy('id')
      .execute();
    expect(logged.map((entry) => entry.action)).toEqual([
      'sportsbook.market_hold',
      'sportsbook.market_hold',
      'sportsbook.market_open',
    ]);
  });
});
