import {
  ErrorCode,
  type Fen,
  fen,
  oddsE4OfText,
  parseYuan,
  routes,
  type SportsbookMatch,
} from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing.ts';
import type { PricedSelection } from './book.ts';
import {
  type LiabilitySettings,
  liabilitySharesOf,
  movedSelections,
  priceStepsOf,
  worstLiabilityFen,
} from './liability.ts';
import { bookOf } from './margins.ts';
import { createSportsbookService, defaultSportsbookSettings } from './service.ts';
import { feedFixtureOf, openSportsbookApp, type SportsbookClient, stateAt } from './test-support.ts';

let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

const yuan = (amount: number) => fen(BigInt(amount) * 100n);
const marketKey = 'match_result:full_time';

/** A service on the test app's database with its own liability settings. */
const bookWith = (liability: Partial<LiabilitySettings>) =>
  createSportsbookService({
    db: testApp.stores.db,
    clock: testApp.clock,
    seamless: testApp.services.seamless,
    settings: {
      ...defaultSportsbookSettings,
      liability: { ...defaultSportsbookSettings.liability, ...liability },
    },
  });

/** A football match of 今日 kicking off later, with its markets. */
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

const storedMarket = (matchId: string) =>
  testApp.stores.db
    .selectFrom('sportsbook_markets')
    .selectAll()
    .where('fixture_id', '=', matchId)
    .where('market_key', '=', marketKey)
    .executeTakeFirstOrThrow();

const returnsOf = async (matchId: string) =>
  Object.fromEntries(
    (
      await testApp.stores.db
        .selectFrom('sportsbook_liabilities')
        .select(['selection_key', 'return_fen'])
        .where('fixture_id', '=', matchId)
        .where('market_key', '=', marketKey)
        .execute()
    ).map((row) => [row.selection_key, row.return_fen]),
  );

/** The 1X2 picks of a match by their price, longest first: the long shot moves most visibly. */
const picksOf = (match: SportsbookMatch) => {
  const market = match.markets.find((candidate) => candidate.key === marketKey);
  if (!market) {
    throw new Error(`no ${marketKey} on ${match.matchId}`);
  }
  const sorted: Pick[] = [...market.selections].sort(
    (left, right) => oddsE4OfText(right.odds) - oddsE4OfText(left.odds),
  );
  if (sorted.length !== 3) {
    throw new Error(`${marketKey} of ${match.matchId} offers ${sorted.length} picks`);
  }
  return sorted as [Pick, Pick, Pick, ...Pick[]];
};

const isOpenWellAhead = (match: SportsbookMatch) =>
  match.status === 'scheduled' &&
  Date.parse(match.kickOffAt) - testApp.clock.now() > 10 * 60_000 &&
  match.markets.some((market) => market.key === marketKey && market.status === 'open');

interface Pick {
  key: string;
  odds: string;
}

const principalOf = (member: { memberId: bigint }) => ({
  siteId: 9001,
  memberId: member.memberId,
  sessionId: 1n,
});

const single = (match: SportsbookMatch, pick: { key: string; odds: string }, stake: string) => ({
  kind: 'single' as const,
  stake,
  oddsFormat: 'Europe' as const,
  acceptOdds: 'none' as const,
  slipId: sb.newSlipId(),
  legs: [{ matchId: match.matchId, marketKey, selectionKey: pick.key, odds: pick.odds }],
});

/** A Europe single's potential return: stake × D, D in ten-thousandths (two places, so exact). */
const returnOf = (stakeYuan: number, odds: string) =>
  fen((yuan(stakeYuan) * BigInt(oddsE4OfText(odds))) / 10_000n);

