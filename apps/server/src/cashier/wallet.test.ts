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

interface Summary {
  mainBalance: string;
  withdrawalHoldBalance: string;
  bonusBalance: string;
  venues: Array<{ venueCode: string; balance: string }>;
  totalBalance: string;
  isAutoTransfer: boolean;
}

const venueOf = (summary: Summary, venueCode: string) =>
  summary.venues.find((venue) => venue.venueCode === venueCode)?.balance;

describe('venue transfers and wallet summary', () => {
  it('moves money in and out of a venue wallet once per transferId', async () => {
    const member = await cashier.member('wallet01');
    await cashier.deposit(member.token, '1000.00');
    const move = (body: object) =>
      cashier.asMember<{ mainBalance: string; venueBalance: string }>(
        member.token,
        routes.venueTransfer.path,
        body,
      );
    const moveIn = { venueCode: 'ZR', direction: 'in', amount: '300.00', transferId: 'vt-wallet01-0001' };
    expect((await move(moveIn)).data).toMatchObject({ mainBalance: '700.00', venueBalance: '300.00' });
    expect((await move(moveIn)).data).toMatchObject({ mainBalance: '700.00', venueBalance: '300.00' });
    expect((await move({ ...moveIn, amount: '200.00' })).code).toBe(10003);
    const out = { venueCode: 'ZR', direction: 'out', amount: '100.00', transferId: 'vt-wallet01-0002' };
    expect((await move(out)).data).toMatchObject({ mainBalance: '800.00', venueBalance: '200.00' });
    const tooMuch = { venueCode: 'QP', direction: 'out', amount: '1.00', transferId: 'vt-wallet01-0003' };
    expect(await move(tooMuch)).toMatchObject({ code: 10001, message: '余额不足' });
    const badVenue = await move({ ...tooMuch, venueCode: 'NOPE', transferId: 'vt-wallet01-0004' });
    expect(badVenue.message).toContain('venueCode');
    const badAmount = await move({ ...moveIn, amount: '1.001', transferId: 'vt-wallet01-0005' });
    expect(badAmount.message).toContain('amount');
    const summary = await cashier.asMember<Summary>(member.token, routes.walletSummary.path);
    expect(summary.data).toMatchObject({
      mainBalance: '800.00',
      withdrawalHoldBalance: '0.00',
      totalBalance: '1000.00',
    });
    expect(venueOf(summary.data, 'ZR')).toBe('200.00');
  });

  it('recalls every venue balance to main in one call, and a repeat moves nothing', async () => {
    const member = await cashier.member('wallet02');
    await cashier.deposit(member.token, '600.00');
    for (const [index, venueCode] of ['ZR', 'QP'].entries()) {
      await cashier.asMember(member.token, routes.venueTransfer.path, {
        venueCode,
        direction: 'in',
        amount: '100.00',
        transferId: `vt-wallet02-${index}000`,
      });
    }
    const recall = () =>
      cashier.asMember<Array<{ balance: string }>>(member.token, routes.venueRecall.path, {
        transferId: 'recall-0001',
      });
    const recalled = await recall();
    expect(recalled.data.every((venue) => venue.balance === '0.00')).toBe(true);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(60_000n);
    expect((await recall()).code).toBe(6000);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(60_000n);
  });

  it('switches auto transfer on and off', async () => {
    const member = await cashier.member('wallet03');
    const summary = () => cashier.asMember<Summary>(member.token, routes.walletSummary.path);
    expect((await summary()).data.isAutoTransfer).toBe(false);
    await cashier.asMember(member.token, routes.autoTransfer.path, { isAutoTransfer: true });
    expect((await summary()).data.isAutoTransfer).toBe(true);
    await cashier.asMember(member.token, routes.autoTransfer.path, { isAutoTransfer: false });
    expect((await summary()).data.isAutoTransfer).toBe(false);
    expect((await cashier.client.call('POST', routes.walletSummary.path)).code).toBe(10004);
  });

  it('lists main wallet movements from the ledger, paged, newest first', async () => {
    const member = await cashier.member('wallet04');
    await cashier.deposit(member.token, '500.00');
    await cashier.asMember(member.token, routes.venueTransfer.path, {
      venueCode: 'ZR',
      direction: 'in',
      amount: '120.00',
      transferId: 'vt-wallet04-0001',
    });
    type Records = { list: Array<{ kind: string; amount: string; balanceAfter: string }>; total: number };
    const page = await cashier.asMember<Records>(member.token, routes.transactionRecords.path, {
      pageNum: 1,
      pageSize: 1,
    });
    expect(page.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 1 });
    expect(page.data.list[0]).toMatchObject({
      kind: 'venue_transfer',
      amount: '-120.00',
      balanceAfter: '380.00',
    });
    const second = await cashier.asMember<Records>(member.token, routes.transactionRecords.path, {
      pageNum: 2,
      pageSize: 1,
    });
    expect(second.data.list[0]).toMatchObject({ kind: 'deposit', amount: '500.00', balanceAfter: '500.00' });
    const bad = await cashier.asMember(member.token, routes.transactionRecords.path, {
      pageNum: 0,
      pageSize: 1,
    });
    expect(bad.code).toBe(10003);
  });
});

