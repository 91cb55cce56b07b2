import { headerNames, type LoginResult, routes } from '@site/contract';
import { signedHeaders, type TestApp } from '../testing.ts';

/** Helpers for the member and session API tests: signed calls as a given device, IP and token. */
export interface CallOptions {
  body?: unknown;
  token?: string;
  device?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer<T = unknown> {
  code: number;
  message: string;
  data: T;
}

export const strongPassword = 'Corr3ct-Horse-Battery';

/**
 * Each test member gets its own home IP and device, used by default for its register and login
 * calls, so only a test that means to look unusual (or shared) does.
 */
const homes = new Map<string, { ip: string; device: string }>();
export function homeOf(username: string) {
  let home = homes.get(username);
  if (!home) {
    const index = homes.size + 1;
    home = { ip: `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`, device: `device-home-${index}` };
    homes.set(username, home);
  }
  return home;
}

export function authClient(testApp: TestApp) {
  const call = async <T = unknown>(method: 'GET' | 'POST', url: string, options: CallOptions = {}) => {
    const headers = await signedHeaders(method, url, testApp.clock, {
      [headerNames.deviceUuid]: options.device ?? 'device-unnamed-0001',
      ...(options.token ? { [headerNames.token]: options.token } : {}),
      ...options.headers,
    });
    const response = await testApp.app.inject({
      method,
      url,
      headers,
      remoteAddress: options.ip ?? '203.0.113.10',
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return response.json() as Answer<T>;
  };

  const solvedCaptcha = async () => {
    const issued = await call<{ captchaId: string }>('GET', routes.captcha.path);
    const captchaCode = testApp.services.sessions.captchaAnswerForTests(issued.data.captchaId) ?? '';
    return { captchaId: issued.data.captchaId, captchaCode };
  };

  const register = async (username: string, options: CallOptions & { extra?: object } = {}) =>
    call<LoginResult>('POST', routes.register.path, {
      ip: homeOf(username).ip,
      device: homeOf(username).device,
      ...options,
      body: {
        username,
        password: strongPassword,
        confirmPassword: strongPassword,
        isAdultConfirmed: true,
        ...options.extra,
      },
    });

  const login = async <T = LoginResult>(username: string, options: CallOptions & { extra?: object } = {}) =>
    call<T>('POST', routes.login.path, {
      ip: homeOf(username).ip,
      device: homeOf(username).device,
      ...options,
      body: { username, password: strongPassword, ...options.extra },
    });

  const memberInfo = async (token: string, options: CallOptions = {}) =>
    call('POST', routes.memberInfo.path, { ...options, token });

  return { call, solvedCaptcha, register, login, memberInfo };
}

/** Registers a member and answers its token; fails the test when registration is refused. */
export async function registered(
  client: ReturnType<typeof authClient>,
  username: string,
  options: CallOptions & { extra?: object } = {},
): Promise<LoginResult> {
  const answer = await client.register(username, options);
  if (answer.code !== 6000) {
    throw new Error(`registration refused with ${answer.code}: ${answer.message}`);
  }
  return answer.data;
}

/** What a refused login must leave unchanged: the member's sessions and login history. */
export async function footprint(testApp: TestApp, username: string) {
  const db = testApp.stores.db;
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const count = async (table: 'member_sessions' | 'login_history') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('member_id', '=', member.id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return { sessions: await count('member_sessions'), logins: await count('login_history') };
}
