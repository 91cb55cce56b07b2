import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, homeOf, registered, strongPassword } from '../session/test-support.ts';
import { twoFactorThrottleRules } from '../session/throttle.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { encodeBase32, totpCodeAt, totpStepAt } from './totp.ts';

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
const codeNow = (secret: string) => totpCodeAt(secret, totpStepAt(testApp.clock.now()));
const isEnabled = async (username: string) =>
  (
    await testApp.stores.db
      .selectFrom('members')
      .select('is_totp_enabled')
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).is_totp_enabled;

describe('TOTP', () => {
  it('matches the RFC 6238 SHA-1 test vector', () => {
    const secret = encodeBase32(Buffer.from('12345678901234567890'));
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCodeAt(secret, totpStepAt(59_000))).toBe('287082');
    expect(totpCodeAt(secret, totpStepAt(1_111_111_109_000))).toBe('081804');
  });
});

describe('two-factor', () => {
  let secret = '';
  let token = '';
  let memberId = 0n;

  it('switches on only with a code from the new secret', async () => {
    const member = await registered(client, 'totp0001');
    token = member.token;
    memberId = BigInt(member.member.memberId);
    const setup = await client.call<{ secret: string; otpauthUrl: string }>('POST', routes.totpSetup.path, {
      ...as('totp0001'),
      token,
    });
    secret = setup.data.secret;
    expect(setup.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+totp0001\?secret=[A-Z2-7]+/);
    const enable = (code: string) =>
      client.call('POST', routes.totpEnable.path, { ...as('totp0001'), token, body: { code } });
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    expect((await enable(wrong)).code).toBe(10409);
    expect(await isEnabled('totp0001')).toBe(false);
    expect((await enable(codeNow(secret))).code).toBe(6000);
    expect(await isEnabled('totp0001')).toBe(true);
  });

  it('then login needs a current, unused code (10409 otherwise) and starts no session without it', async () => {
    testApp.clock.advance(30_000);
    const sessions = async () =>
      (
        await testApp.stores.db
          .selectFrom('member_sessions')
          .select('id')
          .where('ended_at', 'is', null)
          .execute()
      ).length;
    const before = await sessions();
    const missing = await client.login('totp0001');
    expect(missing).toMatchObject({ code: 10409, data: { isTotpRequired: true } });
    const wrong = codeNow(secret) === '000000' ? '111111' : '000000';
    expect((await client.login('totp0001', { extra: { totpCode: wrong } })).code).toBe(10409);
    expect(await sessions()).toBe(before);
    const code = codeNow(secret);
    const signedIn = await client.login('totp0001', { extra: { totpCode: code } });
    expect(signedIn.code).toBe(6000);
    expect((await client.login('totp0001', { extra: { totpCode: code } })).code).toBe(10409);
    token = signedIn.data.token;
  });

  it('guards withdrawals through verifySecondFactor', async () => {
    testApp.clock.advance(30_000);
    await expect(testApp.services.members.verifySecondFactor(memberId, undefined)).rejects.toMatchObject({
      code: 10409,
    });
    await expect(
      testApp.services.members.verifySecondFactor(memberId, codeNow(secret)),
    ).resolves.toBeUndefined();
  });

  it('switches off only with the password and a code', async () => {
    testApp.clock.advance(30_000);
    const disable = (body: object) =>
      client.call('POST', routes.totpDisable.path, { ...as('totp0001'), token, body });
    expect((await disable({ code: codeNow(secret), password: 'wrong-password' })).code).toBe(10001);
    expect(await isEnabled('totp0001')).toBe(true);
    expect((await disable({ code: codeNow(secret), password: 'Corr3ct-Horse-Battery' })).code).toBe(6000);
    expect(await isEnabled('totp0001')).toBe(false);
    expect((await client.login('totp0001')).code).toBe(6000);
  });
});

/** A member with two-factor switched on, as a test of the guess limits starts. */
async function withTwoFactor(username: string) {
  const member = await registered(client, username);
  const token = member.token;
  const setup = await client.call<{ secret: string }>('POST', routes.totpSetup.path, {
    ...as(username),
    token,
  });
  const enabled = await client.call('POST', routes.totpEnable.path, {
    ...as(username),
    token,
    body: { code: codeNow(setup.data.secret) },
  });
  expect(enabled.code).toBe(6000);
  testApp.clock.advance(30_000);
  return { secret: setup.data.secret, token, memberId: BigInt(member.member.memberId) };
}

const wrongCodeFor = (secret: string) => (codeNow(secret) === '000000' ? '111111' : '000000');

describe('two-factor guesses', () => {
  it('lock the step after five wrong codes: the sixth is refused with 6501 even when right', async () => {
    const { secret } = await withTwoFactor('totp0002');
    for (let guess = 1; guess <= twoFactorThrottleRules.delayAfterAccountFailures; guess += 1) {
      const answer = await client.login('totp0002', { extra: { totpCode: wrongCodeFor(secret) } });
      expect(answer.code).toBe(10409);
    }
    const locked = await client.login('totp0002', { extra: { totpCode: codeNow(secret) } });
    expect(locked.code).toBe(6501);
    expect(locked.message).toMatch(/请\d+秒后再试/);
    testApp.clock.advance(twoFactorThrottleRules.delayFirstMs);
    expect((await client.login('totp0002', { extra: { totpCode: codeNow(secret) } })).code).toBe(6000);
  });

  it('count on the withdrawal and switch-off paths too', async () => {
    const { secret, token, memberId } = await withTwoFactor('totp0003');
    for (let guess = 1; guess <= twoFactorThrottleRules.delayAfterAccountFailures; guess += 1) {
      await expect(
        testApp.services.members.verifySecondFactor(memberId, wrongCodeFor(secret)),
      ).rejects.toMatchObject({ code: 10409 });
    }
    await expect(
      testApp.services.members.verifySecondFactor(memberId, codeNow(secret)),
    ).rejects.toMatchObject({
      code: 6501,
    });
    const disable = await client.call('POST', routes.totpDisable.path, {
      ...as('totp0003'),
      token,
      body: { code: codeNow(secret), password: strongPassword },
    });
    expect(disable.code).toBe(6501);
    expect(await isEnabled('totp0003')).toBe(true);
  });

  it('let through no more than five of twenty concurrent guesses', async () => {
    const { secret, memberId } = await withTwoFactor('totp0004');
    const answers = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        testApp.services.members.verifySecondFactor(memberId, wrongCodeFor(secret)),
      ),
    );
    const codes = answers.map((answer) =>
      answer.status === 'rejected' ? (answer.reason as { code: number }).code : 6000,
    );
    expect(codes.filter((code) => code === 10409)).toHaveLength(
      twoFactorThrottleRules.delayAfterAccountFailures,
    );
    expect(codes.filter((code) => code === 6501)).toHaveLength(
      20 - twoFactorThrottleRules.delayAfterAccountFailures,
    );
  });
});
