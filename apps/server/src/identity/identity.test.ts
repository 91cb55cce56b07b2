import { isValidResidentId, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, registered } from '../session/test-support.ts';
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

/** A valid GB 11643 number for the birth date, with the check character computed. */
function residentId(birthDate: string, sequence = '123'): string {
  const body = `110101${birthDate}${sequence}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

const submit = (token: string, body: object) =>
  client.call<Record<string, unknown>>('POST', routes.identitySubmit.path, { token, body });
const status = (token: string) =>
  client.call<Record<string, unknown>>('GET', routes.identityStatus.path, { token });

describe('real-name verification', () => {
  it('checks the GB 11643 checksum and the birth date', () => {
    expect(isValidResidentId('11010519491231002X')).toBe(true);
    expect(isValidResidentId('110105194912310021')).toBe(false);
    expect(isValidResidentId('110105194902300026')).toBe(false);
    expect(isValidResidentId(residentId('19900101'))).toBe(true);
  });

  it('starts at none, approves an adult and shows only masked values', async () => {
    const { token } = await registered(client, 'identity01');
    expect((await status(token)).data).toMatchObject({ status: 'none', realName: null });
    const idNumber = residentId('19900101');
    const answer = await submit(token, { realName: '张三丰', idNumber });
    expect(answer.code).toBe(6000);
    expect(answer.data).toMatchObject({ status: 'approved', realName: '**丰', reason: '' });
    expect(answer.data.idNumber).toBe(`110${'*'.repeat(11)}${idNumber.slice(-4)}`);
    expect((await status(token)).data).toMatchObject({ status: 'approved' });
    expect((await submit(token, { realName: '张三丰', idNumber })).code).toBe(10001);
  });

  it('refuses a bad checksum, a non-Chinese name and an ID number verified by another account', async () => {
    const { token } = await registered(client, 'identity02');
    const badChecksum = await submit(token, { realName: '李四', idNumber: '110105194912310021' });
    expect(badChecksum).toMatchObject({ code: 10003, data: { field: 'idNumber' } });
    const latinName = await submit(token, { realName: 'Li Si', idNumber: residentId('19850505') });
    expect(latinName).toMatchObject({ code: 10003, data: { field: 'realName' } });
    const taken = await submit(token, { realName: '李四', idNumber: residentId('19900101') });
    expect(taken).toMatchObject({ code: 10003, data: { field: 'idNumber' } });
    expect(taken.message).toContain('该证件号已被其他账户使用');
  });

  it('rejects a minor with the reason and lets the member submit again', async () => {
    const { token } = await registered(client, 'identity03');
    const minorBirth = new Date(testApp.clock.now() - 10 * 365 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    const minor = await submit(token, { realName: '王五', idNumber: residentId(minorBirth, '456') });
    expect(minor.data).toMatchObject({ status: 'rejected', reason: '未满18周岁，不能完成实名认证' });
    const adult = await submit(token, { realName: '王五', idNumber: residentId('19800808', '456') });
    expect(adult.data).toMatchObject({ status: 'approved' });
  });

  it('answers 10004 without a session', async () => {
    expect((await client.call('GET', routes.identityStatus.path)).code).toBe(10004);
  });
});
