import { headerNames, routes, type SportsbookMatch, type SportsbookMatchFilter } from '@site/contract';
import { expect } from 'vitest';
import { type Clock, systemClock } from '../../server/src/stores/clock.ts';
import { signedHeaders } from '../../server/src/testing.ts';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export const e2ePassword = 'Qw8#zLm2pX';

/**
 * The API as the browser tests call it from outside the page: signed like the web client, as a
 * member or an operator (`token`), optionally from one device (`deviceUuid`), at the time of the
 * server's `clock` when the test moves it on.
 */
export function testApi(baseUrl: string, options: { deviceUuid?: string; clock?: Clock } = {}) {
  let adjustments = 0;
  const headersOf = (method: 'GET' | 'POST', path: string, token: string | undefined) =>
    signedHeaders(method, path, options.clock ?? systemClock, {
      ...(options.deviceUuid ? { [headerNames.deviceUuid]: options.deviceUuid } : {}),
      ...(token ? { [headerNames.token]: token } : {}),
    });

  /** A POST answering the whole envelope, whatever its code. */
  const send = async <T>(path: string, body: object, token?: string): Promise<Envelope<T>> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { ...(await headersOf('POST', path, token)), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Envelope<T>;
  };

  const dataOf = <T>(path: string, envelope: Envelope<T>): T => {
    expect(envelope.code, `${path}: ${envelope.message}`).toBe(6000);
    return envelope.data;
  };

  /** A POST that must succeed; answers its data. */
  const call = async <T>(path: string, body: object, token?: string): Promise<T> =>
    dataOf(path, await send<T>(path, body, token));

  /** A GET that must succeed; answers its data. */
  const get = async <T>(path: string, token?: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: await headersOf('GET', path, token) });
    return dataOf(path, (await response.json()) as Envelope<T>);
  };

  /** Registers `username` (password `e2ePassword`); answers its token and member id. */
  const register = async (username: string): Promise<{ token: string; memberId: number }> => {
    const { token } = await call<{ token: string }>(routes.register.path, {
      username,
      password: e2ePassword,
      confirmPassword: e2ePassword,
      isAdultConfirmed: true,
    });
    const { memberId } = await call<{ memberId: number }>(routes.memberInfo.path, {}, token);
    return { token, memberId };
  };

  /** Credits `amount` (yuan) to a member's main wallet as the operator holding `operatorToken`. */
  const credit = (operatorToken: string, memberId: number, amount: string) =>
    call(
      routes.adminAdjust.path,
      {
        memberId,
        direction: 'credit',
        amount,
        reason: '浏览器测试入款',
        adjustmentId: `e2e-credit-${memberId}-${++adjustments}`,
      },
      operatorToken,
    );

  /** A new member holding `amount` on the main wallet, credited by the operator; answers its token. */
  const memberWithMoney = async (operatorToken: string, username: string, amount: string) => {
    const member = await register(username);
    await credit(operatorToken, member.memberId, amount);
    return member.token;
  };

  /** The sportsbook's first 50 football matches of one list (滚球, 今日 or 早盘), by kick-off. */
  const footballMatches = async (filter: SportsbookMatchFilter) =>
    (
      await call<{ list: SportsbookMatch[] }>(routes.sportsbookMatches.path, {
        filter,
        sport: 'football',
        pageNum: 1,
        pageSize: 50,
      })
    ).list;

  return { send, call, get, register, credit, memberWithMoney, footballMatches };
}

export type TestApi = ReturnType<typeof testApi>;
