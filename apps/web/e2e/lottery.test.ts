import { headerNames, type LotteryDraw, type LotteryHallGame, routes } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../server/src/stores/clock.ts';
import { signedHeaders, startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, enterSite, openBrowser, viewports } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let operatorToken = '';
let sessions: BrowserSession[] = [];
const password = 'Qw8#zLm2pX';
const phone = viewports.find((viewport) => viewport.name === 'phone') ?? viewports[0];
/** 分分彩: an issue every 60 s, betting closing 5 s before its draw. */
const gameCode = 'SSC1';

async function callApi<T>(path: string, body: object, token?: string): Promise<T> {
  const headers = await signedHeaders('POST', path, systemClock, token ? { [headerNames.token]: token } : {});
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  expect(envelope.code, `${path}: ${envelope.message}`).toBe(6000);
  return envelope.data;
}

async function getHall(): Promise<LotteryHallGame[]> {
  const headers = await signedHeaders('GET', routes.lotteryHall.path, systemClock, {});
  const response = await fetch(`${server.baseUrl}${routes.lotteryHall.path}`, { headers });
  return ((await response.json()) as { data: LotteryHallGame[] }).data;
}

/** A member holding `amount` on the main wallet, credited by the operator; answers its token. */
async function memberWithMoney(username: string, amount: string): Promise<string> {
  const { token } = await callApi<{ token: string }>(routes.register.path, {
    username,
    password,
    confirmPassword: password,
    isAdultConfirmed: true,
  });
  const { memberId } = await callApi<{ memberId: number }>(routes.memberInfo.path, {}, token);
  await callApi(
    routes.adminAdjust.path,
    {
      memberId,
      direction: 'credit',
      amount,
      reason: '浏览器测试入款',
      adjustmentId: `e2e-lottery-${username}`,
    },
    operatorToken,
  );
  return token;
}

/**
 * Waits (on the real clock the draw cycle runs on) until the issue on sale has at least 20 s of
 * betting left, so the ticket the test builds is sent before 封盘; answers that issue.
 */
async function issueWithTimeLeft(): Promise<LotteryDraw> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const issue = (await getHall()).find((game) => game.code === gameCode)?.issue;
    if (issue && Date.parse(issue.closesAt) - Date.now() > 20_000) {
      return issue;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${gameCode} had no issue on sale with time left`);
}

async function drawnIssue(issueNo: string): Promise<LotteryDraw | undefined> {
  const page = await callApi<{ list: LotteryDraw[] }>(routes.lotteryResults.path, {
    gameCode,
    pageNum: 1,
    pageSize: 10,
  });
  return page.list.find((draw) => draw.issueNo === issueNo && draw.status === 'settled');
}

async function placeTicketOnBoard(page: Page) {
  await page.getByRole('button', { name: '定位胆', exact: true }).first().click();
  await page.getByRole('button', { name: '万位 5', exact: true }).click();
  await page.getByRole('button', { name: '千位 全', exact: true }).click();
  // 1 + 10 notes of 2 元 at ×2: the contract's count, the stake the server takes.
  await page.getByRole('button', { name: '增加倍数' }).click();
  await page.getByText('11 注 · 金额 ¥44.00').waitFor();
  await page.getByRole('button', { name: '添加到号码篮' }).click();
  await page.getByTestId('basket-entry').getByText('5 | 0,1,2,3,4,5,6,7,8,9 | - | - | -').waitFor();
  await page.getByRole('button', { name: '确认投注' }).click();
  const sheet = page.getByRole('dialog', { name: '确认投注' });
  await sheet.getByText('¥44.00', { exact: true }).waitFor();
  await sheet.getByRole('button', { name: '确认提交' }).click();
  await page.getByText('投注成功 1 张').waitFor();
}

beforeAll(async () => {
  server = await startTestServer({ scheduleIntervalMs: 1_000 });
  operatorToken = await server.signInNewOperator('e2elottery');
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe(`lottery hall at ${phone?.width} x ${phone?.height}`, () => {
  it('enters the hall from 彩票, places an SSC ticket, finds it in 我的投注 and 投注记录, and verifies its draw', async () => {
    if (!phone) {
      throw new Error('no phone viewport');
    }
    const token = await memberWithMoney('e2elottery1', '100.00');
    const session = await openBrowser(phone);
    sessions.push(session);
    await session.context.addInitScript((value) => localStorage.setItem('token', value), token);
    const { page } = session;

    const issue = await issueWithTimeLeft();
    // The 彩票 venue of the home page's 彩票 tab leads to the hall, not to a venue launch.
    await enterSite(page, `${server.baseUrl}/`);
    for (const [title, button] of [
      ['安全提示', '我已了解'],
      ['欢迎来到星河娱乐', '确定'],
      ['每日签到领好礼', '关闭'],
    ] as const) {
      const dialog = page.getByRole('dialog');
      await dialog.getByText(title, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: button, exact: true }).click();
      await dialog.getByText(title, { exact: true }).waitFor({ state: 'detached' });
    }
    await page.getByRole('tab', { name: '彩票' }).click();
    await page.getByRole('button', { name: '进入游戏 彩票' }).click();
    await page.waitForURL((url) => url.pathname === '/game/lottery');
    const game = page.getByTestId('hall-game').filter({ hasText: '分分彩' });
    await game.getByText('距封盘').waitFor();
    await game.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/game/lottery/${gameCode}`);
    await page.getByText(`第 ${issue.issueNo} 期`).first().waitFor();
    await placeTicketOnBoard(page);
    await expect
      .poll(
        async () =>
          (await callApi<{ mainBalance: string }>(routes.walletSummary.path, {}, token)).mainBalance,
      )
      .toBe('56.00');

    await page.getByRole('tab', { name: '我的投注' }).click();
    const ticket = page.getByTestId('lottery-ticket').first();
    await ticket.getByText(`第 ${issue.issueNo} 期`).waitFor();
    await ticket.getByText('投注 ¥44.00').waitFor();

    await enterSite(page, `${server.baseUrl}/mine/record/betRecord`);
    const record = page.getByTestId('bet-record').first();
    await record.getByText('彩票').waitFor();
    await record.getByText(`游戏 分分彩 · 期号 ${issue.issueNo}`).waitFor();

    // The ticket's issue draws on the server's schedule, then settles.
    await expect.poll(() => drawnIssue(issue.issueNo), { timeout: 90_000, interval: 1_000 }).toBeDefined();
    await enterSite(page, `${server.baseUrl}/game/lottery/${gameCode}`);
    await page.getByRole('link', { name: `验证第 ${issue.issueNo} 期` }).click();
    await page.waitForURL((url) => url.pathname === '/game/lottery/verify');
    await page.getByText('验证通过：本期结果公平可信').waitFor();
    const checks = page.getByTestId('verify-check');
    await expect
      .poll(() => checks.allTextContents())
      .toEqual(['种子哈希与承诺值一致✓ 通过', '计算号码与开奖号码一致✓ 通过']);

    await page.goBack();
    await page.getByRole('tab', { name: '我的投注' }).click();
    await page
      .getByTestId('lottery-ticket')
      .first()
      .getByText(/已中奖|未中奖/)
      .waitFor();
    expect(session.errors).toEqual([]);
  }, 240_000);
});
