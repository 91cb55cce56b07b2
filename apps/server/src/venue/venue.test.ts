import { routes } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { createServices } from '../services.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { obRequestTtlMs } from './service.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface Launched {
  url: string;
  h5Url: string;
  token: string;
  activityUrl: string;
  resource: Record<string, string>;
  apiUrl: string;
}

const launch = (token: string, body: object) =>
  cashier.asMember<Launched>(token, routes.venueLaunch.path, body);

/** Staff set a venue as the console does, starting from what it is now. */
async function updateVenue(code: string, change: object) {
  const venues = await cashier.asOperatorGet<Array<Record<string, unknown>>>(routes.adminVenueList.path);
  const venue = venues.data.find((candidate) => candidate.code === code);
  const body = {
    code,
    name: venue?.name,
    logo: venue?.logo,
    state: venue?.storedState,
    maintenanceMessage: venue?.maintenanceMessage,
    maintenanceUntil: venue?.maintenanceUntil,
    sort: venue?.sort,
    demoAllowed: venue?.demoAllowed,
    ...change,
  };
  return cashier.asOperator<Record<string, unknown>>(routes.adminVenueUpdate.path, body);
}

const venueWalletFen = async (memberId: bigint, venueCode: string) =>
  (await testApp.services.ledger.balance({ kind: 'member_venue', siteId: 9001, memberId, venueCode }))
    .availableFen;

const ledgerTransferCount = async () =>
  Number(
    (await sql<{ count: string }>`select count(*) as count from ledger_transfers`.execute(testApp.stores.db))
      .rows[0]?.count,
  );

