import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type AdminLotteryDraw,
  type AdminLotteryGame,
  type LotteryDraw,
  type LotteryHallGame,
  type LotteryTicketView,
  routes,
} from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import {
  type BrowserSession,
  openBrowser,
  settleAnimations,
  type Viewport,
  viewportNamed,
} from './browser.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The console is a desktop tool; one look at a phone's width checks it still reads there. */
const desktop = viewportNamed('desktop');
const phone = viewportNamed('phone');
/** 分分彩: an issue every 60 s, betting closing 5 s before its draw. */
const gameCode = 'SSC1';
/**
 * Set to a directory to keep a screenshot of each console page there (for looking at the pages;
 * the test asserts the same without them).
 */
const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

let server: TestServer;
let api: TestApi;
let rootToken = '';
let sessions: BrowserSession[] = [];

beforeAll(async () => {
  // The draw cycle runs every second on the real clock, so issues open, draw and settle.
  server = await startTestServer({ scheduleIntervalMs: 1_000 });
  api = testApi(server.baseUrl, { deviceUuid: 'e2e-admin-lottery-0001' });
  rootToken = await server.signInNewOperator('e2elotroot');
});

afterAll(async () => {
  await server?.close();
});

// Closing scans every page once more with axe, which takes its time on a busy machine.
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
}, 180_000);

