import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorPrincipal } from '../http/access.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { deviceVerificationRules } from './device-verification.ts';
import { deviceAccountRules } from './login.ts';
import { authClient, footprint, homeOf, registered } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

/** The code in the newest sandbox message to `recipient`. */
async function lastCodeSentTo(recipient: string) {
  const row = await testApp.stores.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return /验证码 (\d{6})/.exec(row?.body ?? '')?.[1] ?? '';
}

describe('unusual IP or device', () => {
  it('answers 6025 for a new IP, 6026 for a new device, 6027 for both, until a captcha is solved', async () => {
    await registered(client, 'risk0001');
    const home = homeOf('risk0001');
    const before = await footprint(testApp, 'risk0001');
    expect((await client.login('risk0001', { ip: '192.0.2.1' })).code).toBe(6025);
    expect((await client.login('risk0001', { device: 'device-new-0001' })).code).toBe(6026);
    const both = await client.login('risk0001', { ip: '192.0.2.1', device: 'device-new-0001' });
    expect(both).toMatchObject({ code: 6027, data: { isCaptchaRequired: true } });
    expect(await footprint(testApp, 'risk0001')).toEqual(before);
    const solved = await client.login('risk0001', { ip: '192.0.2.1', extra: await client.solvedCaptcha() });
    expect(solved.code).toBe(6000);
    expect((await client.login('risk0001', { ip: '192.0.2.1', device: home.device })).code).toBe(6000);
  });

  it('refuses a device that signed in to too many accounts today with 6029', async () => {
    const sharedDevice = 'device-shared-0001';
    const names = ['share001', 'share002', 'share003', 'share004'];
    for (const name of names) {
      await registered(client, name, { device: sharedDevice });
    }
    expect(deviceAccountRules.otherAccountsMax).toBe(names.length - 2);
    const before = await footprint(testApp, 'share004');
    const refused = await client.login('share004', { device: sharedDevice });
    expect(refused.code).toBe(6029);
    expect(await footprint(testApp, 'share004')).toEqual(before);
    testApp.clock.advance(deviceAccountRules.windowMs);
    expect((await client.login('share004', { device: sharedDevice })).code).toBe(6000);
  });
});

describe('device verification by code', () => {
  const phone = '13900001111';
  const away = { ip: '192.0.2.90', device: 'device-away-0001' };

  async function startVerification(username: string) {
    const answer = await client.login<{ ticket: string }>(username, away);
    expect(answer.code).toBe(6035);
    return answer.data.ticket;
  }
  const verify = (ticket: string, code: string, device = away.device) =>
    client.call('POST', routes.deviceVerify.path, { ip: away.ip, device, body: { ticket, code } });

  it('sends a code to the bound phone and signs in with it (6035, then 6000)', async () => {
    await registered(client, 'verify01', { extra: { phone } });
    const before = await footprint(testApp, 'verify01');
    const answer = await client.login<{ ticket: string }>('verify01', away);
    expect(answer).toMatchObject({ code: 6035, data: { destination: '*******1111' } });
    expect(await footprint(testApp, 'verify01')).toEqual(before);
    const ticket = answer.data.ticket;
    const code = await lastCodeSentTo(phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(await verify(ticket, wrongCode)).toMatchObject({ code: 6036, data: { attemptsLeft: 4 } });
    expect(await verify(ticket, code, 'device-thief-0001')).toMatchObject({ code: 6035 });
    expect(await footprint(testApp, 'verify01')).toEqual(before);
    expect((await verify(ticket, code)).code).toBe(6000);
    expect((await verify(ticket, code)).code).toBe(6038);
    expect((await client.login('verify01', away)).code).toBe(6000);
  });

  it('locks after five wrong codes (6037) and expires codes (6038)', async () => {
    await registered(client, 'verify02', { extra: { phone: '13900002222' } });
    const ticket = await startVerification('verify02');
    const code = await lastCodeSentTo('13900002222');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt < deviceVerificationRules.attemptsMax; attempt += 1) {
      expect((await verify(ticket, wrongCode)).code).toBe(6036);
    }
    expect((await verify(ticket, wrongCode)).code).toBe(6037);
    const before = await footprint(testApp, 'verify02');
    expect((await client.login('verify02', away)).code).toBe(6037);
    expect(await footprint(testApp, 'verify02')).toEqual(before);

    await registered(client, 'verify03', { extra: { phone: '13900003333' } });
    const expiring = await startVerification('verify03');
    const expiringCode = await lastCodeSentTo('13900003333');
    testApp.clock.advance(deviceVerificationRules.codeTtlMs);
    expect((await verify(expiring, expiringCode)).code).toBe(6038);
    expect((await verify('no-such-ticket', expiringCode)).code).toBe(6038);
  });

  it('limits resends per ticket and starts per member with 6039', async () => {
    await registered(client, 'verify04', { extra: { phone: '13900004444' } });
    const ticket = await startVerification('verify04');
    const resend = () => client.call('POST', routes.deviceVerifyResend.path, { ...away, body: { ticket } });
    for (let send = 2; send <= deviceVerificationRules.sendsPerTicketMax; send += 1) {
      expect(await resend()).toMatchObject({ code: 6000, data: { destination: '*******4444' } });
    }
    expect((await resend()).code).toBe(6039);
    for (let start = 2; start <= deviceVerificationRules.startsPerMemberPerHour; start += 1) {
      await startVerification('verify04');
    }
    expect((await client.login('verify04', away)).code).toBe(6039);
  });
});

