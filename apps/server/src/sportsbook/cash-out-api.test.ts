import {
  ErrorCode,
  fen,
  formatFen,
  parseYuan,
  routes,
  type SportsbookBetView,
  type SportsbookCashOutQuote,
  type SportsbookMatch,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing.ts';
import { cashOutOffer } from './cash-out.ts';
import { cashOutTransactionOf } from './cash-out-service.ts';
import { closeAsCashedOut } from './cash-out-store.ts';
import { createSportsbookRisk } from './risk.ts';
import { defaultSportsbookSettings } from './service.ts';
import { betById, legsOf } from './store.ts';
import { openSportsbookApp, type SportsbookClient } from './test-support.ts';

let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

const minuteMs = 60_000;
const resultKey = 'match_result:full_time';
type Member = Awaited<ReturnType<typeof sb.player>>;

/** The `skip`-th football match of 今日 still to kick off, with every market. */
async function upcomingFootball(skip: number): Promise<SportsbookMatch> {
  let list = (await sb.matches('today', { sport: 'football' })).list;
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

const legOf = (match: SportsbookMatch, pickIndex = 0) => {
  const selection = match.markets.find((market) => market.key === resultKey)?.selections[pickIndex];
  if (!selection) {
    throw new Error(`no pick ${pickIndex} on ${match.matchId}`);
  }
  return { matchId: match.matchId, marketKey: resultKey, selectionKey: selection.key, odds: selection.odds };
};

/** A 10 元 single on the home win of `match`, at 欧洲盘. */
async function single(member: Member, match: SportsbookMatch): Promise<SportsbookBetView> {
  const placed = await sb.place(member, {
    kind: 'single',
    stake: '10.00',
    oddsFormat: 'Europe',
    legs: [legOf(match)],
  });
  expect(placed.code).toBe(6000);
  return placed.data;
}

const quote = (member: Member, betId: string) =>
  sb.cashier.asMember<SportsbookCashOutQuote>(member.token, routes.sportsbookCashOutQuote.path, { betId });

let requestCount = 0;
const newRequestId = () => {
  requestCount += 1;
  return `cashout-${requestCount}-${Date.now()}`;
};

const cashOut = (member: Member, body: { betId: string; amount: string; requestId?: string }) =>
  sb.cashier.asMember<SportsbookBetView>(member.token, routes.sportsbookCashOut.path, {
    requestId: newRequestId(),
    ...body,
  });

const offerOf = async (member: Member, betId: string) => {
  const answer = await quote(member, betId);
  expect(answer.code).toBe(6000);
  expect(answer.data.offer).not.toBeNull();
  return answer.data.offer as string;
};

const yuanOf = (text: string) => parseYuan(text) ?? fen(-1n);

/** What the wallet recorded for the bet's cash-out. */
const cashOutCalls = async (betId: string) =>
  testApp.stores.db
    .selectFrom('seamless_transactions')
    .select(['transaction_id', 'amount_fen'])
    .where('transaction_id', '=', cashOutTransactionOf(BigInt(betId.slice(2))))
    .execute();

const marketRow = (matchId: string) =>
  testApp.stores.db
    .selectFrom('sportsbook_markets')
    .selectAll()
    .where('fixture_id', '=', matchId)
    .where('market_key', '=', resultKey)
    .executeTakeFirstOrThrow();

describe('提前结算 of a single', () => {
  it('offers the return × the fair chance of the pick now × (1 − c), and pays exactly it once', async () => {
    const member = await sb.player('cosingle01');
    const match = await upcomingFootball(0);
    const bet = await single(member, match);
    const answer = await quote(member, bet.betId);
    expect(answer.code).toBe(6000);
    // The chance is the pick's implied chance with the market's margin shared out.
    const market = await marketRow(match.matchId);
    const implied = market.selections.map((selection) => 1 / selection.oddsE4);
    const chance = (implied[0] as number) / implied.reduce((sum, each) => sum + each, 0);
    const expected = cashOutOffer(
      yuanOf(bet.potentialReturn),
      chance,
      defaultSportsbookSettings.cashOutMarginBps,
    );
    expect(answer.data).toMatchObject({
      betId: bet.betId,
      offer: formatFen(expected),
      isSuspended: false,
      unavailableCode: null,
      priceVersion: market.price_version,
    });
    // Before kick-off the offer is about the stake less the margins.
    expect(expected).toBeLessThan(1000n);
    expect(expected).toBeGreaterThan(850n);

    const before = await sb.cashier.mainBalanceFen(member.memberId);
    const requestId = newRequestId();
    const taken = await cashOut(member, { betId: bet.betId, amount: formatFen(expected), requestId });
    expect(taken.code).toBe(6000);
    expect(taken.data).toMatchObject({ betId: bet.betId, status: 'cashed_out', payout: formatFen(expected) });
    expect(taken.data.settledAt).not.toBeNull();
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before + expected);
    expect(await cashOutCalls(bet.betId)).toEqual([
      { transaction_id: cashOutTransactionOf(BigInt(bet.betId.slice(2))), amount_fen: expected },
    ]);

    // A replay answers the first result and moves nothing.
    const replay = await cashOut(member, { betId: bet.betId, amount: formatFen(expected), requestId });
    expect(replay.code).toBe(6000);
    expect(replay.data).toEqual(taken.data);
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before + expected);
    expect(await cashOutCalls(bet.betId)).toHaveLength(1);
    // The same request id asking about another amount is refused.
    const conflict = await cashOut(member, { betId: bet.betId, amount: '0.01', requestId });
    expect(conflict.code).toBe(ErrorCode.walletConflict);
    // Another request on the closed bet is refused, and the quote says why.
    const again = await cashOut(member, { betId: bet.betId, amount: formatFen(expected) });
    expect(again.code).toBe(ErrorCode.walletBetSettled);
    expect((await quote(member, bet.betId)).data).toMatchObject({
      offer: null,
      unavailableCode: ErrorCode.walletBetSettled,
    });

    // 注单, the console's search and 投注记录 show the cash-out and its amount.
    const mine = (await sb.myBets(member)).list.find((item) => item.betId === bet.betId);
    expect(mine).toMatchObject({ status: 'cashed_out', payout: formatFen(expected) });
    const settledTab = await sb.cashier.asMember<{ list: SportsbookBetView[] }>(
      member.token,
      routes.sportsbookBets.path,
      { status: 'settled' },
    );
    expect(settledTab.data.list.map((item) => item.betId)).toContain(bet.betId);
    const search = await sb.cashier.asOperator<{ list: SportsbookBetView[]; total: number }>(
      routes.adminSportsbookBets.path,
      { memberId: Number(member.memberId), status: 'cashed_out' },
    );
    expect(search.data.list).toEqual([
      expect.objectContaining({ betId: bet.betId, payout: taken.data.payout }),
    ]);
    const records = await sb.cashier.asMember<{ list: Array<{ betId: string; payout: string }> }>(
      member.token,
      routes.betRecords.path,
      {},
    );
    expect(records.data.list.find((record) => record.betId === bet.betId)).toMatchObject({
      payout: formatFen(expected),
      isCashedOut: true,
    });
    await sb.expectReconciled();
  });

  it('pays once when two cash-outs of the same bet race', async () => {
    const member = await sb.player('corace01');
    const match = await upcomingFootball(1);
    const bet = await single(member, match);
    const offer = await offerOf(member, bet.betId);
    const before = await sb.cashier.mainBalanceFen(member.memberId);
    const answers = await Promise.all([
      cashOut(member, { betId: bet.betId, amount: offer }),
      cashOut(member, { betId: bet.betId, amount: offer }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([6000, ErrorCode.walletBetSettled].sort());
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before + yuanOf(offer));
    expect(await cashOutCalls(bet.betId)).toHaveLength(1);

    // The same request sent twice at once: both answer the one cash-out.
    const other = await single(member, match);
    const otherOffer = await offerOf(member, other.betId);
    const requestId = newRequestId();
    const twins = await Promise.all([
      cashOut(member, { betId: other.betId, amount: otherOffer, requestId }),
      cashOut(member, { betId: other.betId, amount: otherOffer, requestId }),
    ]);
    expect(twins.map((answer) => answer.code)).toEqual([6000, 6000]);
    expect(twins[0]?.data).toEqual(twins[1]?.data);
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
      before - 1000n + yuanOf(offer) + yuanOf(otherOffer),
    );
    await sb.expectReconciled();
  });
});

describe('refusals move nothing', () => {
  const expectRefused = async (
    member: Member,
    body: { betId: string; amount: string },
    code: ErrorCode,
    asker: Member = member,
  ) => {
    const before = await sb.movedSoFar(member);
    const answer = await cashOut(asker, body);
    expect(answer.code).toBe(code);
    expect(await sb.movedSoFar(member)).toEqual(before);
    const bet = (await sb.myBets(member)).list.find((item) => item.betId === body.betId);
    expect(bet?.status).toBe('open');
    return answer;
  };

  it('refuses while the market is suspended (封盘), and offers again once it reopens', async () => {
    const member = await sb.player('cosuspend01');
    const match = await upcomingFootball(2);
    const bet = await single(member, match);
    const offer = await offerOf(member, bet.betId);
    const setStatus = (status: 'open' | 'suspended') =>
      testApp.stores.db
        .updateTable('sportsbook_markets')
        .set({ status })
        .where('fixture_id', '=', match.matchId)
        .where('market_key', '=', resultKey)
        .execute();
    await setStatus('suspended');
    expect((await quote(member, bet.betId)).data).toMatchObject({
      offer: null,
      isSuspended: true,
      unavailableCode: ErrorCode.sportsbookMarketSuspended,
    });
    await expectRefused(member, { betId: bet.betId, amount: offer }, ErrorCode.sportsbookMarketSuspended);
    await setStatus('open');
    expect((await quote(member, bet.betId)).data.offer).toBe(offer);
  });

  it('refuses a parlay', async () => {
    const member = await sb.player('coparlay01');
    const [first, second] = [await upcomingFootball(3), await upcomingFootball(4)];
    const placed = await sb.place(member, {
      kind: 'parlay',
      stake: '10.00',
      legs: [legOf(first), legOf(second)],
    });
    expect(placed.code).toBe(6000);
    expect((await quote(member, placed.data.betId)).data).toMatchObject({
      offer: null,
      isSuspended: false,
      unavailableCode: ErrorCode.sportsbookCashOutUnavailable,
      unavailableMessage: '该注单暂不支持提前结算',
    });
    await expectRefused(
      member,
      { betId: placed.data.betId, amount: '1.00' },
      ErrorCode.sportsbookCashOutUnavailable,
    );
  });

  it("answers another member's bet as unknown", async () => {
    const owner = await sb.player('coowner01');
    const stranger = await sb.player('costranger01');
    const bet = await single(owner, await upcomingFootball(5));
    const offer = await offerOf(owner, bet.betId);
    expect((await quote(stranger, bet.betId)).code).toBe(ErrorCode.walletBetUnknown);
    await expectRefused(owner, { betId: bet.betId, amount: offer }, ErrorCode.walletBetUnknown, stranger);
    expect((await quote(owner, 'SB999999999')).code).toBe(ErrorCode.walletBetUnknown);
    expect((await quote(owner, 'SB0')).code).toBe(ErrorCode.validation);
  });

  it('refuses when the offer moved below the amount accepted (700404), and pays a better one', async () => {
    const member = await sb.player('comoved01');
    const match = await upcomingFootball(6);
    const bet = await single(member, match);
    const offer = await offerOf(member, bet.betId);
    // The home price lengthens: its chance, and the offer, fall.
    const market = await marketRow(match.matchId);
    const lengthened = market.selections.map((selection, index) =>
      index === 0 ? { ...selection, oddsE4: selection.oddsE4 + 5_000 } : selection,
    );
    await testApp.stores.db
      .updateTable('sportsbook_markets')
      .set({ selections: JSON.stringify(lengthened), price_version: market.price_version + 1 })
      .where('fixture_id', '=', match.matchId)
      .where('market_key', '=', resultKey)
      .execute();
    const moved = await quote(member, bet.betId);
    expect(yuanOf(moved.data.offer ?? '')).toBeLessThan(yuanOf(offer));
    expect(moved.data.priceVersion).toBe(market.price_version + 1);
    const refused = await expectRefused(
      member,
      { betId: bet.betId, amount: offer },
      ErrorCode.sportsbookOddsChanged,
    );
    expect(refused.data).toMatchObject({ betId: bet.betId, offer: moved.data.offer });

    // Accepting less than the offer now pays the offer now.
    const before = await sb.cashier.mainBalanceFen(member.memberId);
    const taken = await cashOut(member, { betId: bet.betId, amount: '1.00' });
    expect(taken.data).toMatchObject({ status: 'cashed_out', payout: moved.data.offer });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before + yuanOf(moved.data.offer ?? ''));
  });
});