describe('liability as a book counts it', () => {
  it('counts a single on its pick and its stake on the market, a parlay leg its whole return and no stake', () => {
    const legs = [
      { fixture_id: 'm1', market_key: 'match_result:full_time', selection_key: 'home' },
      { fixture_id: 'm2', market_key: 'odd_even:full_time', selection_key: 'odd' },
    ];
    expect(
      liabilitySharesOf({ kind: 'single', risk_fen: yuan(10), potential_return_fen: yuan(25) }, [
        legs[0] as (typeof legs)[0],
      ]),
    ).toEqual([
      {
        fixtureId: 'm1',
        marketKey: 'match_result:full_time',
        selectionKey: 'home',
        returnFen: yuan(25),
        stakeFen: yuan(10),
      },
    ]);
    const parlay = liabilitySharesOf(
      { kind: 'parlay', risk_fen: yuan(10), potential_return_fen: yuan(60) },
      legs,
    );
    expect(parlay.map((share) => [share.returnFen, share.stakeFen])).toEqual([
      [yuan(60), 0n],
      [yuan(60), 0n],
    ]);
  });

  it('steps a pick per step of liability up to the most, and keeps the book when it moves prices', () => {
    const settings: LiabilitySettings = {
      priceStepFen: yuan(100),
      priceStepBps: 200,
      priceStepsMax: 3,
      marketExposureMaxFen: yuan(1000),
    };
    // 100 on home @ 2.50 and 30 on draw @ 3.40: home pays 250, draw 102, the market took 130.
    const book = {
      stakeFen: yuan(130),
      returns: new Map([
        ['home', yuan(250)],
        ['draw', fen(10_200n)],
      ]),
    };
    expect(worstLiabilityFen(book)).toBe(yuan(120));
    expect(priceStepsOf(book, ['home', 'draw', 'away'], settings)).toEqual({ home: 1 });
    const heavy = { stakeFen: yuan(100), returns: new Map([['home', yuan(2000)]]) };
    expect(priceStepsOf(heavy, ['home', 'draw', 'away'], settings)).toEqual({ home: 3 });

    const feed: PricedSelection[] = [
      { key: 'home', selection: { kind: 'match_result', period: 'full_time', pick: 'home' }, oddsE4: 25_000 },
      { key: 'draw', selection: { kind: 'match_result', period: 'full_time', pick: 'draw' }, oddsE4: 34_000 },
      { key: 'away', selection: { kind: 'match_result', period: 'full_time', pick: 'away' }, oddsE4: 30_000 },
    ];
    expect(movedSelections(feed, {}, 200)).toEqual(feed);
    const moved = movedSelections(feed, { home: 2 }, 200);
    // q(home) 0.4 + 0.04 = 0.44; the others share the rest of the book 1.0608 in proportion.
    const bookBefore = bookOf(feed.map((selection) => selection.oddsE4)).book;
    const othersScale = (bookBefore - 0.44) / (bookBefore - 0.4);
    expect(moved.map((selection) => selection.oddsE4)).toEqual([
      Math.floor(1 / 0.44 / 0.01 + 1e-9) * 100,
      Math.floor(1 / (othersScale / 3.4) / 0.01 + 1e-9) * 100,
      Math.floor(1 / (othersScale / 3) / 0.01 + 1e-9) * 100,
    ]);
    const bookAfter = bookOf(moved.map((selection) => selection.oddsE4)).book;
    // The margin is kept: only rounding down to the 0.01 step adds to it.
    expect(bookAfter).toBeGreaterThanOrEqual(bookBefore - 1e-9);
    expect(bookAfter - bookBefore).toBeLessThan(0.01);
  });
});

