import {
  type DailyMoneyPage,
  type Dashboard,
  fen,
  headerNames,
  type LedgerReconcile,
  type OperatorRole,
  routes,
} from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashierClient } from '../cashier/test-support.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import { signInStaff } from '../operator/test-support.ts';
import { createSecondSite, createTestApp, meetTurnover, type TestApp } from '../testing.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;
const siteA = 9001;
const siteB = 9002;
const validCard = '6222020200112345679';

/** 18:00 on 2026-11-21 in Beijing; 01:00 on 2026-11-22 in Beijing but still 2026-11-21 in UTC; noon on 2026-11-22. */
const dayOneEvening = Date.UTC(2026, 10, 21, 10, 0, 0);
const dayTwoSmallHours = Date.UTC(2026, 10, 21, 17, 0, 0);
const dayTwoNoon = Date.UTC(2026, 10, 22, 4, 0, 0);

/** A verified member with a funds password and a bank card, signed in. */
async function readyMember(username: string) {
  const member = await cashier.verifiedMember(username, '张三');
  await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
    fundsPassword: '258036',
    confirmFundsPassword: '258036',
  });
  const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
    kind: 'bank',
    bankCode: 'ICBC',
    holderName: '张三',
    accountNumber: validCard,
  });
  return { ...member, accountId: card.data.id };
}

/** Signs the member in again: its session from the evening before has gone idle. */
async function signInAgain(member: Awaited<ReturnType<typeof readyMember>>) {
  const login = await cashier.client.login<{ token: string }>(member.username);
  expect(login.code).toBe(6000);
  member.token = login.data.token;
}

async function withdraw(member: Awaited<ReturnType<typeof readyMember>>, amount: string, requestId: string) {
  await meetTurnover(testApp.services, member.memberId);
  const order = await cashier.asMember<{ orderNo: string }>(member.token, routes.withdrawApply.path, {
    withdrawAccountId: member.accountId,
    fundsPassword: '258036',
    requestId,
    amount,
  });
  expect({ code: order.code, message: order.message }).toEqual({ code: 6000, message: '成功' });
  return order.data.orderNo;
}

let staffCount = 0;
/** A staff account of `role` on `siteIds`, made through the console API and signed in. */
async function staffToken(role: OperatorRole, siteIds: number[]): Promise<string> {
  staffCount += 1;
  const username = `report_${role}_${staffCount}`;
  const created = await cashier.asOperator<{ password: string }>(routes.adminStaffCreate.path, {
    username,
    role,
    siteIds,
  });
  expect(created.code).toBe(6000);
  return signInStaff(
    (body) => cashier.client.call('POST', routes.adminLogin.path, { body }),
    { username, password: created.data.password },
    testApp.clock,
  );
}

const onSite = (siteId: number) => ({ [headerNames.siteId]: String(siteId) });

const dashboardOf = (token: string, siteId = siteA) =>
  cashier.client.call<Dashboard>('GET', routes.adminDashboard.path, { token, headers: onSite(siteId) });
const reconcileOf = (token: string, siteId = siteA) =>
  cashier.client.call<LedgerReconcile>('GET', routes.adminLedgerReconcile.path, {
    token,
    headers: onSite(siteId),
  });
const dailyOf = (token: string, body: object, siteId = siteA) =>
  cashier.client.call<DailyMoneyPage>('POST', routes.adminDailyMoney.path, {
    token,
    headers: onSite(siteId),
    body,
  });

let financeA = '';
let adminB = '';

/**
 * Site A's money over two Beijing days. 2026-11-21: alpha registers and deposits 100.00. 2026-11-22
 * (from 01:00, which is still the 21st in UTC): beta registers and deposits 300.00, later 200.00;
 * alpha deposits 50.00 and withdraws 100.00 (approved, 1% fee), beta asks for 200.00 (left
 * pending); staff add 20.00 to alpha and take 5.00, and ask approval for 6,000.00; beta starts a
 * bank transfer nobody has confirmed yet.
 */
beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  await createSecondSite(testApp, siteB);

  testApp.clock.set(dayOneEvening);
  const alpha = await readyMember('rpalpha');
  await cashier.deposit(alpha.token, '100.00');

  testApp.clock.set(dayTwoSmallHours);
  const beta = await readyMember('rpbeta');
  await cashier.deposit(beta.token, '300.00');

  testApp.clock.set(dayTwoNoon);
  await signInAgain(alpha);
  await signInAgain(beta);
  await cashier.deposit(beta.token, '200.00');
  await cashier.deposit(alpha.token, '50.00');
  const fee = await cashier.asOperator(routes.adminWithdrawFeeSet.path, {
    rateBps: 100,
    fixedAmount: '0',
    capAmount: '0',
  });
  expect(fee.code).toBe(6000);
  const approved = await withdraw(alpha, '100.00', 'rp-withdraw-0001');
  expect((await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: approved })).code).toBe(6000);
  await withdraw(beta, '200.00', 'rp-withdraw-0002');
  const adjust = (direction: 'credit' | 'debit', amount: string, adjustmentId: string) =>
    cashier.asOperator<{ status: string }>(routes.adminAdjust.path, {
      memberId: Number(alpha.memberId),
      direction,
      amount,
      reason: '活动补发',
      adjustmentId,
    });
  expect((await adjust('credit', '20.00', 'rp-adjust-0001')).data.status).toBe('applied');
  expect((await adjust('debit', '5.00', 'rp-adjust-0002')).data.status).toBe('applied');
  expect((await adjust('credit', '6000.00', 'rp-adjust-0003')).data.status).toBe('awaiting_approval');
  const bank = await cashier.asMember(beta.token, routes.depositCreate.path, {
    channelId: 1,
    amount: '100.00',
    orderId: 'rp-bank-0001',
  });
  expect(bank.code).toBe(6000);

  financeA = await staffToken('finance', [siteA]);
  adminB = await staffToken('site_admin', [siteB]);
});
afterAll(async () => {
  await testApp.close();
});

const emptyDay = {
  registrations: 0,
  firstDepositCount: 0,
  firstDepositAmount: '0.00',
  depositCount: 0,
  depositAmount: '0.00',
  withdrawalCount: 0,
  withdrawalAmount: '0.00',
};

describe('dashboard', () => {
  it("shows the site's day so far, counted in Beijing days, and the last 30 days", async () => {
    const answer = await dashboardOf(financeA);
    expect(answer.code).toBe(6000);
    const dashboard = answer.data;
    expect(dashboard.today).toEqual({
      day: '2026-11-22',
      registrations: 1,
      firstDepositCount: 1,
      firstDepositAmount: '300.00',
      depositCount: 3,
      depositAmount: '550.00',
      withdrawalCount: 1,
      withdrawalAmount: '100.00',
    });
    expect(dashboard.days).toHaveLength(30);
    expect(dashboard.days[0]).toEqual({ day: '2026-10-24', ...emptyDay });
    expect(dashboard.days.at(-1)).toEqual(dashboard.today);
    expect(dashboard.days.at(-2)).toEqual({
      ...emptyDay,
      day: '2026-11-21',
      registrations: 1,
      firstDepositCount: 1,
      firstDepositAmount: '100.00',
      depositCount: 1,
      depositAmount: '100.00',
    });
    expect(dashboard.pendingReviews).toEqual({
      withdrawals: 1,
      deposits: 1,
      adjustments: 1,
      identities: 0,
      total: 3,
    });
    expect(dashboard.onlineMembers).toBe(2);
  });

  it('counts members online while their session was active within 15 minutes', async () => {
    testApp.clock.advance(16 * 60_000);
    expect((await dashboardOf(financeA)).data.onlineMembers).toBe(0);
  });

  it("shows site B's staff none of site A's figures, and refuses them site A", async () => {
    const answer = await dashboardOf(adminB, siteB);
    expect(answer.code).toBe(6000);
    expect(answer.data.today).toEqual({ day: '2026-11-22', ...emptyDay });
    expect(answer.data.days.map((day) => ({ ...day, day: '' }))).toEqual(
      Array.from({ length: 30 }, () => ({ ...emptyDay, day: '' })),
    );
    expect(answer.data.pendingReviews.total).toBe(0);
    expect(answer.data.onlineMembers).toBe(0);
    expect((await dashboardOf(adminB, siteA)).code).toBe(10001);
    expect((await dashboardOf(financeA, siteB)).code).toBe(10001);
  });
});

