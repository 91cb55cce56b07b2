import { randomBytes } from 'node:crypto';
import path from 'node:path';
import {
  basePathOf,
  clientVersion,
  fen,
  headerNames,
  parseYuan,
  routes,
  signRequest,
  siteIdDefault,
} from '@site/contract';
import type { DestinationStream } from 'pino';
import { adminQuery } from './db/database.ts';
import { migrations } from './migrations.ts';
import { createNode, type Node } from './node.ts';
import { signInStaff } from './operator/test-support.ts';
import type { Services } from './services.ts';
import { type Clock, systemClock } from './stores/clock.ts';
import { openStores, type Stores } from './stores/stores.ts';

/**
 * Test harness. API tests run on PGlite and in-process stores, or, with TEST_STORES=external,
 * on PostgreSQL (a schema of their own per file) and Redis (a key prefix of their own).
 */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(ms: number): void;
}

export function createTestClock(startMs = Date.UTC(2026, 10, 22, 4, 0, 0)): TestClock {
  let current = startMs;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
    set: (ms) => {
      current = ms;
    },
  };
}

/** A clock that runs on the real time and jumps ahead when told. */
export interface RunningClock extends Clock {
  advance(ms: number): void;
}

/**
 * The real time plus every `advance` so far: a browser test's server keeps its real timers (the
 * draw cycle) and the browser's clock keeps flowing, while the test jumps both minutes ahead.
 */
export function createRunningClock(): RunningClock {
  let offsetMs = 0;
  return {
    now: () => Date.now() + offsetMs,
    advance: (ms) => {
      offsetMs += ms;
    },
  };
}

export async function openTestStores(clock: Clock): Promise<Stores> {
  const isExternal = process.env.TEST_STORES === 'external';
  const databaseUrl = process.env.DATABASE_URL;
  const isolation = `t_${randomBytes(6).toString('hex')}`;
  if (!isExternal || !databaseUrl) {
    return openStores({
      migrations,
      database: { kind: 'pglite' },
      redisUrl: isExternal ? process.env.REDIS_URL : undefined,
      keyPrefix: `${isolation}:`,
      clock,
    });
  }
  await adminQuery(databaseUrl, `create schema ${isolation}`);
  const stores = await openStores({
    migrations,
    database: { kind: 'postgres', url: databaseUrl, schema: isolation, poolSize: 4 },
    redisUrl: process.env.REDIS_URL,
    keyPrefix: `${isolation}:`,
    clock,
  });
  return {
    ...stores,
    async close() {
      await stores.close();
      await adminQuery(databaseUrl, `drop schema ${isolation} cascade`);
    },
  };
}

export interface TestApp extends Node {
  clock: TestClock;
}

