import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffCredentials, signInStaff } from '../operator/test-support.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { adjustmentApprovalThresholdDefaultFen } from './adjustments.ts';
import { cashierClient } from './test-support.ts';

let testApp: TestApp;
let cashier: ReturnType<typeof cashierClient>;
/** A second 财务 beside the cashier client's 超级管理员 (`cashier_op`), who requests. */
let finance: <T = unknown>(
  path: string,
  body?: object,
) => Promise<{ code: number; message: string; data: T }>;

beforeAll(async () => {
  testApp = await createTestApp();
  cashier = cashierClient(testApp);
  await cashier.asOperator(routes.adminBlockList.path);
  const created = await cashier.asOperator<{ password: string }>(routes.adminStaffCreate.path, {
    username: 'finance_two',
    role: 'finance',
    siteIds: [9001],
  });
  const credentials: StaffCredentials = { username: 'finance_two', password: created.data.password };
  const token = await signInStaff(
    (body) => cashier.client.call('POST', routes.adminLogin.path, { body }),
    credentials,
    testApp.clock,
  );
  finance = (path, body) => cashier.client.call('POST', path, { token, ...(body ? { body } : {}) });
});
afterAll(async () => {
  await testApp.close();
});

interface AdjustResult {
  status: 'applied' | 'awaiting_approval';
  mainBalance: string;
  isReplay: boolean;
}

let adjustmentCount = 0;
const adjustBody = (memberId: bigint, amount: string, extra: object = {}) => {
  adjustmentCount += 1;
  return {
    memberId: Number(memberId),
    direction: 'credit',
    amount,
    reason: '活动补发',
    adjustmentId: `adj-four-eyes-${adjustmentCount}`,
    ...extra,
  };
};

describe('adjustments above the approval threshold', () => {
  it('applies at once up to the threshold and waits for a second staff member above it', async () => {
    expect(adjustmentApprovalThresholdDefaultFen).toBe(500_000n);
    const member = await cashier.member('fourey01');
    const small = await finance<AdjustResult>(
      routes.adminAdjust.path,
      adjustBody(member.memberId, '5000.00'),
    );
    expect(small.data).toMatchObject({ status: 'applied', mainBalance: '5000.00' });
    const body = adjustBody(member.memberId, '5000.01');
    const large = await finance<AdjustResult>(routes.adminAdjust.path, body);
    expect(large.data).toMatchObject({
      status: 'awaiting_approval',
      mainBalance: '5000.00',
      isReplay: false,
    });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(500_000n);
    const replay = await finance<AdjustResult>(routes.adminAdjust.path, body);
    expect(replay.data).toMatchObject({ status: 'awaiting_approval', isReplay: true });
    const changed = await finance(routes.adminAdjust.path, { ...body, amount: '6000.00' });
    expect(changed.code).toBe(10003);

    const selfApproval = await finance(routes.adminAdjustApprove.path, { adjustmentId: body.adjustmentId });
    expect(selfApproval).toMatchObject({
      code: 10001,
      message: '不能审批自己提交的调整，请由另一位员工审批',
    });
    const pending = await cashier.asOperator<{ list: { adjustmentId: string; requestedBy: string }[] }>(
      routes.adminAdjustRequests.path,
      { status: 'pending' },
    );
    expect(pending.data.list).toContainEqual(
      expect.objectContaining({ adjustmentId: body.adjustmentId, requestedBy: 'finance_two' }),
    );
    const approved = await cashier.asOperator<AdjustResult>(routes.adminAdjustApprove.path, {
      adjustmentId: body.adjustmentId,
    });
    expect(approved.data).toMatchObject({ status: 'applied', mainBalance: '10000.01' });
    const again = await cashier.asOperator<AdjustResult>(routes.adminAdjustApprove.path, {
      adjustmentId: body.adjustmentId,
    });
    expect(again.data).toMatchObject({ status: 'applied', isReplay: true });
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(1_000_001n);
    expect((await finance<AdjustResult>(routes.adminAdjust.path, body)).data).toMatchObject({
      status: 'applied',
      isReplay: true,
    });
    const actions = await testApp.services.cashier.pageOperatorActions(9001, { pageNum: 1, pageSize: 50 });
    expect(
      actions.list
        .filter((row) => row.target === body.adjustmentId)
        .map((row) => [row.action, row.operatorUsername]),
    ).toEqual([
      ['adjustment', 'cashier_op'],
      ['adjustment_request', 'finance_two'],
    ]);
  });

  it('moves nothing when rejected, and refuses deciding twice', async () => {
    const member = await cashier.member('fourey02');
    const body = adjustBody(member.memberId, '8000.00', { direction: 'credit' });
    await finance(routes.adminAdjust.path, body);
    const rejected = await cashier.asOperator(routes.adminAdjustReject.path, {
      adjustmentId: body.adjustmentId,
      reason: '无活动依据',
    });
    expect(rejected.code).toBe(6000);
    expect(await cashier.mainBalanceFen(member.memberId)).toBe(0n);
    const late = await cashier.asOperator(routes.adminAdjustApprove.path, {
      adjustmentId: body.adjustmentId,
    });
    expect(late).toMatchObject({ code: 10001, message: '该调整已由cashier_op拒绝' });
    expect((await finance(routes.adminAdjust.path, body)).code).toBe(10001);
  });

  it('approves each request once when two approvers race', async () => {
    const member = await cashier.member('fourey03');
    const body = adjustBody(member.memberId, '9000.00');
    await cashier.asOperator(routes.adminAdjust.path, body);
    const answers = await Promise.all([
      finance(routes.adminAdjustApprove.path, { adjustmentId: body.adjustmentId }),
      finance(routes.adminAdjustApprove.path, { adjustmentId: body.adjustmentId }),
      finance(routes.adminAdjustReject.path, { adjustmentId: body.adjustmentId, reason: '重复提交' }),
    ]);
    expect(answers.filter((answer) => answer.code === 6000).length).toBeGreaterThanOrEqual(1);
    const balance = await cashier.mainBalanceFen(member.memberId);
    expect([0n, 900_000n]).toContain(balance);
    const decided = answers.filter((answer) => answer.code === 6000);
    expect(decided.every((answer) => answer.data === null) || balance === 900_000n).toBe(true);
  });

  it("follows the site's threshold, which only 站点管理员 and 超级管理员 set", async () => {
    expect((await finance(routes.adminAdjustRuleSet.path, { approvalThreshold: '100000.00' })).code).toBe(
      10001,
    );
    const set = await cashier.asOperator(routes.adminAdjustRuleSet.path, { approvalThreshold: '100.00' });
    expect(set.data).toEqual({ approvalThreshold: '100.00' });
    const member = await cashier.member('fourey04');
    const answer = await finance<AdjustResult>(
      routes.adminAdjust.path,
      adjustBody(member.memberId, '100.01'),
    );
    expect(answer.data.status).toBe('awaiting_approval');
    expect(await testApp.services.cashier.adjustmentRule(9001)).toEqual({ approvalThreshold: '100.00' });
    await cashier.asOperator(routes.adminAdjustRuleSet.path, { approvalThreshold: '5000.00' });
  });
});
