import { headerNames, type OperatorRole, operatorRoles, roleHasPermission, routes } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt, totpStepAt } from '../member/totp.ts';
import { authClient } from '../session/test-support.ts';
import { createSecondSite, createTestApp, type TestApp } from '../testing.ts';
import { type StaffCredentials, signInStaff } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let superToken = '';
const siteA = 9001;
const siteB = 9002;

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  await createSecondSite(testApp, siteB);
  const { password } = await testApp.services.operators.create('root_admin');
  superToken = await signIn({ username: 'root_admin', password });
});
afterAll(async () => {
  await testApp.close();
});

const login = (body: object, options: { userAgent?: string; ip?: string } = {}) =>
  client.call('POST', routes.adminLogin.path, {
    body,
    headers: { 'user-agent': options.userAgent ?? 'staff-test-browser' },
    ...(options.ip ? { ip: options.ip } : {}),
  });

/** Signs in as the console does, enrolling the authenticator of a role that needs one. */
const signIn = (credentials: StaffCredentials, userAgent?: string) =>
  signInStaff((body) => login(body, userAgent ? { userAgent } : {}), credentials, testApp.clock);

const codeOf = (credentials: StaffCredentials) =>
  totpCodeAt(credentials.totpSecret ?? '', totpStepAt(testApp.clock.now()));

const onSite = (siteId: number) => ({ [headerNames.siteId]: String(siteId) });

const asSuper = <T = unknown>(path: string, body?: object) =>
  client.call<T>(body ? 'POST' : 'GET', path, { token: superToken, ...(body ? { body } : {}) });

interface Staff {
  id: number;
  username: string;
  role: OperatorRole;
  siteIds: number[];
  isActive: boolean;
  lastLoginAt: string | null;
}

let staffNumber = 0;

/** A staff account made through the console API, signed in; its token and record. */
async function staffWith(role: OperatorRole, siteIds: number[]) {
  staffNumber += 1;
  const created = await asSuper<{ staff: Staff; password: string }>(routes.adminStaffCreate.path, {
    username: `staff_${role}_${staffNumber}`,
    role,
    siteIds,
  });
  expect(created.code).toBe(6000);
  const credentials: StaffCredentials = {
    username: created.data.staff.username,
    password: created.data.password,
  };
  const token = await signIn(credentials);
  return { ...created.data, credentials, token };
}

/** Every operator route of the table, with the permission it declares. */
const operatorRoutes = Object.entries(routes).flatMap(([name, definition]) =>
  typeof definition.access === 'object'
    ? [{ name, method: definition.method, path: definition.path, permission: definition.access.operator }]
    : [],
);

