import { Writable } from 'node:stream';
import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
import { authClient, homeOf, strongPassword } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  testApp = await createTestApp({ logLevel: 'trace', logStream: stream });
  client = authClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

describe('logs', () => {
  it('never carry a username, password, token, hash, phone or code', async () => {
    const username = 'LogSafe01';
    const phone = '13500007777';
    const registered = await client.register(username, { extra: { phone } });
    const failed = await client.login(username, { extra: { password: 'Wrong-Password-1' } });
    const signedIn = await client.login(username);
    await client.memberInfo(signedIn.data.token, homeOf(username));
    const unusual = await client.login(username, { ip: '192.0.2.44', device: 'device-away-0044' });
    const captcha = await client.solvedCaptcha();
    await client.call('POST', routes.forgotPasswordSend.path, {
      body: { username, channel: 'sms', destination: phone, ...captcha },
    });
    const outbox = await testApp.stores.db.selectFrom('outbox_messages').select('body').execute();
    const codes = outbox.map((message) => /验证码 (\d{6})/.exec(message.body)?.[1] ?? 'none');
    const { password_hash: passwordHash } = await testApp.stores.db
      .selectFrom('members')
      .select('password_hash')
      .where('username', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();

    expect([registered.code, failed.code, signedIn.code, unusual.code]).toEqual([6000, 10001, 6000, 6035]);
    const output = lines.join('');
    // One line per request: the seven calls above were all logged, with their urls.
    expect(lines.filter((line) => line.includes('"msg":"request"')).length).toBeGreaterThanOrEqual(7);
    const secrets = [
      username,
      username.toLowerCase(),
      strongPassword,
      'Wrong-Password-1',
      registered.data.token,
      signedIn.data.token,
      passwordHash,
      passwordHash.split('$').at(-1) ?? passwordHash,
      phone,
      captcha.captchaCode.length > 0 ? `"${captcha.captchaCode}"` : 'none',
      ...codes,
    ];
    for (const secret of secrets) {
      expect(output).not.toContain(secret);
    }
  });
});
