import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { sessionPolicy } from './sessions.ts';
import { authClient, footprint, homeOf, registered, strongPassword } from './test-support.ts';
import { loginThrottleRules } from './throttle.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const wrongPassword = { password: 'not-the-password' };

describe('login', () => {
  it('signs in with remember-me for 90 days, otherwise for a day', async () => {
    await registered(client, 'login001');
    const remembered = await client.login('login001', { extra: { isRemember: true } });
    expect(remembered.code).toBe(6000);
    expect(Date.parse(remembered.data.expiresAt)).toBe(
      testApp.clock.now() + sessionPolicy.rememberedAbsoluteMs,
    );
    const plain = await client.login('login001');
    expect(Date.parse(plain.data.expiresAt)).toBe(testApp.clock.now() + sessionPolicy.absoluteMs);
    expect((await client.memberInfo(plain.data.token)).code).toBe(6000);
  });

  it('answers a wrong password and an unknown name alike, and changes nothing', async () => {
    await registered(client, 'login002');
    const before = await footprint(testApp, 'login002');
    const wrong = await client.login('login002', { extra: wrongPassword });
    const unknown = await client.login('nobody99', { ip: homeOf('login002').ip });
    expect(wrong).toMatchObject({ code: 10001, message: '用户名或密码错误' });
    expect(unknown).toMatchObject({ code: 10001, message: '用户名或密码错误' });
    expect(await footprint(testApp, 'login002')).toEqual(before);
  });

  it('asks for a captcha after three failures (6021, 6024) and accepts a solved one', async () => {
    await registered(client, 'login003');
    const before = await footprint(testApp, 'login003');
    for (let attempt = 1; attempt <= loginThrottleRules.captchaAfterAccountFailures; attempt += 1) {
      const answer = await client.login('login003', { extra: wrongPassword });
      expect(answer.data).toEqual({
        isCaptchaRequired: attempt >= loginThrottleRules.captchaAfterAccountFailures,
      });
    }
    expect((await client.login('login003')).code).toBe(6021);
    const captcha = await client.solvedCaptcha();
    const wrongCaptcha = await client.login('login003', { extra: { ...captcha, captchaCode: 'abcd' } });
    expect(wrongCaptcha.code).toBe(6024);
    expect((await client.login('login003', { extra: captcha })).code).toBe(6024);
    expect(await footprint(testApp, 'login003')).toEqual(before);
    const solved = await client.login('login003', { extra: await client.solvedCaptcha() });
    expect(solved.code).toBe(6000);
    expect((await client.login('login003')).code).toBe(6000);
  });

  it('slows the failing IP with growing delays while the owner elsewhere still signs in', async () => {
    await registered(client, 'login004');
    const attackerIp = '192.0.2.66';
    const attempt = async (extra: object, ip = attackerIp) =>
      client.login('login004', { ip, extra: { ...extra, ...(await client.solvedCaptcha()) } });
    for (let failure = 1; failure <= loginThrottleRules.delayAfterPairFailures; failure += 1) {
      expect((await attempt(wrongPassword)).code).toBe(10001);
    }
    const before = await footprint(testApp, 'login004');
    const delayed = await attempt({});
    expect(delayed.code).toBe(6501);
    expect(delayed.message).toMatch(/请\d+秒后再试/);
    expect(await footprint(testApp, 'login004')).toEqual(before);
    const owner = await client.login('login004', { extra: await client.solvedCaptcha() });
    expect(owner.code).toBe(6000);
  });

  it('lets the delayed pair try again once the delay has passed', async () => {
    await registered(client, 'login005');
    const ip = '192.0.2.67';
    const attempt = async (extra: object) =>
      client.login('login005', {
        ip,
        device: homeOf('login005').device,
        extra: { ...extra, ...(await client.solvedCaptcha()) },
      });
    for (let failure = 1; failure <= loginThrottleRules.delayAfterPairFailures; failure += 1) {
      await attempt(wrongPassword);
    }
    expect((await attempt(wrongPassword)).code).toBe(6501);
    testApp.clock.advance(loginThrottleRules.delayFirstMs);
    expect((await attempt(wrongPassword)).code).toBe(10001);
    // The sixth failure doubled the delay.
    expect((await attempt(wrongPassword)).code).toBe(6501);
  });

  it('honours stopLogin with 10001 and starts no session', async () => {
    await registered(client, 'login006');
    const before = await footprint(testApp, 'login006');
    await testApp.services.sites.update(9001, { stopLogin: true });
    const refused = await client.login('login006');
    await testApp.services.sites.update(9001, { stopLogin: false });
    expect(refused.code).toBe(10001);
    expect(refused.message).toContain('暂停登录');
    expect(await footprint(testApp, 'login006')).toEqual(before);
  });

  it('validates the payload with 10003', async () => {
    const missing = await client.call('POST', routes.login.path, { body: { username: 'login001' } });
    expect(missing).toMatchObject({ code: 10003, data: { field: 'password' } });
    const badTotp = await client.login('login001', { extra: { password: strongPassword, totpCode: '12' } });
    expect(badTotp).toMatchObject({ code: 10003, data: { field: 'totpCode' } });
  });
});

