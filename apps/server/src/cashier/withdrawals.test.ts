import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { residentId } from '../identity/test-support.ts';
import { totpCodeAt, totpStepAt } from '../member/totp.ts';
import { signInStaff } from '../operator/test-support.ts';
import { createTestApp, meetTurnover, playValidBets, type TestApp } from '../testing.ts';
import { cashierClient } from './test-support.ts';
import { accountNumberProblem, isLuhnValid, realNameRequiredText } from './withdraw-accounts.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
});
afterAll(async () => {
  await testApp.close();
});

const validCard = '6222020200112345679';
const trc20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const erc20 = `0x${'a1'.repeat(20)}`;

interface Order {
  orderNo: string;
  status: string;
  amount: string;
  accountLabel: string;
}

const holdOf = async (memberId: bigint) =>
  (await testApp.services.ledger.balance({ kind: 'member_withdrawal_hold', siteId: 9001, memberId }))
    .availableFen;

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
    holderName: '张三',
    accountNumber: validCard,
  });
  await cashier.deposit(member.token, amount);
  await meetTurnover(testApp.services, member.memberId);
  let requestCount = 0;
  const apply = (body: { amount: string; fundsPassword?: string; requestId?: string }) => {
    requestCount += 1;
    return cashier.asMember<Order>(member.token, routes.withdrawApply.path, {
      withdrawAccountId: card.data.id,
      fundsPassword: '258036',
      requestId: `wd-${username}-${requestCount}`,
      ...body,
    });
  };
  return { ...member, accountId: card.data.id, apply };
}

