import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authClient, homeOf, registered } from '../session/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { signInStaff } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let operatorToken = '';

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  const { password } = await testApp.services.operators.create('admin');
  operatorToken = await signInStaff(staffLogin, { username: 'admin', password }, testApp.clock);
});
afterAll(async () => {
  await testApp.close();
});

const staffLogin = (body: object) => client.call('POST', routes.adminLogin.path, { body });
const asOperator = (method: 'GET' | 'POST', url: string, body?: object) =>
  client.call(method, url, { token: operatorToken, ...(body ? { body } : {}) });

describe('operator accounts', () => {
  it('signs operators in with their own password and refuses a wrong one', async () => {
    const wrong = await client.call('POST', routes.adminLogin.path, {
      body: { username: 'admin', password: 'nope' },
    });
    expect(wrong).toMatchObject({ code: 10001, message: '用户名或密码错误' });
    expect((await asOperator('GET', routes.adminBlockList.path)).code).toBe(6000);
  });

  it('refuses member tokens and anonymous calls with 10004, and logged-out operators too', async () => {
    const member = await registered(client, 'adminm01');
    expect((await client.call('GET', routes.adminBlockList.path)).code).toBe(10004);
    const withMemberToken = await client.call('GET', routes.adminBlockList.path, { token: member.token });
    expect(withMemberToken.code).toBe(10004);
    const { password } = await testApp.services.operators.create('shift_two');
    const second = await signInStaff(staffLogin, { username: 'shift_two', password }, testApp.clock);
    await client.call('POST', routes.adminLogout.path, { token: second });
    expect((await client.call('GET', routes.adminBlockList.path, { token: second })).code).toBe(10004);
  });
});

describe('operator blocks', () => {
  it('blocks an account: its session and its logins answer 10104 until unblocked', async () => {
    const member = await registered(client, 'adminm02');
    const home = homeOf('adminm02');
    const blocked = await asOperator('POST', routes.adminBlock.path, {
      kind: 'member',
      value: 'AdminM02',
      reason: '风控',
    });
    expect(blocked.code).toBe(6000);
    expect((await client.memberInfo(member.token, home)).code).toBe(10104);
    expect((await client.login('adminm02')).code).toBe(10104);
    const list = await asOperator('GET', routes.adminBlockList.path);
    expect(list.data).toContainEqual(
      expect.objectContaining({ kind: 'member', value: 'adminm02', reason: '风控' }),
    );
    await asOperator('POST', routes.adminUnblock.path, { kind: 'member', value: 'adminm02' });
    expect((await client.login('adminm02')).code).toBe(6000);
  });

  it('blocks and unblocks devices, addresses and networks', async () => {
    await registered(client, 'adminm03');
    const home = homeOf('adminm03');
    await asOperator('POST', routes.adminBlock.path, { kind: 'device', value: home.device });
    expect((await client.login('adminm03')).code).toBe(10102);
    await asOperator('POST', routes.adminUnblock.path, { kind: 'device', value: home.device });
    await asOperator('POST', routes.adminBlock.path, { kind: 'ip', value: home.ip });
    expect((await client.login('adminm03')).code).toBe(6031);
    await asOperator('POST', routes.adminUnblock.path, { kind: 'ip', value: home.ip });
    await asOperator('POST', routes.adminBlock.path, { kind: 'ip', value: '198.51.0.0/16' });
    expect((await client.login('adminm03')).code).toBe(6033);
    await asOperator('POST', routes.adminUnblock.path, { kind: 'ip', value: '198.51.0.0/16' });
    expect((await client.login('adminm03')).code).toBe(6000);
  });

  it('shuts a blocked address or device out of every API call until unblocked, operators exempt', async () => {
    const preInfoFrom = async (ip: string, device = 'device-visitor-0001') =>
      (await client.call('POST', routes.preInfo.path, { ip, device })).code;
    expect(await preInfoFrom('203.0.113.7')).toBe(6000);
    await asOperator('POST', routes.adminBlock.path, { kind: 'ip', value: '203.0.113.7', reason: '风控' });
    const refused = await client.call('POST', routes.preInfo.path, {
      ip: '203.0.113.7',
      device: 'device-visitor-0001',
    });
    expect(refused).toMatchObject({ code: 6031, data: { ip: '203.0.113.7' } });
    expect(await preInfoFrom('203.0.113.8')).toBe(6000);
    await asOperator('POST', routes.adminBlock.path, { kind: 'ip', value: '203.0.113.0/24', reason: '风控' });
    expect(await preInfoFrom('203.0.113.8')).toBe(6033);
    await asOperator('POST', routes.adminBlock.path, {
      kind: 'device',
      value: 'device-visitor-0009',
      reason: '风控',
    });
    expect(await preInfoFrom('192.0.2.1', 'device-visitor-0009')).toBe(10102);
    expect((await asOperator('GET', routes.adminBlockList.path)).code).toBe(6000);
    await asOperator('POST', routes.adminUnblock.path, { kind: 'ip', value: '203.0.113.7' });
    await asOperator('POST', routes.adminUnblock.path, { kind: 'ip', value: '203.0.113.0/24' });
    await asOperator('POST', routes.adminUnblock.path, { kind: 'device', value: 'device-visitor-0009' });
    expect(await preInfoFrom('203.0.113.7')).toBe(6000);
    expect(await preInfoFrom('192.0.2.1', 'device-visitor-0009')).toBe(6000);
  });

  it('refuses malformed blocks and unknown members with 10003 and stores nothing', async () => {
    const before = (await asOperator('GET', routes.adminBlockList.path)).data;
    expect((await asOperator('POST', routes.adminBlock.path, { kind: 'ip', value: 'not-an-ip' })).code).toBe(
      10003,
    );
    expect(
      (await asOperator('POST', routes.adminBlock.path, { kind: 'member', value: 'ghost001' })).code,
    ).toBe(10003);
    expect(
      (await asOperator('POST', routes.adminUnblock.path, { kind: 'device', value: 'device-none-01' })).code,
    ).toBe(10003);
    expect((await asOperator('GET', routes.adminBlockList.path)).data).toEqual(before);
  });
});

