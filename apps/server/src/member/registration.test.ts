import { referralExpiryMs } from '@site/contract';
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

const memberCount = async () =>
  Number(
    (
      await testApp.stores.db
        .selectFrom('members')
        .select((eb) => eb.fn.countAll<bigint>().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );
const memberRow = (username: string) =>
  testApp.stores.db
    .selectFrom('members')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

describe('registration', () => {
  it('creates the member, signs them in and records the first login', async () => {
    const result = await registered(client, 'Alice001', { extra: { phone: '13812345678' } });
    expect(result.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.member).toMatchObject({ username: 'alice001', phone: '*******5678', isTotpEnabled: false });
    const info = await client.memberInfo(result.token, { device: homeOf('Alice001').device });
    expect(info).toMatchObject({ code: 6000, data: { username: 'alice001' } });
    const row = await memberRow('alice001');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(strongPassword);
  });

  it('answers 6002 for a malformed or taken username and stores nothing', async () => {
    const before = await memberCount();
    for (const username of ['1abcdef', 'abc', 'has space1', 'a'.repeat(17), '用户名abcdef']) {
      expect((await client.register(username)).code).toBe(6002);
    }
    const taken = await client.register('ALICE001', { ip: '192.0.2.200' });
    expect(taken).toMatchObject({ code: 6002, message: '该用户名已被注册' });
    expect(await memberCount()).toBe(before);
  });

  it('refuses weak, mismatched or short passwords and a missing 18+ confirmation with 10003', async () => {
    const before = await memberCount();
    const attempt = (extra: object) => client.register('bobby001', { extra });
    expect(await attempt({ password: 'password1', confirmPassword: 'password1' })).toMatchObject({
      code: 10003,
      data: { field: 'password' },
    });
    expect(await attempt({ password: 'qwertyuiop', confirmPassword: 'qwertyuiop' })).toMatchObject({
      code: 10003,
    });
    expect(await attempt({ confirmPassword: 'something-else-1' })).toMatchObject({
      code: 10003,
      data: { field: 'confirmPassword' },
    });
    expect(await attempt({ password: 'short1', confirmPassword: 'short1' })).toMatchObject({
      code: 10003,
      data: { field: 'password' },
    });
    expect(await attempt({ password: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) })).toMatchObject({
      code: 10003,
    });
    expect(await attempt({ password: 'Bobby001', confirmPassword: 'Bobby001' })).toMatchObject({
      code: 10003,
    });
    expect(await attempt({ isAdultConfirmed: false })).toMatchObject({
      code: 10003,
      data: { field: 'isAdultConfirmed' },
    });
    expect(await memberCount()).toBe(before);
  });

  it('checks the phone against the site rules', async () => {
    const before = await memberCount();
    const disabled = await client.register('carol001', { extra: { phone: '17012345678' } });
    expect(disabled).toMatchObject({ code: 10003, data: { field: 'phone' } });
    const malformed = await client.register('carol001', { extra: { phone: '12345' } });
    expect(malformed).toMatchObject({ code: 10003, data: { field: 'phone' } });
    expect(await memberCount()).toBe(before);
  });

  it('honours stopRegister with 10001 and stores nothing', async () => {
    const before = await memberCount();
    await testApp.services.sites.update(9001, { stopRegister: true });
    const refused = await client.register('dave0001');
    await testApp.services.sites.update(9001, { stopRegister: false });
    expect(refused.code).toBe(10001);
    expect(refused.message).toContain('暂停注册');
    expect(await memberCount()).toBe(before);
  });
});

describe('referrals', () => {
  let inviterCode = '';
  beforeAll(async () => {
    inviterCode = (await registered(client, 'inviter01')).member.inviteCode;
  });

  it('binds the code typed into the form, and refuses an unknown one without storing', async () => {
    await registered(client, 'friend001', { extra: { inviteCode: inviterCode } });
    const friend = await memberRow('friend001');
    const inviter = await memberRow('inviter01');
    expect(friend).toMatchObject({
      inviter_member_id: inviter.id,
      referral_param: 'form',
      is_agent_referral: false,
    });
    const before = await memberCount();
    const unknown = await client.register('friend002', { extra: { inviteCode: 'NOPE1234' } });
    expect(unknown).toMatchObject({ code: 10003, data: { field: 'inviteCode' } });
    expect(await memberCount()).toBe(before);
  });

  it('binds stored codes only while unexpired, and agent_verify marks an agent referral', async () => {
    const now = testApp.clock.now();
    const expired = { code: inviterCode, savedAt: now - referralExpiryMs.i_code - 1 };
    await registered(client, 'friend003', { extra: { referralCodes: { i_code: expired } } });
    expect(await memberRow('friend003')).toMatchObject({ inviter_member_id: null, referral_param: null });
    const fresh = { code: inviterCode, savedAt: now - referralExpiryMs.i_code + 60_000 };
    await registered(client, 'friend004', {
      extra: { referralCodes: { i_code: expired, r_code: fresh }, agentVerify: '1' },
    });
    expect(await memberRow('friend004')).toMatchObject({ referral_param: 'r_code', is_agent_referral: true });
    const inviteLink = { code: inviterCode, savedAt: now - 23 * 3_600_000 };
    await registered(client, 'friend005', {
      extra: { referralCodes: { invite_code: inviteLink, r_bet: fresh } },
    });
    expect(await memberRow('friend005')).toMatchObject({ referral_param: 'invite_code' });
  });
});

describe('registration flood from one IP', () => {
  it('asks for a captcha after three registrations an hour (6021, then 6024 when wrong)', async () => {
    const ip = '192.0.2.77';
    for (const username of ['flood001', 'flood002', 'flood003']) {
      await registered(client, username, { ip });
    }
    const before = await memberCount();
    expect((await client.register('flood004', { ip })).code).toBe(6021);
    const issued = await client.solvedCaptcha();
    const wrong = await client.register('flood004', {
      ip,
      extra: { captchaId: issued.captchaId, captchaCode: issued.captchaCode === '0000' ? '1111' : '0000' },
    });
    expect(wrong.code).toBe(6024);
    const reused = await client.register('flood004', { ip, extra: issued });
    expect(reused.code).toBe(6024);
    expect(await memberCount()).toBe(before);
    const solved = await client.register('flood004', { ip, extra: await client.solvedCaptcha() });
    expect(solved.code).toBe(6000);
  });
});
