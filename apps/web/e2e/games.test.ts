import { type AdminVenue, gameCategories, routes } from '@site/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { gameCategorySlugs } from '../src/lib/paths.ts';
import { type BrowserSession, enterSite, iphoneUserAgent, openBrowser, type Viewport } from './browser.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let operatorToken = '';
let sessions: BrowserSession[] = [];
let api: TestApi;
const phone: Viewport = { name: 'phone', width: 390, height: 844, userAgent: iphoneUserAgent };

/** A browser signed in as the member holding `token`. */
async function signedInBrowser(token: string): Promise<BrowserSession> {
  const session = await openBrowser(phone);
  sessions.push(session);
  await session.context.addInitScript((value) => localStorage.setItem('token', value), token);
  return session;
}

beforeAll(async () => {
  server = await startTestServer();
  api = testApi(server.baseUrl);
  operatorToken = await server.signInNewOperator('e2egames');
  // 真人视讯 is a transfer-wallet venue; staff open it for the test.
  const venues = await api.get<AdminVenue[]>(routes.adminVenueList.path, operatorToken);
  const live = venues.find((venue) => venue.code === 'ZR');
  expect(live?.walletMode).toBe('transfer');
  await api.call(
    routes.adminVenueUpdate.path,
    {
      code: 'ZR',
      name: live?.name,
      logo: live?.logo,
      state: 'open',
      maintenanceMessage: '',
      maintenanceUntil: null,
      sort: live?.sort,
      demoAllowed: live?.demoAllowed,
    },
    operatorToken,
  );
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe(`game pages at ${phone.width} x ${phone.height}`, () => {
  it('launches a transfer venue with appSendMoney, shows the balance moved in, and recalls it', async () => {
    const token = await api.memberWithMoney(operatorToken, 'e2egamesa', '200.00');
    const { page } = await signedInBrowser(token);
    await enterSite(page, `${server.baseUrl}/game/realbet`);
    const tile = page.getByTestId('venue-tile').filter({ hasText: '真人视讯' });
    await tile.getByRole('button', { name: '进入游戏 真人视讯' }).click();
    const bring = page.getByRole('switch', { name: '带入主钱包余额' });
    // The member's 自动免转 is off, so the balance stays out unless switched on.
    await expect(bring.getAttribute('aria-checked')).resolves.toBe('false');
    await page.getByText('主钱包 ¥200.00 将转入场馆').waitFor();
    await bring.click();
    await expect(bring.getAttribute('aria-checked')).resolves.toBe('true');
    await page.getByRole('button', { name: '进入', exact: true }).click();
    await page.getByText('已转入 ¥200.00').waitFor();
    await page.waitForURL((url) => url.pathname === '/game/realbet/zr' && url.searchParams.has('url'));
    await page.locator('iframe[title="真人视讯 游戏窗口"]').waitFor({ state: 'attached' });
    const venueBalance = page.getByTestId('venue-balance');
    await expect.poll(() => venueBalance.textContent()).toBe('¥200.00');

    await page.getByRole('button', { name: '回收余额' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await page.getByText('回收成功', { exact: false }).first().waitFor();
    await expect.poll(() => venueBalance.textContent()).toBe('¥0.00');
    const wallet = await api.call<{ mainBalance: string }>(routes.walletSummary.path, {}, token);
    expect(wallet.mainBalance).toBe('200.00');
  });

  it('launches a 体育 venue into our own sportsbook, which names it', async () => {
    const token = await api.memberWithMoney(operatorToken, 'e2egamesc', '50.00');
    const { page } = await signedInBrowser(token);
    await enterSite(page, `${server.baseUrl}/game/sport`);
    await page.getByRole('button', { name: '进入游戏 熊猫体育' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/game/sport/book' && url.searchParams.get('venue') === 'YBTY',
    );
    await expect.poll(() => page.getByTestId('sb-venue').textContent()).toBe('熊猫体育');
  });

  it('shows every category page with its counts, and the bet records page', async () => {
    const token = await api.memberWithMoney(operatorToken, 'e2egamesb', '10.00');
    const { page } = await signedInBrowser(token);
    // 彩票's page is the lottery hall (e2e/lottery.test.ts), not a list of venues.
    for (const category of gameCategories.filter((each) => each !== 'CP')) {
      await enterSite(page, `${server.baseUrl}/game/${gameCategorySlugs[category]}`);
      await page.getByText(/\d+\/\d+ 个场馆开放/).waitFor();
      await page.getByTestId('venue-tile').first().waitFor();
    }
    await page.goto(`${server.baseUrl}/game/egame`);
    await page.getByTestId('venue-tile').filter({ hasText: '电子游艺' }).getByText('即将开放').waitFor();

    await enterSite(page, `${server.baseUrl}/mine/record/betRecord`);
    await page.getByText('暂无投注记录').waitFor();
    await page.getByRole('button', { name: '去游戏' }).waitFor();
  });
});