describe('liability in the placement transaction', () => {
  it('builds exactly from the bets placed, moves the price past a step with the margin kept, and releases on void', async () => {
    const member = await sb.player('sbliab01', '5000.00');
    const book = bookWith({ priceStepFen: yuan(100), priceStepBps: 200, priceStepsMax: 3 });
    const match = await upcomingFootball(0);
    const [long, middle, short] = picksOf(match);
    const before = await storedMarket(match.matchId);

    // 20 on the short pick and 30 on the middle one: each pick's return less the 50 staked.
    await book.place(principalOf(member), single(match, short, '20.00'));
    await book.place(principalOf(member), single(match, middle, '30.00'));
    expect(await returnsOf(match.matchId)).toEqual({
      [short.key]: returnOf(20, short.odds),
      [middle.key]: returnOf(30, middle.odds),
    });
    const calm = await storedMarket(match.matchId);
    expect(calm.stake_fen).toBe(yuan(50));
    // Liability below the 100 step: the prices stand.
    expect(returnOf(30, middle.odds) - yuan(50)).toBeLessThan(yuan(100));
    expect(calm.price_version).toBe(before.price_version);
    expect(calm.selections).toEqual(before.selections);

    // 100 more on the long pick: its liability passes one step (or more) and its price shortens.
    await book.place(principalOf(member), single(match, long, '100.00'));
    const liabilityFen = returnOf(100, long.odds) - yuan(150);
    const steps = Math.min(3, Number(liabilityFen / yuan(100)));
    expect(steps).toBeGreaterThan(0);
    const moved = await storedMarket(match.matchId);
    expect(moved.price_steps).toEqual({ [long.key]: steps });
    expect(moved.price_version).toBe(before.price_version + 1);
    expect(moved.feed_selections).toEqual(before.selections);
    expect(moved.selections).toEqual(movedSelections(before.selections, { [long.key]: steps }, 200));
    const oddsOf = (selections: readonly PricedSelection[], key: string) =>
      selections.find((selection) => selection.key === key)?.oddsE4 ?? 0;
    expect(oddsOf(moved.selections, long.key)).toBeLessThan(oddsOf(before.selections, long.key));
    for (const other of [middle, short]) {
      expect(oddsOf(moved.selections, other.key)).toBeGreaterThanOrEqual(
        oddsOf(before.selections, other.key),
      );
    }
    const bookBefore = bookOf(before.selections.map((selection) => selection.oddsE4)).book;
    const bookAfter = bookOf(moved.selections.map((selection) => selection.oddsE4)).book;
    expect(bookAfter).toBeGreaterThanOrEqual(bookBefore - 1e-9);
    expect(bookAfter - bookBefore).toBeLessThan(0.015);

    // The board shows the moved price; the old one is stale and refused unless accepted as changed.
    const shown = (await sb.match(match.matchId)).data.markets.find((market) => market.key === marketKey);
    expect(shown?.priceVersion).toBe(moved.price_version);
    await expect(book.place(principalOf(member), single(match, long, '10.00'))).rejects.toMatchObject({
      code: ErrorCode.sportsbookOddsChanged,
    });

    // The console lists it, to the fen.
    const listed = await sb.cashier.asOperator<{
      list: Array<{
        matchId: string;
        markets: Array<{
          marketKey: string;
          stake: string;
          worstLiability: string;
          selections: Array<{ key: string; liability: string; priceSteps: number }>;
        }>;
      }>;
    }>(routes.adminSportsbookLiability.path, { matchId: match.matchId });
    const listedMarket = listed.data.list[0]?.markets.find((market) => market.marketKey === marketKey);
    expect(listedMarket).toMatchObject({ stake: '150.00' });
    const yuanText = (amount: Fen) =>
      `${amount < 0n ? '-' : ''}${(Number(amount < 0n ? -amount : amount) / 100).toFixed(2)}`;
    expect(listedMarket?.selections.find((selection) => selection.key === long.key)).toMatchObject({
      liability: yuanText(fen(liabilityFen)),
      priceSteps: steps,
    });
    expect(listedMarket?.worstLiability).toBe(yuanText(fen(liabilityFen)));

    // The match is cancelled: every bet is void and its liability goes with it.
    await book.cancelMatch(match.matchId, '赛事取消');
    await book.tick();
    expect(Object.values(await returnsOf(match.matchId))).toEqual([0n, 0n, 0n]);
    expect((await storedMarket(match.matchId)).stake_fen).toBe(0n);
    const held = await testApp.stores.db
      .selectFrom('sportsbook_bets')
      .select('id')
      .where('member_id', '=', member.memberId)
      .where('is_liability_held', '=', true)
      .execute();
    expect(held).toEqual([]);
    await sb.expectReconciled();
  });

  it('suspends a market at the exposure cap, refuses the next bet (700403) moving nothing, and reopens when liability falls', async () => {
    const member = await sb.player('sbliab02', '5000.00');
    const book = bookWith({ priceStepFen: yuan(1_000_000), marketExposureMaxFen: yuan(300) });
    const match = await upcomingFootball(1);
    const [long] = picksOf(match);
    const stakeYuan = Math.ceil(300 / (oddsE4OfText(long.odds) / 10_000 - 1));
    const capped = await book.place(principalOf(member), single(match, long, `${stakeYuan}.00`));
    expect(capped.status).toBe('open');
    const suspended = await storedMarket(match.matchId);
    expect(suspended).toMatchObject({ status: 'suspended', suspend_reason: 'exposure_cap', is_held: false });
    expect(returnOf(stakeYuan, long.odds) - yuan(stakeYuan)).toBeGreaterThanOrEqual(yuan(300));

    const moved = await sb.movedSoFar(member);
    const returns = await returnsOf(match.matchId);
    await expect(book.place(principalOf(member), single(match, long, '1.00'))).rejects.toMatchObject({
      code: ErrorCode.sportsbookMarketSuspended,
    });
    expect(await sb.movedSoFar(member)).toEqual(moved);
    expect(await returnsOf(match.matchId)).toEqual(returns);
    // The feed pass keeps it suspended; the board shows it so.
    await book.tick();
    expect((await storedMarket(match.matchId)).status).toBe('suspended');

    // The bet cashed out: nothing at risk, the market opens again.
    const quote = await book.cashOut.quote(principalOf(member), capped.betId);
    await book.cashOut.take(principalOf(member), {
      betId: capped.betId,
      amount: quote.offer ?? '0.00',
      requestId: `cash-${capped.betId}`,
    });
    expect(await returnsOf(match.matchId)).toEqual({ [long.key]: 0n });
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'open',
      suspend_reason: null,
      stake_fen: 0n,
    });
  });

  it('opens a market at the cap when staff open it (开盘), apart from their own 封盘', async () => {
    const member = await sb.player('sbliab04', '5000.00');
    const book = bookWith({ priceStepFen: yuan(1_000_000), marketExposureMaxFen: yuan(300) });
    const match = await upcomingFootball(4);
    const [long] = picksOf(match);
    const stakeYuan = Math.ceil(300 / (oddsE4OfText(long.odds) / 10_000 - 1));
    await book.place(principalOf(member), single(match, long, `${stakeYuan}.00`));
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'suspended',
      suspend_reason: 'exposure_cap',
    });
    const hold = (isHeld: boolean) =>
      sb.cashier.asOperator(routes.adminSportsbookHold.path, {
        matchId: match.matchId,
        marketKey,
        isHeld,
        reason: '风控调整',
      });
    // Staff 封盘 on top of the cap is their own flag.
    expect((await hold(true)).code).toBe(6000);
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'suspended',
      suspend_reason: 'exposure_cap',
      is_held: true,
    });
    // 开盘 by staff lifts both: they take the risk.
    expect((await hold(false)).code).toBe(6000);
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'open',
      suspend_reason: null,
      is_held: false,
    });
    // Liability is still past the cap: the next bet stands and suspends the market again.
    const latest = picksOf((await sb.match(match.matchId)).data)[0];
    expect((await book.place(principalOf(member), single(match, latest, '1.00'))).status).toBe('open');
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'suspended',
      suspend_reason: 'exposure_cap',
    });
  });

  it('lets parallel placements pass the cap by one bet at most', async () => {
    const members = [];
    for (let index = 0; index < 8; index += 1) {
      members.push(await sb.player(`sbliabrace${index}`, '1000.00'));
    }
    const book = bookWith({ priceStepFen: yuan(1_000_000), marketExposureMaxFen: yuan(1000) });
    const match = await upcomingFootball(2);
    const [long] = picksOf(match);
    const outcomes = await Promise.allSettled(
      members.map((member) => book.place(principalOf(member), single(match, long, '200.00'))),
    );
    const taken = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    const refusals = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason.code] : [],
    );
    expect(new Set(refusals)).toEqual(
      new Set(refusals.length > 0 ? [ErrorCode.sportsbookMarketSuspended] : []),
    );
    const perBetFen = returnOf(200, long.odds) - yuan(200);
    const worstFen = perBetFen * BigInt(taken);
    // The bet that reached the cap stands; none after it.
    expect(worstFen).toBeGreaterThanOrEqual(yuan(1000));
    expect(worstFen - perBetFen).toBeLessThan(yuan(1000));
    expect(await returnsOf(match.matchId)).toEqual({ [long.key]: returnOf(200, long.odds) * BigInt(taken) });
    expect((await storedMarket(match.matchId)).stake_fen).toBe(yuan(200) * BigInt(taken));
    await sb.expectReconciled();
  });

  it('takes parallel bets that move a price at the price now when members accept any odds, refuses them when not', async () => {
    const members = [];
    for (let index = 0; index < 6; index += 1) {
      members.push(await sb.player(`sbliabmove${index}`, '1000.00'));
    }
    // Every bet on the long pick passes a step: each moves the price the next one checked.
    const book = bookWith({ priceStepFen: yuan(10), priceStepBps: 50, priceStepsMax: 100 });
    // A match no other test bets on, its 1X2 open well before kick-off.
    let match = await upcomingFootball(4);
    for (let skip = 5; !isOpenWellAhead(match); skip += 1) {
      match = await upcomingFootball(skip);
    }
    const [long] = picksOf(match);
    const anyOdds = await Promise.allSettled(
      members.map((member) =>
        book.place(principalOf(member), { ...single(match, long, '20.00'), acceptOdds: 'any' }),
      ),
    );
    expect(anyOdds.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const taken = anyOdds.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    // Each took the price its own placement found: they sum to the pick's return exactly.
    const returns = taken.reduce((sum, bet) => sum + (parseYuan(bet.potentialReturn) ?? 0n), 0n);
    expect(await returnsOf(match.matchId)).toEqual({ [long.key]: returns });
    expect(new Set(taken.map((bet) => bet.legs[0]?.odds)).size).toBeGreaterThan(1);

    const stale = await Promise.allSettled(
      members.map((member) => book.place(principalOf(member), single(match, long, '20.00'))),
    );
    expect(stale.map((outcome) => (outcome.status === 'rejected' ? outcome.reason.code : 'taken'))).toEqual(
      members.map(() => ErrorCode.sportsbookOddsChanged),
    );
    expect(await returnsOf(match.matchId)).toEqual({ [long.key]: returns });
    await sb.expectReconciled();
  });
});

