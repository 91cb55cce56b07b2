import { headerNames, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { sessionPolicy } from './sessions.ts';
import { authClient, homeOf, registered, strongPassword } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const newPassword = 'Another-Long-Secret-42';
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
    const claims = testApp.services.auth.verifySocketToken(answer.data.token);
    expect(claims).toMatchObject({
      sub: String(member.memberId),
      site: 9001,
      dev: homeOf('sess0006').device,
    });
    expect(testApp.services.auth.verifySocketToken(`${answer.data.token}x`)).toBeUndefined();
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

describe('change password', () => {
  const change = (token: string, body: object) =>
    client.call('POST', routes.changePassword.path, { ...as('pass0001'), token, body });

  it('refuses a wrong old password or a weak new one and keeps the old hash', async () => {
    const { token } = await registered(client, 'pass0001');
    const hashBefore = await passwordHashOf('pass0001');
    const wrongOld = await change(token, {
      oldPassword: 'nope-nope',
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(wrongOld).toMatchObject({ code: 10001, message: '原密码错误' });
    const weak = await change(token, {
      oldPassword: strongPassword,
      password: 'iloveyou1',
      confirmPassword: 'iloveyou1',
    });
    expect(weak).toMatchObject({ code: 10003, data: { field: 'password' } });
    expect(await passwordHashOf('pass0001')).toBe(hashBefore);
    expect(await infoCode(token, 'pass0001')).toBe(6000);
  });

  it('changes it: other sessions answer 10105, this one stays, the new password signs in', async () => {
    const h5 = await client.login('pass0001', { headers: { [headerNames.clientType]: 'h5' } });
    const web = await client.login('pass0001');
    const changed = await change(web.data.token, {
      oldPassword: strongPassword,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(changed.code).toBe(6000);
    expect(await infoCode(h5.data.token, 'pass0001', { [headerNames.clientType]: 'h5' })).toBe(10105);
    expect(await infoCode(web.data.token, 'pass0001')).toBe(6000);
    expect((await client.login('pass0001')).code).toBe(10001);
    expect((await client.login('pass0001', { extra: { password: newPassword } })).code).toBe(6000);
  });
});

async function passwordHashOf(username: string) {
  const row = await testApp.stores.db
    .selectFrom('members')
    .select('password_hash')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('forgotten password', () => {
  const phone = '13700005555';
  const outboxCount = async () =>
    (
      await testApp.stores.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', phone)
        .execute()
    ).length;
  const send = async (username: string, destination: string, ip: string) =>
    client.call('POST', routes.forgotPasswordSend.path, {
      ip,
      body: { username, channel: 'sms', destination, ...(await client.solvedCaptcha()) },
    });
  const reset = (code: string, password = newPassword) =>
    client.call('POST', routes.forgotPasswordReset.path, {
      body: { username: 'forgot01', code, password, confirmPassword: password },
    });

  it('sends a code only when name and phone match, answering the same either way', async () => {
    await registered(client, 'forgot01', { extra: { phone } });
    const mismatch = await send('forgot01', '13700009999', '192.0.2.31');
    const unknown = await send('nobody01', '13700008888', '192.0.2.32');
    expect(mismatch).toMatchObject({ code: 6000, data: { resendAfterMs: 60_000 } });
    expect(unknown).toEqual(mismatch);
    expect(await outboxCount()).toBe(0);
    const noCaptcha = await client.call('POST', routes.forgotPasswordSend.path, {
      body: { username: 'forgot01', channel: 'sms', destination: phone },
    });
    expect(noCaptcha.code).toBe(6021);
    expect((await send('forgot01', phone, '192.0.2.33')).code).toBe(6000);
    expect(await outboxCount()).toBe(1);
    expect((await send('forgot01', phone, '192.0.2.34')).code).toBe(6501);
    expect(await outboxCount()).toBe(1);
  });

  it('resets with the code (10409 when wrong, used or expired); every session then answers 10105', async () => {
    const { token } = await client.login('forgot01').then((answer) => answer.data);
    const body = (
      await testApp.stores.db
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', phone)
        .executeTakeFirstOrThrow()
    ).body;
    const code = /验证码 (\d{6})/.exec(body)?.[1] ?? '';
    const hashBefore = await passwordHashOf('forgot01');
    expect((await reset(code === '000000' ? '111111' : '000000')).code).toBe(10409);
    expect((await reset(code, 'password')).code).toBe(10003);
    expect(await passwordHashOf('forgot01')).toBe(hashBefore);
    expect(await infoCode(token, 'forgot01')).toBe(6000);
    expect((await reset(code)).code).toBe(6000);
    expect((await reset(code)).code).toBe(10409);
    expect(await infoCode(token, 'forgot01')).toBe(10105);
    expect((await client.login('forgot01', { extra: { password: newPassword } })).code).toBe(6000);
  });
});
