import { fen, routes, withdrawFeeFen } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileLedger } from '../ledger/reconcile.ts';
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

interface Order {
  orderNo: string;
  status: string;
  amount: string;
  fee: string;
  actualAmount: string;
}

interface Info {
  minAmount: string;
  maxAmount: string;
  dailyCountMax: number;
  fee: { rateBps: number; fixedAmount: string; capAmount: string };
}

const siteId = 9001;
const holdOf = async (memberId: bigint) =>
  (await testApp.services.ledger.balance({ kind: 'member_withdrawal_hold', siteId, memberId })).availableFen;
const feeIncomeFen = async () =>
  (await testApp.services.ledger.balance({ kind: 'house', siteId, name: 'withdrawal_fee' })).availableFen;
const payoutFen = async () =>
  (await testApp.services.ledger.balance({ kind: 'external', siteId, name: 'sandbox_payout' })).availableFen;

const setFee = (body: { rateBps: number; fixedAmount: string; capAmount: string }) =>
  cashier.asOperator<Info['fee']>(routes.adminWithdrawFeeSet.path, body);

/** A member with a funds password, one bank card and `amount` deposited with its turnover met. */
async function readyMember(username: string, amount: string) {
  const member = await cashier.verifiedMember(username, '张三');
  await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
    fundsPassword: '258036',
    confirmFundsPassword: '258036',
  });
  const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
    kind: 'bank',
    bankCode: 'ICBC',
    accountNumber: '6222020200112345679',
  });
  await cashier.deposit(member.token, amount);
  await meetTurnover(testApp.services, member.memberId);
  const apply = (body: { amount: string; requestId: string }) =>
    cashier.asMember<Order>(member.token, routes.withdrawApply.path, {
      withdrawAccountId: card.data.id,
      fundsPassword: '258036',
      ...body,
    });
  return { ...member, apply };
}

async function expectReconciled() {
  const report = await reconcileLedger(testApp.stores.db);
  expect(report.problems).toEqual([]);
  expect(report.grandTotalFen).toBe(0n);
}

describe('withdrawFeeFen', () => {
  const rule = (rateBps: number, fixedFen: bigint, capFen: bigint) => ({
    rateBps,
    fixedFen: fen(fixedFen),
    capFen: fen(capFen),
  });

  it('is zero under the default rule', () => {
    expect(withdrawFeeFen(fen(10_000n), rule(0, 0n, 0n))).toBe(0n);
  });

  it('rounds the percentage part up to the next fen, never in the member’s favour', () => {
    // 1.5% of 100.01 yuan is 150.015 fen: the member pays 151 fen, at most one fen more.
    expect(withdrawFeeFen(fen(10_001n), rule(150, 0n, 0n))).toBe(151n);
    expect(withdrawFeeFen(fen(10_000n), rule(150, 0n, 0n))).toBe(150n);
    expect(withdrawFeeFen(fen(1n), rule(1, 0n, 0n))).toBe(1n);
  });

  it('adds the fixed part and caps the total when a cap is set', () => {
    expect(withdrawFeeFen(fen(10_001n), rule(150, 200n, 0n))).toBe(351n);
    expect(withdrawFeeFen(fen(10_001n), rule(150, 200n, 300n))).toBe(300n);
    expect(withdrawFeeFen(fen(5_000_000n), rule(10_000, 0n, 2_000n))).toBe(2_000n);
  });
});

