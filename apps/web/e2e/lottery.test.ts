import {
  formatFen,
  type LotteryChaseView,
  type LotteryDraw,
  type LotteryHallGame,
  type LotteryTicketView,
  nextIssue,
  parseYuan,
  routes,
  type ScheduledIssue,
} from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultLotteryGames } from '../../server/src/lottery/defaults.ts';
import { createRunningClock, startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, enterSite, openBrowser, settleAnimations, viewports } from './browser.ts';
import { type SharedClock, sharedClock } from './shared-clock.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let operatorToken = '';
let sessions: BrowserSession[] = [];
let api: TestApi;
let clock: SharedClock;
const phone = viewports.find((viewport) => viewport.name === 'phone') ?? viewports[0];
const desktop = viewports.find((viewport) => viewport.name === 'desktop');
/** 分分彩: an issue every 60 s, betting closing 5 s before its draw. */
const gameCode = 'SSC1';
const schedule = defaultLotteryGames.find((game) => game.code === gameCode);

/**
 * Jumps to the moment the next issue opens, so what the test builds has the issue's whole betting
 * time (55 s, flowing with the real time) to be sent before 封盘; answers that issue once the draw
 * cycle has put it on sale.
 */
async function openNextIssue(): Promise<ScheduledIssue> {
  if (!schedule) {
    throw new Error(`no default game ${gameCode}`);
  }
  await clock.advanceTo(nextIssue(schedule, clock.now()).drawAt.getTime());
  const issue = nextIssue(schedule, clock.now());
  await expect
    .poll(
      async () =>
        (await api.get<LotteryHallGame[]>(routes.lotteryHall.path)).find((game) => game.code === gameCode)
          ?.issue?.issueNo,
      { timeout: 10_000 },
    )
    .toBe(issue.issueNo);
  return issue;
}

async function drawnIssue(issueNo: string): Promise<LotteryDraw | undefined> {
  const page = await api.call<{ list: LotteryDraw[] }>(routes.lotteryResults.path, {
    gameCode,
    pageNum: 1,
    pageSize: 10,
  });
  return page.list.find((draw) => draw.issueNo === issueNo && draw.status === 'settled');
}

const ticketsOf = async (token: string) =>
  (
    await api.call<{ list: LotteryTicketView[] }>(
      routes.lotteryTickets.path,
      { gameCode, pageNum: 1, pageSize: 20 },
      token,
    )
  ).list;

const chasesOf = async (token: string) =>
  (
    await api.call<{ list: LotteryChaseView[] }>(
      routes.lotteryChases.path,
      { gameCode, pageNum: 1, pageSize: 10 },
      token,
    )
  ).list;

const balanceOf = async (token: string) =>
  (await api.call<{ mainBalance: string }>(routes.walletSummary.path, {}, token)).mainBalance;

/** The balance shown on the game page, read from its header. */
const shownBalance = (page: Page) => page.locator('.lottery-game__balance .wallet-balance__amount');

/**
 * 定位胆 万位 5 and 千位 全 at ×2: 11 notes, 44 元. The 千位 covers every digit, so the ticket
 * wins whatever is drawn.
 */
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
  await settleAnimations(page);
  await sheet.getByRole('button', { name: '确认提交' }).click();
  await page.getByText('投注成功 1 张').waitFor();
  await sheet.waitFor({ state: 'hidden' });
}

/**
 * 追号 of 定位胆 千位 全 (10 notes, sure to win) at ×1 over 3 issues, 同倍, stopping after a win:
 * 20 元 an issue, the first taken at once.
 */
async function startChaseOnBoard(page: Page) {
  await page.getByRole('button', { name: '千位 全', exact: true }).click();
  await page.getByRole('button', { name: '减少倍数' }).click();
  await page.getByText('10 注 · 金额 ¥20.00').waitFor();
  await page.getByRole('button', { name: '添加到号码篮' }).click();
  await page.getByTestId('basket-entry').getByText('- | 0,1,2,3,4,5,6,7,8,9 | - | - | -').waitFor();
  await page.getByRole('button', { name: '追号', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: '追号' });
  await sheet.getByRole('button', { name: '5期' }).waitFor();
  await settleAnimations(page);
  await sheet.getByRole('spinbutton', { name: '自定义' }).fill('3');
  await sheet.getByRole('button', { name: '同倍' }).click();
  await expect
    .poll(() => sheet.getByRole('switch', { name: '中奖后停止追号' }).getAttribute('aria-checked'))
    .toBe('true');
  await expect.poll(() => sheet.getByTestId('chase-preview-issue').count()).toBe(3);
  await sheet.getByText('共追 3 期，总金额 ¥60.00').waitFor();
  await sheet.getByRole('button', { name: '确认追号' }).click();
  await page.getByText('追号成功 1 单').waitFor();
  await sheet.waitFor({ state: 'hidden' });
}

