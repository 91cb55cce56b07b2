import { type AdminTurnoverAudit, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSite, createTestApp, playValidBets, type TestApp } from '../testing.ts';
import { cashierClient } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  await createSecondSite(testApp, 9002);
});
afterAll(async () => {
  await testApp.close();
});

const staffView = (username: string) =>
  cashier.asOperator<AdminTurnoverAudit>(routes.adminTurnoverAudit.path, { username });

const memberSummary = async (token: string) =>
  (
    await cashier.asMember<Omit<AdminTurnoverAudit, 'memberId' | 'username' | 'withdrawal'>>(
      token,
      routes.auditSummary.path,
    )
  ).data;

/** The staff view without what it adds: what the member's own summary shows. */
function asMemberSees(view: AdminTurnoverAudit) {
  const { memberId: _memberId, username: _username, withdrawal: _withdrawal, ...summary } = view;
  return {
    ...summary,
    items: summary.items.map(({ remainingAmount: _remaining, isMet: _isMet, ...item }) => item),
  };
}

describe('turnover audit for staff', () => {
  it('shows each requirement as the member sees it, its remainder, and why a withdrawal would be refused', async () => {
    const member = await cashier.member('auditview01');
    const first = await cashier.deposit(member.token, '100.00');
    const second = await cashier.deposit(member.token, '50.00');
    await playValidBets(testApp.services, member.memberId, 13_000n);

    const view = await staffView('AuditView01 ');
    expect(view.code).toBe(6000);
    expect(asMemberSees(view.data)).toEqual(await memberSummary(member.token));
    expect(view.data).toMatchObject({
      memberId: Number(member.memberId),
      username: 'auditview01',
      requiredAmount: '150.00',
      completedAmount: '130.00',
      remainingAmount: '20.00',
      isMet: false,
      items: [
        {
          source: 'deposit',
          sourceRef: first,
          requiredAmount: '100.00',
          remainingAmount: '0.00',
          isMet: true,
        },
        {
          source: 'deposit',
          sourceRef: second,
          completedAmount: '30.00',
          remainingAmount: '20.00',
          isMet: false,
        },
      ],
      withdrawal: {
        isAllowed: false,
        blockers: ['流水未达标，尚需有效投注20.00元', '未设置资金密码', '未绑定提现账户'],
        hasFundsPassword: false,
        payoutAccountCount: 0,
        withdrawalsToday: 0,
        dailyCountMax: 5,
      },
    });
  });

  it('says a withdrawal is allowed once turnover, funds password and payout account are in place', async () => {
    const member = await cashier.verifiedMember('auditview02');
    await cashier.asMember(member.token, routes.fundsPasswordSet.path, {
      fundsPassword: '258036',
      confirmFundsPassword: '258036',
    });
    const card = await cashier.asMember<{ id: number }>(member.token, routes.withdrawAccountAdd.path, {
      kind: 'bank',
      bankCode: 'ICBC',
      accountNumber: '6222020200112345679',
    });
    await cashier.deposit(member.token, '200.00');
    expect((await staffView('auditview02')).data.withdrawal).toMatchObject({
      isAllowed: false,
      blockers: ['流水未达标，尚需有效投注200.00元'],
      hasFundsPassword: true,
      payoutAccountCount: 1,
    });

    await playValidBets(testApp.services, member.memberId, 20_000n);
    const met = await staffView('auditview02');
    expect(met.data).toMatchObject({ isMet: true, remainingAmount: '0.00' });
    expect(met.data.withdrawal).toMatchObject({ isAllowed: true, blockers: [] });
    expect(asMemberSees(met.data)).toEqual(await memberSummary(member.token));

    // The server agrees: the withdrawal goes through, and counts towards today's.
    const applied = await cashier.asMember(member.token, routes.withdrawApply.path, {
      amount: '100.00',
      withdrawAccountId: card.data.id,
      fundsPassword: '258036',
      requestId: 'audit-view-withdraw-1',
    });
    expect(applied.code).toBe(6000);
    expect((await staffView('auditview02')).data.withdrawal.withdrawalsToday).toBe(1);
  });

  it('shows a member without requirements as met, with nothing listed', async () => {
    await cashier.member('auditview03');
    expect((await staffView('auditview03')).data).toMatchObject({
      requiredAmount: '0.00',
      completedAmount: '0.00',
      remainingAmount: '0.00',
      isMet: true,
      items: [],
    });
  });

  it('answers 10003 for an unknown member, a member of another site and a malformed name', async () => {
    await cashier.member('auditview04');
    expect(await staffView('nosuchmember')).toMatchObject({ code: 10003, data: { field: 'username' } });
    const onOtherSite = await cashier.asOperatorOn(9002, 'POST', routes.adminTurnoverAudit.path, {
      username: 'auditview04',
    });
    expect(onOtherSite).toMatchObject({ code: 10003, data: { field: 'username' } });
    for (const username of ['', '   ', 'x'.repeat(65), 42]) {
      expect((await cashier.asOperator(routes.adminTurnoverAudit.path, { username })).code).toBe(10003);
    }
  });

  it('opens to 财务 and 风控 (cashier.read), not to 客服', async () => {
    await cashier.member('auditview05');
    const finance = await cashier.staff('finance', 'audit_finance');
    expect((await finance('POST', routes.adminTurnoverAudit.path, { username: 'auditview05' })).code).toBe(
      6000,
    );
    const risk = await cashier.staff('risk', 'audit_risk');
    expect((await risk('POST', routes.adminTurnoverAudit.path, { username: 'auditview05' })).code).toBe(6000);
    const support = await cashier.staff('support', 'audit_support');
    const refused = await support('POST', routes.adminTurnoverAudit.path, { username: 'auditview05' });
    expect(refused.code).toBe(10001);
  });
});
