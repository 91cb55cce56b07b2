import {
  headerNames,
  isErrorCode,
  type RouteDefinition,
  routes,
  signVenueRequest,
  venueHeaderNames,
} from '@site/contract';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { verifyRealName } from '../identity/test-support.ts';
import { type StaffCredentials, signInStaff } from '../operator/test-support.ts';
import { authClient, registered } from '../session/test-support.ts';
import { createTestApp, signedHeaders, type TestApp } from '../testing.ts';
import {
  invalidFromJsonSchema,
  jsonSchemaOf,
  oddText,
  oddValue,
  validFromJsonSchema,
} from './schema-arbitrary.ts';

/**
 * Every route of the table, fed valid and invalid payloads made from its own schemas, as an
 * anonymous caller, a signed-in member and an operator: whatever comes in, the answer is never a
 * 5xx, always the `{ code, message, data }` envelope with a catalogue code, and a success's data
 * matches the route's response schema. The seed is fixed so a run is repeatable;
 * FUZZ_SEED=<n> tries another and FUZZ_RUNS=<n> changes the runs per route.
 *
 * Where a handler's next step needs a secret no generator can guess (the old password, a reset,
 * device or TOTP code, a resident ID checksum), fuzzing reaches the handler up to that check and
 * no further; those paths have their own tests beside the handlers.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 20);
const routeEntries = Object.entries(routes) as [string, RouteDefinition][];

const callerNames = ['anonymous', 'member', 'operator'] as const;
type CallerName = (typeof callerNames)[number];

/** The fuzzer's own address and device, apart from the members' homes, so throttles it trips stay its own. */
const fuzzIp = '192.0.2.77';
const fuzzDevice = 'fuzz-device-0001';
const memberUsername = 'fuzzmember01';
const operatorUsername = 'fuzz_operator';

interface FuzzRequest {
  caller: CallerName;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** A JSON value to send, or raw text with its content type. */
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; contentType?: string; text: string };
  /** A venue route: signed as the venue IMTY, over the body exactly as sent. */
  isVenueSigned?: boolean;
}

/** Bodies no schema describes: broken or hostile JSON, other content types, too large. */
const rawBodies: { label: string; contentType?: string; text: string }[] = [
  { label: 'empty JSON body', contentType: 'application/json', text: '' },
  { label: 'truncated JSON', contentType: 'application/json', text: '{"a":' },
  { label: 'not JSON', contentType: 'application/json', text: 'not json' },
  { label: 'NUL byte', contentType: 'application/json', text: '\u0000' },
  { label: '__proto__ key', contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  {
    label: 'constructor key',
    contentType: 'application/json',
    text: '{"constructor":{"prototype":{"isAdmin":true}}}',
  },
  { label: 'number beyond a double', contentType: 'application/json', text: '1e400' },
  {
    label: 'id beyond int8',
    contentType: 'application/json',
    text: '{"id":99999999999999999999999,"channelId":1e400}',
  },
  { label: 'JSON string', contentType: 'application/json', text: '"text"' },
  { label: 'JSON null', contentType: 'application/json', text: 'null' },
  { label: 'JSON array', contentType: 'application/json', text: '[]' },
  {
    label: 'deep nesting',
    contentType: 'application/json',
    text: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  },
  {
    label: 'over the body limit',
    contentType: 'application/json',
    text: JSON.stringify({ data: 'a'.repeat(300_000) }),
  },
  { label: 'text/plain', contentType: 'text/plain', text: 'hello' },
  { label: 'form-encoded', contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=2' },
  { label: 'multipart', contentType: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n--x--' },
  { label: 'UTF-16 charset', contentType: 'application/json; charset=utf-16', text: '{}' },
  { label: 'no content type', text: '{}' },
];

/** Path segments that are not even valid percent-encoding, or that try to leave the route. */
const rawSegments = ['%', '%E0%A4%A', '%00', '%2F..%2F..', '..', encodeURIComponent('中'.repeat(200))];

function paramsArbitrary(definition: RouteDefinition): fc.Arbitrary<Record<string, string>> {
  const names = [...definition.path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] ?? '');
  const valid = definition.params
    ? validFromJsonSchema(jsonSchemaOf(definition.params)).map((value) => asTextRecord(value))
    : fc.constant({});
  const odd = fc
    .tuple(...names.map(() => oddText))
    .map((texts) => Object.fromEntries(names.map((name, index) => [name, texts[index] ?? ''])));
  return names.length === 0 ? fc.constant({}) : fc.oneof(valid, odd);
}

/** Queries are text: valid values as the client would write them, odd ones, and repeated keys. */
function queryArbitrary(definition: RouteDefinition): fc.Arbitrary<Record<string, string | string[]>> {
  const keys = Object.keys(definition.query ? (jsonSchemaOf(definition.query).properties ?? {}) : {});
  const key =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 });
  const odd = fc.dictionary(key, fc.oneof(oddText, fc.array(oddText, { minLength: 2, maxLength: 3 })), {
    maxKeys: 3,
  });
  if (!definition.query) {
    return fc.oneof(fc.constant({}), odd);
  }
  const valid = validFromJsonSchema(jsonSchemaOf(definition.query)).map((value) => asTextRecord(value));
  return fc.oneof({ arbitrary: valid, weight: 2 }, { arbitrary: odd, weight: 1 });
}

