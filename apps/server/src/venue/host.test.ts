import { fen, routes } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { launchTokenTtlMs, obRequestTtlMs } from './service.ts';
import { flavourVenueCodes, openVenues } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  await openVenues(testApp, flavourVenueCodes);
});
afterAll(async () => {
  await testApp.close();
});

interface Launched {
  url: string;
  token: string;
  resource: Record<string, string>;
  apiUrl: string;
}

/** A venue (the host) call: no client headers, the flavour's own. */
async function venueCall(
  method: 'GET' | 'POST',
  url: string,
  options: { body?: object; headers?: Record<string, string> } = {},
) {
  const response = await testApp.app.inject({
    method,
    url,
    ...(options.body ? { payload: options.body } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, unknown> & { data: Record<string, unknown> | null };
}

const demoLaunch = async (enName: string) =>
  (await cashier.client.call<Launched>('POST', routes.venueDemoLaunch.path, { body: { enName } })).data;

const ledgerTransferCount = async () =>
  Number(
    (await sql<{ count: string }>`select count(*) as count from ledger_transfers`.execute(testApp.stores.db))
      .rows[0]?.count,
  );

const settle = (venueCode: string, roundId: string, payouts: Record<string, bigint>) =>
  testApp.services.venueEngine.settleRound(
    { siteId: 9001, venueCode },
    roundId,
    new Map(Object.entries(payouts).map(([betId, payoutFen]) => [betId, fen(payoutFen)])),
  );

describe('IM flavour', () => {
  it('answers balance and bets in its shape (StatusCode 100), replays once, settles, all on demo credits', async () => {
    const ledgerBefore = await ledgerTransferCount();
    const launched = await demoLaunch('IMTY');
    const shared = { ...launched.resource };
    const im = (path: string, body: object = {}) =>
      venueCall('POST', `${launched.apiUrl}${path}`, { body: { ...shared, ...body } });
    expect(await im('/GetBalance')).toMatchObject({
      StatusCode: 100,
      Result: { MemberCode: 'guest', Balance: '2000.00', Currency: 'CNY' },
    });
    const bet = { RoundId: 'im-round-0001', BetId: 'im-bet-00001', Stake: '100.00' };
    expect(await im('/PlaceBet', bet)).toMatchObject({
      StatusCode: 100,
      Result: { BetId: bet.BetId, Balance: '1900.00' },
    });
    expect(await im('/PlaceBet', bet)).toMatchObject({ StatusCode: 100, Result: { Balance: '1900.00' } });
    expect(await im('/PlaceBet', { ...bet, Stake: '50.00' })).toMatchObject({ StatusCode: 409 });
    expect(await im('/PlaceBet', { ...bet, BetId: 'im-bet-00002', Stake: '5000.00' })).toMatchObject({
      StatusCode: 409,
      StatusDesc: '余额不足',
    });
    expect(await im('/PlaceBet', { ...bet, Stake: '-1' })).toMatchObject({ StatusCode: 400 });
    expect(await im('/GetBalance', { MemberCode: 'm1' })).toMatchObject({ StatusCode: 401 });
    expect(await im('/GetBalance', { Token: 'x'.repeat(43) })).toMatchObject({ StatusCode: 401 });

    const copies = await Promise.all(
      Array.from({ length: 5 }, () => im('/PlaceBet', { ...bet, BetId: 'im-bet-00003', Stake: '10.00' })),
    );
    expect(copies.map((answer) => answer.StatusCode)).toEqual([100, 100, 100, 100, 100]);
    expect(await im('/GetBalance')).toMatchObject({ Result: { Balance: '1890.00' } });

    // Two settlements of the round at once pay each bet once.
    await Promise.all([
      settle('IMTY', 'im-round-0001', { 'im-bet-00001': 25_000n }),
      settle('IMTY', 'im-round-0001', { 'im-bet-00001': 25_000n }),
    ]);
    expect(await settle('IMTY', 'im-round-0001', { 'im-bet-00001': 25_000n })).toBe(0);
    expect(await im('/GetBalance')).toMatchObject({ Result: { Balance: '2140.00' } });
    expect(await ledgerTransferCount()).toBe(ledgerBefore);
  });
});

describe('OB flavour', () => {
  it('opens the session with merchantCode and request id, answers user info, and 400401 once the request id expired', async () => {
    const launched = await demoLaunch('YBTY');
    const requestId = launched.resource.requestId ?? '';
    const obHeaders = { requestId, 'client-type': 'h5' };
    const opened = await venueCall('GET', `${launched.token}?merchantCode=9001`, { headers: obHeaders });
    expect(opened).toMatchObject({ code: '0000000', data: { userId: 'guest' } });
    const raw = String(opened.data?.token);
    expect(
      await venueCall('GET', `${launched.token}?merchantCode=9101`, { headers: obHeaders }),
    ).toMatchObject({
      code: '400000',
    });
    expect(await venueCall('GET', `/yewu12/api/user/getUserInfo?token=${raw}`)).toMatchObject({
      code: '0000000',
      data: { userId: 'guest', balance: '2000.00' },
    });
    const bet = { token: raw, roundId: 'ob-round-0001', betId: 'ob-bet-00001', stake: '300.00' };
    const place = (body: object, headers: Record<string, string> = obHeaders) =>
      venueCall('POST', `${launched.apiUrl}/api/bet/place`, { body, headers });
    expect(await place(bet)).toMatchObject({ code: '0000000', data: { balance: '1700.00' } });
    expect(await place(bet, { ...obHeaders, requestId: 'ffffffffffffffffffffffffffffffff' })).toMatchObject({
      code: '400401',
      data: null,
    });

    testApp.clock.advance(obRequestTtlMs);
    expect(
      await venueCall('GET', `${launched.token}?merchantCode=9001`, { headers: obHeaders }),
    ).toMatchObject({
      code: '400401',
      data: null,
    });
    expect(await place({ ...bet, betId: 'ob-bet-00002' })).toMatchObject({ code: '400401' });
    // The client relaunches: a new request id, and the session opens again.
    const relaunched = await demoLaunch('YBTY');
    expect(
      await venueCall('GET', `${relaunched.token}?merchantCode=9001`, {
        headers: { requestId: relaunched.resource.requestId ?? '', 'client-type': 'h5' },
      }),
    ).toMatchObject({ code: '0000000' });
  });
});

describe('real play through the seamless wallet', () => {
  const memberLaunch = async (username: string, enName: string) => {
    const member = await cashier.member(username);
    await cashier.deposit(member.token, '1000.00');
    const launched = await cashier.asMember<Launched>(member.token, routes.venueLaunch.path, { enName });
    return { member, launched: launched.data };
  };
  const betStatusOf = async (venueCode: string, betId: string) =>
    (await testApp.services.bets.find(9001, venueCode, betId))?.status;

  it('IM: a stake debits the main wallet once, a settled round credits it, a lost one pays nothing', async () => {
    const { member, launched } = await memberLaunch('hostim01', 'IMTY');
    const im = (path: string, body: object = {}) =>
      venueCall('POST', `${launched.apiUrl}${path}`, { body: { ...launched.resource, ...body } });
    expect(await im('/GetBalance')).toMatchObject({ StatusCode: 100, Result: { Balance: '1000.00' } });
    const won = {
      RoundId: 'im-real-round-01',
      BetId: 'im-real-bet-01',
      GameCode: 'football',
      Stake: '100.00',
    };
    const lost = { ...won, BetId: 'im-real-bet-02', Stake: '50.00' };
    const placed = await Promise.all([im('/PlaceBet', won), im('/PlaceBet', won), im('/PlaceBet', lost)]);
    expect(placed.map((answer) => answer.StatusCode)).toEqual([100, 100, 100]);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(85_000n);
    expect(await im('/PlaceBet', { ...won, Stake: '99.00' })).toMatchObject({ StatusCode: 409 });
    expect(await im('/PlaceBet', { ...won, BetId: 'im-real-bet-03', Stake: '5000.00' })).toMatchObject({
      StatusCode: 409,
    });
    expect(await betStatusOf('IMTY', won.BetId)).toBe('pending');

    // Two settlements of the round at once pay each bet once.
    await Promise.all([
      settle('IMTY', won.RoundId, { [won.BetId]: 25_000n }),
      settle('IMTY', won.RoundId, { [won.BetId]: 25_000n }),
    ]);
    expect(await settle('IMTY', won.RoundId, { [won.BetId]: 25_000n })).toBe(0);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(110_000n);
    expect(await im('/GetBalance')).toMatchObject({ Result: { Balance: '1100.00' } });
    expect(await betStatusOf('IMTY', won.BetId)).toBe('win');
    expect(await betStatusOf('IMTY', lost.BetId)).toBe('lose');
  });

  it('OB: a stake needs the live request id; the payout arrives after the request id expired', async () => {
    const { member, launched } = await memberLaunch('hostob01', 'YBTY');
    const headers = { requestId: launched.resource.requestId ?? '', 'client-type': 'h5' };
    const opened = await venueCall('GET', `${launched.token}?merchantCode=9001`, { headers });
    expect(opened).toMatchObject({ code: '0000000', data: { userId: `m${member.memberId}` } });
    const token = String(opened.data?.token);
    expect(await venueCall('GET', `/yewu12/api/user/getUserInfo?token=${token}`)).toMatchObject({
      data: { userId: `m${member.memberId}`, balance: '1000.00' },
    });
    const bet = { token, roundId: 'ob-real-round-01', betId: 'ob-real-bet-01', stake: '200.00' };
    expect(await venueCall('POST', `${launched.apiUrl}/api/bet/place`, { body: bet, headers })).toMatchObject(
      {
        code: '0000000',
        data: { balance: '800.00' },
      },
    );
    testApp.clock.advance(obRequestTtlMs);
    expect(await settle('YBTY', bet.roundId, { [bet.betId]: 38_000n })).toBe(1);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(118_000n);
  });

  it('FB: 350 for a stake, a venue in maintenance takes none, and a stake on a member wallet it cannot cover is refused', async () => {
    const { member, launched } = await memberLaunch('hostfb01', 'FBTY');
    const fbCall = (path: string, body: object = {}) =>
      venueCall('POST', `${launched.apiUrl}${path}`, {
        body,
        headers: { authorization: launched.resource.Authorization ?? '' },
      });
    expect(await fbCall('/user/balance')).toMatchObject({ code: 0, data: { balance: '1000.00' } });
    const bet = { roundId: 'fb-real-round-01', betId: 'fb-real-bet-01', stake: '300.00' };
    expect(await fbCall('/bet/place', bet)).toMatchObject({ code: 350, data: { balance: '700.00' } });
    expect(await fbCall('/bet/place', { ...bet, betId: 'fb-real-bet-02', stake: '800.00' })).toMatchObject({
      code: 409,
    });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(70_000n);

    const venues = await cashier.asOperatorGet<Array<Record<string, unknown>>>(routes.adminVenueList.path);
    const fb = venues.data.find((venue) => venue.code === 'FBTY');
    const update = (change: object) =>
      cashier.asOperator(routes.adminVenueUpdate.path, {
        code: 'FBTY',
        name: fb?.name,
        logo: fb?.logo,
        sort: fb?.sort,
        demoAllowed: fb?.demoAllowed,
        ...change,
      });
    await update({
      state: 'maintenance',
      maintenanceMessage: '盘口维护',
      maintenanceUntil: new Date(testApp.clock.now() + 60_000).toISOString(),
    });
    expect(await fbCall('/bet/place', { ...bet, betId: 'fb-real-bet-03' })).toMatchObject({
      code: 409,
      msg: '盘口维护',
    });
    await update({ state: 'open' });
    expect(await settle('FBTY', bet.roundId, { [bet.betId]: 30_000n })).toBe(1);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(100_000n);
  });
});

describe('FB flavour', () => {
  it('answers code 0 (read as 100), 350 for a taken bet, and 14010 for a token that is no longer good', async () => {
    const venues = await cashier.asOperatorGet<Array<Record<string, unknown>>>(routes.adminVenueList.path);
    const fb = venues.data.find((venue) => venue.code === 'FBTY');
    await cashier.asOperator(routes.adminVenueUpdate.path, {
      code: 'FBTY',
      name: fb?.name,
      logo: fb?.logo,
      state: 'open',
      sort: fb?.sort,
      demoAllowed: true,
    });
    const launched = await demoLaunch('FBTY');
    const authorization = launched.resource.Authorization ?? '';
    const fbCall = (path: string, body: object = {}, token = authorization) =>
      venueCall('POST', `${launched.apiUrl}${path}`, { body, headers: { authorization: token } });
    expect(await fbCall('/user/balance')).toMatchObject({ code: 0, data: { balance: '2000.00' } });
    const bet = { roundId: 'fb-round-0001', betId: 'fb-bet-00001', stake: '10.50' };
    expect(await fbCall('/bet/place', bet)).toMatchObject({ code: 350, data: { balance: '1989.50' } });
    expect(await fbCall('/bet/place', { ...bet, stake: 'abc' })).toMatchObject({ code: 400 });
    expect(await fbCall('/user/balance', {}, 'not-a-token')).toMatchObject({ code: 14010, data: null });
    // An IM token is no FB token.
    const im = await demoLaunch('IMTY');
    expect(await fbCall('/user/balance', {}, im.token)).toMatchObject({ code: 14010 });

    testApp.clock.advance(launchTokenTtlMs);
    expect(await fbCall('/user/balance')).toMatchObject({ code: 14010 });
  });
});
