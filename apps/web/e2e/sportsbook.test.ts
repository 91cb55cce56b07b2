import { tmpdir } from 'node:os';
import path from 'node:path';
import { routes, type SportsbookBetView, type SportsbookMatch } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, enterSite, openBrowser, settleAnimations, viewports } from './browser.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let operatorToken = '';
let sessions: BrowserSession[] = [];
let api: TestApi;
const phone = viewports.find((viewport) => viewport.name === 'phone') ?? viewports[0];
const desktop = viewports.find((viewport) => viewport.name === 'desktop');

/** Set SB_SCREENSHOTS=<dir> to keep a picture of each page the tests show. */
const screenshotDir = process.env.SB_SCREENSHOTS;
async function snapshot(page: Page, name: string) {
  if (screenshotDir) {
    await settleAnimations(page);
    await page.screenshot({ path: path.join(screenshotDir || tmpdir(), `${name}.png`), fullPage: false });
  }
}

/**
 * A football match of 今日 or 早盘 kicking off in more than five minutes, with its 独赢 open: the
 * feed (a pass a second here) puts the schedule on the board as it runs.
 */
async function preMatchFootball(): Promise<{ match: SportsbookMatch; filter: 'today' | 'early' }> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    for (const filter of ['today', 'early'] as const) {
      const match = (await api.footballMatches(filter)).find(
        (candidate) =>
          candidate.status === 'scheduled' &&
          !candidate.isSuspended &&
          Date.parse(candidate.kickOffAt) - Date.now() > 5 * 60_000 &&
          candidate.markets.some((market) => market.kind === 'match_result' && market.status === 'open'),
      );
      if (match) {
        return { match, filter };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('no pre-match football match came on the board');
}

const balanceOf = async (token: string) =>
  (await api.call<{ mainBalance: string }>(routes.walletSummary.path, {}, token)).mainBalance;

const betsOf = async (token: string) =>
  (
    await api.call<{ list: SportsbookBetView[] }>(
      routes.sportsbookBets.path,
      { pageNum: 1, pageSize: 20 },
      token,
    )
  ).list;

beforeAll(async () => {
  server = await startTestServer({ feedIntervalMs: 1_000 });
  api = testApi(server.baseUrl);
  operatorToken = await server.signInNewOperator('e2esportsbook');
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe(`sportsbook at ${phone?.width} x ${phone?.height}`, () => {
  it('opens the sportsbook from 体育, places a single on a pre-match match and finds it in 注单', async () => {
    if (!phone) {
      throw new Error('no phone viewport');
    }
    const token = await api.memberWithMoney(operatorToken, 'e2esport1', '200.00');
    const { match, filter } = await preMatchFootball();
    const session = await openBrowser(phone);
    sessions.push(session);
    await session.context.addInitScript((value) => {
      localStorage.setItem('token', value);
      sessionStorage.setItem('securityNoticeShown', '1');
    }, token);
    const { page } = session;

    // 体育 keeps its venue tiles and leads to our own sportsbook too.
    await enterSite(page, `${server.baseUrl}/game/sport`);
    await page.getByRole('link', { name: /平台体育/ }).click();
    await page.waitForURL((url) => url.pathname === '/game/sport/book');
    await page.getByRole('button', { name: /今日/ }).waitFor();
    if (filter === 'early') {
      await page.getByRole('button', { name: /早盘/ }).click();
    }
    const row = page.getByTestId('sb-match').filter({ hasText: match.home }).first();
    await row.waitFor();
    await snapshot(page, 'phone-board');

    // The match page: every market of the match, 独赢 among them.
    await row.getByRole('link').click();
    await page.waitForURL((url) => url.pathname === `/game/sport/book/match/${match.matchId}`);
    const matchResult = page.getByRole('region', { name: '独赢', exact: true });
    await matchResult.waitFor();
    await snapshot(page, 'phone-match');
    await matchResult
      .getByRole('button', { name: `${match.home} ${match.away} 独赢 主胜`, exact: false })
      .click();

    await page.getByRole('button', { name: '投注单 1' }).click();
    const slip = page.getByRole('dialog', { name: '投注单' });
    await settleAnimations(page);
    await slip.getByRole('textbox', { name: '主胜 投注额' }).fill('10');
    await slip.getByText('预计返还').first().waitFor();
    await snapshot(page, 'phone-slip');
    await slip.getByRole('button', { name: '确认投注' }).click();
    await page.getByText('投注成功').first().waitFor();

    // 香港盘 by default: a positive price risks the stake itself.
    await expect.poll(() => balanceOf(token)).toBe('190.00');
    const [bet] = await betsOf(token);
    expect(bet).toMatchObject({ kind: 'single', stake: '10.00', risk: '10.00' });
    expect(bet?.legs[0]?.matchId).toBe(match.matchId);
    await page.getByTestId('sb-balance').getByText('¥190.00').waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: '注单', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/game/sport/book/bets');
    const card = page.getByTestId('sb-bet').first();
    await card.getByText(`${match.home} VS ${match.away}`, { exact: false }).waitFor();
    await card.getByText('单注').waitFor();
    await snapshot(page, 'phone-bets');
    expect(session.errors).toEqual([]);
  });
});

describe(`sportsbook at ${desktop?.width} x ${desktop?.height}`, () => {
  it('lays out leagues, matches and the slip in three columns', async () => {
    if (!desktop) {
      throw new Error('no desktop viewport');
    }
    const { filter } = await preMatchFootball();
    const session = await openBrowser(desktop);
    sessions.push(session);
    const { page } = session;
    await enterSite(page, `${server.baseUrl}/game/sport/book?filter=${filter}`);
    const leagues = page.getByRole('navigation', { name: '联赛' });
    const firstMatch = page.getByTestId('sb-match').first();
    const slip = page.getByRole('region', { name: '投注单' });
    await firstMatch.waitFor();
    await slip.getByText('点击赔率添加投注').waitFor();
    const [leagueBox, matchBox, slipBox] = await Promise.all([
      leagues.boundingBox(),
      firstMatch.boundingBox(),
      slip.boundingBox(),
    ]);
    expect(leagueBox && matchBox && slipBox).toBeTruthy();
    if (leagueBox && matchBox && slipBox) {
      expect(leagueBox.x + leagueBox.width).toBeLessThanOrEqual(matchBox.x);
      expect(matchBox.x + matchBox.width).toBeLessThanOrEqual(slipBox.x);
    }
    // A tap puts the pick on the slip at once, beside the list.
    await firstMatch.getByRole('button', { name: / 独赢 主胜 / }).click();
    await slip.getByTestId('slip-leg').waitFor();
    await snapshot(page, 'desktop-board');

    // The match page keeps the slip beside its markets.
    await firstMatch.getByRole('link').click();
    await page.getByTestId('sb-score').waitFor();
    await slip.getByTestId('slip-leg').waitFor();
    const [mainBox, slipAside] = await Promise.all([
      page.locator('.sb-columns__main').boundingBox(),
      slip.boundingBox(),
    ]);
    expect((mainBox?.x ?? 0) + (mainBox?.width ?? 0)).toBeLessThanOrEqual(slipAside?.x ?? 0);
    expect(mainBox?.width ?? 0).toBeGreaterThan(600);
    await snapshot(page, 'desktop-match');
    if (screenshotDir) {
      await page.goto(`${server.baseUrl}/game/sport/book?filter=live`);
      await page.getByText(/^滚球/).first().waitFor();
      await settleAnimations(page);
      await snapshot(page, 'desktop-live');
    }
  });
});