describe('operator views', () => {
  it("shows a member's login history", async () => {
    await registered(client, 'adminm04');
    await client.login('adminm04');
    const history = await asOperator('POST', routes.adminMemberLoginHistory.path, {
      username: 'adminm04',
      pageNum: 1,
      pageSize: 10,
    });
    expect(history).toMatchObject({ code: 6000, data: { total: 2 } });
    expect((history.data as { list: { ip: string }[] }).list[0]?.ip).toBe(homeOf('adminm04').ip);
  });

  it('reads the sandbox outbox', async () => {
    await registered(client, 'adminm05', { extra: { phone: '13600006666' } });
    await client.login('adminm05', { ip: '192.0.2.150', device: 'device-away-0150' });
    const outbox = await asOperator('GET', `${routes.adminOutbox.path}?pageNum=1&pageSize=5`);
    expect(
      (outbox.data as { list: { recipient: string; purpose: string; body: string }[] }).list[0],
    ).toMatchObject({
      recipient: '13600006666',
      purpose: 'device_verification',
      body: expect.stringMatching(/验证码 \d{6}/),
    });
  });
});

describe('the audit log sorts on the server', () => {
  type Entries = { list: Array<{ id: number; at: string; action: string }>; total: number };
  const list = async (body: object) =>
    (await asOperator('POST', routes.adminAuditList.path, body)) as { code: number; data: Entries };

  it('sorts by time both ways with the id breaking ties, the same page after page', async () => {
    for (const username of ['sort_one', 'sort_two', 'sort_three']) {
      await testApp.services.operators.create(username);
      const created = await asOperator('POST', routes.adminStaffCreate.path, {
        username: `${username}_b`,
        role: 'finance',
        siteIds: [9001],
      });
      expect(created.code).toBe(6000);
    }
    const ascending = await list({ sortBy: 'at', sortOrder: 'asc', pageSize: 100 });
    const descending = await list({ sortBy: 'at', sortOrder: 'desc', pageSize: 100 });
    expect(ascending.data.total).toBeGreaterThanOrEqual(3);
    const keys = ascending.data.list.map((entry) => [Date.parse(entry.at), entry.id] as const);
    const sorted = keys.toSorted(([atA, idA], [atB, idB]) => atA - atB || idA - idB);
    expect(keys).toEqual(sorted);
    expect(descending.data.list.map((entry) => entry.id)).toEqual(
      ascending.data.list.map((entry) => entry.id).toReversed(),
    );
    const pageByPage: number[] = [];
    for (let pageNum = 1; pageNum <= ascending.data.total; pageNum += 1) {
      const page = await list({ sortBy: 'at', sortOrder: 'desc', pageNum, pageSize: 2 });
      pageByPage.push(...page.data.list.map((entry) => entry.id));
      if (page.data.list.length < 2) {
        break;
      }
    }
    expect(pageByPage).toEqual(descending.data.list.map((entry) => entry.id));
  });

  it('refuses a field the route does not sort by, naming sortBy', async () => {
    expect(await asOperator('POST', routes.adminAuditList.path, { sortBy: 'reason' })).toMatchObject({
      code: 10003,
      data: { field: 'sortBy' },
    });
  });
});

describe('member search sorts on the server', () => {
  it('orders the members one device found by registration time both ways', async () => {
    for (const username of ['sortm01', 'sortm02', 'sortm03']) {
      await registered(client, username, { device: 'device-sort-shared' });
      testApp.clock.advance(1000);
    }
    const search = async (sortOrder: 'asc' | 'desc') =>
      (
        (await asOperator('POST', routes.adminMemberSearch.path, {
          field: 'device',
          value: 'device-sort-shared',
          sortBy: 'createdAt',
          sortOrder,
        })) as { data: { list: Array<{ username: string }> } }
      ).data.list.map((member) => member.username);
    expect(await search('asc')).toEqual(['sortm01', 'sortm02', 'sortm03']);
    expect(await search('desc')).toEqual(['sortm03', 'sortm02', 'sortm01']);
    expect(
      await asOperator('POST', routes.adminMemberSearch.path, {
        field: 'ip',
        value: '1.2.3.4',
        sortBy: 'phone',
      }),
    ).toMatchObject({ code: 10003, data: { field: 'sortBy' } });
  });
});
