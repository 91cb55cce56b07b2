import { headerNames, type IdentityReviewEntry, type OperatorRole, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaffCredentials, signInStaff } from '../operator/test-support.ts';
import { authClient, registered } from '../session/test-support.ts';
import { createSecondSite, createTestApp, type TestApp } from '../testing.ts';
import { residentId } from './test-support.ts';

let testApp: TestApp;
let client: ReturnType<typeof authClient>;
let superToken = '';
const siteA = 9001;
const siteB = 9002;
const tokens: Partial<Record<string, string>> = {};

beforeAll(async () => {
  testApp = await createTestApp();
  client = authClient(testApp);
  await createSecondSite(testApp, siteB);
  const { password } = await testApp.services.operators.create('kyc_root');
  superToken = await signInStaff(login, { username: 'kyc_root', password }, testApp.clock);
  tokens.riskA = await staffToken('kyc_risk_a', 'risk', [siteA]);
  tokens.riskA2 = await staffToken('kyc_risk_b', 'risk', [siteA]);
  tokens.supportA = await staffToken('kyc_support', 'support', [siteA]);
  tokens.adminA = await staffToken('kyc_site_admin', 'site_admin', [siteA]);
  tokens.riskB = await staffToken('kyc_risk_site_b', 'risk', [siteB]);
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

const tokenOf = (name: string) => tokens[name] ?? superToken;

const asStaff = <T = unknown>(name: string, path: string, body?: object, siteId = siteA) =>
  client.call<T>(body ? 'POST' : 'GET', path, {
    token: tokenOf(name),
    headers: { [headerNames.siteId]: String(siteId) },
    ...(body ? { body } : {}),
  });

interface Page {
  list: IdentityReviewEntry[];
  total: number;
}

const list = (body: object, name = 'riskA', siteId = siteA) =>
  asStaff<Page>(name, routes.adminIdentityList.path, { pageNum: 1, pageSize: 50, ...body }, siteId);
const approve = (body: object, name = 'riskA', siteId = siteA) =>
  asStaff<IdentityReviewEntry>(name, routes.adminIdentityApprove.path, body, siteId);
const reject = (body: object, name = 'riskA', siteId = siteA) =>
  asStaff<IdentityReviewEntry>(name, routes.adminIdentityReject.path, body, siteId);
const memberStatus = async (token: string) =>
  (await client.call<Record<string, unknown>>('GET', routes.identityStatus.path, { token })).data;

let idSequence = 100;
/** A member who submits a verification (name and a fresh adult ID number). */
async function submitting(username: string, realName = '赵六', birthDate = '19880808') {
  const { token } = await registered(client, username);
  idSequence += 1;
  const idNumber = residentId(birthDate, String(idSequence));
  const answer = await client.call<{ status: string }>('POST', routes.identitySubmit.path, {
    token,
    body: { realName, idNumber },
  });
  expect(answer.code).toBe(6000);
  return { token, idNumber, status: answer.data.status };
}

async function pendingEntryOf(username: string) {
  const found = (await list({ status: 'pending', username })).data.list[0];
  if (!found) {
    throw new Error(`no pending verification for ${username}`);
  }
  return found;
}

describe('review rule', () => {
  it('approves adults at once in sandbox mode until the site switches manual review on', async () => {
    expect((await asStaff('riskA', routes.adminIdentityRule.path)).data).toEqual({
      isManualReview: false,
      isAutoReviewAvailable: true,
    });
    expect((await submitting('kycauto01')).status).toBe('approved');
    const decidedBySandbox = (await list({ username: 'kycauto01' })).data.list[0];
    expect(decidedBySandbox).toMatchObject({ status: 'approved', reviewer: null });

    expect((await asStaff('riskA', routes.adminIdentityRuleSet.path, { isManualReview: true })).code).toBe(
      10001,
    );
    const set = await asStaff('adminA', routes.adminIdentityRuleSet.path, { isManualReview: true });
    expect(set).toMatchObject({ code: 6000, data: { isManualReview: true, isAutoReviewAvailable: true } });
    expect((await asStaff('riskA', routes.adminIdentityRule.path)).data).toMatchObject({
      isManualReview: true,
    });
    // Site B keeps its own rule.
    expect((await asStaff('riskB', routes.adminIdentityRule.path, undefined, siteB)).data).toMatchObject({
      isManualReview: false,
    });
    expect((await asStaff('adminA', routes.adminIdentityRuleSet.path, { isManualReview: 'yes' })).code).toBe(
      10003,
    );
  });

  it('keeps refusing minors at once, whatever the rule', async () => {
    const minorBirth = new Date(testApp.clock.now() - 12 * 365 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replace(/-/g, '');
    const minor = await submitting('kycminor1', '钱七', minorBirth);
    expect(minor.status).toBe('rejected');
  });
});

describe('review queue', () => {
  it('queues a submission as pending and shows staff the name and ID number in full', async () => {
    const member = await submitting('kycqueue1', '孙八');
    expect(member.status).toBe('pending');
    expect(await memberStatus(member.token)).toMatchObject({
      status: 'pending',
      realName: '*八',
      reviewedAt: null,
    });
    const entry = await pendingEntryOf('kycqueue1');
    expect(entry).toMatchObject({
      username: 'kycqueue1',
      realName: '孙八',
      idNumber: member.idNumber,
      submissionNo: 1,
      status: 'pending',
      reviewer: null,
      reviewedAt: null,
    });
    expect(entry.ageYears).toBeGreaterThanOrEqual(18);
    const resubmit = await client.call('POST', routes.identitySubmit.path, {
      token: member.token,
      body: { realName: '孙八', idNumber: member.idNumber },
    });
    expect(resubmit.code).toBe(10001);
  });

  it('approves: the member then sees approved and may bind payout accounts', async () => {
    const member = await submitting('kycappr01', '周九');
    const entry = await pendingEntryOf('kycappr01');
    const approved = await approve({ memberId: entry.memberId, submissionNo: 1, reason: '证件信息核对无误' });
    expect(approved).toMatchObject({
      code: 6000,
      data: { status: 'approved', reviewer: 'kyc_risk_a', reason: '' },
    });
    expect(await memberStatus(member.token)).toMatchObject({ status: 'approved', reason: '' });
    expect((await memberStatus(member.token)).reviewedAt).toEqual(expect.any(String));
    const card = await client.call('POST', routes.withdrawAccountAdd.path, {
      token: member.token,
      body: { kind: 'bank', bankCode: 'ICBC', accountNumber: '6222020200112345679' },
    });
    expect(card.code).toBe(6000);
  });

  it('rejects with the reason the member sees; the member submits again and that submission is decided on its own', async () => {
    const member = await submitting('kycrejt01', '吴十');
    const first = await pendingEntryOf('kycrejt01');
    const rejected = await reject({ memberId: first.memberId, submissionNo: 1, reason: '姓名与证件不符' });
    expect(rejected).toMatchObject({ code: 6000, data: { status: 'rejected', reason: '姓名与证件不符' } });
    expect(await memberStatus(member.token)).toMatchObject({ status: 'rejected', reason: '姓名与证件不符' });

    const again = await client.call<{ status: string }>('POST', routes.identitySubmit.path, {
      token: member.token,
      body: { realName: '吴十', idNumber: member.idNumber },
    });
    expect(again.data.status).toBe('pending');
    expect(await memberStatus(member.token)).toMatchObject({ status: 'pending', reason: '' });
    const second = await pendingEntryOf('kycrejt01');
    expect(second.submissionNo).toBe(2);
    // A decision on the first submission, from a page loaded before the member resubmitted.
    const stale = await approve({ memberId: first.memberId, submissionNo: 1 });
    expect(stale.code).toBe(10001);
    expect(stale.message).toContain('重新提交');
    expect(await memberStatus(member.token)).toMatchObject({ status: 'pending' });
    expect((await approve({ memberId: second.memberId, submissionNo: 2 })).code).toBe(6000);
  });

  it('lets one of two racing reviewers decide; the other is told who did', async () => {
    const member = await submitting('kycrace01', '郑一');
    const entry = await pendingEntryOf('kycrace01');
    const target = { memberId: entry.memberId, submissionNo: entry.submissionNo };
    const [first, second] = await Promise.all([
      approve(target, 'riskA'),
      reject({ ...target, reason: '照片模糊' }, 'riskA2'),
    ]);
    const answers = [first, second];
    expect(answers.map((answer) => answer.code).sort((a, b) => a - b)).toEqual([6000, 10001]);
    const winner = answers.find((answer) => answer.code === 6000)?.data;
    const loser = answers.find((answer) => answer.code === 10001);
    expect(loser?.message).toContain(`该实名认证已由${winner?.reviewer}审核`);
    expect(await memberStatus(member.token)).toMatchObject({ status: winner?.status });

    const again = await reject({ ...target, reason: '重复审核' });
    expect(again).toMatchObject({ code: 10001 });
    expect(again.message).toContain('不能重复审核');
    const audit = await client.call<{ list: { action: string; before: unknown; after: unknown }[] }>(
      'POST',
      routes.adminAuditList.path,
      { token: superToken, body: { target: 'kycrace01', pageNum: 1, pageSize: 10 } },
    );
    expect(audit.data.list).toEqual([
      expect.objectContaining({
        action: winner?.status === 'approved' ? 'identity.approve' : 'identity.reject',
        before: { status: 'pending', submissionNo: 1 },
        after: expect.objectContaining({ status: winner?.status }),
      }),
    ]);
  });

  it('lists pending oldest first and decided ones by status', async () => {
    await submitting('kycorder1');
    testApp.clock.advance(1000);
    await submitting('kycorder2');
    const pending = (await list({ status: 'pending' })).data.list.map((entry) => entry.username);
    expect(pending.indexOf('kycorder1')).toBeLessThan(pending.indexOf('kycorder2'));
    const rejected = (await list({ status: 'rejected' })).data.list;
    expect(rejected.every((entry) => entry.status === 'rejected')).toBe(true);
    expect((await list({ username: 'nobody999' })).data).toMatchObject({ list: [], total: 0 });
  });
});

describe('review access', () => {
  it('refuses 客服 and staff of another site, and finds nothing of site A from site B', async () => {
    await submitting('kycscope1');
    const entry = await pendingEntryOf('kycscope1');
    const target = { memberId: entry.memberId, submissionNo: entry.submissionNo };
    expect((await list({}, 'supportA')).code).toBe(10001);
    expect((await approve(target, 'supportA')).code).toBe(10001);
    expect((await list({}, 'riskB')).code).toBe(10001);
    expect((await approve(target, 'riskB')).code).toBe(10001);
    const fromSiteB = await list({ username: 'kycscope1' }, 'riskB', siteB);
    expect(fromSiteB).toMatchObject({ code: 6000, data: { total: 0 } });
    expect(await approve(target, 'riskB', siteB)).toMatchObject({ code: 10003, data: { field: 'memberId' } });
    expect(await approve(target, 'super', siteB)).toMatchObject({ code: 10003 });
    expect((await pendingEntryOf('kycscope1')).status).toBe('pending');
  });

  it('answers 10003 for bad input, never a 500', async () => {
    const bad = [
      [routes.adminIdentityApprove.path, { memberId: 'x', submissionNo: 1 }],
      [routes.adminIdentityApprove.path, { memberId: 2 ** 60, submissionNo: 1 }],
      [routes.adminIdentityApprove.path, { memberId: 1, submissionNo: 2 ** 40 }],
      [routes.adminIdentityReject.path, { memberId: 1, submissionNo: 1, reason: ' ' }],
      [routes.adminIdentityReject.path, { memberId: 1, submissionNo: 1, reason: '长'.repeat(201) }],
      [routes.adminIdentityList.path, { status: 'none' }],
      [routes.adminIdentityApprove.path, { memberId: 999_999, submissionNo: 1 }],
    ] as const;
    for (const [path, body] of bad) {
      expect({ path, body, code: (await asStaff('riskA', path, body)).code }).toEqual({
        path,
        body,
        code: 10003,
      });
    }
  });
});

describe('outside sandbox mode', () => {
  it('has no automatic verifier: every adult waits for staff, and manual review cannot be switched off', async () => {
    const production = await createTestApp({ isSandboxMode: false });
    try {
      const productionClient = authClient(production);
      const { password } = await production.services.operators.create('prod_root');
      const token = await signInStaff(
        (body) => productionClient.call('POST', routes.adminLogin.path, { body }),
        { username: 'prod_root', password },
        production.clock,
      );
      const rule = await productionClient.call('GET', routes.adminIdentityRule.path, { token });
      expect(rule.data).toEqual({ isManualReview: true, isAutoReviewAvailable: false });
      const off = await productionClient.call('POST', routes.adminIdentityRuleSet.path, {
        token,
        body: { isManualReview: false },
      });
      expect(off).toMatchObject({ code: 10003, data: { field: 'isManualReview' } });
      const member = await registered(productionClient, 'kycprod01');
      const submitted = await productionClient.call<{ status: string }>('POST', routes.identitySubmit.path, {
        token: member.token,
        body: { realName: '王五', idNumber: residentId('19800808', '777') },
      });
      expect(submitted.data.status).toBe('pending');
    } finally {
      await production.close();
    }
  });
});
