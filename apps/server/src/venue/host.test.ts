import { ErrorCode, routes, type SportsbookMatch } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSportsbookApp, type SportsbookClient } from '../sportsbook/test-support.ts';
import type { TestApp } from '../testing.ts';
import { launchTokenTtlMs, obRequestTtlMs } from './service.ts';

let testApp: TestApp;
let sb: SportsbookClient;

beforeAll(async () => {
  ({ testApp, sb } = await openSportsbookApp());
});
afterAll(async () => {
  await testApp.close();
});

interface Launched {
  url: string;
  h5Url: string;
  token: string;
  resource: Record<string, string>;
  apiUrl: string;
}

/** The 1X2 pick `pickIndex` of 今日's football match `matchIndex`, at the odds shown now. */
const pickOf = async (matchIndex: number, pickIndex = 0) => {
  const board: SportsbookMatch[] = (await sb.matches('today', { sport: 'football' })).list;
  const match = board[matchIndex];
  const market = match?.markets.find((candidate) => candidate.key === 'match_result:full_time');
  const selection = market?.selections[pickIndex];
  if (!match || !selection) {
    throw new Error(`no 1X2 pick ${pickIndex} on board match ${matchIndex}`);
  }
  return {
    matchId: match.matchId,
    marketKey: 'match_result:full_time',
    selectionKey: selection.key,
    odds: selection.odds,
  };
};

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

const memberLaunch = async (username: string, enName: string) => {
  const member = await sb.player(username);
  const launched = await sb.cashier.asMember<Launched>(member.token, routes.venueLaunch.path, { enName });
  return { member, launched: launched.data };
};

/** A 10.00 single on the book's own route, naming `venueCode`. */
const placeOnBook = async (token: string, slipId: string, matchIndex: number, venueCode: string) =>
  sb.cashier.asMember(token, routes.sportsbookPlace.path, {
    kind: 'single',
    slipId,
    stake: '10',
    legs: [await pickOf(matchIndex)],
    venueCode,
  });

/** The member's sportsbook bets, as the book's own 注单 shows them. */
const betsOf = async (member: Awaited<ReturnType<typeof sb.player>>) => (await sb.myBets(member)).list;

describe('launch', () => {
  it('leads a 体育 or 电竞 venue on our own host to the sportsbook pages, naming the venue, no token in the address', async () => {
    const { launched } = await memberLaunch('hostlaunch1', 'IMTY');
    expect(launched.url).toBe('/game/sport/book?venue=IMTY&device=pc');
    expect(launched.h5Url).toBe('/game/sport/book?venue=IMTY&device=h5');
    expect(launched.apiUrl).toBe('/api/mobile');
    const esports = (await memberLaunch('hostlaunch2', 'YBDJ')).launched;
    expect(esports.h5Url).toBe('/game/gaming/book?venue=YBDJ&device=h5');
    expect(esports.url).not.toContain(esports.resource.requestId ?? '-');
  });
});

describe('the book named from its own pages', () => {
  it('refuses a venue that is not an in-house 体育 or 电竞 venue', async () => {
    const member = await sb.player('hostbook01');
    const before = await sb.movedSoFar(member);
    expect(await placeOnBook(member.token, 'book-slip-0001', 0, 'CP')).toMatchObject({
      code: ErrorCode.validation,
    });
    expect(await sb.movedSoFar(member)).toEqual(before);
  });
});

