import { headerNames, maskPhone, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRealName } from '../identity/test-support.ts';
import { authClient, homeOf, registered } from '../session/test-support.ts';
import { createSecondSite, createTestApp, type TestApp } from '../testing.ts';
import { type StaffCredentials, signInStaff } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let superToken = '';
let supportToken = '';
let contentToken = '';

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  await createSecondSite(testApp, 9002);
  const login = (body: object) => client.call('POST', routes.adminLogin.path, { body });
  const { password } = await testApp.services.operators.create('view_admin');
  superToken = await signInStaff(login, { username: 'view_admin', password }, testApp.clock);
  const staffToken = async (username: string, role: string) => {
    const created = await client.call<{ password: string }>('POST', routes.adminStaffCreate.path, {
      token: superToken,
      body: { username, role, siteIds: [9001] },
    });
    const credentials: StaffCredentials = { username, password: created.data.password };
    return signInStaff(login, credentials, testApp.clock);
  };
  supportToken = await staffToken('view_support', 'support');
  contentToken = await staffToken('view_content', 'content');
});
afterAll(async () => {
  await testApp.close();
});

interface SearchPage {
  list: { username: string; phone: string | null; status: string }[];
  total: number;
}

const search = (field: string, value: string, token = supportToken, siteId = 9001) =>
  client.call<SearchPage>('POST', routes.adminMemberSearch.path, {
    token,
    headers: { [headerNames.siteId]: String(siteId) },
    body: { field, value, pageNum: 1, pageSize: 20 },
  });

describe('member search', () => {
  it('finds members by username, phone, invite code, real name, IP and device, phones masked as members see them', async () => {
    const member = await registered(client, 'viewm001', { extra: { phone: '13700001111' } });
    await verifyRealName(client, member.token, '李四');
    const info = await client.memberInfo(member.token, { device: homeOf('viewm001').device });
    const inviteCode = (info.data as { inviteCode: string }).inviteCode;
    const found = (answer: Awaited<ReturnType<typeof search>>) => answer.data.list.map((row) => row.username);
    expect(found(await search('username', 'ViewM001'))).toEqual(['viewm001']);
    expect(found(await search('phone', '13700001111'))).toEqual(['viewm001']);
    expect((await search('phone', '13700001111')).data.list[0]?.phone).toBe(maskPhone('13700001111'));
    expect(found(await search('inviteCode', inviteCode))).toEqual(['viewm001']);
    expect(found(await search('realName', '李四'))).toContain('viewm001');
    expect(found(await search('ip', homeOf('viewm001').ip))).toEqual(['viewm001']);
    expect(found(await search('device', homeOf('viewm001').device))).toEqual(['viewm001']);
    expect((await search('username', 'nobody01')).data).toMatchObject({ list: [], total: 0 });
  });

  it('finds every member who shared a device', async () => {
    await registered(client, 'viewm002', { device: 'device-shared-01' });
    await registered(client, 'viewm003', { device: 'device-shared-01' });
    const shared = await search('device', 'device-shared-01');
    expect(shared.data.list.map((row) => row.username).sort()).toEqual(['viewm002', 'viewm003']);
  });

  it("searches only the request's site, and refuses staff of other sites and roles without member.read", async () => {
    await registered(client, 'viewm004');
    expect((await search('username', 'viewm004', superToken, 9002)).data.total).toBe(0);
    expect((await search('username', 'viewm004', supportToken, 9002)).code).toBe(10001);
    expect((await search('username', 'viewm004', contentToken)).code).toBe(10001);
  });

  it('refuses an unknown field or an empty value with 10003', async () => {
    expect((await search('password', 'x')).code).toBe(10003);
    expect((await search('username', '   ')).code).toBe(10003);
  });
});

describe('member detail and notes', () => {
  const detail = (username: string, token = supportToken) =>
    client.call<{
      profile: { username: string; phone: string; inviterUsername: string | null; status: string };
      identity: { status: string; realName: string };
      wallet: { balance: string };
      payoutAccounts: unknown[];
      notes: { operatorUsername: string; text: string }[];
    }>('POST', routes.adminMemberDetail.path, { token, body: { username } });

  it("shows the member's profile, verification, wallet and notes, personal data masked", async () => {
    const member = await registered(client, 'viewm005', { extra: { phone: '13700005555' } });
    await verifyRealName(client, member.token, '王五');
    const shown = await detail('viewm005');
    expect(shown.code).toBe(6000);
    expect(shown.data.profile).toMatchObject({
      username: 'viewm005',
      phone: maskPhone('13700005555'),
      status: 'active',
    });
    expect(shown.data.identity).toMatchObject({ status: 'approved', realName: expect.stringContaining('*') });
    expect(shown.data.wallet).toBeDefined();
    expect(shown.data.notes).toEqual([]);
  });

  it('adds notes, newest first, with their author, and audits each', async () => {
    await registered(client, 'viewm006');
    const note = await client.call('POST', routes.adminMemberNote.path, {
      token: supportToken,
      body: { username: 'viewm006', text: '来电咨询提现到账时间' },
    });
    expect(note).toMatchObject({ code: 6000, data: { operatorUsername: 'view_support' } });
    await client.call('POST', routes.adminMemberNote.path, {
      token: supportToken,
      body: { username: 'viewm006', text: '已告知 T+0 到账' },
    });
    expect((await detail('viewm006')).data.notes.map((entry) => entry.text)).toEqual([
      '已告知 T+0 到账',
      '来电咨询提现到账时间',
    ]);
    const audit = await client.call<{ list: { action: string; operatorUsername: string }[] }>(
      'POST',
      routes.adminAuditList.path,
      { token: superToken, body: { target: 'viewm006', pageNum: 1, pageSize: 10 } },
    );
    expect(audit.data.list).toEqual([
      expect.objectContaining({ action: 'member.note', operatorUsername: 'view_support' }),
      expect.objectContaining({ action: 'member.note', operatorUsername: 'view_support' }),
    ]);
  });

  it('refuses unknown members, empty and huge notes with 10003, and notes by a role without member.note', async () => {
    expect((await detail('ghost0001')).code).toBe(10003);
    const note = (text: string, token = supportToken) =>
      client.call('POST', routes.adminMemberNote.path, { token, body: { username: 'viewm006', text } });
    expect((await note('')).code).toBe(10003);
    expect((await note('长'.repeat(501))).code).toBe(10003);
    expect((await note('运营备注', contentToken)).code).toBe(10001);
  });
});