describe('withdrawal accounts', () => {
  it('checks card numbers (16-19 digits, Luhn) and digital-currency addresses', () => {
    expect(isLuhnValid(validCard)).toBe(true);
    expect(accountNumberProblem('bank', validCard)).toBeUndefined();
    expect(accountNumberProblem('bank', '6222020200112345678')).toContain('校验');
    expect(accountNumberProblem('bank', '622202020011234')).toContain('16-19');
    expect(accountNumberProblem('usdt_trc20', trc20)).toBeUndefined();
    expect(accountNumberProblem('usdt_trc20', `A${trc20.slice(1)}`)).toBeDefined();
    expect(accountNumberProblem('usdt_trc20', `${trc20.slice(0, 33)}0`)).toBeDefined();
    expect(accountNumberProblem('usdt_erc20', erc20)).toBeUndefined();
    expect(accountNumberProblem('usdt_erc20', erc20.slice(0, 41))).toBeDefined();
    expect(accountNumberProblem('alipay', '13800138000')).toBeUndefined();
    expect(accountNumberProblem('alipay', 'not-an-account')).toBeDefined();
  });

  it('refuses a member without a verified real name and stores nothing', async () => {
    const member = await cashier.member('wdname01');
    const add = (body: object) =>
      cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, body);
    const card = { kind: 'bank', bankCode: 'ICBC', holderName: '李四', accountNumber: validCard };
    expect(await add(card)).toMatchObject({ code: 10001, message: realNameRequiredText });
    expect(await add({ kind: 'usdt_trc20', accountNumber: trc20 })).toMatchObject({ code: 10001 });
    const list = await cashier.asMember<unknown[]>(member.token, routes.withdrawAccountList.path);
    expect(list).toMatchObject({ code: 6000, data: [] });
    // A minor's rejected verification does not count either.
    const minorBirth = new Date(testApp.clock.now() - 10 * 365 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    const rejected = await cashier.asMember<{ status: string }>(member.token, routes.identitySubmit.path, {
      realName: '李四',
      idNumber: residentId(minorBirth, '777'),
    });
    expect(rejected.data.status).toBe('rejected');
    expect(await add(card)).toMatchObject({ code: 10001, message: realNameRequiredText });
    expect((await cashier.asMember<unknown[]>(member.token, routes.withdrawAccountList.path)).data).toEqual(
      [],
    );
  });

  it('binds in the verified real name: a sent holder name must match, an omitted one is filled in', async () => {
    const member = await cashier.verifiedMember('wdname02', '周芷若');
    const add = (body: object) =>
      cashier.asMember<{ id: number; holderName: string }>(
        member.token,
        routes.withdrawAccountAdd.path,
        body,
      );
    const wrong = await add({ kind: 'bank', bankCode: 'ICBC', holderName: '赵敏', accountNumber: validCard });
    expect(wrong).toMatchObject({ code: 10003, data: { field: 'holderName' } });
    expect((await cashier.asMember<unknown[]>(member.token, routes.withdrawAccountList.path)).data).toEqual(
      [],
    );
    const card = await add({
      kind: 'bank',
      bankCode: 'ICBC',
      holderName: '周芷若',
      accountNumber: validCard,
    });
    expect(card).toMatchObject({ code: 6000, data: { holderName: '周芷若' } });
    const wallet = await add({ kind: 'usdt_trc20', accountNumber: trc20 });
    expect(wallet).toMatchObject({ code: 6000, data: { holderName: '周芷若' } });
    const list = await cashier.asMember<Array<{ holderName: string }>>(
      member.token,
      routes.withdrawAccountList.path,
    );
    expect(list.data.map((row) => row.holderName)).toEqual(['周芷若', '周芷若']);
  });

  it('binds, lists masked, refuses bad numbers, duplicates and another holder name, deletes', async () => {
    const member = await cashier.verifiedMember('wdacct01', '李四');
    const add = (body: object) =>
      cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, body);
    const banks = await cashier.asMember<Array<{ code: string }>>(
      member.token,
      routes.withdrawAccountBanks.path,
    );
    expect(banks.data.map((bank) => bank.code)).toContain('ICBC');
    const card = await add({ kind: 'bank', bankCode: 'ICBC', holderName: '李四', accountNumber: validCard });
    expect(card.code).toBe(6000);
    expect(
      (await add({ kind: 'bank', bankCode: 'ICBC', holderName: '李四', accountNumber: validCard })).message,
    ).toContain('已绑定');
    expect(
      (
        await add({
          kind: 'bank',
          bankCode: 'ICBC',
          holderName: '李四',
          accountNumber: '6222020200112345678',
        })
      ).code,
    ).toBe(10003);
    expect(
      (await add({ kind: 'bank', holderName: '李四', accountNumber: '6217000000000006' })).message,
    ).toContain('bankCode');
    expect((await add({ kind: 'usdt_trc20', holderName: '王五', accountNumber: trc20 })).message).toContain(
      'holderName',
    );
    expect((await add({ kind: 'usdt_trc20', holderName: '李四', accountNumber: trc20 })).code).toBe(6000);
    expect((await add({ kind: 'usdt_erc20', holderName: '李四', accountNumber: erc20 })).code).toBe(6000);
    expect((await add({ kind: 'alipay', holderName: '李四', accountNumber: '13800138000' })).code).toBe(6000);
    const list = await cashier.asMember<
      Array<{ id: number; accountNumber: string; bankName: string | null }>
    >(member.token, routes.withdrawAccountList.path);
    expect(list.data).toHaveLength(4);
    expect(list.data[0]).toMatchObject({ accountNumber: '****5679', bankName: '中国工商银行' });
    expect(JSON.stringify(list.data)).not.toContain(validCard);
    const deleted = await cashier.asMember(member.token, routes.withdrawAccountDelete.path, {
      id: card.data.id,
    });
    expect(deleted.code).toBe(6000);
    const again = await cashier.asMember(member.token, routes.withdrawAccountDelete.path, {
      id: card.data.id,
    });
    expect(again.code).toBe(10003);
    const other = await cashier.member('wdacct02');
    const foreign = await cashier.asMember(other.token, routes.withdrawAccountDelete.path, {
      id: list.data[1]?.id,
    });
    expect(foreign.code).toBe(10003);
  });
});

describe('funds password', () => {
  it('is set once with six non-trivial digits, changed only with the current one, and reported in the wallet summary', async () => {
    const member = await cashier.member('wdfunds01');
    const set = (body: object) => cashier.asMember(member.token, routes.fundsPasswordSet.path, body);
    const hasFundsPassword = async () =>
      (await cashier.asMember<{ hasFundsPassword: boolean }>(member.token, routes.walletSummary.path)).data
        .hasFundsPassword;
    expect(await hasFundsPassword()).toBe(false);
    expect((await set({ fundsPassword: '123456', confirmFundsPassword: '123456' })).code).toBe(10003);
    expect((await set({ fundsPassword: '12345a', confirmFundsPassword: '12345a' })).code).toBe(10003);
    expect((await set({ fundsPassword: '258036', confirmFundsPassword: '258037' })).code).toBe(10003);
    expect(await hasFundsPassword()).toBe(false);
    expect((await set({ fundsPassword: '258036', confirmFundsPassword: '258036' })).code).toBe(6000);
    expect(await hasFundsPassword()).toBe(true);
    expect((await set({ fundsPassword: '369147', confirmFundsPassword: '369147' })).code).toBe(10001);
    const change = (body: object) => cashier.asMember(member.token, routes.fundsPasswordChange.path, body);
    const wrongOld = await change({
      oldFundsPassword: '000000',
      fundsPassword: '369147',
      confirmFundsPassword: '369147',
    });
    expect(wrongOld).toMatchObject({ code: 10001, message: '原资金密码错误' });
    const changed = await change({
      oldFundsPassword: '258036',
      fundsPassword: '369147',
      confirmFundsPassword: '369147',
    });
    expect(changed.code).toBe(6000);
    expect(await hasFundsPassword()).toBe(true);
    const other = await cashier.member('wdfunds02');
    const otherSummary = await cashier.asMember<{ hasFundsPassword: boolean }>(
      other.token,
      routes.walletSummary.path,
    );
    expect(otherSummary.data.hasFundsPassword).toBe(false);
  });
});