function bodyArbitrary(definition: RouteDefinition): fc.Arbitrary<FuzzRequest['body']> {
  const json = (value: unknown) => ({ kind: 'json' as const, value });
  const raw = fc.constantFrom(...rawBodies).map((raw) => ({ kind: 'raw' as const, ...raw }));
  if (!definition.body) {
    return fc.oneof(
      { arbitrary: fc.constant({ kind: 'none' as const }), weight: 2 },
      oddValue.map(json),
      raw,
    );
  }
  const schema = jsonSchemaOf(definition.body);
  return fc.oneof(
    { arbitrary: validFromJsonSchema(schema).map(json), weight: 3 },
    { arbitrary: invalidFromJsonSchema(schema).map(json), weight: 2 },
    { arbitrary: raw, weight: 1 },
  );
}

function requestArbitrary(definition: RouteDefinition): fc.Arbitrary<FuzzRequest> {
  return fc.record({
    caller: fc.constantFrom(...callerNames),
    params: paramsArbitrary(definition),
    query: queryArbitrary(definition),
    body: bodyArbitrary(definition),
  });
}

function asTextRecord(value: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, String(item)]),
  );
}

/** Lone surrogates cannot be percent-encoded; a client would send U+FFFD, as the UTF-8 round trip does. */
function encodeSegment(text: string): string {
  return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
}

function urlOf(
  definition: RouteDefinition,
  request: Pick<FuzzRequest, 'params' | 'query'>,
  rawSegment?: string,
) {
  const path = definition.path.replace(
    /:([A-Za-z]+)/g,
    (_, name: string) => rawSegment ?? encodeSegment(request.params[name] ?? ''),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      search.append(key, Buffer.from(item, 'utf8').toString('utf8'));
    }
  }
  const query = search.toString();
  return query === '' ? path : `${path}?${query}`;
}

/** What is wrong with an answer, or undefined when it is a proper envelope. */
function answerProblem(definition: RouteDefinition, response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) {
    return `HTTP ${response.statusCode}`;
  }
  let answer: unknown;
  try {
    answer = JSON.parse(response.body);
  } catch {
    return 'an answer that is not JSON';
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof (answer as { code?: unknown }).code !== 'number' ||
    typeof (answer as { message?: unknown }).message !== 'string' ||
    !('data' in answer)
  ) {
    return 'an answer outside the { code, message, data } envelope';
  }
  const { code, data } = answer as { code: number; data: unknown };
  // A segment the router cannot match (too long, a slash) gets the transport's 404 envelope.
  if (response.statusCode === 404) {
    return code === 404 ? undefined : `HTTP 404 with code ${code}`;
  }
  if (response.statusCode !== 200) {
    return `HTTP ${response.statusCode}`;
  }
  if (!isErrorCode(code)) {
    return `code ${code}, which is not in the catalogue`;
  }
  if (code === 6000) {
    const parsed = definition.response.safeParse(data);
    if (!parsed.success) {
      return `success data that does not match the response schema: ${parsed.error.message}`;
    }
  }
  return undefined;
}