describe('IM flavour in front of the sportsbook', () => {
  it('places a single through the IM venue (StatusCode 100), replays it once, refuses a changed replay and stale odds with their codes', async () => {
    const { member, launched } = await memberLaunch('hostim01', 'IMTY');
    const im = (path: string, body: object = {}) =>
      venueCall('POST', `${launched.apiUrl}${path}`, { body: { ...launched.resource, ...body } });
    expect(await im('/GetBalance')).toMatchObject({
      StatusCode: 100,
      Result: { MemberCode: `m${member.memberId}`, Balance: '1000.00', Currency: 'CNY' },
    });
    const leg = await pickOf(0);
    const slip = {
      BetId: 'im-slip-0001',
      BetType: 'single',
      Stake: '100.00',
      AcceptOdds: 'none',
      Selections: [
        { MatchId: leg.matchId, MarketKey: leg.marketKey, SelectionKey: leg.selectionKey, Odds: leg.odds },
      ],
    };
    const copies = await Promise.all([im('/PlaceBet', slip), im('/PlaceBet', slip), im('/PlaceBet', slip)]);
    expect(copies.map((answer) => answer.StatusCode)).toEqual([100, 100, 100]);
    const wagerNos = new Set(copies.map((answer) => (answer.Result as { WagerNo: string }).WagerNo));
    expect(wagerNos.size).toBe(1);
    expect(copies[0]).toMatchObject({
      Result: { BetId: slip.BetId, Status: 'open', Stake: '100.00', Odds: leg.odds },
    });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(90_000n);
    expect(await im('/GetBalance')).toMatchObject({ Result: { Balance: '900.00' } });

    const [bet] = await betsOf(member);
    expect(bet?.betId).toBe([...wagerNos][0]);
    // The bet is the IM venue's: its record in 投注记录 is under IMTY.
    expect((await testApp.services.bets.find(9001, 'IMTY', bet?.betId ?? ''))?.stake_fen).toBe(10_000n);

    const before = await sb.movedSoFar(member);
    expect(await im('/PlaceBet', { ...slip, Stake: '99.00' })).toMatchObject({
      StatusCode: 409,
      ErrorCode: ErrorCode.sportsbookSlipConflict,
    });
    const stale = { ...slip.Selections[0], Odds: '99.00' };
    expect(await im('/PlaceBet', { ...slip, BetId: 'im-slip-0002', Selections: [stale] })).toMatchObject({
      StatusCode: 409,
      ErrorCode: ErrorCode.sportsbookOddsChanged,
      StatusDesc: '赔率已变化，请确认新赔率后重新投注',
    });
    expect(await im('/PlaceBet', { ...slip, BetId: 'im-slip-0003', Stake: '5000.00' })).toMatchObject({
      StatusCode: 409,
      ErrorCode: ErrorCode.walletInsufficient,
    });
    expect(await im('/PlaceBet', { ...slip, BetId: 'x', Stake: '-1' })).toMatchObject({ StatusCode: 400 });
    expect(await im('/PlaceBet', { ...slip, BetType: 'parlay' })).toMatchObject({ StatusCode: 400 });
    expect(await sb.movedSoFar(member)).toEqual(before);

    expect(await im('/GetBalance', { MemberCode: 'm1' })).toMatchObject({ StatusCode: 401 });
    expect(await im('/GetBalance', { Token: 'x'.repeat(43) })).toMatchObject({ StatusCode: 401 });
  });
});

describe('OB flavour in front of the sportsbook', () => {
  it('opens the session with merchantCode and request id, places a parlay, and answers 400401 once the request id expired', async () => {
    const { member, launched } = await memberLaunch('hostob01', 'YBTY');
    const headers = { requestId: launched.resource.requestId ?? '', 'client-type': 'h5' };
    const opened = await venueCall('GET', `${launched.token}?merchantCode=9001`, { headers });
    expect(opened).toMatchObject({ code: '0000000', data: { userId: `m${member.memberId}` } });
    expect(await venueCall('GET', `${launched.token}?merchantCode=9101`, { headers })).toMatchObject({
      code: '400000',
    });
    const token = String(opened.data?.token);
    expect(await venueCall('GET', `/yewu12/api/user/getUserInfo?token=${token}`)).toMatchObject({
      code: '0000000',
      data: { userId: `m${member.memberId}`, balance: '1000.00' },
    });
    const slip = {
      token,
      betId: 'ob-slip-0001',
      betType: 'parlay',
      stake: '20.00',
      acceptOdds: 'any',
      selections: [await pickOf(1), await pickOf(2, 1)],
    };
    const place = (body: object, requestHeaders = headers) =>
      venueCall('POST', `${launched.apiUrl}/api/bet/place`, { body, headers: requestHeaders });
    expect(await place(slip)).toMatchObject({
      code: '0000000',
      data: { betId: slip.betId, status: 'open', stake: '20.00', balance: '980.00' },
    });
    const [bet] = await betsOf(member);
    expect(bet?.kind).toBe('parlay');
    expect((await testApp.services.bets.find(9001, 'YBTY', bet?.betId ?? ''))?.venue_code).toBe('YBTY');
    expect(await place(slip, { ...headers, requestId: 'f'.repeat(32) })).toMatchObject({
      code: '400401',
      data: null,
    });

    testApp.clock.advance(obRequestTtlMs);
    expect(await place({ ...slip, betId: 'ob-slip-0002' })).toMatchObject({ code: '400401' });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(98_000n);
  });

  it('refuses a football pick through an 电竞 venue, with nothing moved', async () => {
    const { member, launched } = await memberLaunch('hostob02', 'YBDJ');
    const headers = { requestId: launched.resource.requestId ?? '', 'client-type': 'h5' };
    const opened = await venueCall('GET', `${launched.token}?merchantCode=9001`, { headers });
    const before = await sb.movedSoFar(member);
    expect(
      await venueCall('POST', `${launched.apiUrl}/api/bet/place`, {
        body: {
          token: String(opened.data?.token),
          betId: 'ob-dj-slip-01',
          betType: 'single',
          stake: '10.00',
          acceptOdds: 'any',
          selections: [await pickOf(0)],
        },
        headers,
      }),
    ).toMatchObject({ code: '409000', errorCode: ErrorCode.validation });
    expect(await sb.movedSoFar(member)).toEqual(before);
  });
});