/** Home page → 彩票 tab → the hall → 分分彩, past the first-visit dialogs. */
async function enterGameFromHome(page: Page) {
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
  // The 彩票 venue of the home page's 彩票 tab leads to the hall, not to a venue launch.
  await page.getByRole('tab', { name: '彩票' }).click();
  await page.getByRole('button', { name: '进入游戏 彩票' }).click();
  await page.waitForURL((url) => url.pathname === '/game/lottery');
  const game = page.getByTestId('hall-game').filter({ hasText: '分分彩' });
  await game.getByText('距封盘').waitFor();
  await game.getByRole('link').click();
  await page.waitForURL((url) => url.pathname === `/game/lottery/${gameCode}`);
}

beforeAll(async () => {
  const serverClock = createRunningClock();
  server = await startTestServer({ scheduleIntervalMs: 1_000, clock: serverClock });
  clock = sharedClock(serverClock);
  api = testApi(server.baseUrl, { clock: serverClock });
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
  it('places an SSC ticket and a 3-issue chase, watches the draw settle them live, and verifies the draw', async () => {
    if (!phone) {
      throw new Error('no phone viewport');
    }
    const token = await api.memberWithMoney(operatorToken, 'e2elottery1', '200.00');
    const issue = await openNextIssue();
    const session = await openBrowser(phone);
    sessions.push(session);
    await clock.follow(session.page);
    await session.context.addInitScript((value) => localStorage.setItem('token', value), token);
    const { page } = session;
    // What the page's one socket says and hears of the feed: its subscription and the draw events.
    const feedFrames: { sent: string[]; heard: string[] } = { sent: [], heard: [] };
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => feedFrames.sent.push(String(frame.payload)));
      socket.on('framereceived', (frame) => feedFrames.heard.push(String(frame.payload)));
    });

    await enterGameFromHome(page);
    await page.getByText(`第 ${issue.issueNo} 期`).first().waitFor();
    await placeTicketOnBoard(page);
    await startChaseOnBoard(page);
    // 200 − 44 (the ticket) − 20 (the chase's first issue; the others are taken as they open).
    await expect.poll(() => balanceOf(token)).toBe('136.00');
    await shownBalance(page).getByText('¥136.00').waitFor();

    // Both went to the issue on sale: the one the test opened.
    const [chase] = await chasesOf(token);
    expect(chase?.issues.map((each) => each.status)).toEqual(['placed', 'waiting', 'waiting']);
    expect(chase?.issues[0]?.issueNo).toBe(issue.issueNo);
    expect((await ticketsOf(token)).map((ticket) => ticket.issueNo)).toEqual([issue.issueNo, issue.issueNo]);

    await page.getByRole('tab', { name: '我的追号' }).click();
    const chaseRow = page.getByTestId('lottery-chase').first();
    await chaseRow.getByText('追号中').waitFor();
    await chaseRow.getByText('已追 1/3 期 · 已投 ¥20.00 · 已中 ¥0.00').waitFor();
    await page.getByRole('tab', { name: '我的投注' }).click();
    const ticketRow = page.getByTestId('lottery-ticket').first();
    await ticketRow.getByText(`第 ${issue.issueNo} 期`).waitFor();

    // Past its draw time the draw cycle draws the issue and settles it; the page hears it over the socket.
    await clock.advanceTo(issue.drawAt.getTime());
    await expect.poll(() => drawnIssue(issue.issueNo), { timeout: 10_000 }).toBeDefined();
    const tickets = await ticketsOf(token);
    expect(tickets.map((ticket) => ticket.status)).toEqual(['won', 'won']);
    const paidFen = tickets.reduce((total, ticket) => total + (parseYuan(ticket.payout ?? '') ?? 0n), 0n);
    const balance = formatFen((parseYuan('136.00') ?? 0n) + paidFen);
    await expect.poll(() => balanceOf(token)).toBe(balance);
    // No reload: the draw event refreshed the balance and the records.
    expect(feedFrames.sent.filter((frame) => frame.includes('"msgId":20010'))).toContainEqual(
      expect.stringContaining(`"draw:${gameCode}"`),
    );
    await expect
      .poll(() =>
        feedFrames.heard.some(
          (frame) => frame.includes(`"event":"settled"`) && frame.includes(issue.issueNo),
        ),
      )
      .toBe(true);
    await shownBalance(page).getByText(`¥${balance}`).waitFor({ timeout: 15_000 });
    await page.getByTestId('lottery-ticket').first().getByText('已中奖').waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.getByTestId('lottery-ticket').getByText('已中奖').count(), { timeout: 15_000 })
      .toBe(2);

    // 中奖后停止: the chase ends with its win; its other issues never take a stake.
    await page.getByRole('tab', { name: '我的追号' }).click();
    await chaseRow.getByText('中奖停止').waitFor({ timeout: 15_000 });
    const chasePayout = tickets.find((ticket) => ticket.multiplier === 1)?.payout ?? '';
    await chaseRow.getByText(`已追 1/3 期 · 已投 ¥20.00 · 已中 ¥${chasePayout}`).waitFor();
    await chaseRow.getByRole('button', { name: '追号详情' }).click();
    await expect
      .poll(() => chaseRow.getByTestId('chase-issue').allTextContents())
      .toEqual([
        expect.stringContaining(`已中奖 ¥${chasePayout}`),
        expect.stringContaining('已撤销'),
        expect.stringContaining('已撤销'),
      ]);
    expect(await balanceOf(token)).toBe(balance);

    await enterSite(page, `${server.baseUrl}/mine/record/betRecord`);
    const record = page.getByTestId('bet-record').first();
    await record.getByText('彩票').waitFor();
    await record.getByText(`游戏 分分彩 · 期号 ${issue.issueNo}`).waitFor();

    await enterSite(page, `${server.baseUrl}/game/lottery/${gameCode}`);
    await page.getByRole('link', { name: `验证第 ${issue.issueNo} 期` }).click();
    await page.waitForURL((url) => url.pathname === '/game/lottery/verify');
    await page.getByText('验证通过：本期结果公平可信').waitFor();
    const checks = page.getByTestId('verify-check');
    await expect
      .poll(() => checks.allTextContents())
      .toEqual(['种子哈希与承诺值一致✓ 通过', '计算号码与开奖号码一致✓ 通过']);
    expect(session.errors).toEqual([]);
  }, 120_000);
});