describe('withdrawals', () => {
  it('holds the amount, answers a replayed request id with the same order, and lists it', async () => {
    const member = await readyMember('wdapply01', '1000.00');
    const first = await member.apply({ amount: '300.00', requestId: 'wd-apply-0001' });
    expect(first.data).toMatchObject({
      status: 'pending',
      amount: '300.00',
      accountLabel: '中国工商银行(尾号5679)',
    });
    const replay = await member.apply({ amount: '300.00', requestId: 'wd-apply-0001' });
    expect(replay.data.orderNo).toBe(first.data.orderNo);
    expect((await member.apply({ amount: '301.00', requestId: 'wd-apply-0001' })).code).toBe(10003);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(70_000n);
    expect(await holdOf(member.memberId)).toBe(30_000n);
    const list = await cashier.asMember<{ list: Order[]; total: number }>(
      member.token,
      routes.withdrawList.path,
      {},
    );
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]?.orderNo).toBe(first.data.orderNo);
    const info = await cashier.asMember<{ lockMoney: string }>(member.token, routes.memberInfo.path, {
      withLockMoney: 1,
    });
    expect(info.data.lockMoney).toBe('300.00');
  });

  it('refuses bad amounts, limits, a wrong funds password or account, and changes nothing', async () => {
    const member = await readyMember('wdrefuse01', '1000.00');
    for (const amount of ['abc', '10.001', '-100.00', '99.99', '50000.01']) {
      const answer = await member.apply({ amount });
      expect(answer.code, amount).toBe(10003);
      expect(answer.message, amount).toContain('amount');
    }
    expect(await member.apply({ amount: '100.00', fundsPassword: '000000' })).toMatchObject({
      code: 10001,
      message: '资金密码错误',
    });
    const wrongAccount = await cashier.asMember(member.token, routes.withdrawApply.path, {
      amount: '100.00',
      withdrawAccountId: 999_999,
      fundsPassword: '258036',
      requestId: 'wd-refuse-account',
    });
    expect(wrongAccount.message).toContain('withdrawAccountId');
    expect(await member.apply({ amount: '1000.01' })).toMatchObject({ code: 10001, message: '余额不足' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(100_000n);
    expect(await holdOf(member.memberId)).toBe(0n);
  });

  it('locks the funds password for 30 minutes after five wrong ones in a row', async () => {
    const member = await readyMember('wdlock01', '500.00');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await member.apply({ amount: '100.00', fundsPassword: '000000' })).message).toBe(
        '资金密码错误',
      );
    }
    const locked = await member.apply({ amount: '100.00' });
    expect(locked.message).toContain('错误次数过多');
    testApp.clock.advance(30 * 60_000 + 1);
    expect((await member.apply({ amount: '100.00' })).code).toBe(6000);
  });

  it('needs a funds password first, and the turnover audit met', async () => {
    const member = await cashier.verifiedMember('wdaudit01', '赵六');
    const body = {
      amount: '100.00',
      withdrawAccountId: 1,
      fundsPassword: '258036',
      requestId: 'wd-audit-0001',
    };
    expect(await cashier.asMember(member.token, routes.withdrawApply.path, body)).toMatchObject({
      code: 10001,
      message: '请先设置资金密码',
    });
    await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
      fundsPassword: '258036',
      confirmFundsPassword: '258036',
    });
    const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
      kind: 'usdt_trc20',
      holderName: '赵六',
      accountNumber: trc20,
    });
    await cashier.deposit(member.token, '500.00');
    const apply = (requestId: string) =>
      cashier.asMember(member.token, routes.withdrawApply.path, {
        ...body,
        withdrawAccountId: card.data.id,
        requestId,
      });
    type Summary = { requiredAmount: string; completedAmount: string; isMet: boolean };
    const summary = () => cashier.asMember<Summary>(member.token, routes.auditSummary.path);
    expect((await summary()).data).toMatchObject({
      requiredAmount: '500.00',
      completedAmount: '0.00',
      isMet: false,
    });
    expect(await apply('wd-audit-0002')).toMatchObject({ code: 10001, message: '您的流水不足，暂不能提现' });
    await playValidBets(testApp.services, member.memberId, 30_000n);
    expect((await summary()).data).toMatchObject({ completedAmount: '300.00', isMet: false });
    await playValidBets(testApp.services, member.memberId, 50_000n);
    expect((await summary()).data).toMatchObject({ completedAmount: '500.00', isMet: true });
    expect((await apply('wd-audit-0003')).code).toBe(6000);
  });

  it('allows five withdrawals a day; a rejected one does not count', async () => {
    const member = await readyMember('wddaily01', '1000.00');
    for (let index = 0; index < 5; index += 1) {
      expect((await member.apply({ amount: '100.00' })).code).toBe(6000);
    }
    const sixth = await member.apply({ amount: '100.00' });
    expect(sixth.message).toContain('今日提现次数已达上限');
    const pending = await cashier.asOperator<{ list: Array<Order & { memberId: number }> }>(
      routes.adminWithdrawList.path,
      { status: 'pending', pageSize: 100 },
    );
    const mine = pending.data.list.find((row) => row.memberId === Number(member.memberId));
    await cashier.asOperator(routes.adminWithdrawReject.path, { orderNo: mine?.orderNo, reason: '测试' });
    expect((await member.apply({ amount: '100.00' })).code).toBe(6000);
  });

  it('requires the TOTP code when two-factor is on', async () => {
    const member = await readyMember('wdtotp01', '500.00');
    const setup = await cashier.asMember<{ secret: string }>(member.token, routes.totpSetup.path);
    const code = () => totpCodeAt(setup.data.secret, totpStepAt(testApp.clock.now()));
    await cashier.asMember(member.token, routes.totpEnable.path, { code: code() });
    testApp.clock.advance(30_000);
    expect((await member.apply({ amount: '100.00' })).code).toBe(10409);
    const withCode = await cashier.asMember(member.token, routes.withdrawApply.path, {
      amount: '100.00',
      withdrawAccountId: member.accountId,
      fundsPassword: '258036',
      totpCode: code(),
      requestId: 'wd-totp-0001',
    });
    expect(withCode.code).toBe(6000);
  });

  it('lets exactly one of 50 concurrent withdrawals of the full balance succeed', async () => {
    const member = await readyMember('wdrace01', '800.00');
    const answers = await Promise.all(Array.from({ length: 50 }, () => member.apply({ amount: '800.00' })));
    expect(answers.filter((answer) => answer.code === 6000)).toHaveLength(1);
    expect(
      answers.filter((answer) => answer.code !== 6000).every((answer) => answer.message === '余额不足'),
    ).toBe(true);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    expect(await holdOf(member.memberId)).toBe(80_000n);
    const list = await cashier.asMember<{ total: number }>(member.token, routes.withdrawList.path, {});
    expect(list.data.total).toBe(1);
  });
});