describe('FB flavour in front of the sportsbook', () => {
  it('answers 350 for a placed slip, refuses while the venue is in maintenance, and 14010 for a token no longer good', async () => {
    const { member, launched } = await memberLaunch('hostfb01', 'FBTY');
    const authorization = launched.resource.Authorization ?? '';
    const fbCall = (path: string, body: object = {}, token = authorization) =>
      venueCall('POST', `${launched.apiUrl}${path}`, { body, headers: { authorization: token } });
    expect(await fbCall('/user/balance')).toMatchObject({ code: 0, data: { balance: '1000.00' } });
    const slip = {
      betId: 'fb-slip-0001',
      betType: 'single',
      stake: '300.00',
      oddsFormat: 'Europe',
      selections: [await pickOf(3)],
    };
    expect(await fbCall('/bet/place', slip)).toMatchObject({
      code: 350,
      data: { betId: slip.betId, status: 'open', balance: '700.00' },
    });
    expect(await fbCall('/bet/place', { ...slip, stake: 'abc' })).toMatchObject({ code: 400 });

    const venues = await sb.cashier.asOperatorGet<Array<Record<string, unknown>>>(routes.adminVenueList.path);
    const fb = venues.data.find((venue) => venue.code === 'FBTY');
    const update = (change: object) =>
      sb.cashier.asOperator(routes.adminVenueUpdate.path, {
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
    expect(await fbCall('/bet/place', { ...slip, betId: 'fb-slip-0002' })).toMatchObject({
      code: 409,
      msg: '盘口维护',
    });
    // The book's own pages refuse a slip naming the venue too, with the venue's maintenance code.
    expect(await placeOnBook(member.token, 'fb-slip-0003', 3, 'FBTY')).toMatchObject({
      code: ErrorCode.venueMaintenance,
    });
    await update({ state: 'open', demoAllowed: true });
    expect(await sb.cashier.mainBalanceFen(member.memberId)).toBe(70_000n);

    // A demo launch reads its demo credits and stakes nothing on the book.
    const demo = (
      await sb.cashier.client.call<Launched>('POST', routes.venueDemoLaunch.path, {
        body: { enName: 'FBTY' },
      })
    ).data;
    const demoToken = demo.resource.Authorization ?? '';
    expect(await fbCall('/user/balance', {}, demoToken)).toMatchObject({
      code: 0,
      data: { balance: '2000.00' },
    });
    expect(await fbCall('/bet/place', { ...slip, betId: 'fb-demo-0001' }, demoToken)).toMatchObject({
      code: 409,
      msg: '试玩模式不能投注体育赛事，请登录后进入场馆',
    });

    expect(await fbCall('/user/balance', {}, 'not-a-token')).toMatchObject({ code: 14010, data: null });
    // An IM token is no FB token.
    const im = await memberLaunch('hostfb02', 'IMTY');
    expect(await fbCall('/user/balance', {}, im.launched.token)).toMatchObject({ code: 14010 });
    testApp.clock.advance(launchTokenTtlMs);
    expect(await fbCall('/user/balance')).toMatchObject({ code: 14010 });
  });
});
