import { type AccountLink, headerNames, type OperatorRole, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRealName } from '../identity/test-support.ts';
import { authClient, registered } from '../session/test-support.ts';
import { createSecondSite, createTestApp, type TestApp } from '../testing.ts';
import { type StaffCredentials, signInStaff } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let superToken = '';
let riskToken = '';
let supportToken = '';
let contentToken = '';
let riskBToken = '';
const siteB = 9002;
const sharedCard = '6222020200112345679';

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  await createSecondSite(testApp, siteB);
  // Site B open for members, so the same device, IP and card can be used on both sites.
  await testApp.services.sites.update(siteB, { maintainStatus: 1, stopLogin: false, stopRegister: false });
  const { password } = await testApp.services.operators.create('link_root');
  superToken = await signInStaff(login, { username: 'link_root', password }, testApp.clock);
  riskToken = await staffToken('link_risk', 'risk', [9001]);
  supportToken = await staffToken('link_support', 'support', [9001]);
  contentToken = await staffToken('link_content', 'content', [9001]);
  riskBToken = await staffToken('link_risk_b', 'risk', [siteB]);
  await seedMembers();
});
afterAll(async () => {
  await testApp.close();
});

const login = (body: object) => client.call('POST', routes.adminLogin.path, { body });

async function staffToken(username: string, role: OperatorRole, siteIds: number[]) {
  const created = await client.call<{ password: string }>('POST', routes.adminStaffCreate.path, {
    token: superToken,
    body: { username, role, siteIds },
  });
  const credentials: StaffCredentials = { username, password: created.data.password };
  return signInStaff(login, credentials, testApp.clock);
}

const onSite = (siteId: number) => ({ [headerNames.siteId]: String(siteId) });

async function bindCard(token: string, siteId = 9001) {
  const answer = await client.call('POST', routes.withdrawAccountAdd.path, {
    token,
    headers: onSite(siteId),
    body: { kind: 'bank', bankCode: 'ICBC', accountNumber: sharedCard },
  });
  expect(answer.code).toBe(6000);
}

/**
 * linkmain shares a device with linkdev1, an IP with linkip01 and a card with linkcard1;
 * linkalone shares nothing; linksiteb (site B) uses the same device, IP and card.
 */
async function seedMembers() {
  const main = await registered(client, 'linkmain', { device: 'link-device-1', ip: '192.0.2.201' });
  await registered(client, 'linkdev1', { device: 'link-device-1', ip: '192.0.2.202' });
  await registered(client, 'linkip01', { device: 'link-device-2', ip: '192.0.2.201' });
  const card = await registered(client, 'linkcard1', { device: 'link-device-3', ip: '192.0.2.203' });
  await registered(client, 'linkalone', { device: 'link-device-4', ip: '192.0.2.204' });
  await verifyRealName(client, main.token, '张三');
  await verifyRealName(client, card.token, '李四');
  await bindCard(main.token);
  await bindCard(card.token);
  const siteBMember = await registered(client, 'linksiteb', {
    device: 'link-device-1',
    ip: '192.0.2.201',
    headers: onSite(siteB),
  });
  const verifiedOnB = await client.call('POST', routes.identitySubmit.path, {
    token: siteBMember.token,
    headers: onSite(siteB),
    body: { realName: '王五', idNumber: '11010519491231002X' },
  });
  expect(verifiedOnB.code).toBe(6000);
  await bindCard(siteBMember.token, siteB);
}

interface Linked {
  username: string;
  links: AccountLink[];
}

const linked = (username: string, token = riskToken, siteId = 9001) =>
  client.call<Linked>('POST', routes.adminLinkedAccounts.path, {
    token,
    headers: onSite(siteId),
    body: { username },
  });

const shared = (kind: string, token = riskToken, siteId = 9001) =>
  client.call<{
    list: { kind: string; value: string; memberCount: number; members: { username: string }[] }[];
    total: number;
  }>('POST', routes.adminSharedAccess.path, {
    token,
    headers: onSite(siteId),
    body: { kind, pageNum: 1, pageSize: 100 },
  });

const usernamesOf = (links: AccountLink[], kind: AccountLink['kind']) =>
  links.filter((link) => link.kind === kind).flatMap((link) => link.members.map((member) => member.username));

