import { textWidth } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, enterSite, openBrowser, viewports } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
const siteId = 9001;

let server: TestServer;
let session: BrowserSession | undefined;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await server.sites.update(siteId, { maintainStatus: 1 });
  await session?.close();
  session = undefined;
});

describe.each(viewports)('shell at $name ($width x $height)', (viewport) => {
  async function open(path: string, options: { blockCookies?: boolean } = {}) {
    session = await openBrowser(viewport, options);
    await session.page.goto(`${server.baseUrl}${path}`);
    return session.page;
  }

  /** The page asked for; a phone passes the download page with 进入H5版 on its first visit. */
  async function enter(path: string) {
    session = await openBrowser(viewport);
    await enterSite(session.page, `${server.baseUrl}${path}`);
    return session.page;
  }

  /** The home popups, one at a time: waits for the dialog titled `title` and answers it. */
  async function answerPopup(page: Page, title: string, button: string, options: { snooze?: boolean } = {}) {
    const dialog = page.getByRole('dialog');
    await dialog.getByText(title, { exact: true }).waitFor();
    await expect(dialog.count()).resolves.toBe(1);
    if (options.snooze) {
      await dialog.getByText('今日不再提示').click();
    }
    const confirm = dialog.getByRole('button', { name: button, exact: true });
    await confirm.waitFor({ timeout: 5_000 });
    await confirm.click();
    await dialog.getByText(title, { exact: true }).waitFor({ state: 'detached' });
  }

  it('redirects to the maintenance page while the site is under maintenance', async () => {
    await server.sites.update(siteId, { maintainStatus: 0 });
    const page = await open('/download');
    await page.waitForURL('**/other/maintenance');
    await expect(page.getByText(/维护时间：/).textContent()).resolves.toContain('维护时间');
    await expect(page.getByText('有疑问，您可以联系我们的客服人员').isVisible()).resolves.toBe(true);
    await server.sites.update(siteId, { maintainStatus: 1 });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/download-page');
    expect(session?.errors).toEqual([]);
  });

  it('sends phones to /download-page and back to the saved path with 进入H5版, without a loop', async () => {
    const page = await open('/customer/main?from=ad');
    if (!viewport.userAgent) {
      await page.getByText('7×24 小时在线客服', { exact: false }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/customer/main');
      return;
    }
    await page.waitForURL('**/download-page');
    await page.getByRole('button', { name: '进入H5版' }).click();
    await page.waitForURL('**/customer/main?from=ad');
    await page.reload();
    await page.getByText('7×24 小时在线客服', { exact: false }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/customer/main');
    expect(session?.errors).toEqual([]);
  });

  it('shows the cookie warning when the browser blocks cookies', async () => {
    const page = await open('/', { blockCookies: true });
    await page.getByText('请开启浏览器 Cookie').waitFor();
    await expect(page.evaluate(() => document.cookie)).resolves.toBe('');
  });

  it('shows the security notice with a countdown before 我已了解 can be pressed, once per session', async () => {
    const page = await enter('/');
    const counting = page.getByRole('button', { name: /我已了解\(\ds\)/ });
    await counting.waitFor();
    await expect(counting.isDisabled()).resolves.toBe(true);
    const ready = page.getByRole('button', { name: '我已了解', exact: true });
    await ready.waitFor({ timeout: 5_000 });
    await expect(ready.isEnabled()).resolves.toBe(true);
    await ready.click();
    await page.getByText('安全提示').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('进入体育页面 ›').waitFor();
    await expect(page.getByText('安全提示').count()).resolves.toBe(0);
    expect(session?.errors).toEqual([]);
  });

  it('scrolls a long site title in the tab every 350 ms', async () => {
    const title = '星河娱乐 - 体育 · 真人 · 电子 · 彩票 · 棋牌 · 捕鱼 一站式娱乐平台';
    expect(textWidth(title)).toBeGreaterThanOrEqual(27);
    await server.sites.update(siteId, { title });
    const page = await open('/404');
    await page.waitForFunction(
      (expected) => document.title.replace(/\s/g, '') === expected.replace(/\s/g, ''),
      title,
    );
    await page.waitForFunction(
      (expected) => document.title.replace(/\s/g, '') !== expected.replace(/\s/g, ''),
      title,
    );
    const shown = await page.title();
    const compact = (text: string) => text.replace(/\s/g, '');
    expect(compact(`${title}${title}`)).toContain(compact(shown));
  });

  it('shows the 404 page for an unknown path, with a way home', async () => {
    const page = await enter('/no/such/page');
    await page.getByText('您访问的页面不存在或已被移除。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(session?.errors).toEqual([]);
  });

  it('remembers 进入H5版: a new tab, a deep link, a reload and a restarted browser go straight to the page', async () => {
    const page = await enter('/download');
    await page.locator('.install-options').waitFor();
    const tab = await page.context().newPage();
    await tab.goto(`${server.baseUrl}/user/login?from=share`);
    await tab.getByRole('button', { name: '登录' }).last().waitFor();
    expect(new URL(tab.url()).pathname).toBe('/user/login');
    await tab.reload();
    await tab.getByRole('button', { name: '登录' }).last().waitFor();
    expect(new URL(tab.url()).pathname).toBe('/user/login');
    await tab.close();
    if (!session) {
      throw new Error('no browser session');
    }
    await session.relaunch();
    const reopened = session.page;
    await reopened.goto(`${server.baseUrl}/customer/main`);
    await reopened.getByText('7×24 小时在线客服', { exact: false }).waitFor();
    expect(new URL(reopened.url()).pathname).toBe('/customer/main');
    expect(session.errors).toEqual([]);
  });

  it('shows the home notices one at a time, each with 今日不再提示 for the rest of the day', async () => {
    const page = await enter('/');
    await answerPopup(page, '安全提示', '我已了解', { snooze: true });
    await answerPopup(page, '欢迎来到星河娱乐', '确定');
    await answerPopup(page, '每日签到领好礼', '关闭', { snooze: true });
    if (!session) {
      throw new Error('no browser session');
    }
    // A new browser session on the same day: nothing pops up again.
    await session.relaunch();
    const reopened = session.page;
    await reopened.goto(`${server.baseUrl}/`);
    await reopened.getByText('进入体育页面 ›').waitFor();
    await reopened.waitForTimeout(1_500);
    await expect(reopened.getByRole('dialog').count()).resolves.toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('客服 from inside the site opens the customer service page in a new window, never the download page', async () => {
    const page = await enter('/download');
    // Only the window's origin may keep it on the site: forget the 进入H5版 choice.
    await page.evaluate(() => localStorage.removeItem('h5ChosenAt'));
    // The window is waited for once the link shows: on a busy machine the page itself takes a while.
    const link = page.getByText(viewport.userAgent ? '客服' : '在线客服', { exact: true });
    await link.waitFor();
    const opened = page.context().waitForEvent('page');
    await link.click();
    const service = await opened;
    await service.getByText('7×24 小时在线客服', { exact: false }).waitFor();
    expect(new URL(service.url()).pathname).toBe('/customer/main');
    expect(session?.errors).toEqual([]);
  });
});