export async function createTestApp(
  options: {
    clock?: TestClock;
    rateLimitPerMinute?: number;
    logLevel?: string;
    logStream?: DestinationStream;
    /** On unless a test checks what a production node (sandbox off) serves. */
    isSandboxMode?: boolean;
    trustProxyHops?: number;
    webDistDir?: string;
    adminDistDir?: string;
    /** Another node's stores, to run a second node on the same database and pub/sub. */
    stores?: Stores;
  } = {},
): Promise<TestApp> {
  const clock = options.clock ?? createTestClock();
  const node = await createNode({
    stores: options.stores ?? (await openTestStores(clock)),
    clock,
    defaultSiteId: siteIdDefault,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
    logLevel: options.logLevel ?? 'silent',
    trustProxyHops: options.trustProxyHops ?? 0,
    isTestMode: true,
    isSandboxMode: options.isSandboxMode ?? true,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
    ...(options.adminDistDir ? { adminDistDir: options.adminDistDir } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  return { ...node, clock };
}

/** A second site beside the demo one: in maintenance, with login and registration stopped. */
export async function createSecondSite(testApp: TestApp, siteId: number) {
  const now = testApp.clock.now();
  await testApp.services.sites.create({
    id: siteId,
    title: '第二站点',
    web_logo_title_url: '/media/logo.svg',
    address: 'second.example',
    disable_phones: [],
    globe_phone_number: true,
    maintain_status: 0,
    maintain_start_at: new Date(now),
    maintain_end_at: new Date(now + 3_600_000),
    maintain_message: '升级中',
    festival_skin: null,
    video_active_url: '',
    video_skin_open: false,
    stop_login: true,
    stop_register: true,
    h5_url: '',
    pc_url: '',
    android_url: '',
    ios_url: '',
    is_pwa_enabled: false,
    customer_service_url: '',
    customer_service_instead_url: '',
    download_url: '',
    sponsor_title: '',
    dividend_lead_title: '',
    dividend_lead_content: '',
    dividend_lead_link_url: '',
  });
}

/** The headers a well-behaved client sends, signed for `path` at the clock's time. */
export async function signedHeaders(
  method: string,
  url: string,
  clock: Clock,
  overrides: Record<string, string> = {},
): Promise<Record<string, string>> {
  const deviceUuid = overrides[headerNames.deviceUuid] ?? 'test-device-0001';
  const timestamp = overrides[headerNames.timestamp] ?? String(clock.now());
  const sign = await signRequest({ method, basePath: basePathOf(url) ?? '', timestamp, deviceUuid });
  return {
    [headerNames.clientType]: 'web',
    [headerNames.version]: clientVersion,
    [headerNames.siteId]: String(siteIdDefault),
    [headerNames.deviceUuid]: deviceUuid,
    [headerNames.timestamp]: timestamp,
    [headerNames.sign]: sign,
    ...overrides,
  };
}

/**
 * A real server on a free port for browser tests: fresh demo data on PGlite, the built web app
 * at `staticDir`, and the site service so a test can act as the operator. `scheduleIntervalMs`
 * runs the lottery's draw cycle on a real timer, as `npm start` does, for a browser test that
 * needs issues on sale and drawn; without it no issue ever opens. Everything reads `clock`: the
 * system clock unless the test moves time on (`createRunningClock`).
 */
export async function startTestServer(
  options: { staticDir?: string; scheduleIntervalMs?: number; feedIntervalMs?: number; clock?: Clock } = {},
) {
  const clock = options.clock ?? systemClock;
  const node = await createNode({
    stores: await openStores({
      migrations,
      database: { kind: 'pglite' },
      redisUrl: undefined,
      keyPrefix: 'e2e:',
      clock,
    }),
    clock,
    defaultSiteId: siteIdDefault,
    rateLimitPerMinute: 100_000,
    logLevel: 'silent',
    trustProxyHops: 0,
    webDistDir:
      options.staticDir ?? process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../../web/dist'),
    adminDistDir: process.env.ADMIN_DIST_DIR ?? path.resolve(import.meta.dirname, '../../admin/dist'),
    isTestMode: true,
    isSandboxMode: true,
    ...(options.scheduleIntervalMs === undefined ? {} : { scheduleIntervalMs: options.scheduleIntervalMs }),
    ...(options.feedIntervalMs === undefined ? {} : { feedIntervalMs: options.feedIntervalMs }),
  });
  const address = await node.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: address,
    sites: node.services.sites,
    /** The answer to an image captcha the browser was shown (test mode keeps it readable). */
    captchaAnswer: (captchaId: string) => node.services.sessions.captchaAnswerForTests(captchaId),
    /** Creates a 超级管理员, signs it in (enrolling its authenticator) and returns its token. */
    signInNewOperator: async (username: string) => {
      const { password } = await node.services.operators.create(username);
      const login = async (body: object) => {
        const url = routes.adminLogin.path;
        const headers = await signedHeaders('POST', url, clock, {});
        return (await node.app.inject({ method: 'POST', url, headers, payload: body })).json();
      };
      // Read only: `signInStaff` moves a clock that can `advance`, which would leave behind the
      // browser pages following this one.
      return signInStaff(login, { username, password }, { now: () => clock.now() });
    },
    /** Plays real bets until the member's turnover requirements are met, before it withdraws. */
    meetTurnover: (memberId: number) => meetTurnover(node.services, BigInt(memberId)),
    close: node.close,
  };
}

/** The seamless venue test bets are played on: a default venue of every site. */
export const testBetVenueCode = 'IMTY';

/**
 * Plays real bets through the seamless wallet, as a venue would, until at least `amountFen` of
 * valid turnover is counted: pairs of a win and a loss of equal size (each counts its size), so
 * the member's balance ends where it started. An odd amount counts one fen more.
 */
export async function playValidBets(
  services: Pick<Services, 'seamless' | 'ledger'>,
  memberId: bigint,
  amountFen: bigint,
  siteId = siteIdDefault,
): Promise<void> {
  const venue = { siteId, venueCode: testBetVenueCode };
  let leftFen = amountFen;
  while (leftFen > 0n) {
    const { availableFen } = await services.ledger.balance({ kind: 'member_main', siteId, memberId });
    const halfFen = (leftFen + 1n) / 2n;
    const sizeFen = fen(halfFen < availableFen ? halfFen : availableFen);
    if (sizeFen <= 0n) {
      throw new Error(`playValidBets: member ${memberId} has no balance to bet`);
    }
    for (const payoutFen of [fen(sizeFen * 2n), fen(0n)]) {
      const betId = `test-${randomBytes(8).toString('hex')}`;
      await services.seamless.debit(venue, {
        transactionId: `${betId}-d`,
        memberId,
        betId,
        roundId: betId,
        gameCode: 'test',
        amountFen: sizeFen,
        oddsE4: null,
      });
      await services.seamless.credit(venue, { transactionId: `${betId}-c`, betId, payoutFen, isVoid: false });
    }
    leftFen -= sizeFen * 2n;
  }
}

/** Plays valid bets until the member's turnover requirements are all met. */
export async function meetTurnover(
  services: Pick<Services, 'seamless' | 'ledger' | 'cashier'>,
  memberId: bigint,
  siteId = siteIdDefault,
): Promise<void> {
  const { remainingAmount } = await services.cashier.auditSummary({ siteId, memberId });
  await playValidBets(services, memberId, parseYuan(remainingAmount) ?? 0n, siteId);
}

/**
 * mulberry32: a small, fast, replayable generator to drive property tests; the same seed gives
 * the same run.
 */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  return {
    next,
    below,
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]): T => {
      const item = items[below(items.length)];
      if (item === undefined) {
        throw new Error('pick from an empty list');
      }
      return item;
    },
  };
}
