import { headerNames, maskPhone, type OperatorRole, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { authClient, homeOf, registered, strongPassword } from '../session/test-support.ts';
import { createSecondSite, createTestApp, meetTurnover, type TestApp } from '../testing.ts';
import { type StaffCredentials, signInStaff } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let cashier: ReturnType<typeof cashierClient>;
let superToken = '';
const tokens: Partial<Record<'risk' | 'support' | 'riskB' | 'finance', string>> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  cashier = cashierClient(testApp);
  await createSecondSite(testApp, 9002);
  const { password } = await testApp.services.operators.create('act_root');
  superToken = await signInStaff(login, { username: 'act_root', password }, testApp.clock);
  tokens.risk = await staffToken('act_risk', 'risk', [9001]);
  tokens.support = await staffToken('act_support', 'support', [9001]);
  tokens.finance = await staffToken('act_finance', 'finance', [9001]);
  tokens.riskB = await staffToken('act_risk_b', 'risk', [9002]);
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

const asStaff = <T = unknown>(role: keyof typeof tokens, path: string, body: object, siteId = 9001) =>
  client.call<T>('POST', path, {
    token: tokens[role] ?? '',
    headers: { [headerNames.siteId]: String(siteId) },
    body,
  });

/** What a member's token answers now: 6000 while the session lives. */
const sessionCode = async (token: string, username: string) =>
  (
    await client.call('POST', routes.memberInfo.path, {
      token,
      ip: homeOf(username).ip,
      device: homeOf(username).device,
    })
  ).code;

const outboxCodeFor = async (recipient: string) => {
  const row = await testApp.stores.db
    .selectFrom('outbox_messages')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? (/验证码 (\d{6})/.exec(row.body)?.[1] ?? '') : undefined;
};

const auditOf = async (target: string) =>
  (
    await client.call<{
      list: { action: string; operatorUsername: string; reason: string; after: unknown }[];
    }>('POST', routes.adminAuditList.path, { token: superToken, body: { target, pageNum: 1, pageSize: 10 } })
  ).data.list;

describe('reset a member password', () => {
  const newPassword = 'Fresh-Start-Password-7';

  it('ends every session, kills the old password and sends the member a code staff never see', async () => {
    const phone = '13700007777';
    const { token } = await registered(client, 'actreset1', { extra: { phone } });
    expect(await sessionCode(token, 'actreset1')).toBe(6000);

    const reset = await asStaff('risk', routes.adminMemberResetPassword.path, {
      username: 'ActReset1',
      reason: '会员来电称账号被盗',
    });
    expect(reset).toMatchObject({ code: 6000, data: { channel: 'sms', recipient: maskPhone(phone) } });
    expect(JSON.stringify(reset)).not.toMatch(/\d{6}(?!\d)/);
    expect(await sessionCode(token, 'actreset1')).toBe(10105);
    const oldPassword = await client.login('actreset1');
    expect(oldPassword).toMatchObject({ code: 10001, message: '用户名或密码错误' });

    const code = await outboxCodeFor(phone);
    expect(code).toMatch(/^\d{6}$/);
    const finished = await client.call('POST', routes.forgotPasswordReset.path, {
      body: { username: 'actreset1', code, password: newPassword, confirmPassword: newPassword },
    });
    expect(finished.code).toBe(6000);
    expect((await client.login('actreset1', { extra: { password: newPassword } })).code).toBe(6000);

    expect(await auditOf('actreset1')).toEqual([
      expect.objectContaining({
        action: 'member.reset_password',
        operatorUsername: 'act_risk',
        reason: '会员来电称账号被盗',
        after: { channel: 'sms' },
      }),
    ]);
  });

  it('sends to the e-mail when no phone is bound, and refuses a member with neither, changing nothing', async () => {
    await registered(client, 'actreset2', { extra: { email: 'actreset2@example.com' } });
    const byEmail = await asStaff('risk', routes.adminMemberResetPassword.path, {
      username: 'actreset2',
      reason: '会员申请重置密码',
    });
    expect(byEmail).toMatchObject({ code: 6000, data: { channel: 'email' } });
    expect(await outboxCodeFor('actreset2@example.com')).toMatch(/^\d{6}$/);

    const { token } = await registered(client, 'actreset3');
    const refused = await asStaff('risk', routes.adminMemberResetPassword.path, {
      username: 'actreset3',
      reason: '会员申请重置密码',
    });
    expect(refused).toMatchObject({ code: 10001, message: '该会员未绑定手机号或邮箱，无法发送重置验证码' });
    expect(await sessionCode(token, 'actreset3')).toBe(6000);
    expect((await client.login('actreset3', { extra: { password: strongPassword } })).code).toBe(6000);
    expect(await auditOf('actreset3')).toEqual([]);
  });
});

describe('force a member out', () => {
  it('ends every live session; the password keeps working', async () => {
    const { token } = await registered(client, 'actlogout1');
    const forced = await asStaff('risk', routes.adminMemberLogout.path, {
      username: 'actlogout1',
      reason: '异常投注，先行下线核查',
    });
    expect(forced).toMatchObject({ code: 6000, data: { sessionsEnded: 1 } });
    expect(await sessionCode(token, 'actlogout1')).toBe(10004);
    const again = await asStaff('risk', routes.adminMemberLogout.path, {
      username: 'actlogout1',
      reason: '再次确认',
    });
    expect(again.data).toEqual({ sessionsEnded: 0 });
    expect((await client.login('actlogout1')).code).toBe(6000);
    expect((await auditOf('actlogout1')).map((entry) => entry.action)).toEqual([
      'member.logout',
      'member.logout',
    ]);
  });
});

describe('member write access', () => {
  it('refuses 客服 and 财务, staff of another site, unknown members and missing reasons', async () => {
    const { token } = await registered(client, 'actguard1', { extra: { phone: '13700008888' } });
    const body = { username: 'actguard1', reason: '核查' };
    for (const path of [routes.adminMemberResetPassword.path, routes.adminMemberLogout.path]) {
      expect((await asStaff('support', path, body)).code).toBe(10001);
      expect((await asStaff('finance', path, body)).code).toBe(10001);
      expect((await asStaff('riskB', path, body)).code).toBe(10001);
      expect(await asStaff('riskB', path, body, 9002)).toMatchObject({
        code: 10003,
        data: { field: 'username' },
      });
      expect(await asStaff('risk', path, { username: 'ghost0001', reason: '核查' })).toMatchObject({
        code: 10003,
        data: { field: 'username' },
      });
      expect(await asStaff('risk', path, { username: 'actguard1' })).toMatchObject({
        code: 10003,
        data: { field: 'reason' },
      });
      expect((await asStaff('risk', path, { username: 'actguard1', reason: 'x'.repeat(201) })).code).toBe(
        10003,
      );
    }
    expect(await sessionCode(token, 'actguard1')).toBe(6000);
  });
});

describe("a member's orders and ledger in the detail", () => {
  it('pages the deposits, withdrawals and wallet entries of that member only', async () => {
    const member = await cashier.verifiedMember('actmoney1', '张三');
    const other = await cashier.verifiedMember('actmoney2', '李四');
    await cashier.deposit(member.token, '300.00');
    await cashier.deposit(member.token, '200.00');
    await cashier.deposit(other.token, '100.00');
    await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
      fundsPassword: '258036',
      confirmFundsPassword: '258036',
    });
    const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
      kind: 'bank',
      bankCode: 'ICBC',
      accountNumber: '6222020200112345679',
    });
    await meetTurnover(testApp.services, member.memberId);
    const withdrawal = await cashier.asMember<{ orderNo: string }>(member.token, routes.withdrawApply.path, {
      withdrawAccountId: card.data.id,
      fundsPassword: '258036',
      requestId: 'act-money-wd-1',
      amount: '150.00',
    });
    expect(withdrawal.code).toBe(6000);

    const deposits = await asStaff<{ list: { amount: string; memberId: number }[]; total: number }>(
      'finance',
      routes.adminMemberDeposits.path,
      { username: 'actmoney1', pageNum: 1, pageSize: 1 },
    );
    expect(deposits.data.total).toBe(2);
    expect(deposits.data.list).toEqual([
      expect.objectContaining({ amount: '200.00', memberId: Number(member.memberId) }),
    ]);
    const withdrawals = await asStaff<{ list: { orderNo: string; accountNumber: string }[]; total: number }>(
      'risk',
      routes.adminMemberWithdrawals.path,
      { username: 'actmoney1' },
    );
    expect(withdrawals.data).toMatchObject({ total: 1, list: [{ orderNo: withdrawal.data.orderNo }] });
    const ledger = await asStaff<{ list: { kind: string; amount: string }[]; total: number }>(
      'risk',
      routes.adminMemberLedger.path,
      { username: 'actmoney1', pageNum: 1, pageSize: 20 },
    );
    // The bets that met the turnover are entries too; only the cashier's are checked here.
    const cashierEntries = ledger.data.list.filter(
      (entry) => entry.kind !== 'bet' && entry.kind !== 'payout',
    );
    expect(cashierEntries.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['withdrawal_hold', '-150.00'],
      ['deposit', '200.00'],
      ['deposit', '300.00'],
    ]);
    const bonus = await asStaff('risk', routes.adminMemberLedger.path, {
      username: 'actmoney1',
      wallet: 'bonus',
    });
    expect(bonus).toMatchObject({ code: 6000, data: { total: 0 } });

    expect((await asStaff('support', routes.adminMemberDeposits.path, { username: 'actmoney1' })).code).toBe(
      10001,
    );
    expect((await asStaff('riskB', routes.adminMemberLedger.path, { username: 'actmoney1' })).code).toBe(
      10001,
    );
    expect(
      await asStaff('riskB', routes.adminMemberWithdrawals.path, { username: 'actmoney1' }, 9002),
    ).toMatchObject({ code: 10003 });
    expect(
      (await asStaff('risk', routes.adminMemberLedger.path, { username: 'actmoney1', wallet: 'venue' })).code,
    ).toBe(10003);
    expect(
      (
        await asStaff('risk', routes.adminMemberLedger.path, {
          username: 'actmoney1',
          startTime: '2026-01-01T00:00:00.000Z',
        })
      ).code,
    ).toBe(10003);
  });
});