describe('the console', () => {
  it('shows liability to operators who read bets, and to no one else (10004)', async () => {
    const member = await sb.player('sbliabnoop', '100.00');
    const body = { pageSize: 10 };
    const asMember = await sb.cashier.asMember(member.token, routes.adminSportsbookLiability.path, body);
    expect(asMember.code).toBe(ErrorCode.auth);
    const anonymous = await sb.cashier.client.call('POST', routes.adminSportsbookLiability.path, { body });
    expect(anonymous.code).toBe(ErrorCode.auth);
    const support = await sb.cashier.staff('support', 'sbliab_support');
    const page = await support('POST', routes.adminSportsbookLiability.path, body);
    expect(page.code).toBe(6000);
    const list = (page.data as { list: Array<{ worstLiability: string }> }).list;
    const worst = list.map((match) => Number(match.worstLiability));
    expect(worst).toEqual([...worst].sort((left, right) => right - left));

    // One match asked for by id: every market it offers, nothing at risk on them yet.
    const quiet = (await sb.matches('today', { sport: 'football' })).list.at(-1);
    if (!quiet) {
      throw new Error('no football match');
    }
    const one = await support('POST', routes.adminSportsbookLiability.path, { matchId: quiet.matchId });
    const [shown] = (
      one.data as { list: Array<{ matchId: string; markets: Array<{ worstLiability: string }> }> }
    ).list;
    expect(shown?.matchId).toBe(quiet.matchId);
    expect(shown?.markets.length).toBe((await sb.match(quiet.matchId)).data.markets.length);
    expect(new Set(shown?.markets.map((market) => market.worstLiability))).toEqual(new Set(['0.00']));
  });
});

