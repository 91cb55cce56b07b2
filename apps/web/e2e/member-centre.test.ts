import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import { type BrowserSession, openSite, viewports } from './browser.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let sessions: BrowserSession[] = [];
let accountCount = 0;
const password = 'Qw8#zLm2pX';

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe.each(viewports)('member centre at $name ($width x $height)', (viewport) => {
  const open = (path: string) => openSite(viewport, server.baseUrl, path, sessions);

  type Opened = Awaited<ReturnType<typeof open>>;

  async function register(opened: Opened, username: string) {
    const { page } = opened;
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.locator('.auth-remember .adm-checkbox').click();
    await page.getByRole('button', { name: '立即注册', exact: true }).last().click();
    const captchaImage = page.getByRole('img', { name: '图形验证码' });
    await Promise.race([captchaImage.waitFor(), page.waitForURL('**/registerGuide')]);
    if (!page.url().includes('/registerGuide')) {
      await expect.poll(opened.latestCaptcha).toBeTruthy();
      await page.getByLabel('图形验证码').fill(server.captchaAnswer(opened.latestCaptcha() ?? '') ?? '');
      await page.getByRole('button', { name: '立即注册', exact: true }).last().click();
      await page.waitForURL('**/registerGuide');
    }
  }

  /** Answers the home page's first-visit dialogs (security notice, then notices), one at a time. */
  async function answerHomePopups(page: Page) {
    const dialog = page.getByRole('dialog').last();
    for (let shown = 0; shown < 5; shown += 1) {
      const isOpen = await dialog
        .waitFor({ timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (!isOpen) {
        return;
      }
      const shownDialog = await dialog.elementHandle();
      await dialog.getByRole('button', { name: /^(我已了解|确定|关闭)$/ }).click({ timeout: 10_000 });
      await shownDialog?.waitForElementState('hidden');
    }
  }

  /** Every button and link in the header and the main navigation is at least 44 x 44 px. */
  async function expectTapTargets(page: Page) {
    const controls = page.getByRole('banner').or(mainNav(page)).locator('a, button');
    const small: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && (box.width < 44 || box.height < 44)) {
        const name = (await control.getAttribute('aria-label')) ?? (await control.textContent());
        small.push(`${name} ${box.width}x${box.height}`);
      }
    }
    expect(small).toEqual([]);
  }

  /** The main navigation: the tab bar on a phone, the header nav on the desktop site. */
  const mainNav = (page: Page) => page.getByRole('navigation', { name: '主导航' });

  it('shows a member the balance on the home page and opens 我的 → hub → 交易记录', async () => {
    const opened = await open('/user/register');
    const { page, errors } = opened;
    accountCount += 1;
    const username = `hub${viewport.name.slice(0, 1)}${Date.now().toString(36).slice(-5)}${accountCount}`;
    await register(opened, username);

    await page.goto(`${server.baseUrl}/`);
    await answerHomePopups(page);
    const header = page.getByRole('banner');
    await header.getByText('¥0.00').waitFor();
    const strip = page.getByRole('region', { name: '主钱包' });
    await strip.getByText('¥0.00').waitFor();
    await strip.getByRole('button', { name: '刷新余额' }).click();
    await page.getByText('余额已刷新').waitFor();
    await expect(header.getByRole('link', { name: '提现' }).getAttribute('href')).resolves.toBe(
      '/mine/finance/withdrawal',
    );

    await expectTapTargets(page);

    await mainNav(page).getByRole('link', { name: '我的' }).click();
    await page.waitForURL('**/mine');
    await page.getByRole('main').getByText(username).waitFor();
    await page.getByRole('region', { name: '主钱包' }).getByTestId('big-money').waitFor();
    if (viewport.name === 'desktop') {
      const menu = page.getByRole('navigation', { name: '会员中心导航' });
      await expect(menu.getByRole('link', { name: '会员中心' }).getAttribute('aria-current')).resolves.toBe(
        'page',
      );
    }

    await page.getByRole('navigation', { name: '资金管理' }).getByRole('link', { name: '交易记录' }).click();
    await page.waitForURL('**/mine/record/transRecord');
    await page.getByRole('heading', { level: 1, name: '交易记录' }).waitFor();
    await page.getByText('暂无记录').waitFor();
    expect(errors).toEqual([]);
  }, 90_000);

  it('shows a visitor on 我的 the grey avatar with 登录/注册, which leads to login and back', async () => {
    const { page, errors } = await open('/mine');
    await page.getByText('您还未登录').waitFor();
    await expect(page.getByRole('region', { name: '主钱包' }).count()).resolves.toBe(0);
    await expectTapTargets(page);
    await page.getByRole('button', { name: '登录/注册' }).click();
    await page.waitForURL('**/user/login?redirect=%2Fmine');
    expect(errors).toEqual([]);
  }, 60_000);
});