describe('the route table under fuzzing', () => {
  let testApp: TestApp;
  /** Session tokens by caller; the anonymous caller sends none. */
  const tokens: Record<CallerName, string> = { anonymous: '', member: '', operator: '' };

  const send = async (
    definition: RouteDefinition,
    request: FuzzRequest,
    rawSegment?: string,
  ): Promise<LightMyRequestResponse> => {
    const url = urlOf(definition, request, rawSegment);
    const token = tokens[request.caller];
    const headers: Record<string, string> = await signedHeaders(definition.method, url, testApp.clock, {
      [headerNames.deviceUuid]: fuzzDevice,
      ...(token === '' ? {} : { [headerNames.token]: token }),
    });
    const { body } = request;
    if (body.kind === 'raw' && body.contentType !== undefined) {
      headers['content-type'] = body.contentType;
    }
    if (body.kind === 'json') {
      headers['content-type'] = 'application/json';
    }
    const payload =
      body.kind === 'none' ? undefined : body.kind === 'raw' ? body.text : JSON.stringify(body.value);
    if (request.isVenueSigned) {
      const venue = await testApp.services.venues.get(9001, 'IMTY');
      const timestamp = String(testApp.clock.now());
      Object.assign(headers, {
        [venueHeaderNames.siteId]: '9001',
        [venueHeaderNames.venueCode]: 'IMTY',
        [venueHeaderNames.timestamp]: timestamp,
        [venueHeaderNames.sign]: signVenueRequest(venue?.secret ?? '', {
          venueCode: 'IMTY',
          timestamp,
          body: payload ?? '',
        }),
      });
    }
    return testApp.app.inject({
      method: definition.method,
      url,
      headers,
      remoteAddress: fuzzIp,
      ...(payload === undefined ? {} : { payload }),
    });
  };

  const expectEnvelope = async (
    name: string,
    definition: RouteDefinition,
    request: FuzzRequest,
    rawSegment?: string,
  ) => {
    const response = await send(definition, request, rawSegment);
    const problem = answerProblem(definition, response);
    if (problem !== undefined) {
      const sent = JSON.stringify({ ...request, rawSegment }).slice(0, 2_000);
      throw new Error(
        `${name} (${definition.method} ${definition.path}) answered ${problem}\n` +
          `request: ${sent}\nanswer: ${response.body.slice(0, 1_000)}\nreplay with FUZZ_SEED=${seed}`,
      );
    }
  };

  /** The caller that gets past the route's access check, so its payload reaches the parser. */
  const callerOf = (definition: RouteDefinition): CallerName => {
    if (typeof definition.access === 'object') {
      return 'operator';
    }
    return definition.access === 'member' ? 'member' : 'anonymous';
  };

  const loginMember = async () => {
    const client = authClient(testApp);
    const login = await client.login(memberUsername);
    tokens.member = (login.data as { token: string }).token;
  };

  const operator: StaffCredentials = { username: operatorUsername, password: '' };
  const loginOperator = async () => {
    tokens.operator = await signInStaff(
      (body) => authClient(testApp).call('POST', routes.adminLogin.path, { body }),
      operator,
      testApp.clock,
    );
  };
  /** A pending gateway deposit of the member's, for signed notifications about a real order. */
  const pendingDeposit = { orderNo: '', amount: '100.00' };

  /**
   * Unsigned fuzz never gets past a gateway's signature check. So half the gateway calls carry
   * the sandbox gateway's valid signature over whatever fields were generated, half of those
   * about the real pending order, and the notification handler itself is fuzzed.
   */
  const signedAsGateway = (request: FuzzRequest, isAboutPendingOrder: boolean): FuzzRequest => {
    const fields = request.body.kind === 'json' ? request.body.value : undefined;
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      return request;
    }
    const notification = { ...fields, ...(isAboutPendingOrder ? pendingDeposit : {}) } as Record<
      string,
      unknown
    >;
    const { orderNo, amount, status, timestamp } = notification;
    const isShaped =
      typeof orderNo === 'string' &&
      typeof amount === 'string' &&
      (status === 'paid' || status === 'cancelled') &&
      typeof timestamp === 'number';
    if (!isShaped) {
      return request;
    }
    const signature = testApp.services.cashier.signGatewayCallback({ orderNo, amount, status, timestamp });
    return { ...request, body: { kind: 'json', value: { ...notification, signature } } };
  };

  /** A live launch of IMTY by the fuzzed member: its token lets fuzzed debits reach the money. */
  const venueLaunch = { token: '' };

  /**
   * Unsigned fuzz never gets past a venue's signature check either. So half the venue calls are
   * signed as IMTY, and half of those carry the member's live launch token where a body has one.
   */
  const signedAsVenue = (request: FuzzRequest, hasLiveToken: boolean): FuzzRequest => {
    const fields = request.body.kind === 'json' ? request.body.value : undefined;
    const isTokened = hasLiveToken && typeof fields === 'object' && fields !== null && 'token' in fields;
    return {
      ...request,
      isVenueSigned: true,
      ...(isTokened ? { body: { kind: 'json', value: { ...fields, token: venueLaunch.token } } } : {}),
    };
  };

  const fuzzedRequests = (definition: RouteDefinition): fc.Arbitrary<FuzzRequest> => {
    if (definition.access === 'gateway') {
      return fc
        .tuple(requestArbitrary(definition), fc.boolean(), fc.boolean())
        .map(([request, isSigned, isAboutPendingOrder]) =>
          isSigned ? signedAsGateway(request, isAboutPendingOrder) : request,
        );
    }
    if (definition.access === 'venue') {
      return fc
        .tuple(requestArbitrary(definition), fc.boolean(), fc.boolean())
        .map(([request, isSigned, hasLiveToken]) =>
          isSigned ? signedAsVenue(request, hasLiveToken) : request,
        );
    }
    return requestArbitrary(definition);
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const client = authClient(testApp);
    // A member with a verified name and money, so cashier handlers get past their first checks.
    tokens.member = (await registered(client, memberUsername)).token;
    await verifyRealName(client, tokens.member);
    const cashier = cashierClient(testApp);
    await cashier.deposit(tokens.member, '1000.00');
    const pending = await cashier.asMember<{ orderNo: string }>(tokens.member, routes.depositCreate.path, {
      channelId: 2,
      amount: pendingDeposit.amount,
      orderId: 'fuzz-pending-deposit',
    });
    pendingDeposit.orderNo = pending.data.orderNo;
    operator.password = (await testApp.services.operators.create(operatorUsername)).password;
    await loginOperator();
    const launched = await cashier.asMember<{ token: string }>(tokens.member, routes.venueLaunch.path, {
      enName: 'IMTY',
    });
    venueLaunch.token = launched.data.token;
  });

  afterAll(async () => {
    await testApp.close();
  });

  /**
   * A route may end a caller's state (logout, a block of the fuzzer's network): restore it so the
   * next route's handlers are exercised, not only its refusals.
   */
  afterEach(async () => {
    const client = authClient(testApp);
    const listBlocks = () =>
      client.call<{ kind: string; value: string }[]>('GET', routes.adminBlockList.path, {
        token: tokens.operator,
      });
    let blocks = await listBlocks();
    if (blocks.code !== 6000) {
      await loginOperator();
      blocks = await listBlocks();
    }
    for (const block of blocks.data) {
      await client.call('POST', routes.adminUnblock.path, { token: tokens.operator, body: block });
    }
    const info = await client.memberInfo(tokens.member);
    if (info.code !== 6000) {
      await loginMember();
    }
  });

  it.each(routeEntries)('%s answers every input within the envelope', async (name, definition) => {
    const own = callerOf(definition);
    const validParams = fc.sample(paramsArbitrary(definition), { seed, numRuns: 1 })[0] ?? {};
    for (const raw of rawBodies) {
      await expectEnvelope(name, definition, {
        caller: own,
        params: validParams,
        query: {},
        body: { kind: 'raw', ...raw },
      });
    }
    if (definition.path.includes('/:')) {
      for (const segment of rawSegments) {
        await expectEnvelope(
          name,
          definition,
          { caller: own, params: {}, query: {}, body: { kind: 'none' } },
          segment,
        );
      }
    }
    const routeSeed = seed + routeEntries.findIndex(([entryName]) => entryName === name);
    await fc.assert(
      fc.asyncProperty(fuzzedRequests(definition), async (request) => {
        await expectEnvelope(name, definition, request);
      }),
      { seed: routeSeed, numRuns: runsPerRoute },
    );
  });

  it('answers 10003 naming the field for an integer past its column (it used to reach PostgreSQL: a 500)', async () => {
    const cashier = cashierClient(testApp);
    const channel = await cashier.asMember(tokens.member, routes.depositCreate.path, {
      channelId: 2_147_483_648,
      amount: '100.00',
      orderId: 'fuzz-int4-overflow',
    });
    expect(channel).toMatchObject({ code: 10003, data: { field: 'channelId' } });
    const page = await cashier.asMember(tokens.member, routes.depositList.path, {
      pageNum: 2_147_483_648,
      pageSize: 100,
    });
    expect(page).toMatchObject({ code: 10003, data: { field: 'pageNum' } });
    const lastPage = await cashier.asMember(tokens.member, routes.depositList.path, {
      pageNum: 2_147_483_647,
      pageSize: 100,
    });
    expect(lastPage).toMatchObject({ code: 6000, data: { list: [] } });
  });
});