describe('a cash-out cut short', () => {
  it('is paid by its replay, or else by the feed pass, once', async () => {
    const member = await sb.player('costopped01');
    const match = await upcomingFootball(8);
    const stopped = async () => {
      const bet = await single(member, match);
      const offer = await offerOf(member, bet.betId);
      // The node recorded the cash-out and stopped before the wallet paid it.
      const risk = createSportsbookRisk({
        db: testApp.stores.db,
        settings: () => defaultSportsbookSettings.liability,
        now: () => new Date(testApp.clock.now()),
      });
      const recorded = await closeAsCashedOut(
        testApp.stores.db,
        {
          bet_id: BigInt(bet.betId.slice(2)),
          site_id: 9001,
          member_id: member.memberId,
          request_id: newRequestId(),
          accepted_fen: yuanOf(offer),
          offer_fen: yuanOf(offer),
          price_version: 1,
          created_at: new Date(testApp.clock.now()),
        },
        // As the service does: the bet leaves its market's liability in the same transaction.
        async (tx) => {
          const row = await betById(tx, BigInt(bet.betId.slice(2)));
          await risk.release(tx, [row], await legsOf(tx, [row.id]), ['open']);
        },
      );
      if (typeof recorded === 'string') {
        throw new Error(`not recorded: ${recorded}`);
      }
      return { bet, offer, requestId: recorded.request_id };
    };
    const replayed = await stopped();
    const swept = await stopped();
    const before = await sb.cashier.mainBalanceFen(member.memberId);

    const replay = await cashOut(member, {
      betId: replayed.bet.betId,
      amount: replayed.offer,
      requestId: replayed.requestId,
    });
    expect(replay.data).toMatchObject({ status: 'cashed_out', payout: replayed.offer });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(before + yuanOf(replayed.offer));

    // A pass pays what is left unpaid for a while, and only that.
    await sb.tick();
    expect(await cashOutCalls(swept.bet.betId)).toHaveLength(0);
    testApp.clock.set(testApp.clock.now() + 31_000);
    await sb.tick();
    await sb.tick();
    expect(await cashOutCalls(swept.bet.betId)).toHaveLength(1);
    expect(await cashOutCalls(replayed.bet.betId)).toHaveLength(1);
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(
      before + yuanOf(replayed.offer) + yuanOf(swept.offer),
    );
    await sb.expectReconciled();
  });
});