describe('brute force with every captcha solved', () => {
  const solvedWith = async (extra: object) => ({ ...extra, ...(await client.solvedCaptcha()) });

  it('locks the account for other devices after ten failures from ten addresses; its own device still signs in', async () => {
    await registered(client, 'login007');
    for (let failure = 1; failure <= loginThrottleRules.delayAfterAccountFailures; failure += 1) {
      const answer = await client.login('login007', {
        ip: `192.0.2.${100 + failure}`,
        device: `device-attack-${failure}`,
        extra: await solvedWith(wrongPassword),
      });
      expect(answer.code).toBe(10001);
    }
    const before = await footprint(testApp, 'login007');
    const rightPassword = await client.login('login007', {
      ip: '192.0.2.99',
      device: 'device-attack-last',
      extra: await solvedWith({}),
    });
    expect(rightPassword.code).toBe(6501);
    expect(await footprint(testApp, 'login007')).toEqual(before);
    expect((await client.login('login007', { extra: await solvedWith({}) })).code).toBe(6000);
  });

  it('locks an address that tries one password on many accounts', async () => {
    const ip = '192.0.2.150';
    for (let failure = 1; failure <= loginThrottleRules.delayAfterIpFailures; failure += 1) {
      const answer = await client.login(`spray${String(failure).padStart(3, '0')}`, {
        ip,
        device: 'device-spray-0001',
        extra: await solvedWith(wrongPassword),
      });
      expect(answer.code).toBe(10001);
    }
    await registered(client, 'login008');
    const next = await client.login('login008', {
      ip,
      device: 'device-spray-0001',
      extra: await solvedWith({}),
    });
    expect(next.code).toBe(6501);
  });
});

describe('security state beside a flooded cache', () => {
  it('keeps the captcha requirement and the delays through 10,050 json-cache writes', async () => {
    await registered(client, 'login009');
    const attackerIp = '192.0.2.160';
    for (let failure = 1; failure <= loginThrottleRules.delayAfterPairFailures; failure += 1) {
      const answer = await client.login('login009', {
        ip: attackerIp,
        extra: { ...wrongPassword, ...(await client.solvedCaptcha()) },
      });
      expect(answer.code).toBe(10001);
    }
    // What 10,050 anonymous json-cache writes from as many addresses store: more than the
    // 10,000 entries the in-process cache keeps.
    for (let entry = 0; entry < 10_050; entry += 1) {
      await testApp.stores.cache.set(`json-cache:9001:flood-${entry}`, 'x', 60_000);
    }
    expect((await client.login('login009', { ip: attackerIp })).code).toBe(6501);
    expect((await client.login('login009')).code).toBe(6021);
    expect((await client.login('login009', { extra: await client.solvedCaptcha() })).code).toBe(6000);
  });
});
