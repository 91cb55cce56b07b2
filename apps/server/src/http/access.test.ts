import { type RouteDefinition, routes, signVenueRequest, venueHeaderNames } from '@site/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../operator/test-support.ts';
import { authClient, registered } from '../session/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createRouteRegistrar } from './route.ts';

/**
 * Walks the whole route table: every route has a handler, and every route that is not public
 * refuses a caller without a token, with an expired one and with a token of the wrong kind,
 * before it looks at the payload (10004, never 10003).
 */
let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let memberToken = '';
let operatorToken = '';

const table = Object.entries(routes) as Array<[string, RouteDefinition]>;
const urlOf = (definition: RouteDefinition) => definition.path.replace(/:(\w+)/g, 'x$1');
/** A payload every schema refuses, so a route that validated before resolving would answer 10003. */
const invalidBody = { pageNum: 'not-a-number', amount: -1, username: 42 };

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  memberToken = (await registered(client, 'access001')).token;
  const { password } = await testApp.services.operators.create('access_admin');
  operatorToken = await signInStaff(
    (body) => client.call('POST', routes.adminLogin.path, { body }),
    { username: 'access_admin', password },
    testApp.clock,
  );
});
afterAll(async () => {
  await testApp.close();
});

const call = (definition: RouteDefinition, token?: string) =>
  client.call(definition.method, urlOf(definition), {
    ...(token ? { token } : {}),
    ...(definition.method === 'POST' ? { body: invalidBody } : {}),
  });

describe('the route table', () => {
  it('declares an access level on every route', () => {
    for (const [name, definition] of table) {
      const access = definition.access;
      const isKnown =
        access === 'public' ||
        access === 'member' ||
        access === 'gateway' ||
        access === 'venue' ||
        (typeof access === 'object' && typeof access.operator === 'string');
      expect(isKnown, name).toBe(true);
    }
  });

  it('has a handler for every route, and a node missing one refuses to start', async () => {
    for (const [name, definition] of table) {
      const hasRoute = testApp.app.hasRoute({ method: definition.method, url: definition.path });
      expect(hasRoute, name).toBe(true);
    }
    const bare = Fastify();
    const registrar = createRouteRegistrar(bare, {
      guard: () => async () => {},
      resolvers: {
        member: async () => ({ memberId: 1n, sessionId: 1n, siteId: 1 }),
        operator: async () => ({ operatorId: 1n, username: 'x', role: 'super_admin', siteId: 1 }),
        gateway: async () => ({ gateway: 'x' }),
        venue: async () => ({ siteId: 1, venueCode: 'X' }),
      },
    });
    registrar.register(routes.captcha, async () => ({ captchaId: 'x', image: 'x' }) as never);
    expect(() => registrar.assertEveryRouteRegistered()).toThrow(/preInfo/);
    await bare.close();
  });

  it('refuses member routes without a token, with an operator token, and before validating', async () => {
    const memberRoutes = table.filter(([, definition]) => definition.access === 'member');
    expect(memberRoutes.length).toBeGreaterThan(20);
    for (const [name, definition] of memberRoutes) {
      expect((await call(definition)).code, `${name} anonymous`).toBe(10004);
      expect((await call(definition, operatorToken)).code, `${name} operator token`).toBe(10004);
      expect((await call(definition, 'not-a-real-token')).code, `${name} unknown token`).toBe(10004);
    }
  });

  it('refuses operator routes without a token, with a member token, and before validating', async () => {
    const operatorRoutes = table.filter(([, definition]) => typeof definition.access === 'object');
    expect(operatorRoutes.length).toBeGreaterThan(10);
    for (const [name, definition] of operatorRoutes) {
      expect((await call(definition)).code, `${name} anonymous`).toBe(10004);
      expect((await call(definition, memberToken)).code, `${name} member token`).toBe(10004);
    }
  });

  it('refuses gateway routes whose notification is not signed by the gateway', async () => {
    const gatewayRoutes = table.filter(([, definition]) => definition.access === 'gateway');
    expect(gatewayRoutes.length).toBeGreaterThan(0);
    for (const [name, definition] of gatewayRoutes) {
      const response = await testApp.app.inject({
        method: definition.method,
        url: urlOf(definition),
        payload: { orderNo: 'D1', amount: '1.00', status: 'paid', timestamp: 1, signature: 'a'.repeat(64) },
      });
      expect(response.json().code, name).toBe(10108);
      const unsigned = await testApp.app.inject({ method: definition.method, url: urlOf(definition) });
      expect(unsigned.json().code, `${name} unsigned`).toBe(10108);
    }
  });

  it('refuses venue routes not signed by a known venue with its secret, stale ones, before validating', async () => {
    const venueRoutes = table.filter(([, definition]) => definition.access === 'venue');
    expect(venueRoutes.length).toBeGreaterThan(0);
    const venue = await testApp.services.venues.get(9001, 'IMTY');
    if (!venue) {
      throw new Error('the default venue IMTY is missing');
    }
    const body = JSON.stringify(invalidBody);
    const now = String(testApp.clock.now());
    const stale = String(testApp.clock.now() - 6 * 60_000);
    const signed = (venueCode: string, timestamp: string, secret = venue.secret) => ({
      'content-type': 'application/json',
      [venueHeaderNames.siteId]: '9001',
      [venueHeaderNames.venueCode]: venueCode,
      [venueHeaderNames.timestamp]: timestamp,
      [venueHeaderNames.sign]: signVenueRequest(secret, { venueCode, timestamp, body }),
    });
    const refusals: Array<[string, Record<string, string>]> = [
      ['unsigned', { 'content-type': 'application/json' }],
      ['signed with another key', signed('IMTY', now, 'f'.repeat(64))],
      ['signed for another venue', { ...signed('IMTY', now), [venueHeaderNames.venueCode]: 'YBTY' }],
      ['stale', signed('IMTY', stale)],
      ['unknown venue', signed('NOSUCH', now)],
      ['foreign site', { ...signed('IMTY', now), [venueHeaderNames.siteId]: '9999' }],
    ];
    for (const [name, definition] of venueRoutes) {
      for (const [refusal, headers] of refusals) {
        const response = await testApp.app.inject({
          method: definition.method,
          url: urlOf(definition),
          headers,
          payload: body,
        });
        expect(response.json().code, `${name} ${refusal}`).toBe(10108);
      }
      // Signed as it should be, the same payload reaches validation.
      const accepted = await testApp.app.inject({
        method: definition.method,
        url: urlOf(definition),
        headers: signed('IMTY', now),
        payload: body,
      });
      expect(accepted.json().code, `${name} signed`).toBe(10003);
    }
  });

  it('checks the headers on the route the router matched, not on the raw URL', async () => {
    for (const url of [
      '/%73ite/api/v1/user/captcha',
      '/%61dmin/api/v1/sandbox/outbox',
      '/s%69te/api/v1/user/captcha',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json().code, url).toBe(10009);
    }
  });

  // Runs last: it moves the clock past every session's absolute lifetime.
  it('refuses expired member and operator tokens on every route that needs one', async () => {
    const [name, sample] = table.find(([, definition]) => definition.access === 'member') ?? [];
    expect(sample && (await call(sample, memberToken)).code, name).not.toBe(10004);
    testApp.clock.advance(366 * 86_400_000);
    for (const [routeName, definition] of table) {
      if (definition.access === 'member') {
        expect((await call(definition, memberToken)).code, `${routeName} expired member`).toBe(10004);
      } else if (typeof definition.access === 'object') {
        expect((await call(definition, operatorToken)).code, `${routeName} expired operator`).toBe(10004);
      }
    }
  });
});
