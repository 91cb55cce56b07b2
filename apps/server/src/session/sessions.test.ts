import { headerNames, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { sessionPolicy } from './sessions.ts';
import { authClient, homeOf, registered } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const as = (username: string) => ({ ip: homeOf(username).ip, device: homeOf(username).device });
const infoCode = async (token: string, username: string, headers: Record<string, string> = {}) =>
  (await client.call('POST', routes.memberInfo.path, { ...as(username), token, headers })).code;

describe('member session', () => {
  it('answers member info, with the locked money when asked', async () => {
    const { token } = await registered(client, 'sess0001', { extra: { email: 'Sess@Example.com' } });
    const plain = await client.call('POST', routes.memberInfo.path, { ...as('sess0001'), token });
    expect(plain).toMatchObject({ code: 6000, data: { username: 'sess0001', email: 'se***@example.com' } });
    expect(plain.data).not.toHaveProperty('lockMoney');
    const withLock = await client.call('POST', routes.memberInfo.path, {
      ...as('sess0001'),
      token,
      body: { withLockMoney: 1 },
    });
    expect(withLock).toMatchObject({ code: 6000, data: { lockMoney: '0.00' } });
  });

  it('answers 10004 without a token, with an unknown one, or one from another site', async () => {
    const { token } = await registered(client, 'sess0002');
    expect(await infoCode('', 'sess0002')).toBe(10004);
    expect(await infoCode('x'.repeat(43), 'sess0002')).toBe(10004);
    const otherSite = await client.call('POST', routes.memberInfo.path, {
      ...as('sess0002'),
      token,
      headers: { [headerNames.siteId]: '4242' },
    });
    expect(otherSite.code).toBe(10003);
  });

  it('ends the older session of the same client type with 6001, and keeps the h5 one', async () => {
    const first = await registered(client, 'sess0003');
    const h5 = await client.login('sess0003', { headers: { [headerNames.clientType]: 'h5' } });
    const second = await client.login('sess0003');
    expect(await infoCode(first.token, 'sess0003')).toBe(6001);
    expect(await infoCode(second.data.token, 'sess0003')).toBe(6000);
    expect(await infoCode(h5.data.token, 'sess0003', { [headerNames.clientType]: 'h5' })).toBe(6000);
  });

  it('keeps one live session when logins of one member race', async () => {
    const member = await registered(client, 'sess0008');
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.login('sess0008')));
    expect(answers.map((answer) => answer.code)).toEqual(Array(6).fill(6000));
    const live = await testApp.stores.db
      .selectFrom('member_sessions')
      .select('id')
      .where('member_id', '=', BigInt(member.member.memberId))
      .where('ended_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
  });

  it('ends after the idle time unless used, and after the absolute time regardless', async () => {
    const { token } = await registered(client, 'sess0004');
    testApp.clock.advance(sessionPolicy.idleMs - 60_000);
    expect(await infoCode(token, 'sess0004')).toBe(6000);
    testApp.clock.advance(sessionPolicy.idleMs - 60_000);
    expect(await infoCode(token, 'sess0004')).toBe(6000);
    testApp.clock.advance(sessionPolicy.idleMs);
    expect(await infoCode(token, 'sess0004')).toBe(10004);

    const remembered = await client.login('sess0004', { extra: { isRemember: true } });
    for (let day = 0; day < 90; day += 10) {
      testApp.clock.advance(10 * 24 * 3_600_000);
      const expected = day + 10 < 90 ? 6000 : 10004;
      expect(await infoCode(remembered.data.token, 'sess0004')).toBe(expected);
    }
  });

  it('logs out: the token then answers 10004, and logging out again is harmless', async () => {
    const { token } = await registered(client, 'sess0005');
    const logout = () => client.call('POST', routes.logout.path, { ...as('sess0005'), token });
    expect((await logout()).code).toBe(6000);
    expect(await infoCode(token, 'sess0005')).toBe(10004);
    expect((await logout()).code).toBe(6000);
  });

  it('hands out a signed socket token for the member', async () => {
    const { token, member } = await registered(client, 'sess0006');
    const answer = await client.call<{ token: string; expiresAt: string }>('GET', routes.memberJwt.path, {
      ...as('sess0006'),
      token,
    });
    expect(answer.code).toBe(6000);
    const socketLogin = (socketToken: string, device: string) =>
      testApp.services.sessions.authenticateSocket(socketToken, device);
    expect(await socketLogin(answer.data.token, homeOf('sess0006').device)).toMatchObject({
      memberId: BigInt(member.memberId),
      siteId: 9001,
    });
    await expect(socketLogin(`${answer.data.token}x`, homeOf('sess0006').device)).rejects.toMatchObject({
      code: 10004,
    });
    await expect(socketLogin(answer.data.token, 'another-device-01')).rejects.toMatchObject({ code: 10004 });
    expect((await client.call('GET', routes.memberJwt.path, as('sess0006'))).code).toBe(10004);
  });

  it('lists the login history, newest first, with time, IP and device', async () => {
    const { token } = await registered(client, 'sess0007');
    testApp.clock.advance(1_000);
    const latest = await client.login('sess0007', { extra: { isRemember: true } });
    const history = await client.call<{
      list: { ip: string; deviceUuid: string; loginAt: string }[];
      total: number;
    }>('GET', `${routes.loginHistory.path}?pageNum=1&pageSize=10`, {
      ...as('sess0007'),
      token: latest.data.token,
    });
    expect(history.data.total).toBe(2);
    expect(history.data.list[0]).toMatchObject({
      ip: homeOf('sess0007').ip,
      deviceUuid: homeOf('sess0007').device,
    });
    expect(Date.parse(history.data.list[0]?.loginAt ?? '')).toBeGreaterThan(
      Date.parse(history.data.list[1]?.loginAt ?? ''),
    );
    expect((await client.call('GET', routes.loginHistory.path, { ...as('sess0007'), token })).code).toBe(
      6001,
    );
  });
});