describe('daily money report', () => {
  const dayTwo = {
    day: '2026-11-22',
    depositCount: 3,
    depositAmount: '550.00',
    firstDepositCount: 1,
    withdrawalCount: 1,
    withdrawalAmount: '100.00',
    feeAmount: '1.00',
    payoutAmount: '99.00',
    adjustmentCount: 2,
    adjustmentCreditAmount: '20.00',
    adjustmentDebitAmount: '5.00',
    netAmount: '451.00',
  };
  const dayOne = {
    day: '2026-11-21',
    depositCount: 1,
    depositAmount: '100.00',
    firstDepositCount: 1,
    withdrawalCount: 0,
    withdrawalAmount: '0.00',
    feeAmount: '0.00',
    payoutAmount: '0.00',
    adjustmentCount: 0,
    adjustmentCreditAmount: '0.00',
    adjustmentDebitAmount: '0.00',
    netAmount: '100.00',
  };

  it('lists each day newest first with deposits, withdrawals, fees, adjustments and net, and the totals', async () => {
    const answer = await dailyOf(financeA, { startDay: '2026-11-20', endDay: '2026-11-22' });
    expect(answer.code).toBe(6000);
    expect(answer.data).toMatchObject({ total: 3, startDay: '2026-11-20', endDay: '2026-11-22' });
    expect(answer.data.list).toEqual([
      dayTwo,
      dayOne,
      {
        ...dayOne,
        day: '2026-11-20',
        depositCount: 0,
        depositAmount: '0.00',
        firstDepositCount: 0,
        netAmount: '0.00',
      },
    ]);
    expect(answer.data.totals).toEqual({
      depositCount: 4,
      depositAmount: '650.00',
      firstDepositCount: 2,
      withdrawalCount: 1,
      withdrawalAmount: '100.00',
      feeAmount: '1.00',
      payoutAmount: '99.00',
      adjustmentCount: 2,
      adjustmentCreditAmount: '20.00',
      adjustmentDebitAmount: '5.00',
      netAmount: '551.00',
    });
  });

  it('pages the days, covers the last 30 days by default and lists no day after today', async () => {
    const second = await dailyOf(financeA, {
      startDay: '2026-11-21',
      endDay: '2026-11-22',
      pageNum: 2,
      pageSize: 1,
    });
    expect(second.data).toMatchObject({ total: 2, list: [dayOne] });
    // Totals cover the range, not only the page shown.
    expect(second.data.totals.depositAmount).toBe('650.00');
    const byDefault = await dailyOf(financeA, {});
    expect(byDefault.data).toMatchObject({ total: 30, startDay: '2026-10-24', endDay: '2026-11-22' });
    expect(byDefault.data.list[0]).toEqual(dayTwo);
    const ahead = await dailyOf(financeA, { startDay: '2026-11-22', endDay: '2026-12-31' });
    expect(ahead.data).toMatchObject({ total: 1, endDay: '2026-11-22', list: [dayTwo] });
    const future = await dailyOf(financeA, { startDay: '2026-12-01', endDay: '2026-12-31' });
    expect(future.data).toMatchObject({ total: 0, list: [] });
  });

  it('sorts the days by a figure both ways, equal figures by day in the same direction', async () => {
    const range = { startDay: '2026-11-19', endDay: '2026-11-22' };
    const days = async (sortOrder: 'asc' | 'desc') =>
      (await dailyOf(financeA, { ...range, sortBy: 'depositAmount', sortOrder })).data.list.map(
        (row) => `${row.day} ${row.depositAmount}`,
      );
    // 2026-11-19 and -20 both took 0.00: the day breaks the tie.
    const ascending = ['2026-11-19 0.00', '2026-11-20 0.00', `2026-11-21 ${dayOne.depositAmount}`];
    expect(await days('asc')).toEqual([...ascending, `2026-11-22 ${dayTwo.depositAmount}`]);
    expect(await days('desc')).toEqual([`2026-11-22 ${dayTwo.depositAmount}`, ...ascending.toReversed()]);
    const oldestFirst = await dailyOf(financeA, { ...range, sortBy: 'day', pageNum: 2, pageSize: 3 });
    expect(oldestFirst.data.list.map((row) => row.day)).toEqual(['2026-11-22']);
    expect(await dailyOf(financeA, { sortBy: 'feeAmount' })).toMatchObject({
      code: 10003,
      data: { field: 'sortBy' },
    });
  });

  it("shows site B's staff none of site A's money", async () => {
    const answer = await dailyOf(adminB, { startDay: '2026-11-21', endDay: '2026-11-22' }, siteB);
    expect(answer.code).toBe(6000);
    expect(
      answer.data.list.map((row) => row.depositCount + row.withdrawalCount + row.adjustmentCount),
    ).toEqual([0, 0]);
    expect(answer.data.totals).toMatchObject({
      depositAmount: '0.00',
      netAmount: '0.00',
      adjustmentCount: 0,
    });
    expect((await dailyOf(adminB, {}, siteA)).code).toBe(10001);
  });

  it('refuses a bad range with 10003 naming the field', async () => {
    const refusals = [
      [{ startDay: '2026-11-01' }, 'endDay'],
      [{ startDay: '2026-11-22', endDay: '2026-11-21' }, 'endDay'],
      [{ startDay: '2026-02-29', endDay: '2026-03-01' }, 'startDay'],
      [{ startDay: '2024-01-01', endDay: '2026-01-01' }, 'endDay'],
      [{ startDay: '2026-11-01 00:00', endDay: '2026-11-02' }, 'startDay'],
      [{ pageSize: 1000 }, 'pageSize'],
      [{ pageNum: 0 }, 'pageNum'],
    ] as const;
    for (const [body, field] of refusals) {
      expect(await dailyOf(financeA, body)).toMatchObject({ code: 10003, data: { field } });
    }
  });
});

