import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, meetTurnover, type TestApp } from '../testing.ts';
import { cashierClient } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface Records {
  list: Array<{ transferId: string; kind: string; amount: string; status: string; createdAt: string }>;
  total: number;
  totals: { inAmount: string; outAmount: string };
}

/** Far enough apart to tell rows apart, near enough that member and operator sessions stay valid. */
const stepMs = 10 * 60_000;

describe('fund records', () => {
  it('keeps only rows inside [startTime, endTime), on the main and the bonus wallet', async () => {
    const member = await cashier.member('records01');
    const start = testApp.clock.now();
    await cashier.deposit(member.token, '100.00');
    testApp.clock.advance(2 * stepMs);
    await cashier.deposit(member.token, '200.00');
    await cashier.asOperator(routes.adminAdjust.path, {
      memberId: Number(member.memberId),
      direction: 'credit',
      amount: '5.00',
      reason: '活动红利',
      adjustmentId: 'records01-bonus',
      wallet: 'bonus',
    });
    testApp.clock.advance(2 * stepMs);
    await cashier.deposit(member.token, '300.00');
    const page = (path: string, range: object) =>
      cashier.asMember<Records>(member.token, path, { pageNum: 1, pageSize: 20, ...range });
    const middle = {
      startTime: new Date(start + stepMs).toISOString(),
      endTime: new Date(start + 3 * stepMs).toISOString(),
    };
    const inside = await page(routes.transactionRecords.path, middle);
    expect(inside.data.total).toBe(1);
    expect(inside.data.list.map((row) => row.amount)).toEqual(['200.00']);
    const exclusiveEnd = await page(routes.transactionRecords.path, {
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 2 * stepMs).toISOString(),
    });
    expect(exclusiveEnd.data.list.map((row) => row.amount)).toEqual(['100.00']);
    expect((await page(routes.transactionRecords.path, {})).data.total).toBe(3);
    expect((await page(routes.bonusRecords.path, middle)).data.list.map((row) => row.amount)).toEqual([
      '5.00',
    ]);
    const later = {
      startTime: new Date(start + 3 * stepMs).toISOString(),
      endTime: new Date(start + 5 * stepMs).toISOString(),
    };
    expect((await page(routes.bonusRecords.path, later)).data.total).toBe(0);
  });

  it('answers 10003 for a bad range', async () => {
    const member = await cashier.member('records02');
    const ask = (range: object) =>
      cashier.asMember(member.token, routes.transactionRecords.path, { pageNum: 1, pageSize: 20, ...range });
    const reversed = await ask({
      startTime: '2026-11-02T00:00:00.000Z',
      endTime: '2026-11-01T00:00:00.000Z',
    });
    expect(reversed).toMatchObject({ code: 10003 });
    expect(reversed.message).toContain('结束时间不能早于开始时间');
    const tooLong = await ask({ startTime: '2026-10-01T00:00:00.000Z', endTime: '2026-11-01T16:00:00.000Z' });
    expect(tooLong.message).toContain('不能超过31天');
    expect((await ask({ startTime: '2026-10-01T00:00:00.000Z' })).code).toBe(10003);
    expect((await ask({ startTime: 'yesterday', endTime: '2026-11-01T00:00:00.000Z' })).code).toBe(10003);
    const bonus = await cashier.asMember(member.token, routes.bonusRecords.path, {
      startTime: '2026-11-02T00:00:00.000Z',
      endTime: '2026-11-01T00:00:00.000Z',
    });
    expect(bonus.code).toBe(10003);
    const fullMonth = await ask({
      startTime: '2026-10-01T00:00:00.000Z',
      endTime: '2026-11-01T00:00:00.000Z',
    });
    expect(fullMonth.code).toBe(6000);
  });

  it('shows a withdrawal as 交易中 until reviewed, then its outcome, and a rejection returns on its own row', async () => {
    const member = await cashier.verifiedMember('records03', '张三');
    await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
      fundsPassword: '258036',
      confirmFundsPassword: '258036',
    });
    const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
      kind: 'bank',
      bankCode: 'ICBC',
      accountNumber: '6222020200112345679',
    });
    await cashier.deposit(member.token, '1000.00');
    await meetTurnover(testApp.services, member.memberId);
    const apply = async (requestId: string) =>
      (
        await cashier.asMember<{ orderNo: string }>(member.token, routes.withdrawApply.path, {
          amount: '200.00',
          withdrawAccountId: card.data.id,
          fundsPassword: '258036',
          requestId,
        })
      ).data.orderNo;
    const rejected = await apply('records03-wd-1');
    const approved = await apply('records03-wd-2');
    const records = async () =>
      (await cashier.asMember<Records>(member.token, routes.transactionRecords.path, {})).data.list;
    const statusOf = async (transferId: string) =>
      (await records()).find((row) => row.transferId === transferId)?.status;
    expect(await statusOf(`withdraw:${rejected}`)).toBe('pending');
    expect(await statusOf(`withdraw:${approved}`)).toBe('pending');
    await cashier.asOperator(routes.adminWithdrawReject.path, { orderNo: rejected, reason: '信息不符' });
    await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: approved });
    // The bets that met the turnover are in 投注记录, not here.
    const rows = await records();
    expect(rows.map((row) => [row.kind, row.amount, row.status])).toEqual([
      ['withdrawal_release', '200.00', 'success'],
      ['withdrawal_hold', '-200.00', 'success'],
      ['withdrawal_hold', '-200.00', 'failed'],
      ['deposit', '1000.00', 'success'],
    ]);
  });

  it('filters by type and shown status, with totals of every row kept, and refuses unknown filters', async () => {
    const member = await cashier.verifiedMember('records04', '张三');
    await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
      fundsPassword: '258036',
      confirmFundsPassword: '258036',
    });
    const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
      kind: 'bank',
      bankCode: 'ICBC',
      accountNumber: '6222020200112345679',
    });
    await cashier.deposit(member.token, '1000.00');
    await cashier.deposit(member.token, '500.00');
    await meetTurnover(testApp.services, member.memberId);
    const apply = async (requestId: string) =>
      (
        await cashier.asMember<{ orderNo: string }>(member.token, routes.withdrawApply.path, {
          amount: '300.00',
          withdrawAccountId: card.data.id,
          fundsPassword: '258036',
          requestId,
        })
      ).data.orderNo;
    const rejected = await apply('records04-wd-1');
    await apply('records04-wd-2');
    await cashier.asOperator(routes.adminWithdrawReject.path, { orderNo: rejected, reason: '信息不符' });
    await cashier.asMember(member.token, routes.venueTransfer.path, {
      venueCode: 'ZR',
      direction: 'in',
      amount: '50.00',
      transferId: 'records04-vt-1',
    });
    const ask = (filter: object) =>
      cashier.asMember<Records>(member.token, routes.transactionRecords.path, {
        pageNum: 1,
        pageSize: 2,
        ...filter,
      });
    const all = await ask({});
    // The bets that met the turnover (a won and a lost 750.00) are in 投注记录, not here.
    expect(all.data.total).toBe(6);
    expect(all.data.list).toHaveLength(2);
    // Totals cover every row the query keeps, not only the page: 1000 + 500 + 300 returned in;
    // 300 + 300 + 50 out.
    expect(all.data.totals).toEqual({ inAmount: '1800.00', outAmount: '650.00' });
    const deposits = await ask({ type: 'deposit' });
    expect(deposits.data.total).toBe(2);
    expect(deposits.data.totals).toEqual({ inAmount: '1500.00', outAmount: '0.00' });
    const withdrawals = await ask({ type: 'withdrawal', pageSize: 20 });
    expect(withdrawals.data.list.map((row) => [row.kind, row.status])).toEqual([
      ['withdrawal_release', 'success'],
      ['withdrawal_hold', 'pending'],
      ['withdrawal_hold', 'failed'],
    ]);
    const pending = await ask({ status: 'pending', pageSize: 20 });
    expect(pending.data.list.map((row) => [row.kind, row.amount])).toEqual([['withdrawal_hold', '-300.00']]);
    expect(pending.data.totals).toEqual({ inAmount: '0.00', outAmount: '300.00' });
    const failed = await ask({ status: 'failed', pageSize: 20 });
    expect(failed.data.list.map((row) => row.transferId)).toEqual([`withdraw:${rejected}`]);
    const succeeded = await ask({ status: 'success', type: 'withdrawal', pageSize: 20 });
    expect(succeeded.data.list.map((row) => row.kind)).toEqual(['withdrawal_release']);
    const transfers = await ask({ type: 'transfer' });
    expect(transfers.data.list.map((row) => row.amount)).toEqual(['-50.00']);
    expect((await ask({ type: 'lottery' })).code).toBe(10003);
    expect((await ask({ status: 'done' })).code).toBe(10003);
  });
});
