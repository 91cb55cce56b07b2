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

interface ConvertResult {
  transferId: string;
  amount: string;
  requiredTurnover: string;
  bonusBalance: string;
  mainBalance: string;
  isReplay: boolean;
}

interface Records {
  list: Array<{ kind: string; amount: string; status: string; createdAt: string }>;
  total: number;
}

let grantCount = 0;
/** The operator grants `amount` into the member's bonus wallet. */
async function grantBonus(memberId: bigint, amount: string) {
  grantCount += 1;
  const answer = await cashier.asOperator<{ bonusBalance: string; mainBalance: string }>(
    routes.adminAdjust.path,
    {
      memberId: Number(memberId),
      direction: 'credit',
      amount,
      reason: '活动红利',
      adjustmentId: `bonus-grant-${grantCount}`,
      wallet: 'bonus',
    },
  );
  expect(answer.code).toBe(6000);
  return answer.data;
}

const bonusFen = async (memberId: bigint) =>
  (await testApp.services.ledger.balance({ kind: 'member_bonus', siteId: 9001, memberId })).availableFen;

describe('bonus wallet', () => {
  it('grants into the bonus wallet by operator adjustment, logged, main untouched', async () => {
    const member = await cashier.member('bonus01');
    expect(await grantBonus(member.memberId, '66.00')).toMatchObject({
      bonusBalance: '66.00',
      mainBalance: '0.00',
    });
    const wallet = await cashier.asMember(member.token, routes.bonusWallet.path);
    expect(wallet.data).toEqual({ balance: '66.00', turnoverMultiple: 1 });
    const withTurnover = await cashier.asOperator(routes.adminAdjust.path, {
      memberId: Number(member.memberId),
      direction: 'credit',
      amount: '1.00',
      reason: '活动红利',
      adjustmentId: 'bonus01-turnover',
      wallet: 'bonus',
      turnoverMultiple: 2,
    });
    expect(withTurnover.code).toBe(10003);
    type Actions = { list: Array<{ target: string; amount: string }> };
    const log = await cashier.asOperator<Actions>(routes.adminCashierActions.path, {
      pageNum: 1,
      pageSize: 100,
    });
    expect(log.data.list.some((row) => row.target.startsWith('bonus:bonus-grant-'))).toBe(true);
  });

  it('moves an amount to main as one transfer and adds a 1x turnover requirement', async () => {
    const member = await cashier.member('bonus02');
    await grantBonus(member.memberId, '100.00');
    const moved = await cashier.asMember<ConvertResult>(member.token, routes.bonusConvert.path, {
      amount: '40.00',
      transferId: 'bonus02-convert-1',
    });
    expect(moved.data).toEqual({
      transferId: 'bonus02-convert-1',
      amount: '40.00',
      requiredTurnover: '40.00',
      bonusBalance: '60.00',
      mainBalance: '40.00',
      isReplay: false,
    });
    const audit = await cashier.asMember<{ requiredAmount: string; items: Array<{ source: string }> }>(
      member.token,
      routes.auditSummary.path,
    );
    expect(audit.data.requiredAmount).toBe('40.00');
    expect(audit.data.items.map((item) => item.source)).toEqual(['bonus']);
    const all = await cashier.asMember<ConvertResult>(member.token, routes.bonusConvert.path, {
      isAll: true,
      transferId: 'bonus02-convert-2',
    });
    expect(all.data).toMatchObject({ amount: '60.00', bonusBalance: '0.00', mainBalance: '100.00' });
    const records = await cashier.asMember<Records>(member.token, routes.bonusRecords.path, {
      pageNum: 1,
      pageSize: 10,
    });
    expect(records.data.list.map((row) => [row.kind, row.amount, row.status])).toEqual([
      ['bonus', '-60.00', 'success'],
      ['bonus', '-40.00', 'success'],
      ['adjustment', '100.00', 'success'],
    ]);
    const main = await cashier.asMember<Records>(member.token, routes.transactionRecords.path, {});
    expect(main.data.list.map((row) => row.amount)).toEqual(['60.00', '40.00']);
  });

  it('refuses bad input and too much with nothing changed', async () => {
    const member = await cashier.member('bonus03');
    await grantBonus(member.memberId, '10.00');
    const convert = (body: object) => cashier.asMember(member.token, routes.bonusConvert.path, body);
    expect(await convert({ amount: '10.01', transferId: 'bonus03-too-much' })).toMatchObject({
      code: 10001,
      message: '红利余额不足',
    });
    expect((await convert({ amount: '0.00', transferId: 'bonus03-zero-001' })).code).toBe(10003);
    expect((await convert({ amount: '1.234', transferId: 'bonus03-bad-0001' })).code).toBe(10003);
    expect((await convert({ transferId: 'bonus03-nothing1' })).code).toBe(10003);
    expect((await convert({ amount: '1.00', isAll: true, transferId: 'bonus03-both-001' })).code).toBe(10003);
    expect((await convert({ amount: '1.00', transferId: 'x' })).code).toBe(10003);
    expect(await bonusFen(member.memberId)).toBe(1_000n);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const empty = await cashier.member('bonus03b');
    expect(
      await cashier.asMember(empty.token, routes.bonusConvert.path, {
        isAll: true,
        transferId: 'bonus03-empty-01',
      }),
    ).toMatchObject({ code: 10001, message: '红利余额不足' });
    const audit = await cashier.asMember<{ requiredAmount: string }>(member.token, routes.auditSummary.path);
    expect(audit.data.requiredAmount).toBe('0.00');
  });

  it('lets exactly one of 20 concurrent converts of the full balance through', async () => {
    const member = await cashier.member('bonus04');
    await grantBonus(member.memberId, '50.00');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        cashier.asMember<ConvertResult>(member.token, routes.bonusConvert.path, {
          amount: '50.00',
          transferId: `bonus04-race-${String(index).padStart(2, '0')}`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 6000)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 10001)).toHaveLength(19);
    expect(await bonusFen(member.memberId)).toBe(0n);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(5_000n);
    const audit = await cashier.asMember<{ requiredAmount: string }>(member.token, routes.auditSummary.path);
    expect(audit.data.requiredAmount).toBe('50.00');
  });

  it('moves once when the same id is replayed 20 times at once, with 全部 or an amount', async () => {
    const member = await cashier.member('bonus05');
    await grantBonus(member.memberId, '30.00');
    const replay = (body: object) =>
      Promise.all(
        Array.from({ length: 20 }, () =>
          cashier.asMember<ConvertResult>(member.token, routes.bonusConvert.path, body),
        ),
      );
    const byAmount = await replay({ amount: '10.00', transferId: 'bonus05-same-amount' });
    expect(byAmount.every((answer) => answer.code === 6000 && answer.data.amount === '10.00')).toBe(true);
    expect(byAmount.filter((answer) => !answer.data.isReplay)).toHaveLength(1);
    const byAll = await replay({ isAll: true, transferId: 'bonus05-same-all' });
    expect(byAll.every((answer) => answer.code === 6000 && answer.data.amount === '20.00')).toBe(true);
    expect(byAll.filter((answer) => !answer.data.isReplay)).toHaveLength(1);
    expect(await bonusFen(member.memberId)).toBe(0n);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(3_000n);
    const audit = await cashier.asMember<{ requiredAmount: string; items: unknown[] }>(
      member.token,
      routes.auditSummary.path,
    );
    expect(audit.data).toMatchObject({ requiredAmount: '30.00' });
    expect(audit.data.items).toHaveLength(2);
    const reused = await cashier.asMember(member.token, routes.bonusConvert.path, {
      amount: '5.00',
      transferId: 'bonus05-same-amount',
    });
    expect(reused.code).toBe(10003);
  });
});