describe('report access', () => {
  it('refuses roles without report.read: 客服 and 运营', async () => {
    for (const role of ['support', 'content'] as const) {
      const token = await staffToken(role, [siteA]);
      for (const answer of [await dashboardOf(token), await reconcileOf(token), await dailyOf(token, {})]) {
        expect(answer.code).toBe(10001);
        expect(JSON.stringify(answer.data)).toContain('report.read');
      }
    }
  });

  it('lets 风控 read the reports', async () => {
    const token = await staffToken('risk', [siteA]);
    expect((await dashboardOf(token)).code).toBe(6000);
  });
});

describe('ledger reconcile', () => {
  it("reconciles the site's own ledger: what members hold, and every balance summing to zero", async () => {
    const answer = await reconcileOf(financeA);
    expect(answer.code).toBe(6000);
    const report = answer.data;
    expect(report).toMatchObject({ isBalanced: true, grandTotal: '0.00', failures: [] });
    // Deposits 650.00 and adjustments +15.00, less the approved withdrawal (100.00) and the pending
    // one's fee (2.00), which the house holds until the withdrawal is decided.
    expect(report.memberTotal).toBe('563.00');
    const kind = (name: string) => report.kinds.find((row) => row.kind === name);
    expect(kind('member_main')).toMatchObject({ accounts: 2 });
    expect(kind('member_withdrawal_hold')?.available).toBe('198.00');
    expect(kind('external')?.available).toBe('-551.00');
    expect(report.entries).toBeGreaterThan(0);
    expect(Date.parse(report.checkedAt)).toBe(testApp.clock.now());
  });

  it("keeps site B's ledger apart, and finds a broken entry on site A without flagging site B", async () => {
    await testApp.services.ledger.transfer({
      transferId: transferIds.named('report-site-b-funding'),
      debitAccount: { kind: 'external', siteId: siteB, name: 'sandbox_gateway' },
      creditAccount: { kind: 'house', siteId: siteB, name: 'adjustment' },
      amountFen: fen(1234n),
      kind: 'adjustment',
    });
    const siteBLedger = (await reconcileOf(adminB, siteB)).data;
    expect(siteBLedger).toMatchObject({
      isBalanced: true,
      grandTotal: '0.00',
      memberTotal: '0.00',
      entries: 1,
    });
    expect(siteBLedger.kinds).toEqual([
      { kind: 'external', accounts: 1, available: '-12.34', pending: '0.00' },
      { kind: 'house', accounts: 1, available: '12.34', pending: '0.00' },
    ]);
    expect((await reconcileOf(financeA)).data.kinds.find((row) => row.kind === 'house')?.available).not.toBe(
      '12.34',
    );

    // A post that pays into the payee's pending bucket: its legs do not follow its phase.
    await sql`insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
        debit_account_id, debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at)
      select 'report-broken-post', 'post', false, site_id, kind, memo, payee_account_id, debit_account_id,
        'available', credit_account_id, 'pending', 1, created_at from ledger_entries
      where site_id = ${siteA} and kind = 'deposit' limit 1`.execute(testApp.stores.db);
    const broken = (await reconcileOf(financeA)).data;
    expect(broken.isBalanced).toBe(false);
    expect(broken.failures).toContainEqual({
      check: 'entry_legs_follow_phase',
      name: '分录借贷方向符合其阶段',
      rows: 1,
    });
    expect((await reconcileOf(adminB, siteB)).data).toMatchObject({ isBalanced: true, failures: [] });
  });
});
