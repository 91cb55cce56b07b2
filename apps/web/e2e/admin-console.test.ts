import { routes } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt, totpStepAt } from '../../server/src/member/totp.ts';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, openBrowser, settleAnimations, type Viewport, viewports } from './browser.ts';
import { e2ePassword, type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The console is desktop only: 1440 x 900. */
function desktopViewport(): Viewport {
  const found = viewports.find((viewport) => viewport.name === 'desktop');
  if (!found) {
    throw new Error('browser.ts names no desktop viewport');
  }
  return found;
}
const desktop = desktopViewport();
const memberPassword = e2ePassword;
const fundsPassword = '135790';

let server: TestServer;
let api: TestApi;
let rootToken = '';
let memberToken = '';
let memberId = 0;
let sessions: BrowserSession[] = [];

async function createStaff(username: string, role: 'finance' | 'support' | 'site_admin'): Promise<string> {
  const created = await api.call<{ password: string }>(
    routes.adminStaffCreate.path,
    { username, role, siteIds: [9001] },
    rootToken,
  );
  return created.password;
}

/** A member with a verified name, funds password, a bank card and 300.00 credited by the operator. */
async function memberWithMoney(): Promise<number> {
  const registered = await api.call<{ token: string }>(routes.register.path, {
    username: 'e2ewdmember',
    password: memberPassword,
    confirmPassword: memberPassword,
    isAdultConfirmed: true,
  });
  memberToken = registered.token;
  await api.call(
    routes.identitySubmit.path,
    { realName: '张三丰', idNumber: '11010119900307803X' },
    memberToken,
  );
  await api.call(
    routes.fundsPasswordSet.path,
    { fundsPassword, confirmFundsPassword: fundsPassword },
    memberToken,
  );
  const card = await api.call<{ id: number }>(
    routes.withdrawAccountAdd.path,
    { kind: 'bank', bankCode: 'ICBC', accountNumber: '6222020200112345679' },
    memberToken,
  );
  const member = await api.call<{ memberId: number }>(routes.memberInfo.path, {}, memberToken);
  memberId = member.memberId;
  await api.credit(rootToken, memberId, '300.00');
  return card.id;
}

async function requestWithdrawal(accountId: number, amount: string, requestId: string): Promise<string> {
  const order = await api.call<{ orderNo: string }>(
    routes.withdrawApply.path,
    { amount, withdrawAccountId: accountId, fundsPassword, requestId },
    memberToken,
  );
  return order.orderNo;
}

beforeAll(async () => {
  server = await startTestServer();
  api = testApi(server.baseUrl, { deviceUuid: 'e2e-admin-console-0001' });
  rootToken = await server.signInNewOperator('e2eroot');
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

async function openConsole(): Promise<Page> {
  const session = await openBrowser(desktop);
  sessions.push(session);
  await session.page.goto(`${server.baseUrl}/admin/`);
  return session.page;
}

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

describe(`operator console at ${desktop.width} x ${desktop.height}`, () => {
  it('a 财务 enrols TOTP, finds the member, approves a withdrawal under a hold others see, approves another staff member’s large adjustment; a 客服 cannot approve', async () => {
    const accountId = await memberWithMoney();
    const approvedOrderNo = await requestWithdrawal(accountId, '150.00', 'e2e-admin-console-wd1');
    const secondOrderNo = await requestWithdrawal(accountId, '100.00', 'e2e-admin-console-wd2');
    const cashierPassword = await createStaff('e2ecashier', 'finance');
    const supportPassword = await createStaff('e2esupport', 'support');

    const page = await openConsole();
    await signIn(page, 'e2ecashier', cashierPassword);
    // Scanning is replaced by reading the secret the page shows beside its QR code.
    await page.getByRole('img', { name: '身份验证器绑定二维码' }).waitFor();
    const secret = ((await page.locator('.login-totp-secret code').textContent()) ?? '').trim();
    await page.getByLabel('动态验证码').fill(totpCodeAt(secret, totpStepAt(Date.now())));
    await page.getByRole('button', { name: '验证并登录' }).click();
    // 财务 opens on 仪表盘: the site's day, the queues waiting for it, the ledger and the charts.
    await page.waitForURL(/\/admin\/dashboard\/overview/);
    await page.getByText('e2ecashier').waitFor();
    await page.getByRole('link', { name: '提现待审核 2' }).waitFor();
    await page.getByText('账平').waitFor();
    await page
      .getByRole('img', { name: /每日存款金额与提现金额柱状图/ })
      .locator('canvas')
      .waitFor();
    await page.getByRole('menuitem', { name: '每日资金报表' }).click();
    await page.waitForURL(/\/admin\/cashier\/daily-report/);
    await page.getByText(/^合计：/).waitFor();
    await expect(page.getByRole('menuitem', { name: '员工与角色' }).count()).resolves.toBe(0);

    // 会员: the search (kept in the URL) finds the member, a click opens the member's detail.
    await page.goto(`${server.baseUrl}/admin/member/list?field=username&value=e2ewdmember`);
    await page.getByRole('link', { name: 'e2ewdmember' }).click();
    await page.waitForURL(/\/admin\/member\/detail\?username=e2ewdmember/);
    await page.getByText('基本资料').waitFor();
    await expect(page.getByRole('heading', { name: 'e2ewdmember' }).count()).resolves.toBe(1);
    await expect(page.getByText('中国工商银行').count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: '人工调整' }).count()).resolves.toBe(1);
    // 财务 may not block: risk.write is 风控's.
    await expect(page.getByRole('button', { name: '封禁' }).count()).resolves.toBe(0);

    await page.getByRole('menuitem', { name: '提现审核' }).click();
    await page.waitForURL(/\/admin\/cashier\/withdrawals/);
    const row = page.getByRole('row', { name: new RegExp(approvedOrderNo) });
    await expect.poll(() => row.textContent()).toContain('待审核');
    await expect(row.textContent()).resolves.toContain('150.00');
    await row.getByRole('button', { name: '审核' }).click();
    const review = page.getByRole('dialog').filter({ hasText: `审核提现 ${approvedOrderNo}` });
    await review.waitFor();
    // While the 财务 holds it, another staff member is refused and told who reviews it.
    const refusedHold = await api.send(
      routes.adminWithdrawHold.path,
      { orderNo: approvedOrderNo },
      rootToken,
    );
    expect(refusedHold.code).toBe(10001);
    expect(refusedHold.message).toContain('e2ecashier');
    await settleAnimations(page);
    await review.getByRole('button', { name: '通过' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认通过？' });
    await expect.poll(() => confirm.textContent()).toContain(approvedOrderNo);
    await settleAnimations(page);
    await confirm.getByRole('button', { name: '通过' }).click();
    await page.getByText('已通过，款项已出款').waitFor();
    await expect.poll(() => row.textContent()).toContain('已通过');

    const records = await api.call<{ list: { orderNo: string; status: string }[] }>(
      routes.withdrawList.path,
      { pageNum: 1, pageSize: 20 },
      memberToken,
    );
    expect(records.list.find((order) => order.orderNo === approvedOrderNo)?.status).toBe('approved');
    expect(records.list.find((order) => order.orderNo === secondOrderNo)?.status).toBe('pending');

    // Another staff member holds the second order: the row says who, and its 审核 is disabled.
    await api.call(routes.adminWithdrawHold.path, { orderNo: secondOrderNo }, rootToken);
    await page.getByRole('button', { name: '查询' }).click();
    const heldRow = page.getByRole('row', { name: new RegExp(secondOrderNo) });
    await expect.poll(() => heldRow.textContent()).toContain('审核中：e2eroot');
    await expect(heldRow.getByRole('button', { name: '审核' }).isDisabled()).resolves.toBe(true);
    await api.call(routes.adminWithdrawRelease.path, { orderNo: secondOrderNo }, rootToken);

    // An adjustment above the site's threshold by one staff member waits in 调整审批; another approves it.
    const requested = await api.call<{ status: string }>(
      routes.adminAdjust.path,
      {
        memberId,
        direction: 'credit',
        amount: '6000.00',
        reason: '浏览器测试大额补偿',
        adjustmentId: 'e2e-admin-console-big-credit',
      },
      rootToken,
    );
    expect(requested.status).toBe('awaiting_approval');
    await page.getByRole('menuitem', { name: '调整审批' }).click();
    await page.waitForURL(/\/admin\/cashier\/adjust-requests/);
    const requestRow = page.getByRole('row', { name: /e2e-admin-console-big-credit/ });
    await expect.poll(() => requestRow.textContent()).toContain('e2eroot');
    await requestRow.getByRole('button', { name: '批准' }).click();
    await page.getByRole('dialog').filter({ hasText: '确认批准该调整？' }).waitFor();
    await settleAnimations(page);
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认批准该调整？' })
      .getByRole('button', { name: '批准' })
      .click();
    await page.getByText('已批准，调整已入账').waitFor();
    const wallet = await api.call<{ mainBalance: string }>(routes.walletSummary.path, {}, memberToken);
    expect(wallet.mainBalance).toBe('6050.00');

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').waitFor();
    await settleAnimations(page);
    await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '登录', exact: true }).waitFor();

    // 客服 moves no money: no TOTP, no 财务 menu, and the withdrawal page answers 无权访问.
    await signIn(page, 'e2esupport', supportPassword);
    await page.waitForURL(/\/admin\/member\/list/);
    await expect(page.getByRole('menuitem', { name: '提现审核' }).count()).resolves.toBe(0);
    await page.goto(`${server.baseUrl}/admin/cashier/withdrawals`);
    await page.getByText('无权访问').waitFor();
    await expect(page.getByRole('button', { name: '通过' }).count()).resolves.toBe(0);
    const supportToken = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('admin:session') ?? '{}').token,
    );
    const refused = await api.send(
      routes.adminWithdrawApprove.path,
      { orderNo: secondOrderNo },
      String(supportToken),
    );
    expect(refused.code).toBe(10001);
    expect(refused.message).toBe('当前账号无权执行此操作');

    // 客服 reads the member and leaves a note, with no block or adjustment to press.
    await page.goto(`${server.baseUrl}/admin/member/detail?username=e2ewdmember`);
    await page.getByText('基本资料').waitFor();
    await expect(page.getByRole('button', { name: '人工调整' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '封禁' }).count()).resolves.toBe(0);
    await page.getByLabel('添加备注').fill('会员来电，已核实身份');
    await page.getByRole('button', { name: '添加备注' }).click();
    await page.getByRole('dialog').filter({ hasText: '确认添加备注？' }).waitFor();
    await settleAnimations(page);
    await page
      .getByRole('dialog')
      .filter({ hasText: '确认添加备注？' })
      .getByRole('button', { name: '添加' })
      .click();
    await page.getByText('备注已添加').waitFor();
    await page.getByText('会员来电，已核实身份').waitFor();
    await expect(page.getByText(/^e2esupport · /).count()).resolves.toBe(1);
  });

  it('a 站点管理员 sets the withdrawal fee in 资金设置 and members are quoted it', async () => {
    const adminPassword = await createStaff('e2esiteadmin', 'site_admin');
    const page = await openConsole();
    await signIn(page, 'e2esiteadmin', adminPassword);
    await page.getByRole('img', { name: '身份验证器绑定二维码' }).waitFor();
    const secret = ((await page.locator('.login-totp-secret code').textContent()) ?? '').trim();
    await page.getByLabel('动态验证码').fill(totpCodeAt(secret, totpStepAt(Date.now())));
    await page.getByRole('button', { name: '验证并登录' }).click();
    await page.getByText('e2esiteadmin').waitFor();

    await page.getByRole('menuitem', { name: '资金设置' }).click();
    await page.waitForURL(/\/admin\/cashier\/settings/);
    await page.getByText('当前阈值').waitFor();
    await page.getByLabel('费率（基点）').fill('150');
    await page.getByLabel('固定费用（元）').fill('2.00');
    // 提现手续费 comes first, 审批阈值 second: each card has its own 保存.
    await page.getByRole('button', { name: '保存' }).first().click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确认修改提现手续费？' });
    await expect.poll(() => confirm.textContent()).toContain('每笔 1.5% + 2.00 元');
    await settleAnimations(page);
    await confirm.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('提现手续费已更新').waitFor();
    await page.getByText('每笔 1.5% + 2.00 元，不封顶').first().waitFor();

    const member = await api.call<{ token: string }>(routes.register.path, {
      username: 'e2efeemember',
      password: memberPassword,
      confirmPassword: memberPassword,
      isAdultConfirmed: true,
    });
    const info = await api.call<{ fee: { rateBps: number; fixedAmount: string } }>(
      routes.withdrawInfo.path,
      {},
      member.token,
    );
    expect(info.fee).toMatchObject({ rateBps: 150, fixedAmount: '2.00' });
  });
});