describe('operator adjustments', () => {
  it('credits and debits with a reason, once per adjustmentId, each one logged', async () => {
    const member = await cashier.member('adjust01');
    const adjust = (body: object) =>
      cashier.asOperator<{ mainBalance: string; isReplay: boolean }>(routes.adminAdjust.path, {
        memberId: Number(member.memberId),
        ...body,
      });
    const credit = {
      direction: 'credit',
      amount: '88.00',
      reason: '活动补发',
      adjustmentId: 'adj-0001-credit',
    };
    expect((await adjust(credit)).data).toMatchObject({ mainBalance: '88.00', isReplay: false });
    expect((await adjust(credit)).data).toMatchObject({ mainBalance: '88.00', isReplay: true });
    const debit = {
      direction: 'debit',
      amount: '8.00',
      reason: '重复派发扣回',
      adjustmentId: 'adj-0001-debit',
    };
    expect((await adjust(debit)).data.mainBalance).toBe('80.00');
    const overdraw = {
      direction: 'debit',
      amount: '80.01',
      reason: '超额扣回',
      adjustmentId: 'adj-0001-over',
    };
    expect(await adjust(overdraw)).toMatchObject({ code: 10001, message: '余额不足' });
    expect((await adjust({ ...credit, reason: '', adjustmentId: 'adj-0001-noreason' })).message).toContain(
      'reason',
    );
    expect((await adjust({ ...credit, amount: '1.2.3', adjustmentId: 'adj-0001-badamt' })).message).toContain(
      'amount',
    );
    const unknown = await cashier.asOperator(routes.adminAdjust.path, {
      ...credit,
      memberId: 99_999_999,
      adjustmentId: 'adj-unknown',
    });
    expect(unknown.message).toContain('memberId');
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(8_000n);
    const asMember = await cashier.asMember(member.token, routes.adminAdjust.path, {
      ...credit,
      memberId: 1,
    });
    expect(asMember.code).toBe(10004);
    type Actions = { list: Array<{ action: string; target: string; amount: string; reason: string }> };
    const log = await cashier.asOperator<Actions>(routes.adminCashierActions.path, {
      pageNum: 1,
      pageSize: 100,
    });
    const mine = log.data.list.filter((row) => row.target.startsWith('adj-0001'));
    expect(mine).toEqual([
      expect.objectContaining({
        action: 'adjustment',
        target: 'adj-0001-debit',
        amount: '-8.00',
        reason: '重复派发扣回',
      }),
      expect.objectContaining({ action: 'adjustment', target: 'adj-0001-credit', amount: '88.00' }),
    ]);
  });

  it('adds a turnover requirement when the credit carries one', async () => {
    const member = await cashier.member('adjust02');
    await cashier.asOperator(routes.adminAdjust.path, {
      memberId: Number(member.memberId),
      direction: 'credit',
      amount: '50.00',
      reason: '手动红利',
      adjustmentId: 'adj-0002-bonus',
      turnoverMultiple: 3,
    });
    const summary = await cashier.asMember<{ requiredAmount: string }>(
      member.token,
      routes.auditSummary.path,
    );
    expect(summary.data.requiredAmount).toBe('150.00');
  });
});
