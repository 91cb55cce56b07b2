import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing.ts';
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
  payUrl: string | null;
  amount: string;
  bankAccount: { accountNumber: string } | null;
}

const create = (token: string, body: object) =>
  cashier.asMember<Order>(token, routes.depositCreate.path, body);

describe('deposit channels and orders', () => {
  it('lists the seeded channels with their limits, to members only', async () => {
    const { token } = await cashier.member('depchan01');
    const answer = await cashier.asMember<Array<{ code: string; kind: string; minAmount: string }>>(
      token,
      routes.depositChannels.path,
    );
    expect(answer.data.map((channel) => channel.code)).toEqual([
      'bank_transfer',
      'sandbox_alipay',
      'sandbox_wechat',
      'sandbox_ebpay',
      'sandbox_koipay',
      'sandbox_usdt',
    ]);
    expect(answer.data[0]).toMatchObject({ kind: 'bank', minAmount: '100.00' });
    expect((await cashier.client.call('POST', routes.depositChannels.path)).code).toBe(10004);
  });

  it('creates a gateway order with a pay url; the same orderId answers the same order', async () => {
    const { token } = await cashier.member('depcreate01');
    const first = await create(token, { channelId: 2, amount: '100.00', orderId: 'dep-create-0001' });
    expect(first.data).toMatchObject({ status: 'pending', amount: '100.00', bankAccount: null });
    expect(first.data.payUrl).toBe(`/sandbox/pay/${first.data.orderNo}`);
    const again = await create(token, { channelId: 2, amount: '100.00', orderId: 'dep-create-0001' });
    expect(again.data.orderNo).toBe(first.data.orderNo);
    const reused = await create(token, { channelId: 2, amount: '200.00', orderId: 'dep-create-0001' });
    expect(reused).toMatchObject({ code: 10003 });
    expect(reused.message).toContain('orderId');
  });

  it('refuses bad amounts and amounts outside the channel limits with 10003 naming amount', async () => {
    const { token } = await cashier.member('depbad01');
    for (const amount of ['abc', '1.234', '-5.00', '0.00', '1e3', '40.00', '20000.01']) {
      const answer = await create(token, {
        channelId: 2,
        amount,
        orderId: `dep-bad-${amount.length}x${amount}`.replace(/[^A-Za-z0-9_-]/g, '_'),
      });
      expect(answer.code, amount).toBe(10003);
      expect(answer.message, amount).toContain('amount');
    }
    expect(
      (await create(token, { channelId: 99, amount: '100.00', orderId: 'dep-bad-channel' })).message,
    ).toContain('channelId');
    const list = await cashier.asMember<{ total: number }>(token, routes.depositList.path, {});
    expect(list.data.total).toBe(0);
  });

  it('serves the sandbox pay page, whose confirm makes the gateway call back and credit', async () => {
    const member = await cashier.member('deppage01');
    const order = await create(member.token, { channelId: 3, amount: '250.50', orderId: 'dep-page-0001' });
    const pagePath = order.data.payUrl ?? '';
    const page = await testApp.app.inject({ method: 'GET', url: pagePath });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('确认支付');
    expect(page.body).toContain('<small>¥</small>250.50');
    const confirm = await testApp.app.inject({ method: 'POST', url: `${pagePath}/confirm` });
    expect(confirm.json()).toMatchObject({ code: 6000, data: { status: 'paid' } });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(25_050n);
  });

  it('cancels through the sandbox page without crediting', async () => {
    const member = await cashier.member('deppage02');
    const order = await create(member.token, { channelId: 3, amount: '80.00', orderId: 'dep-page-0002' });
    const cancel = await testApp.app.inject({ method: 'POST', url: `${order.data.payUrl}/cancel` });
    expect(cancel.json()).toMatchObject({ code: 6000, data: { status: 'rejected' } });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
  });
});