async function shoot(page: Page, name: string) {
  if (!screenshotDir) {
    return;
  }
  await mkdir(screenshotDir, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The issue of SSC1 on sale with at least `secondsLeft` of betting left (waiting for the next). */
async function issueWithTimeLeft(secondsLeft: number): Promise<LotteryDraw> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const issue = (await api.get<LotteryHallGame[]>(routes.lotteryHall.path)).find(
      (game) => game.code === gameCode,
    )?.issue;
    if (issue && Date.parse(issue.closesAt) - Date.now() > secondsLeft * 1_000) {
      return issue;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${gameCode} had no issue on sale with ${secondsLeft} s left`);
}

const drawsOf = async (body: object) =>
  (
    await api.call<{ list: AdminLotteryDraw[] }>(
      routes.adminLotteryDraws.path,
      { gameCode, pageNum: 1, pageSize: 20, ...body },
      rootToken,
    )
  ).list;

async function openConsoleAs(viewport: Viewport, username: string, password: string): Promise<Page> {
  const session = await openBrowser(viewport);
  sessions.push(session);
  const { page } = session;
  await page.goto(`${server.baseUrl}/admin/`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  // Enter submits at any width; at a phone's the login card's button sits under the page's frame.
  await page.getByLabel('密码').press('Enter');
  await page.getByText(username).first().waitFor();
  return page;
}

/**
 * Runs a table's search; the pointer then leaves 查询, whose hover shade would read under 4.5:1
 * when axe scans the page the search redraws.
 */
async function search(page: Page) {
  await page.getByRole('button', { name: '查询' }).click();
  await page.mouse.move(page.viewportSize()?.width ?? 0, page.viewportSize()?.height ?? 0);
}

/** The row of a console table holding `text`. */
const rowWith = (page: Page, text: string) => page.locator('tr.ant-table-row').filter({ hasText: text });

describe(`lottery in the operator console at ${desktop.width} x ${desktop.height}`, () => {
  it('a 运营 pauses and resumes a game, finds a member’s ticket and a draw with its seed, and cancels an issue with a reason', async () => {
    const { password } = await api.call<{ password: string }>(
      routes.adminStaffCreate.path,
      { username: 'e2elotops', role: 'content', siteIds: [9001] },
      rootToken,
    );
    const member = await api.register('e2elotmember');
    const memberToken = member.token;
    await api.credit(rootToken, member.memberId, '100.00');
    const issue = await issueWithTimeLeft(15);
    const ticket = await api.call<LotteryTicketView>(
      routes.lotteryBet.path,
      {
        gameCode,
        issueNo: issue.issueNo,
        playId: 'ssc_position',
        selection: [[7], [], [], [], []],
        unit: 'yuan',
        multiplier: 3,
        ticketId: 'e2e-admin-lottery-ticket-1',
      },
      memberToken,
    );

    // 彩种管理: 运营 may write venues, so pause and resume 三分彩 behind their confirm dialogs.
    const page = await openConsoleAs(desktop, 'e2elotops', password);
    await page.getByRole('menuitem', { name: '彩种管理' }).click();
    await page.waitForURL(/\/admin\/lottery\/games/);
    const ssc3 = rowWith(page, '三分彩');
    await ssc3.getByText('销售中').waitFor();
    await ssc3.getByText('00:03:00 至 24:00:00，每日 480 期').waitFor();
    await shoot(page, 'games-desktop');
    await ssc3.getByRole('button', { name: '暂停' }).click();
    const pauseDialog = page.getByRole('dialog').filter({ hasText: '确认暂停销售 三分彩？' });
    await settleAnimations(page);
    await pauseDialog.getByRole('button', { name: '确认暂停' }).click();
    await page.getByText('已暂停销售').waitFor();
    await ssc3.getByText('已暂停').waitFor();
    const gamesNow = () => api.get<AdminLotteryGame[]>(routes.adminLotteryGames.path, rootToken);
    expect((await gamesNow()).find((game) => game.code === 'SSC3')?.isPaused).toBe(true);
    await ssc3.getByRole('button', { name: '恢复' }).click();
    const resumeDialog = page.getByRole('dialog').filter({ hasText: '确认恢复销售 三分彩？' });
    await settleAnimations(page);
    await resumeDialog.getByRole('button', { name: '确认恢复' }).click();
    await ssc3.getByText('销售中').waitFor();
    expect((await gamesNow()).find((game) => game.code === 'SSC3')?.isPaused).toBe(false);

    // An edge over the 50% the console allows is refused in the form, before any call.
    await rowWith(page, '分分彩').getByRole('button', { name: '编辑' }).click();
    const editDialog = page.getByRole('dialog').filter({ hasText: '编辑彩种 分分彩' });
    await settleAnimations(page);
    await editDialog.getByLabel('封盘时间（开奖前秒数）').fill('60');
    await editDialog.getByRole('button', { name: '保存' }).click();
    await editDialog.getByText('须小于开奖间隔 60 秒').waitFor();
    await shoot(page, 'games-edit-desktop');
    await editDialog.getByRole('button', { name: '取消' }).click();
    await editDialog.waitFor({ state: 'hidden' });

    // 玩法限额: 定位胆 of 分分彩 gets a 单注上限 of its own; the other plays keep the game's.
    await rowWith(page, '分分彩').getByRole('button', { name: '玩法限额' }).click();
    const limitsDrawer = page.getByRole('dialog').filter({ hasText: '玩法限额 分分彩' });
    await settleAnimations(page);
    await limitsDrawer.getByLabel('定位胆 单注上限（元）').fill('500');
    await rowWith(page, '定位胆').getByText('自定义').waitFor();
    await shoot(page, 'play-limits-desktop');
    await limitsDrawer.getByRole('button', { name: '保存' }).click();
    await page.getByText('玩法限额已保存').waitFor();
    const limits = (await gamesNow()).find((game) => game.code === gameCode)?.playLimits;
    expect(limits?.find((limit) => limit.playId === 'ssc_position')).toMatchObject({
      ticketStakeMax: '500.00',
      isGameDefault: false,
    });
    expect(limits?.filter((limit) => !limit.isGameDefault)).toHaveLength(1);

    // 彩票注单: the member's ticket, found by username.
    await page.getByRole('menuitem', { name: '彩票注单' }).click();
    await page.waitForURL(/\/admin\/lottery\/tickets/);
    await page.getByLabel('会员用户名').fill('e2elotmember');
    await search(page);
    const ticketRow = rowWith(page, ticket.betId);
    await ticketRow.getByText('e2elotmember').waitFor();
    await ticketRow.getByText(issue.issueNo).waitFor();
    await ticketRow.getByText('7 | - | - | - | -').waitFor();
    await expect(page.locator('tr.ant-table-row').count()).resolves.toBe(1);
    await shoot(page, 'tickets-desktop');

    // 风险敞口 of the ticket's issue while it is on sale: 万位 7 pays 9 × 2 元 × 3 at 90%.
    await page.goto(
      `${server.baseUrl}/admin/lottery/liability?${new URLSearchParams({ gameCode, issueNo: issue.issueNo })}`,
    );
    const exposure = rowWith(page, '万位');
    await exposure.getByText('定位胆').waitFor();
    await exposure.getByText('54.00').waitFor();
    await shoot(page, 'liability-desktop');

    // 开奖记录: once the ticket's issue is drawn, its seed and numbers, as the API reveals them.
    await expect
      .poll(async () => (await drawsOf({ issueNo: issue.issueNo }))[0]?.seed ?? null, { timeout: 90_000 })
      .toMatch(/^[0-9a-f]{64}$/);
    const [drawn] = await drawsOf({ issueNo: issue.issueNo });
    await page.getByRole('menuitem', { name: '开奖记录' }).click();
    await page.waitForURL(/\/admin\/lottery\/draws/);
    // The address changes before the page's code has loaded, and 风险敞口 has a 期号 field too.
    await page.getByLabel('开奖日期').waitFor();
    await page.getByLabel('期号').fill(issue.issueNo);
    await search(page);
    const drawnRow = rowWith(page, issue.issueNo);
    await drawnRow.getByText(drawn?.seed ?? 'no seed').waitFor();
    await drawnRow.getByText(drawn?.commitment ?? 'no commitment').waitFor();
    await drawnRow.getByText((drawn?.numbers ?? []).join(',')).waitFor();
    await expect(drawnRow.getByRole('button', { name: '撤单' }).count()).resolves.toBe(0);
    await shoot(page, 'draws-drawn-desktop');

    // Cancel the issue on sale now, with a reason; the server refunds its tickets.
    const onSale = await issueWithTimeLeft(40);
    await api.call(
      routes.lotteryBet.path,
      {
        gameCode,
        issueNo: onSale.issueNo,
        playId: 'ssc_position',
        selection: [[1], [], [], [], []],
        unit: 'yuan',
        multiplier: 1,
        ticketId: 'e2e-admin-lottery-ticket-2',
      },
      memberToken,
    );
    await page.getByLabel('期号').fill(onSale.issueNo);
    await search(page);
    const openRow = rowWith(page, onSale.issueNo);
    await openRow.getByText('销售中').waitFor();
    await openRow.getByRole('button', { name: '撤单' }).click();
    const cancelDialog = page
      .getByRole('dialog')
      .filter({ hasText: `撤单 ${gameCode} 第 ${onSale.issueNo} 期` });
    await settleAnimations(page);
    await cancelDialog.getByText('1 笔注单（共 2.00 元）将全额退还').waitFor();
    await shoot(page, 'draws-cancel-desktop');
    await cancelDialog.getByRole('button', { name: '确认撤单' }).click();
    await cancelDialog.getByText('请填写撤单原因').waitFor();
    await cancelDialog.getByLabel('撤单原因').fill('开奖源异常，本期作废');
    await cancelDialog.getByRole('button', { name: '确认撤单' }).click();
    await page.getByText('已撤单，本期注单已全额退款').waitFor();
    await openRow.getByText('已撤单').waitFor();
    await openRow.getByText('开奖源异常，本期作废').waitFor();
    const [cancelled] = await drawsOf({ issueNo: onSale.issueNo });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: '开奖源异常，本期作废' });
    const tickets = await api.call<{ list: LotteryTicketView[] }>(
      routes.lotteryTickets.path,
      { gameCode, pageNum: 1, pageSize: 10 },
      memberToken,
    );
    expect(tickets.list.find((each) => each.issueNo === onSale.issueNo)?.status).toBe('void');
    // Waits on the real draw cycle: the ticket's issue draws up to a minute after it is placed.
  }, 300_000);

  it(`reads at ${phone.width} x ${phone.height} too`, async () => {
    const { password } = await api.call<{ password: string }>(
      routes.adminStaffCreate.path,
      { username: 'e2elotphone', role: 'support', siteIds: [9001] },
      rootToken,
    );
    const page = await openConsoleAs(phone, 'e2elotphone', password);
    await page.goto(`${server.baseUrl}/admin/lottery/games`);
    await rowWith(page, '分分彩').waitFor();
    // 客服 reads venues but may not change them.
    await expect(page.getByRole('button', { name: '暂停' }).count()).resolves.toBe(0);
    await shoot(page, 'games-phone');
  });
});