describe('a bet that does not stand', () => {
  it('leaves no liability and no suspension when the wallet refuses its stake', async () => {
    const member = await sb.player('sbliab03', '10.00');
    const book = bookWith({ priceStepFen: yuan(10), priceStepBps: 200, marketExposureMaxFen: yuan(20) });
    const match = await upcomingFootball(3);
    const [long] = picksOf(match);
    const before = await storedMarket(match.matchId);
    await expect(book.place(principalOf(member), single(match, long, '50.00'))).rejects.toMatchObject({
      code: ErrorCode.walletInsufficient,
    });
    const after = await storedMarket(match.matchId);
    expect(await returnsOf(match.matchId)).toEqual({ [long.key]: 0n });
    expect(after).toMatchObject({ status: 'open', suspend_reason: null, stake_fen: 0n, price_steps: {} });
    // Moved and moved back: a new version, the feed's prices again.
    expect(after.selections).toEqual(before.selections);
  });
});

describe('in play', () => {
  it('lets a live bet that took its market to the cap stand after the delay, the feed keeping it suspended', async () => {
    const member = await sb.player('sbliablive01', '5000.00');
    const secret = await sb.feedSecret();
    const delayMs = defaultSportsbookSettings.acceptDelayMs.football;
    const nowMs = testApp.clock.now();
    const quiet = (await sb.matches('live', { sport: 'football' })).list.find((candidate) => {
      const fixture = feedFixtureOf(secret, candidate);
      return Array.from({ length: delayMs / 1000 + 4 }, (_, second) => nowMs + second * 1000).every(
        (atMs) => {
          const state = stateAt(secret, fixture, atMs);
          return (
            state.status === 'live' &&
            !state.isSuspended &&
            state.score.home === candidate.score.home &&
            state.score.away === candidate.score.away
          );
        },
      );
    });
    if (!quiet) {
      throw new Error('no quiet live football match');
    }
    const book = bookWith({ priceStepFen: yuan(1_000_000), marketExposureMaxFen: yuan(200) });
    await book.tick();
    const match = (await sb.match(quiet.matchId)).data;
    const [long] = picksOf(match);
    const stakeYuan = Math.ceil(200 / (oddsE4OfText(long.odds) / 10_000 - 1));
    const bet = await book.place(principalOf(member), {
      ...single(match, long, `${stakeYuan}.00`),
      acceptOdds: 'any',
    });
    expect(bet.status).toBe('pending');
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'suspended',
      suspend_reason: 'exposure_cap',
    });

    testApp.clock.set(nowMs + delayMs + 1000);
    await book.tick();
    const [row] = await testApp.stores.db
      .selectFrom('sportsbook_bets')
      .select(['status', 'is_liability_held'])
      .where('member_id', '=', member.memberId)
      .execute();
    expect(row).toEqual({ status: 'open', is_liability_held: true });
    expect(await storedMarket(match.matchId)).toMatchObject({
      status: 'suspended',
      suspend_reason: 'exposure_cap',
    });
  });
});
