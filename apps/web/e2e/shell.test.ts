import { textWidth } from '@site/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, openBrowser, viewports } from './browser.ts';

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

  /** On a phone the first visit lands on /download-page; 进入H5版 goes on to the page asked for. */
  async function enterSite(path: string) {
    const page = await open(path);
    if (viewport.userAgent) {
      await page.waitForURL('**/download-page');
      await page.getByRole('button', { name: '进入H5版' }).click();
    }
    await page.waitForURL(`**${path}`);
    return page;
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
    const page = await enterSite('/');
    const counting = page.getByRole('button', { name: /我已了解\(\ds\)/ });
    await counting.waitFor();
    await expect(counting.isDisabled()).resolves.toBe(true);
    const ready = page.getByRole('button', { name: '我已了解', exact: true });
    await ready.waitFor({ timeout: 5_000 });
    await expect(ready.isEnabled()).resolves.toBe(true);
    await ready.click();
    await page.getByText('安全提示').waitFor({ state: 'detached' });
    await page.reload();
    await page.getByText('暂无游戏').first().waitFor();
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
    const page = await enterSite('/no/such/page');
    await page.getByText('您访问的页面不存在或已被移除。').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(session?.errors).toEqual([]);
  });
});