describe('venue registry', () => {
  it('lists a category in display order with its counts; upcoming venues show, off ones do not', async () => {
    const sports = await cashier.client.call<{
      counts: object;
      list: Array<{ code: string; state: string }>;
    }>('POST', routes.venueList.path, { body: { category: 'TY' } });
    // The sportsbook serves every 体育 and 电竞 venue on our own host: they open with it.
    expect(sports.data.list.map((venue) => [venue.code, venue.state])).toEqual([
      ['IMTY', 'open'],
      ['YBTY', 'open'],
      ['FBTY', 'open'],
    ]);
    expect(sports.data.counts).toEqual({ live: 3, total: 3 });
    // No engine serves 电子 yet: it starts 即将开放, listed but not live.
    const egames = await cashier.client.call<{
      counts: object;
      list: Array<{ code: string; state: string }>;
    }>('POST', routes.venueList.path, { body: { category: 'DZ' } });
    expect(egames.data.list.map((venue) => [venue.code, venue.state])).toEqual([['DZ', 'upcoming']]);
    expect(egames.data.counts).toEqual({ live: 0, total: 1 });
    expect((await updateVenue('LHDJ', { state: 'off' })).code).toBe(6000);
    const esports = await cashier.client.call<{
      counts: object;
      list: Array<{ code: string; state: string }>;
    }>('POST', routes.venueList.path, { body: { category: 'DJ' } });
    expect(esports.data.list.map((venue) => [venue.code, venue.state])).toEqual([
      ['YBDJ', 'open'],
      ['IMDJ', 'open'],
    ]);
    expect(esports.data.counts).toEqual({ live: 2, total: 2 });
    expect((await updateVenue('LHDJ', { state: 'open' })).code).toBe(6000);
    const bad = await cashier.client.call('POST', routes.venueList.path, { body: { category: 'XX' } });
    expect(bad.code).toBe(10003);
  });

  it('gives the seamless wallet each venue with its secret, and the cashier the transfer venues', async () => {
    const venue = await testApp.services.venues.get(9001, 'FBTY');
    expect(venue).toMatchObject({
      code: 'FBTY',
      category: 'TY',
      walletMode: 'seamless',
      flavour: 'FB',
      state: 'open',
    });
    expect(venue?.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(await testApp.services.venues.get(9001, 'NOPE')).toBeUndefined();
    // Each site has venues of its own, each with a secret of its own.
    expect((await testApp.services.venues.get(9101, 'FBTY'))?.secret).not.toBe(venue?.secret);
    expect(await testApp.services.venues.registry.transferVenues(9001)).toEqual([
      { venueCode: 'QP', name: '棋牌' },
      { venueCode: 'ZR', name: '真人视讯' },
    ]);
  });
});

describe('launch in each flavour', () => {
  it('IM: shared params with CHS and Europe, the member code and the /api/mobile prefix', async () => {
    const member = await cashier.member('venueim01');
    const answer = await launch(member.token, { enName: 'IMTY', gameCode: 'football' });
    expect(answer.code).toBe(6000);
    expect(answer.data.apiUrl).toBe('/api/mobile');
    expect(answer.data.resource).toMatchObject({
      LanguageCode: 'CHS',
      OddsType: 'Europe',
      TimeStamp: String(testApp.clock.now()),
      Token: answer.data.token,
      MemberCode: `m${member.memberId}`,
    });
    expect(answer.data.url).toContain('gameCode=football');
    expect(answer.data.h5Url).toContain('device=h5');
    expect(answer.data.activityUrl).toBe('');
    expect(JSON.stringify(answer.data)).not.toContain('venueim01');
  });

  it('OB: the token is the session address, the resource carries the request id and addresses', async () => {
    const member = await cashier.member('venueob01');
    const answer = await launch(member.token, { enName: 'YBTY', activity: 'welcome' });
    expect(answer.data.apiUrl).toBe('/yewu');
    expect(answer.data.token).toMatch(/^\/yewu\/api\/session\/[A-Za-z0-9_-]{43}$/);
    expect(answer.data.resource).toMatchObject({
      cuid: `m${member.memberId}`,
      resourceUrl: '/yewu/resource',
      resourceGamingUrl: '/yewu/resource/gaming',
      h5Url: answer.data.h5Url,
      url: answer.data.url,
      activityUrl: answer.data.activityUrl,
    });
    expect(answer.data.resource.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(answer.data.activityUrl).toContain('activity=welcome');
  });

  it('FB: CMN, the token as Authorization and the /v1 prefix', async () => {
    const member = await cashier.member('venuefb01');
    const answer = await launch(member.token, { enName: 'FBTY', https: true, isApp: true });
    expect(answer.data.apiUrl).toBe('/v1');
    expect(answer.data.resource).toMatchObject({
      languageType: 'CMN',
      Authorization: answer.data.token,
      url: answer.data.url,
    });
  });

  it('refuses unknown, off, upcoming and foreign-site launches with their codes, and logs them', async () => {
    const member = await cashier.member('venuerefuse01');
    expect(await launch(member.token, { enName: 'NOPE' })).toMatchObject({ code: 10003 });
    expect((await launch(member.token, { enName: 'NOPE' })).message).toContain('enName');
    expect(await launch(member.token, { enName: 'imty' })).toMatchObject({ code: 10003 });
    expect(await launch(member.token, { enName: 'BY' })).toMatchObject({
      code: 700103,
      message: '该场馆即将开放，敬请期待',
    });
    expect(await launch(member.token, { enName: 'IMTY', siteId: 9101 })).toMatchObject({ code: 10003 });
    expect((await updateVenue('IMDJ', { state: 'off' })).code).toBe(6000);
    expect(await launch(member.token, { enName: 'IMDJ' })).toMatchObject({ code: 700102 });
    expect((await launch(member.token, { enName: 'IMDJ', isApp: 'yes' })).code).toBe(10003);
    const esports = await cashier.client.call<{ list: Array<{ code: string }> }>(
      'POST',
      routes.venueList.path,
      {
        body: { category: 'DJ' },
      },
    );
    expect(esports.data.list.map((venue) => venue.code)).not.toContain('IMDJ');
    expect((await updateVenue('IMDJ', { state: 'open' })).code).toBe(6000);

    const log = await cashier.asOperator<{
      list: Array<{ venueCode: string; code: number; result: string }>;
    }>(routes.adminVenueLaunches.path, {
      username: 'venuerefuse01',
      result: 'refused',
      sortBy: 'venueCode',
      sortOrder: 'asc',
    });
    expect(log.data.list.map((entry) => [entry.venueCode, entry.code])).toEqual([
      ['BY', 700103],
      ['IMDJ', 700102],
      ['IMTY', 10003],
      ['NOPE', 10003],
      ['NOPE', 10003],
    ]);
  });

  it('answers a venue in maintenance with its message and end time, and opens it when the window ends', async () => {
    const member = await cashier.member('venuemaint01');
    const until = new Date(testApp.clock.now() + 600_000).toISOString();
    const noEnd = await updateVenue('YBTY', { state: 'maintenance', maintenanceMessage: '赛事数据升级' });
    expect(noEnd).toMatchObject({ code: 10003 });
    expect(noEnd.message).toContain('maintenanceUntil');
    const set = await updateVenue('YBTY', {
      state: 'maintenance',
      maintenanceMessage: '赛事数据升级',
      maintenanceUntil: until,
    });
    expect(set.data).toMatchObject({ state: 'maintenance', maintenanceUntil: until });
    const refused = await launch(member.token, { enName: 'YBTY' });
    expect(refused).toMatchObject({
      code: 700101,
      message: '赛事数据升级',
      data: { venueCode: 'YBTY', message: '赛事数据升级', endTime: until },
    });
    const listed = await cashier.client.call<{
      counts: object;
      list: Array<{ code: string; state: string }>;
    }>('POST', routes.venueList.path, { body: { category: 'TY' } });
    expect(listed.data.list.find((venue) => venue.code === 'YBTY')?.state).toBe('maintenance');
    expect(listed.data.counts).toEqual({ live: 2, total: 3 });
    testApp.clock.advance(600_000);
    expect((await launch(member.token, { enName: 'YBTY' })).code).toBe(6000);
    expect((await updateVenue('YBTY', { state: 'open' })).data).toMatchObject({ storedState: 'open' });
  });
});

describe('platform counts', () => {
  it('answers the counts for a live OB request id, 400401 once it expired, and again after a relaunch', async () => {
    const member = await cashier.member('venuecount01');
    const first = await launch(member.token, { enName: 'YBTY' });
    const requestId = first.data.resource.requestId;
    const count = (id: string | undefined) =>
      cashier.asMember<Record<string, { live: number; total: number }> | null>(
        member.token,
        routes.venuePlatformCount.path,
        { requestId: id },
      );
    const counted = await count(requestId);
    expect(counted.code).toBe(6000);
    expect(Object.keys(counted.data ?? {})).toEqual(['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP']);
    expect(counted.data?.TY).toEqual({ live: 3, total: 3 });
    expect(counted.data?.CP).toEqual({ live: 1, total: 1 });

    testApp.clock.advance(obRequestTtlMs);
    const expired = await count(requestId);
    expect(expired).toMatchObject({ code: 400401, data: null });
    expect(expired.message).toContain('expired');
    // The client relaunches, resets its retry counter and asks again with the new request id.
    const relaunched = await launch(member.token, { enName: 'YBTY', isManualLaunch: false });
    expect(relaunched.data.resource.requestId).not.toBe(requestId);
    expect((await count(relaunched.data.resource.requestId)).data?.TY).toEqual({ live: 3, total: 3 });

    // Another member's request id, an unknown one, and a non-OB launch have none to offer.
    const other = await cashier.member('venuecount02');
    expect(
      (
        await cashier.asMember(other.token, routes.venuePlatformCount.path, {
          requestId: relaunched.data.resource.requestId,
        })
      ).code,
    ).toBe(400401);
    expect((await count('0123456789abcdef')).code).toBe(400401);
    expect((await count('bad id!')).code).toBe(10003);
    expect(
      (await cashier.client.call('POST', routes.venuePlatformCount.path, { body: { requestId } })).code,
    ).toBe(10004);
  });
});

describe('transfer wallet launches', () => {
  it('moves the main balance in with appSendMoney, once, and leaving brings it back', async () => {
    expect((await updateVenue('ZR', { state: 'open' })).code).toBe(6000);
    const member = await cashier.member('venuezr01');
    await cashier.deposit(member.token, '500.00');
    const preload = await launch(member.token, { enName: 'ZR', appSendMoney: true, isPreload: true });
    expect(preload.code).toBe(6000);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(50_000n);
    // Without appSendMoney the 免转 switch decides: off, nothing moves.
    expect((await launch(member.token, { enName: 'ZR' })).code).toBe(6000);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(50_000n);

    expect((await launch(member.token, { enName: 'ZR', appSendMoney: true })).code).toBe(6000);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    expect(await venueWalletFen(member.memberId, 'ZR')).toBe(50_000n);
    // A replayed launch finds nothing left to move.
    expect((await launch(member.token, { enName: 'ZR', appSendMoney: true })).code).toBe(6000);
    expect(await venueWalletFen(member.memberId, 'ZR')).toBe(50_000n);

    const leave = (transferId: string) =>
      cashier.asMember<{ mainBalance: string; venueBalance: string }>(member.token, routes.venueLeave.path, {
        enName: 'ZR',
        transferId,
      });
    expect((await leave('leave-zr-0001')).data).toMatchObject({
      mainBalance: '500.00',
      venueBalance: '0.00',
    });
    expect((await leave('leave-zr-0001')).data).toMatchObject({
      mainBalance: '500.00',
      venueBalance: '0.00',
    });
    expect(await leave('leave-zr-0002')).toMatchObject({ code: 6000 });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(50_000n);
    expect(
      (
        await cashier.asMember(member.token, routes.venueLeave.path, {
          enName: 'IMTY',
          transferId: 'leave-im-0001',
        })
      ).code,
    ).toBe(10003);

    // With 免转 on, a launch without appSendMoney moves the balance; one-click recall brings it back.
    await cashier.asMember(member.token, routes.autoTransfer.path, { isAutoTransfer: true });
    expect((await launch(member.token, { enName: 'ZR' })).code).toBe(6000);
    expect(await venueWalletFen(member.memberId, 'ZR')).toBe(50_000n);
    await cashier.asMember(member.token, routes.venueRecall.path, { transferId: 'recall-zr-0001' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(50_000n);
    expect(await venueWalletFen(member.memberId, 'ZR')).toBe(0n);

    const log = await cashier.asOperator<{ list: Array<{ movedAmount: string; result: string }> }>(
      routes.adminVenueLaunches.path,
      { username: 'venuezr01', venueCode: 'ZR', sortBy: 'movedAmount', sortOrder: 'desc', pageSize: 2 },
    );
    expect(log.data.list.map((entry) => entry.movedAmount)).toEqual(['500.00', '500.00']);
  });

  it('moves the balance in once when the same launch arrives many times at once', async () => {
    const member = await cashier.member('venuezr02');
    await cashier.deposit(member.token, '300.00');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => launch(member.token, { enName: 'ZR', appSendMoney: true })),
    );
    expect(answers.every((answer) => answer.code === 6000)).toBe(true);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    expect(await venueWalletFen(member.memberId, 'ZR')).toBe(30_000n);
    const log = await cashier.asOperator<{ list: Array<{ movedAmount: string }> }>(
      routes.adminVenueLaunches.path,
      {
        username: 'venuezr02',
      },
    );
    const movedFen = log.data.list.reduce((sum, entry) => sum + Number(entry.movedAmount), 0);
    expect(movedFen).toBe(300);
  });
});

describe('demo play', () => {
  it('lists demo venues and launches one with demo credits, never touching the ledger', async () => {
    // The sportsbook takes real stakes only: no venue offers demo play until staff allow it.
    const none = await cashier.client.call<Array<{ code: string }>>('GET', routes.venueDemoList.path);
    expect(none.data).toEqual([]);
    expect((await updateVenue('IMTY', { demoAllowed: true })).code).toBe(6000);
    const listed = await cashier.client.call<Array<{ code: string }>>('GET', routes.venueDemoList.path);
    expect(listed.data.map((venue) => venue.code)).toEqual(['IMTY']);
    const before = await ledgerTransferCount();
    const demo = await cashier.client.call<Launched>('POST', routes.venueDemoLaunch.path, {
      body: { enName: 'IMTY' },
    });
    expect(demo.code).toBe(6000);
    expect(demo.data.resource.MemberCode).toBe('guest');
    const session = await testApp.services.venues.sessionOf(demo.data.token);
    expect(session).toMatchObject({ is_demo: true, member_id: null });
    const wallet = await testApp.stores.db
      .selectFrom('venue_demo_wallets')
      .selectAll()
      .where('launch_id', '=', session?.id ?? 0n)
      .executeTakeFirst();
    expect(wallet?.balance_fen).toBe(200_000n);
    expect(await ledgerTransferCount()).toBe(before);
    const closed = await cashier.client.call('POST', routes.venueDemoLaunch.path, {
      body: { enName: 'FBTY' },
    });
    expect(closed).toMatchObject({ code: 700104 });
  });
});

describe('console', () => {
  it('reaches a second node at once through pub/sub, and audits the change', async () => {
    const otherNode = await createServices(testApp.stores, testApp.clock, { isTestMode: true });
    try {
      expect((await otherNode.venues.get(9001, 'FBTY'))?.state).toBe('open');
      const until = new Date(testApp.clock.now() + 600_000).toISOString();
      await updateVenue('FBTY', {
        state: 'maintenance',
        maintenanceMessage: '维护中',
        maintenanceUntil: until,
      });
      expect(await otherNode.venues.get(9001, 'FBTY')).toMatchObject({
        state: 'maintenance',
        maintenanceMessage: '维护中',
      });
      await updateVenue('FBTY', { state: 'open', name: 'FB体育', sort: 7 });
      expect(await otherNode.venues.get(9001, 'FBTY')).toMatchObject({ state: 'open', sort: 7 });
    } finally {
      await otherNode.close();
    }
    const audit = await cashier.asOperator<{ list: Array<{ target: string; action: string }> }>(
      routes.adminAuditList.path,
      { action: 'venue.update', target: 'FBTY' },
    );
    expect(audit.data.list).toHaveLength(2);
    expect(await updateVenue('NOPE', { name: '不存在' })).toMatchObject({ code: 10003 });
  });

  it('lets 运营 change venues, 客服 and 风控 read them and the launch log, 财务 neither', async () => {
    const content = await cashier.staff('content', 'venue_content');
    const support = await cashier.staff('support', 'venue_support');
    const finance = await cashier.staff('finance', 'venue_finance');
    const venues = await content<Array<{ code: string; logo: string }>>('GET', routes.adminVenueList.path);
    const qp = venues.data.find((venue) => venue.code === 'QP');
    const change = {
      code: 'QP',
      name: '棋牌游戏',
      logo: qp?.logo,
      state: 'upcoming',
      sort: 5,
      demoAllowed: false,
    };
    expect((await content('POST', routes.adminVenueUpdate.path, change)).data).toMatchObject({
      name: '棋牌游戏',
    });
    expect((await support('GET', routes.adminVenueList.path)).code).toBe(6000);
    expect((await support('POST', routes.adminVenueLaunches.path, {})).code).toBe(6000);
    expect((await support('POST', routes.adminVenueUpdate.path, change)).code).toBe(10001);
    expect((await finance('GET', routes.adminVenueList.path)).code).toBe(10001);
    expect((await cashier.client.call('GET', routes.adminVenueList.path)).code).toBe(10004);
  });

  it('pages and sorts the launch log on the server, refusing sorts and pages it does not offer', async () => {
    const page = await cashier.asOperator<{ list: unknown[]; total: number; pageSize: number }>(
      routes.adminVenueLaunches.path,
      { pageSize: 3, sortBy: 'createdAt', sortOrder: 'desc' },
    );
    expect(page.data.list).toHaveLength(3);
    expect(page.data.total).toBeGreaterThan(3);
    expect((await cashier.asOperator(routes.adminVenueLaunches.path, { sortBy: 'ip' })).code).toBe(10003);
    expect((await cashier.asOperator(routes.adminVenueLaunches.path, { pageSize: 101 })).code).toBe(10003);
    const demos = await cashier.asOperator<{ list: Array<{ username: string | null; isDemo: boolean }> }>(
      routes.adminVenueLaunches.path,
      { isDemo: true },
    );
    expect(demos.data.list.every((entry) => entry.isDemo && entry.username === null)).toBe(true);
  });
});
