import { routes, type SportsbookBetView, type SportsbookMatch } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, openBrowser, viewportNamed } from './browser.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

const desktop = viewportNamed('desktop');
const marketKey = 'match_result:full_time';

let server: TestServer;
let api: TestApi;
let rootToken = '';
let sessions: BrowserSession[] = [];

beforeAll(async () => {
  server = await startTestServer({ feedIntervalMs: 1_000 });
  api = testApi(server.baseUrl, { deviceUuid: 'e2e-admin-sportsbook-01' });
  rootToken = await server.signInNewOperator('e2esbconsoleroot');
});

afterAll(async () => {
  await server?.close();
});

// Closing scans every page once more with axe.
afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
}, 180_000);

/**
 * A football match kicking off in more than ten minutes, its 独赢 open: of 今日, or of 早盘 when
 * today has none left (the last minutes before midnight in Beijing).
 */
async function upcomingMatch(): Promise<SportsbookMatch> {
  let found: SportsbookMatch | undefined;
  await expect
    .poll(
      async () => {
        const list = [...(await api.footballMatches('today')), ...(await api.footballMatches('early'))];
        found = list.find(
          (match) =>
            match.status === 'scheduled' &&
            Date.parse(match.kickOffAt) - Date.now() > 10 * 60_000 &&
            match.markets.some((market) => market.key === marketKey && market.status === 'open'),
        );
        return found !== undefined;
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  if (!found) {
    throw new Error('no upcoming football match');
  }
  return found;
}

async function openConsoleAs(username: string, password: string): Promise<Page> {
  const session = await openBrowser(desktop);
  sessions.push(session);
  const { page } = session;
  await page.goto(`${server.baseUrl}/admin/`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByLabel('密码').press('Enter');
  await page.getByText(username).first().waitFor();
  return page;
}

describe(`sportsbook in the operator console at ${desktop.width} x ${desktop.height}`, () => {
  it('a 风控 sees a bet in 体育风险, the match’s markets with their liability in 赛事管理, and the bet in 体育注单', async () => {
    const { password } = await api.call<{ password: string }>(
      routes.adminStaffCreate.path,
      { username: 'e2esbrisk', role: 'risk', siteIds: [9001] },
      rootToken,
    );
    const member = await api.memberWithMoney(rootToken, 'e2esbconsole', '1000.00');
    const match = await upcomingMatch();
    const pick = match.markets.find((market) => market.key === marketKey)?.selections[0];
    if (!pick) {
      throw new Error(`no 独赢 pick on ${match.matchId}`);
    }
    const bet = await api.call<SportsbookBetView>(
      routes.sportsbookPlace.path,
      {
        kind: 'single',
        slipId: 'e2e-console-slip-0001',
        stake: '300.00',
        oddsFormat: 'Europe',
        acceptOdds: 'any',
        legs: [{ matchId: match.matchId, marketKey, selectionKey: pick.key, odds: pick.odds }],
      },
      member,
    );
    expect(bet.status).toBe('open');

    const page = await openConsoleAs('e2esbrisk', password);
    await page.getByRole('menuitem', { name: '体育风险' }).click();
    const riskRow = page.locator('tr.ant-table-row').filter({ hasText: match.matchId });
    await riskRow.waitFor();
    await riskRow.getByRole('button', { name: /展开/ }).click();
    // Its 独赢 market: the single's stake, and the pick's potential payout.
    const pickRow = page.locator('tr.ant-table-row').filter({ hasText: pick.name }).first();
    await expect(pickRow.textContent()).resolves.toContain(bet.potentialReturn);

    // 赛事详情 opens 赛事管理 on the match.
    await riskRow.getByRole('link', { name: '赛事详情' }).click();
    const matchRow = page.locator('tr.ant-table-row').filter({ hasText: match.matchId });
    await matchRow.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('最大赔付').waitFor();
    // Markets come biggest liability first: the 独赢 the single is on, with its stake.
    const marketRow = drawer.locator('tr.ant-table-row').first();
    await expect(marketRow.textContent()).resolves.toMatch(/^独赢.*300\.00/);

    await drawer.getByRole('link', { name: '查看注单' }).click();
    await page.locator('tr.ant-table-row').filter({ hasText: bet.betId }).waitFor();

    // 体育应收 lists what corrections left members owing: nothing yet (axe scans it on closing).
    await page.getByRole('menuitem', { name: '体育应收' }).click();
    await page.getByRole('columnheader', { name: '未追回（元）' }).waitFor();

    // 体育设置: a 风控 reads the book's margins and limits but may not change them.
    await page.getByRole('menuitem', { name: '体育设置' }).click();
    await expect.poll(() => page.getByRole('spinbutton', { name: '独赢水位' }).inputValue()).toBe('6.00');
    expect(await page.getByRole('button', { name: '保存' }).count()).toBe(0);
  });
});