describe('gateway callbacks', () => {
  it('credits 50 concurrent replays of one callback exactly once', async () => {
    const member = await cashier.member('depreplay01');
    const order = await create(member.token, { channelId: 2, amount: '100.00', orderId: 'dep-replay-0001' });
    const callback = cashier.gatewayCallback({
      orderNo: order.data.orderNo,
      amount: '100.00',
      status: 'paid',
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => cashier.postCallback(callback)));
    expect(answers.every((answer) => answer.code === 6000)).toBe(true);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(10_000n);
    const entries = await testApp.services.ledger.entries(
      { kind: 'member_main', siteId: 9001, memberId: member.memberId },
      { pageNum: 1, pageSize: 100 },
    );
    expect(entries.total).toBe(1);
    const cancelLater = cashier.gatewayCallback({
      orderNo: order.data.orderNo,
      amount: '100.00',
      status: 'cancelled',
    });
    expect((await cashier.postCallback(cancelLater)).data).toMatchObject({ status: 'paid' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(10_000n);
  });

  it('changes nothing on forged callbacks: bad signature, wrong amount, unknown order, bank order', async () => {
    const member = await cashier.member('depforge01');
    const order = await create(member.token, { channelId: 2, amount: '100.00', orderId: 'dep-forge-0001' });
    const orderNo = order.data.orderNo;
    const genuine = cashier.gatewayCallback({ orderNo, amount: '100.00', status: 'paid' });
    const badSignature = { ...genuine, signature: 'a'.repeat(64) };
    expect((await cashier.postCallback(badSignature)).code).toBe(10108);
    const tampered = { ...genuine, amount: '100000.00' };
    expect((await cashier.postCallback(tampered)).code).toBe(10108);
    const wrongAmount = cashier.gatewayCallback({ orderNo, amount: '99.99', status: 'paid' });
    expect(await cashier.postCallback(wrongAmount)).toMatchObject({ code: 10003 });
    const unknown = cashier.gatewayCallback({
      orderNo: 'D0000000000000000000000000',
      amount: '100.00',
      status: 'paid',
    });
    expect(await cashier.postCallback(unknown)).toMatchObject({ code: 10003 });
    // An unsigned notification is refused as a caller before its fields are looked at.
    expect((await cashier.postCallback({ orderNo })).code).toBe(10108);
    const bank = await create(member.token, { channelId: 1, amount: '100.00', orderId: 'dep-forge-bank' });
    const bankCallback = cashier.gatewayCallback({
      orderNo: bank.data.orderNo,
      amount: '100.00',
      status: 'paid',
    });
    expect((await cashier.postCallback(bankCallback)).code).toBe(10003);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const list = await cashier.asMember<{ list: Order[] }>(member.token, routes.depositList.path, {});
    expect(list.data.list.map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('refuses to credit an expired order', async () => {
    const member = await cashier.member('depexpire01');
    const order = await create(member.token, { channelId: 2, amount: '100.00', orderId: 'dep-expire-0001' });
    testApp.clock.advance(31 * 60_000);
    const late = cashier.gatewayCallback({ orderNo: order.data.orderNo, amount: '100.00', status: 'paid' });
    expect(await cashier.postCallback(late)).toMatchObject({ code: 10001, message: '订单已过期' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const list = await cashier.asMember<{ list: Order[] }>(member.token, routes.depositList.path, {});
    expect(list.data.list[0]?.status).toBe('expired');
  });
});

describe('bank transfer orders', () => {
  it('shows the receiving account and credits only on operator confirmation, once', async () => {
    const member = await cashier.member('depbank01');
    const order = await create(member.token, { channelId: 1, amount: '500.00', orderId: 'dep-bank-0001' });
    expect(order.data).toMatchObject({ payUrl: null, bankAccount: { accountNumber: '6222020000000000000' } });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const asMember = await cashier.asMember(member.token, routes.adminDepositConfirm.path, {
      orderNo: order.data.orderNo,
    });
    expect(asMember.code).toBe(10004);
    const confirmed = await cashier.asOperator<Order>(routes.adminDepositConfirm.path, {
      orderNo: order.data.orderNo,
    });
    expect(confirmed.data.status).toBe('paid');
    await cashier.asOperator(routes.adminDepositConfirm.path, { orderNo: order.data.orderNo });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(50_000n);
    const reject = await cashier.asOperator(routes.adminDepositReject.path, { orderNo: order.data.orderNo });
    expect(reject.code).toBe(10001);
    const actions = (await testApp.services.cashier.pageOperatorActions(9001, { pageNum: 1, pageSize: 100 }))
      .list;
    expect(actions.filter((row) => row.target === order.data.orderNo).map((row) => row.action)).toEqual([
      'deposit_confirm',
    ]);
  });

  it('rejects a bank order without crediting and logs it; gateway orders cannot be confirmed by hand', async () => {
    const member = await cashier.member('depbank02');
    const order = await create(member.token, { channelId: 1, amount: '300.00', orderId: 'dep-bank-0002' });
    const rejected = await cashier.asOperator<Order>(routes.adminDepositReject.path, {
      orderNo: order.data.orderNo,
      reason: '未收到款项',
    });
    expect(rejected.data.status).toBe('rejected');
    expect(
      (await cashier.asOperator(routes.adminDepositConfirm.path, { orderNo: order.data.orderNo })).code,
    ).toBe(10001);
    const gateway = await create(member.token, { channelId: 2, amount: '300.00', orderId: 'dep-bank-0003' });
    expect(
      (await cashier.asOperator(routes.adminDepositConfirm.path, { orderNo: gateway.data.orderNo })).code,
    ).toBe(10003);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const list = await cashier.asOperator<{ total: number }>(routes.adminDepositList.path, {
      status: 'rejected',
    });
    expect(list.data.total).toBeGreaterThanOrEqual(1);
  });
});

describe('the console sorts deposit orders on the server', () => {
  type Listed = { list: Array<{ orderNo: string; amount: string }>; total: number };
  const list = (body: object) => cashier.asOperator<Listed>(routes.adminDepositList.path, body);

  it('sorts by amount both ways, equal amounts in one order that paging keeps', async () => {
    const { token } = await cashier.member('depsort01');
    for (const [index, amount] of ['300.00', '100.00', '200.00', '100.00', '100.00'].entries()) {
      const created = await create(token, { channelId: 2, amount, orderId: `dep-sort-000${index}` });
      expect(created.code).toBe(6000);
    }
    const ascending = await list({ sortBy: 'amount', sortOrder: 'asc', pageSize: 100 });
    const descending = await list({ sortBy: 'amount', sortOrder: 'desc', pageSize: 100 });
    expect(ascending.data.total).toBeLessThanOrEqual(100);
    const amounts = ascending.data.list.map((order) => Number(order.amount));
    expect(amounts).toEqual(amounts.toSorted((a, b) => a - b));
    expect(amounts.at(-1)).toBeGreaterThanOrEqual(300);
    // The tiebreak follows the direction too, so descending is exactly ascending reversed.
    expect(descending.data.list.map((order) => order.orderNo)).toEqual(
      ascending.data.list.map((order) => order.orderNo).toReversed(),
    );
    const pageByPage: string[] = [];
    for (let pageNum = 1; pageNum <= ascending.data.total; pageNum += 1) {
      const page = await list({ sortBy: 'amount', sortOrder: 'asc', pageNum, pageSize: 1 });
      pageByPage.push(...page.data.list.map((order) => order.orderNo));
    }
    expect(pageByPage).toEqual(ascending.data.list.map((order) => order.orderNo));
  });

  it('keeps newest first without a sort, and refuses a field the route does not sort by', async () => {
    const byDefault = await list({ pageSize: 100 });
    const byCreated = await list({ sortBy: 'createdAt', sortOrder: 'desc', pageSize: 100 });
    expect(byCreated.data.list.map((order) => order.orderNo)).toEqual(
      byDefault.data.list.map((order) => order.orderNo),
    );
    const unknown = await list({ sortBy: 'memberId' });
    expect(unknown).toMatchObject({ code: 10003, data: { field: 'sortBy' } });
    const rawSql = await list({ sortBy: 'id; drop table members' });
    expect(rawSql).toMatchObject({ code: 10003, data: { field: 'sortBy' } });
    expect(await list({ sortBy: 'amount', sortOrder: 'up' })).toMatchObject({
      code: 10003,
      data: { field: 'sortOrder' },
    });
  });
});