describe('staff roles', () => {
  it('gives each role what its job needs: 客服 reads, 财务 reviews money, only 超级管理员 manages staff and the shared book', () => {
    const writes = ['risk.write', 'cashier.review', 'cashier.adjust', 'staff.manage', 'site.write'] as const;
    expect(writes.filter((permission) => roleHasPermission('support', permission))).toEqual([]);
    expect(roleHasPermission('support', 'member.read')).toBe(true);
    expect(roleHasPermission('finance', 'cashier.review')).toBe(true);
    expect(roleHasPermission('finance', 'risk.write')).toBe(false);
    expect(roleHasPermission('risk', 'cashier.review')).toBe(false);
    expect(operatorRoles.filter((role) => roleHasPermission(role, 'staff.manage'))).toEqual(['super_admin']);
    expect(operatorRoles.filter((role) => roleHasPermission(role, 'book.write'))).toEqual(['super_admin']);
    expect(operatorRoles.filter((role) => roleHasPermission(role, 'site.write'))).toEqual([
      'super_admin',
      'site_admin',
      'content',
    ]);
  });

  it('covers every operator route of the table', () => {
    expect(operatorRoutes.length).toBeGreaterThan(10);
    expect(operatorRoutes.map((route) => route.name)).toContain('adminStaffCreate');
  });

  // Each role calls each operator route with an empty payload: the permission check runs before
  // validation, so a refusal is 10001 naming the permission and an allowed call gets past it.
  describe.each(operatorRoles.filter((role) => role !== 'super_admin'))('%s', (role) => {
    it('may call exactly the routes its permissions name', async () => {
      const { token } = await staffWith(role, [siteA]);
      for (const { name, method, path, permission } of operatorRoutes) {
        const answer = await client.call(method, path, { token, ...(method === 'GET' ? {} : { body: {} }) });
        const isRefused = answer.code === 10001 && JSON.stringify(answer.data).includes(permission);
        expect({ name, isRefused }).toEqual({ name, isRefused: !roleHasPermission(role, permission) });
      }
    });
  });

  it('lets 超级管理员 call every operator route', async () => {
    for (const { name, method, path } of operatorRoutes) {
      const answer = await client.call(method, path, {
        token: superToken,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect({ name, code: answer.code }).not.toEqual({ name, code: 10001 });
    }
  });

  it('signs staff in with their role, sites and permissions', async () => {
    const created = await asSuper<{ staff: Staff; password: string }>(routes.adminStaffCreate.path, {
      username: 'finance_desk',
      role: 'finance',
      siteIds: [siteB, siteA, siteA],
    });
    const token = await signIn({ username: 'finance_desk', password: created.data.password });
    const me = await client.call('POST', routes.adminWithdrawList.path, { token, body: {} });
    expect(me.code).not.toBe(10004);
    const history = await asSuper<{ list: unknown[] }>(routes.adminStaffLoginHistory.path, {
      id: created.data.staff.id,
    });
    expect(history.data.list).toHaveLength(1);
  });
});

describe('staff sign-in with TOTP', () => {
  it('enrolls a money role at its first sign-in: the secret to scan, then a valid code binds it', async () => {
    const created = await asSuper<{ staff: Staff; password: string }>(routes.adminStaffCreate.path, {
      username: 'cashier_desk',
      role: 'finance',
      siteIds: [siteB, siteA],
    });
    const credentials: StaffCredentials = { username: 'cashier_desk', password: created.data.password };
    const first = await login(credentials);
    expect(first).toMatchObject({
      code: 10409,
      data: {
        isTotpRequired: true,
        totpSetup: {
          secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
          otpauthUrl: expect.stringContaining('otpauth://'),
        },
      },
    });
    credentials.totpSecret = (first.data as { totpSetup: { secret: string } }).totpSetup.secret;
    // A second look shows the same secret, so two tabs cannot bind two phones.
    const again = await login(credentials);
    expect(again.data).toMatchObject({ totpSetup: { secret: credentials.totpSecret } });
    expect((await login({ ...credentials, totpCode: '000000' })).code).toBe(10409);
    const bound = await login({ ...credentials, totpCode: codeOf(credentials) });
    expect(bound.data).toMatchObject({
      operator: {
        username: 'cashier_desk',
        role: 'finance',
        siteIds: [siteA, siteB],
        permissions: [
          'member.read',
          'member.note',
          'cashier.read',
          'cashier.review',
          'cashier.adjust',
          'report.read',
          'bets.read',
        ],
      },
    });
    // Bound: the password alone is refused, without a secret to scan, and a used code is spent.
    const passwordOnly = await login(credentials);
    expect(passwordOnly).toMatchObject({ code: 10409, data: { isTotpRequired: true } });
    expect(JSON.stringify(passwordOnly.data)).not.toContain('totpSetup');
    expect((await login({ ...credentials, totpCode: codeOf(credentials) })).code).toBe(10409);
    testApp.clock.advance(30_000);
    expect((await login({ ...credentials, totpCode: codeOf(credentials) })).code).toBe(6000);
  });

  it('locks the code step after five wrong codes, right code or not', async () => {
    const staff = await staffWith('site_admin', [siteA]);
    for (let guess = 0; guess < 5; guess += 1) {
      expect((await login({ ...staff.credentials, totpCode: '000000' })).code).toBe(10409);
    }
    testApp.clock.advance(30_000);
    expect((await login({ ...staff.credentials, totpCode: codeOf(staff.credentials) })).code).toBe(6501);
  });

  it('signs roles that move no money in with the password alone', async () => {
    const staff = await staffWith('support', [siteA]);
    expect((await login(staff.credentials)).code).toBe(6000);
  });

  it('resets a lost authenticator and a forgotten password, ending the sessions', async () => {
    const staff = await staffWith('finance', [siteA]);
    const oldSecret = staff.credentials.totpSecret;
    const isLive = async (token: string) =>
      (await client.call('POST', routes.adminWithdrawList.path, { token, body: {} })).code !== 10004;
    expect(await isLive(staff.token)).toBe(true);
    expect((await asSuper(routes.adminStaffResetTotp.path, { id: staff.staff.id })).code).toBe(6000);
    expect(await isLive(staff.token)).toBe(false);
    const reenrolled: StaffCredentials = { username: staff.credentials.username, password: staff.password };
    const token = await signIn(reenrolled);
    expect(reenrolled.totpSecret).not.toBe(oldSecret);
    const reset = await asSuper<{ password: string }>(routes.adminStaffResetPassword.path, {
      id: staff.staff.id,
    });
    expect(await isLive(token)).toBe(false);
    expect((await login({ ...reenrolled, totpCode: undefined })).code).toBe(10001);
    expect(await isLive(await signIn({ ...reenrolled, password: reset.data.password }))).toBe(true);
  });

  it("refuses resets and forced logout of one's own account", async () => {
    const self = (await asSuper<Staff[]>(routes.adminStaffList.path)).data.find(
      (staff) => staff.username === 'root_admin',
    );
    for (const path of [
      routes.adminStaffResetPassword.path,
      routes.adminStaffResetTotp.path,
      routes.adminStaffLogout.path,
    ]) {
      expect(await asSuper(path, { id: self?.id })).toMatchObject({
        code: 10001,
        message: '不能对自己的账号执行此操作',
      });
    }
  });
});

describe('staff sites', () => {
  it('refuses staff of site A on site B, and lets 超级管理员 work on both', async () => {
    const { token } = await staffWith('risk', [siteA]);
    const onA = await client.call('GET', routes.adminBlockList.path, { token, headers: onSite(siteA) });
    expect(onA.code).toBe(6000);
    const onB = await client.call('GET', routes.adminBlockList.path, { token, headers: onSite(siteB) });
    expect(onB).toMatchObject({ code: 10001, message: '当前账号无权操作该站点' });
    const block = await client.call('POST', routes.adminBlock.path, {
      token,
      headers: onSite(siteB),
      body: { kind: 'ip', value: '198.51.100.77' },
    });
    expect(block.code).toBe(10001);
    const superOnB = await client.call<unknown[]>('GET', routes.adminBlockList.path, {
      token: superToken,
      headers: onSite(siteB),
    });
    expect(superOnB.code).toBe(6000);
    expect(JSON.stringify(superOnB.data)).not.toContain('198.51.100.77');
  });

  it('refuses 超级管理员 with sites and other roles without any', async () => {
    const superWithSites = await asSuper(routes.adminStaffCreate.path, {
      username: 'bad_super',
      role: 'super_admin',
      siteIds: [siteA],
    });
    expect(superWithSites.code).toBe(10003);
    const siteless = await asSuper(routes.adminStaffCreate.path, {
      username: 'bad_finance',
      role: 'finance',
      siteIds: [],
    });
    expect(siteless.code).toBe(10003);
    const list = await asSuper<Staff[]>(routes.adminStaffList.path);
    expect(list.data.map((staff) => staff.username)).not.toContain('bad_finance');
  });
});

describe('staff management', () => {
  it('changes a role at once: the next call of a live session runs with it', async () => {
    const staff = await staffWith('support', [siteA]);
    const block = () =>
      client.call('POST', routes.adminBlock.path, {
        token: staff.token,
        body: { kind: 'ip', value: '198.51.100.90' },
      });
    expect((await block()).code).toBe(10001);
    const promoted = await asSuper<Staff>(routes.adminStaffUpdate.path, {
      id: staff.staff.id,
      role: 'risk',
      siteIds: [siteA],
      isActive: true,
    });
    expect(promoted.data).toMatchObject({ role: 'risk', isActive: true });
    expect((await block()).code).toBe(6000);
  });

  it('deactivating or forcing out ends the sessions; a deactivated account cannot sign in', async () => {
    const staff = await staffWith('finance', [siteA]);
    const list = () => client.call('POST', routes.adminWithdrawList.path, { token: staff.token, body: {} });
    expect((await list()).code).not.toBe(10004);
    expect((await asSuper(routes.adminStaffLogout.path, { id: staff.staff.id })).code).toBe(6000);
    expect((await list()).code).toBe(10004);
    const again = await signIn(staff.credentials);
    const deactivated = await asSuper<Staff>(routes.adminStaffUpdate.path, {
      id: staff.staff.id,
      role: 'finance',
      siteIds: [siteA],
      isActive: false,
    });
    expect(deactivated.data.isActive).toBe(false);
    expect((await client.call('POST', routes.adminWithdrawList.path, { token: again, body: {} })).code).toBe(
      10004,
    );
    const refused = await login({ username: staff.staff.username, password: staff.password });
    expect(refused.code).toBe(10001);
  });

  it('refuses to demote or deactivate oneself', async () => {
    const self = (await asSuper<Staff[]>(routes.adminStaffList.path)).data.find(
      (staff) => staff.username === 'root_admin',
    );
    const demoted = await asSuper(routes.adminStaffUpdate.path, {
      id: self?.id,
      role: 'site_admin',
      siteIds: [siteA],
      isActive: true,
    });
    expect(demoted).toMatchObject({ code: 10001, message: '不能降低或停用自己的账号' });
    const deactivated = await asSuper(routes.adminStaffUpdate.path, {
      id: self?.id,
      role: 'super_admin',
      siteIds: [],
      isActive: false,
    });
    expect(deactivated.code).toBe(10001);
  });

  it('refuses duplicate usernames and unknown staff ids with 10003', async () => {
    const duplicate = await asSuper(routes.adminStaffCreate.path, {
      username: 'root_admin',
      role: 'content',
      siteIds: [siteA],
    });
    expect(duplicate.code).toBe(10003);
    const ghost = await asSuper(routes.adminStaffUpdate.path, {
      id: 999_999,
      role: 'content',
      siteIds: [siteA],
      isActive: true,
    });
    expect(ghost.code).toBe(10003);
    expect((await asSuper(routes.adminStaffLogout.path, { id: 999_999 })).code).toBe(10003);
  });

  it('keeps a login history per staff member, failures included, and the last sign-in', async () => {
    const staff = await staffWith('content', [siteA]);
    await login({ username: staff.staff.username, password: 'wrong-password' }, { ip: '192.0.2.44' });
    await signIn(staff.credentials, 'Mozilla/5.0 console');
    const history = await asSuper<{
      list: { ip: string; userAgent: string; succeeded: boolean }[];
      total: number;
    }>(routes.adminStaffLoginHistory.path, { id: staff.staff.id, pageNum: 1, pageSize: 10 });
    expect(history.data.total).toBe(3);
    expect(history.data.list.map((login) => login.succeeded)).toEqual([true, false, true]);
    expect(history.data.list[0]?.userAgent).toBe('Mozilla/5.0 console');
    expect(history.data.list[1]?.ip).toBe('192.0.2.44');
    const listed = (await asSuper<Staff[]>(routes.adminStaffList.path)).data.find(
      (entry) => entry.id === staff.staff.id,
    );
    expect(listed?.lastLoginAt).not.toBeNull();
  });
});

describe('audit log', () => {
  interface AuditPage {
    list: {
      operatorUsername: string;
      siteId: number | null;
      action: string;
      target: string;
      before: unknown;
      after: unknown;
      reason: string;
    }[];
    total: number;
  }
  const audit = (token: string, siteId: number, query: object = {}) =>
    client.call<AuditPage>('POST', routes.adminAuditList.path, {
      token,
      headers: onSite(siteId),
      body: { pageNum: 1, pageSize: 50, ...query },
    });

  it('records staff changes with the state before and after, for 超级管理员 only', async () => {
    const staff = await staffWith('support', [siteA]);
    await asSuper(routes.adminStaffUpdate.path, {
      id: staff.staff.id,
      role: 'risk',
      siteIds: [siteA, siteB],
      isActive: true,
    });
    const entries = await audit(superToken, siteA, { target: staff.staff.username });
    expect(entries.data.list.map((entry) => entry.action)).toEqual(['staff.update', 'staff.create']);
    expect(entries.data.list[0]).toMatchObject({
      operatorUsername: 'root_admin',
      siteId: null,
      before: { role: 'support', siteIds: [siteA] },
      after: { role: 'risk', siteIds: [siteA, siteB] },
    });
    const siteAdmin = await staffWith('site_admin', [siteA]);
    const seenBySiteAdmin = await audit(siteAdmin.token, siteA, { target: staff.staff.username });
    expect(seenBySiteAdmin.data.total).toBe(0);
  });

  it('records blocks on their site, seen by that site only, searchable by action and staff', async () => {
    const risk = await staffWith('risk', [siteA]);
    const block = await client.call('POST', routes.adminBlock.path, {
      token: risk.token,
      body: { kind: 'ip', value: '198.51.100.120', reason: '撞库来源' },
    });
    expect(block.code).toBe(6000);
    await client.call('POST', routes.adminUnblock.path, {
      token: risk.token,
      body: { kind: 'ip', value: '198.51.100.120' },
    });
    const onA = await audit(superToken, siteA, { operatorUsername: risk.staff.username });
    expect(onA.data.list).toEqual([
      expect.objectContaining({
        action: 'risk.unblock',
        siteId: siteA,
        before: { kind: 'ip', value: '198.51.100.120' },
        after: null,
      }),
      expect.objectContaining({
        action: 'risk.block',
        target: '198.51.100.120',
        after: { kind: 'ip', value: '198.51.100.120', reason: '撞库来源' },
        reason: '撞库来源',
      }),
    ]);
    const blocksOnly = await audit(superToken, siteA, { action: 'risk.block', target: '198.51.100.120' });
    expect(blocksOnly.data.total).toBe(1);
    const siteBAdmin = await staffWith('site_admin', [siteB]);
    expect((await audit(siteBAdmin.token, siteB, { target: '198.51.100.120' })).data.total).toBe(0);
    expect((await audit(siteBAdmin.token, siteA)).code).toBe(10001);
    expect((await audit(risk.token, siteA)).code).toBe(10001);
  });

  it('cannot be edited or deleted, not even by the database owner', async () => {
    const { db } = testApp.stores;
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from audit_log`.execute(db)).rows[0]?.n,
    ).toBeGreaterThan(0);
    await expect(sql`update audit_log set reason = 'edited'`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/immutable/);
  });

  it('refuses a malformed search with 10003', async () => {
    expect((await audit(superToken, siteA, { action: 'drop table' })).code).toBe(10003);
    expect((await audit(superToken, siteA, { startTime: '2026-01-01T00:00:00.000Z' })).code).toBe(10003);
  });
});

describe('staff creation races', () => {
  it('creates one account when two requests race for the same username; the other gets 10003', async () => {
    const create = () =>
      asSuper(routes.adminStaffCreate.path, { username: 'racing_desk', role: 'support', siteIds: [siteA] });
    const answers = await Promise.all([create(), create(), create()]);
    expect(answers.filter((answer) => answer.code === 6000)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 10003)).toHaveLength(2);
  });
});