describe(`lottery hall at ${desktop?.width} x ${desktop?.height}`, () => {
  it('shows the hall and places a ticket on the desktop site', async () => {
    if (!desktop) {
      throw new Error('no desktop viewport');
    }
    const token = await api.memberWithMoney(operatorToken, 'e2elottery2', '100.00');
    const issue = await openNextIssue();
    const session = await openBrowser(desktop);
    sessions.push(session);
    await clock.follow(session.page);
    await session.context.addInitScript((value) => localStorage.setItem('token', value), token);
    const { page } = session;

    await enterSite(page, `${server.baseUrl}/game/lottery`);
    for (const name of ['时时彩', '赛车', '快3', '11选5', '六合彩', 'PC28']) {
      await page.getByRole('heading', { name, exact: true }).waitFor();
    }
    const game = page.getByTestId('hall-game').filter({ hasText: '分分彩' });
    await game.getByText('距封盘').waitFor();
    await game.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/game/lottery/${gameCode}`);
    await page.getByText(`第 ${issue.issueNo} 期`).first().waitFor();
    await page.getByRole('button', { name: '追号', exact: true }).waitFor();
    await placeTicketOnBoard(page);
    await expect.poll(() => balanceOf(token)).toBe('56.00');
    await shownBalance(page).getByText('¥56.00').waitFor();
    await page.getByRole('tab', { name: '我的投注' }).click();
    await page.getByTestId('lottery-ticket').first().getByText('投注 ¥44.00').waitFor();
    expect(session.errors).toEqual([]);
  });
});