describe('linked accounts of a member', () => {
  it('finds who shared a device, an IP or a payout account with the member, on this site only', async () => {
    const answer = await linked('LinkMain');
    expect(answer.code).toBe(6000);
    expect(answer.data.username).toBe('linkmain');
    const { links } = answer.data;
    expect(usernamesOf(links, 'device')).toEqual(['linkdev1']);
    expect(usernamesOf(links, 'ip')).toEqual(['linkip01']);
    expect(usernamesOf(links, 'payoutAccount')).toEqual(['linkcard1']);
    expect(links.find((link) => link.kind === 'device')?.value).toBe('link-device-1');
    const card = links.find((link) => link.kind === 'payoutAccount');
    expect(card?.value).toBe('中国工商银行(尾号5679)');
    expect(JSON.stringify(answer.data)).not.toContain(sharedCard);
    expect(JSON.stringify(answer.data)).not.toContain('linksiteb');
    expect(card?.members[0]).toMatchObject({ status: 'active', lastUsedAt: expect.any(String) });
  });

  it('answers an empty list for a member who shares nothing', async () => {
    expect((await linked('linkalone')).data.links).toEqual([]);
  });

  it('keeps a removed payout account linked: a card once bound still ties the accounts', async () => {
    const cards = await client.login<{ token: string }>('linkcard1', {
      device: 'link-device-3',
      ip: '192.0.2.203',
    });
    const token = cards.data.token;
    const list = await client.call<{ id: number }[]>('POST', routes.withdrawAccountList.path, { token });
    const id = list.data[0]?.id;
    expect((await client.call('POST', routes.withdrawAccountDelete.path, { token, body: { id } })).code).toBe(
      6000,
    );
    expect(usernamesOf((await linked('linkmain')).data.links, 'payoutAccount')).toEqual(['linkcard1']);
  });

  it("sees site B's member from site B only", async () => {
    const fromB = await linked('linksiteb', riskBToken, siteB);
    expect(fromB.code).toBe(6000);
    expect(fromB.data.links).toEqual([]);
    expect(await linked('linkmain', riskBToken, siteB)).toMatchObject({
      code: 10003,
      data: { field: 'username' },
    });
    expect((await linked('linkmain', riskBToken)).code).toBe(10001);
  });
});

describe('shared devices, IPs and payout accounts of the site', () => {
  it('lists each one used by more than one member, with those members, on this site only', async () => {
    const devices = await shared('device');
    expect(devices.data.list).toContainEqual(
      expect.objectContaining({ kind: 'device', value: 'link-device-1', memberCount: 2 }),
    );
    const device = devices.data.list.find((row) => row.value === 'link-device-1');
    expect(device?.members.map((member) => member.username).sort()).toEqual(['linkdev1', 'linkmain']);
    expect(devices.data.list.some((row) => row.value === 'link-device-4')).toBe(false);

    const ips = await shared('ip');
    expect(ips.data.list.find((row) => row.value === '192.0.2.201')?.memberCount).toBe(2);

    const cards = await shared('payoutAccount');
    expect(cards.data.list).toEqual([
      expect.objectContaining({ value: '中国工商银行(尾号5679)', memberCount: 2 }),
    ]);
    expect(JSON.stringify(cards.data)).not.toContain(sharedCard);

    const onB = await shared('device', riskBToken, siteB);
    expect(onB.data.list.find((row) => row.value === 'link-device-1')).toBeUndefined();
  });

  it('pages the list and counts every row', async () => {
    const firstPage = await client.call<{ list: unknown[]; total: number }>(
      'POST',
      routes.adminSharedAccess.path,
      { token: riskToken, body: { kind: 'device', pageNum: 1, pageSize: 1 } },
    );
    expect(firstPage.data.list).toHaveLength(1);
    expect(firstPage.data.total).toBeGreaterThanOrEqual(1);
    const beyond = await client.call<{ list: unknown[]; total: number }>(
      'POST',
      routes.adminSharedAccess.path,
      {
        token: riskToken,
        body: { kind: 'device', pageNum: 1000, pageSize: 100 },
      },
    );
    expect(beyond.data.list).toEqual([]);
    expect(beyond.data.total).toBe(firstPage.data.total);
  });

  it('lets 客服 read, refuses a role without risk.read, and answers 10003 for a bad kind', async () => {
    expect((await shared('device', supportToken)).code).toBe(6000);
    expect((await shared('device', contentToken)).code).toBe(10001);
    expect((await linked('linkmain', contentToken)).code).toBe(10001);
    expect((await shared('email')).code).toBe(10003);
    expect((await linked('')).code).toBe(10003);
  });
});