describe('operator review', () => {
  /** A second reviewer beside the cashier client's operator. */
  const secondReviewer = async (username: string) => {
    const { password } = await testApp.services.operators.create(username);
    const token = await signInStaff(
      (body) => cashier.client.call('POST', routes.adminLogin.path, { body }),
      { username, password },
      testApp.clock,
    );
    return <T = unknown>(path: string, body: object) => cashier.client.call<T>('POST', path, { token, body });
  };

  it('holds an order for one reviewer: another is told who has it, until it is released or lapses', async () => {
    const member = await readyMember('wdhold01', '1000.00');
    const order = await member.apply({ amount: '300.00' });
    const orderNo = order.data.orderNo;
    const other = await secondReviewer('reviewer_b');
    const held = await cashier.asOperator<{ reviewer: string; lockedUntil: string }>(
      routes.adminWithdrawHold.path,
      { orderNo },
    );
    expect(held.data).toMatchObject({ reviewer: 'cashier_op', lockedUntil: expect.any(String) });
    const refused = await other(routes.adminWithdrawHold.path, { orderNo });
    expect(refused).toMatchObject({ code: 10001, message: '该提现订单正由cashier_op审核中' });
    const approveByOther = await other(routes.adminWithdrawApprove.path, { orderNo });
    expect(approveByOther).toMatchObject({ code: 10001, message: '该提现订单正由cashier_op审核中' });
    expect(await holdOf(member.memberId)).toBe(30_000n);
    expect((await other(routes.adminWithdrawRelease.path, { orderNo })).code).toBe(10001);
    expect((await cashier.asOperator(routes.adminWithdrawRelease.path, { orderNo })).code).toBe(6000);
    expect((await other(routes.adminWithdrawHold.path, { orderNo })).code).toBe(6000);
    testApp.clock.advance(10 * 60_000 + 1);
    const afterLapse = await cashier.asOperator<{ status: string; reviewer: string }>(
      routes.adminWithdrawReject.path,
      { orderNo, reason: '账户信息不符' },
    );
    expect(afterLapse.data).toMatchObject({ status: 'rejected' });
    const list = await cashier.asOperator<{
      list: { orderNo: string; reviewer: string; lockedUntil: null }[];
    }>(routes.adminWithdrawList.path, {});
    expect(list.data.list.find((row) => row.orderNo === orderNo)).toMatchObject({
      reviewer: 'cashier_op',
      lockedUntil: null,
    });
  });

  it('lets one of two reviewers deciding at once win; the other is told who decided', async () => {
    const member = await readyMember('wdhold02', '1000.00');
    const order = await member.apply({ amount: '200.00' });
    const orderNo = order.data.orderNo;
    const other = await secondReviewer('reviewer_c');
    const [first, second] = await Promise.all([
      cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo }),
      other(routes.adminWithdrawReject.path, { orderNo, reason: '重复' }),
    ]);
    const answers = [first, second];
    expect(answers.filter((answer) => answer.code === 6000)).toHaveLength(1);
    const loser = answers.find((answer) => answer.code !== 6000);
    expect(loser?.message).toMatch(/^该提现订单(已由|正由)(cashier_op|reviewer_c)(处理|审核中)$/);
    const paidOrReturned = (await holdOf(member.memberId)) === 0n;
    expect(paidOrReturned).toBe(true);
    expect(
      (await testApp.services.cashier.pageOperatorActions(9001, { pageNum: 1, pageSize: 100 })).list.filter(
        (row) => row.target === orderNo,
      ),
    ).toHaveLength(1);
  });

  it('refuses holding an order already decided, or of another site', async () => {
    const member = await readyMember('wdhold03', '1000.00');
    const order = await member.apply({ amount: '100.00' });
    await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: order.data.orderNo });
    const late = await cashier.asOperator(routes.adminWithdrawHold.path, { orderNo: order.data.orderNo });
    expect(late).toMatchObject({ code: 10001, message: '该提现订单已由cashier_op处理' });
    expect((await cashier.asOperator(routes.adminWithdrawHold.path, { orderNo: 'W-none' })).code).toBe(10003);
  });

  it('approves: the hold is paid out once; a later reject is refused', async () => {
    const member = await readyMember('wdreview01', '1000.00');
    const order = await member.apply({ amount: '400.00' });
    const approve = () =>
      cashier.asOperator<Order>(routes.adminWithdrawApprove.path, { orderNo: order.data.orderNo });
    expect((await approve()).data.status).toBe('approved');
    expect((await approve()).data.status).toBe('approved');
    expect(await holdOf(member.memberId)).toBe(0n);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(60_000n);
    const reject = await cashier.asOperator(routes.adminWithdrawReject.path, { orderNo: order.data.orderNo });
    expect(reject).toMatchObject({ code: 10001 });
    const list = await cashier.asMember<{ list: Order[] }>(member.token, routes.withdrawList.path, {});
    expect(list.data.list[0]?.status).toBe('approved');
    const actions = (await testApp.services.cashier.pageOperatorActions(9001, { pageNum: 1, pageSize: 100 }))
      .list;
    expect(actions.filter((row) => row.target === order.data.orderNo).map((row) => row.action)).toEqual([
      'withdraw_approve',
    ]);
  });

  it('rejects: the hold returns to the main wallet; members cannot review', async () => {
    const member = await readyMember('wdreview02', '1000.00');
    const order = await member.apply({ amount: '400.00' });
    const asMember = await cashier.asMember(member.token, routes.adminWithdrawApprove.path, {
      orderNo: order.data.orderNo,
    });
    expect(asMember.code).toBe(10004);
    const rejected = await cashier.asOperator<Order & { reason: string }>(routes.adminWithdrawReject.path, {
      orderNo: order.data.orderNo,
      reason: '账户信息有误',
    });
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '账户信息有误' });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(100_000n);
    expect(await holdOf(member.memberId)).toBe(0n);
    expect(
      (await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: order.data.orderNo })).code,
    ).toBe(10001);
    expect((await cashier.asOperator(routes.adminWithdrawApprove.path, { orderNo: 'W404' })).code).toBe(
      10003,
    );
  });
});