describe('blocks', () => {
  /** The staff member the blocks are made as: each one is audited under its name. */
  let actor: OperatorPrincipal;
  beforeAll(async () => {
    const { staff } = await testApp.services.operators.create('risk_tester');
    actor = { operatorId: BigInt(staff.id), username: staff.username, role: staff.role, siteId: 9001 };
  });

  it('answers 10104 for a blocked account only after a correct password, and changes nothing', async () => {
    const member = await registered(client, 'block001');
    await testApp.services.operators.memberRisk.block(actor, 'member', 'block001', 'test');
    const before = await footprint(testApp, 'block001');
    expect((await client.login('block001')).code).toBe(10104);
    expect((await client.login('block001', { extra: { password: 'wrong-password' } })).code).toBe(10001);
    expect((await client.memberInfo(member.token, { device: homeOf('block001').device })).code).toBe(10104);
    expect(await footprint(testApp, 'block001')).toEqual(before);
    await testApp.services.operators.memberRisk.unblock(actor, 'member', 'block001');
    expect((await client.login('block001')).code).toBe(6000);
  });

  it('answers 10102 for a blocked device, 6031 for a blocked IP and 6033 for a blocked network', async () => {
    const member = await registered(client, 'block002');
    const home = homeOf('block002');
    const operator = testApp.services.operators.memberRisk;
    const before = await footprint(testApp, 'block002');
    await operator.block(actor, 'device', home.device, '');
    expect((await client.login('block002')).code).toBe(10102);
    expect((await client.memberInfo(member.token, { device: home.device, ip: home.ip })).code).toBe(10102);
    expect((await client.register('block003', { device: home.device })).code).toBe(10102);
    await operator.unblock(actor, 'device', home.device);
    await operator.block(actor, 'ip', home.ip, '');
    expect((await client.login('block002')).code).toBe(6031);
    await operator.unblock(actor, 'ip', home.ip);
    await operator.block(actor, 'ip', `${home.ip.split('.').slice(0, 3).join('.')}.0/24`, '');
    expect((await client.login('block002')).code).toBe(6033);
    expect((await client.register('block003', { ip: home.ip })).code).toBe(6033);
    expect(await footprint(testApp, 'block002')).toEqual(before);
    await operator.unblock(actor, 'ip', `${home.ip.split('.').slice(0, 3).join('.')}.0/24`);
    expect((await client.login('block002')).code).toBe(6000);
  });
});