describe('settlement after a cash-out', () => {
  it('pays a cashed-out bet nothing more when its match settles', async () => {
    const member = await sb.player('cosettle01');
    const match = await upcomingFootball(9);
    // Both sides of the match result: whichever wins, settlement would pay one of them.
    const home = await single(member, match);
    const away = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [legOf(match, 2)],
    });
    const draw = await sb.place(member, {
      kind: 'single',
      stake: '10.00',
      oddsFormat: 'Europe',
      legs: [legOf(match, 1)],
    });
    const cashed = [home, away.data, draw.data];
    const paid: bigint[] = [];
    for (const bet of cashed) {
      const taken = await cashOut(member, { betId: bet.betId, amount: await offerOf(member, bet.betId) });
      expect(taken.code).toBe(6000);
      paid.push(yuanOf(taken.data.payout ?? ''));
    }
    const afterCashOut = await sb.cashier.mainBalanceFen(member.memberId);

    testApp.clock.set(Date.parse(match.kickOffAt) + 25 * minuteMs);
    await sb.tick();
    await sb.tick();
    expect((await sb.match(match.matchId)).data.status).toBe('finished');
    const bets = (await sb.myBets(member)).list;
    for (const [index, bet] of cashed.entries()) {
      const now = bets.find((item) => item.betId === bet.betId);
      // The leg shows how the match went; the bet stays as it was cashed out.
      expect(now).toMatchObject({ status: 'cashed_out', payout: formatFen(paid[index] as bigint) });
      expect(now?.legs[0]?.result).not.toBeNull();
    }
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(afterCashOut);
    const payouts = await sql<{ count: string | bigint }>`
      select count(*) as count from seamless_transactions
      where transaction_id in (${sql.join(
        cashed.flatMap((bet) => [
          `sportsbook-payout-${bet.betId.slice(2)}`,
          `sportsbook-refund-${bet.betId.slice(2)}`,
        ]),
      )})`.execute(testApp.stores.db);
    expect(Number(payouts.rows[0]?.count)).toBe(0);
    // A cash-out after the result is refused.
    expect((await cashOut(member, { betId: home.betId, amount: '1.00' })).code).toBe(
      ErrorCode.walletBetSettled,
    );
    await sb.expectReconciled();
  });
});
