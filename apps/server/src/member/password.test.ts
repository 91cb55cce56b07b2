import { headerNames, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, homeOf, registered, strongPassword } from '../session/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';

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