describe('withdrawal fees', () => {
  it('shows no fee by default in the withdrawal info, and the rule once the operator sets one', async () => {
    const member = await cashier.member('wdfeeinfo');
    expect(await cashier.asOperatorGet<Info['fee']>(routes.adminWithdrawFee.path)).toMatchObject({
      code: 6000,
      data: { rateBps: 0, fixedAmount: '0.00', capAmount: '0.00' },
    });
    const before = await cashier.asMember<Info>(member.token, routes.withdrawInfo.path);
    expect(before).toMatchObject({
      code: 6000,
      data: { minAmount: '100.00', maxAmount: '50000.00', fee: { rateBps: 0, fixedAmount: '0.00' } },
    });
    expect(await setFee({ rateBps: 10_001, fixedAmount: '0', capAmount: '0' })).toMatchObject({
      code: 10003,
    });
    expect(await setFee({ rateBps: 100, fixedAmount: '-1', capAmount: '0' })).toMatchObject({ code: 10003 });
    expect(await setFee({ rateBps: 100, fixedAmount: '2', capAmount: '50' })).toMatchObject({
      code: 6000,
      data: { rateBps: 100, fixedAmount: '2.00', capAmount: '50.00' },
    });
    const after = await cashier.asMember<Info>(member.token, routes.withdrawInfo.path);
    expect(after.data.fee).toEqual({ rateBps: 100, fixedAmount: '2.00', capAmount: '50.00' });
    expect(await cashier.asOperatorGet<Info['fee']>(routes.adminWithdrawFee.path)).toMatchObject({
      code: 6000,
      data: { rateBps: 100, fixedAmount: '2.00', capAmount: '50.00' },
    });
    const actions = (await testApp.services.cashier.pageOperatorActions(siteId, { pageNum: 1, pageSize: 5 }))
      .list;
    expect(actions[0]).toMatchObject({ action: 'withdraw_fee_set', target: `site:${siteId}` });
  });

  it('charges the fee once on the server, into the house, and a replay does not charge again', async () => {
    await setFee({ rateBps: 150, fixedAmount: '1', capAmount: '0' });
    const member = await readyMember('wdfee01', '1000.00');
    const feeBefore = await feeIncomeFen();
    // 1.5% of 200.01 is 300.015 fen, rounded up to 301, plus 1 yuan fixed: 4.01.
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => member.apply({ amount: '200.01', requestId: 'wdfee01-request' })),
    );
    expect(answers.every((answer) => answer.code === 6000)).toBe(true);
    expect(new Set(answers.map((answer) => answer.data.orderNo)).size).toBe(1);
    expect(answers[0]?.data).toMatchObject({ amount: '200.01', fee: '4.01', actualAmount: '196.00' });
    const replay = await member.apply({ amount: '200.01', requestId: 'wdfee01-request' });
    expect(replay.data).toMatchObject({ orderNo: answers[0]?.data.orderNo, fee: '4.01' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(100_000n - 20_001n);
    expect(await holdOf(member.memberId)).toBe(19_600n);
    expect(await feeIncomeFen()).toBe(feeBefore + 401n);
    const list = await cashier.asMember<{ list: Order[] }>(member.token, routes.withdrawList.path, {});
    expect(list.data.list).toHaveLength(1);
    expect(list.data.list[0]).toMatchObject({ fee: '4.01', actualAmount: '196.00' });
    await expectReconciled();
  });

  it('approval pays out the actual amount only; the fee stays house revenue', async () => {
    await setFee({ rateBps: 0, fixedAmount: '5', capAmount: '0' });
    const member = await readyMember('wdfee02', '500.00');
    const feeBefore = await feeIncomeFen();
    const payoutBefore = await payoutFen();
    const order = await member.apply({ amount: '300.00', requestId: 'wdfee02-request' });
    expect(order.data).toMatchObject({ fee: '5.00', actualAmount: '295.00' });
    await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: order.data.orderNo });
    expect(await holdOf(member.memberId)).toBe(0n);
    expect(await payoutFen()).toBe(payoutBefore + 29_500n);
    expect(await feeIncomeFen()).toBe(feeBefore + 500n);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(20_000n);
    await expectReconciled();
  });

  it('rejection refunds amount and fee in full, even after the rule changed', async () => {
    await setFee({ rateBps: 200, fixedAmount: '0', capAmount: '3' });
    const member = await readyMember('wdfee03', '800.00');
    const feeBefore = await feeIncomeFen();
    const order = await member.apply({ amount: '400.00', requestId: 'wdfee03-request' });
    expect(order.data).toMatchObject({ fee: '3.00', actualAmount: '397.00' });
    await setFee({ rateBps: 0, fixedAmount: '0', capAmount: '0' });
    const rejected = await cashier.asOperator<Order>(routes.adminWithdrawReject.path, {
      orderNo: order.data.orderNo,
      reason: '账户信息有误',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', fee: '3.00' });
    const again = await cashier.asOperator<Order>(routes.adminWithdrawReject.path, {
      orderNo: order.data.orderNo,
    });
    expect(again.data.status).toBe('rejected');
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(80_000n);
    expect(await holdOf(member.memberId)).toBe(0n);
    expect(await feeIncomeFen()).toBe(feeBefore);
    await expectReconciled();
  });

  it('refuses an amount the fee would eat whole, moving nothing', async () => {
    await setFee({ rateBps: 0, fixedAmount: '100', capAmount: '0' });
    const member = await readyMember('wdfee04', '300.00');
    const refused = await member.apply({ amount: '100.00', requestId: 'wdfee04-request' });
    expect(refused).toMatchObject({ code: 10003, data: { field: 'amount' } });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(30_000n);
    expect(await holdOf(member.memberId)).toBe(0n);
    await setFee({ rateBps: 0, fixedAmount: '0', capAmount: '0' });
    const free = await member.apply({ amount: '100.00', requestId: 'wdfee04-request' });
    expect(free.data).toMatchObject({ amount: '100.00', fee: '0.00', actualAmount: '100.00' });
    await expectReconciled();
  });
});
