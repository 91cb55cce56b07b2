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

function newUsername(viewportName: string): string {
  accountCount += 1;
  return `e2e${viewportName.slice(0, 1)}${Date.now().toString(36).slice(-5)}${accountCount}`;
}

describe.each(viewports)('accounts at $name ($width x $height)', (viewport) => {
  const open = (path: string) => openSite(viewport, server.baseUrl, path, sessions);

  type Opened = Awaited<ReturnType<typeof open>>;

  /** Submits with `submitName`; when the server asks for the image captcha, answers it and submits again. */
  async function submitSolvingCaptcha(opened: Opened, submitName: string, isDone: () => boolean) {
    const { page } = opened;
    await page.getByRole('button', { name: submitName, exact: true }).last().click();
    const captchaImage = page.getByRole('img', { name: '图形验证码' });
    await Promise.race([
      captchaImage.waitFor(),
      page.waitForURL((url) => isDone() || !url.pathname.startsWith('/user/')),
    ]);
    if (isDone() || !(await captchaImage.isVisible())) {
      return;
    }
    await expect.poll(opened.latestCaptcha).toBeTruthy();
    const answer = server.captchaAnswer(opened.latestCaptcha() ?? '');
    await page.getByLabel('图形验证码').fill(answer ?? '');
    await page.getByRole('button', { name: submitName, exact: true }).last().click();
  }

  async function register(opened: Opened, username: string) {
    const { page } = opened;
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.locator('.auth-remember .adm-checkbox').click();
    await submitSolvingCaptcha(opened, '立即注册', () => page.url().includes('/registerGuide'));
    await page.waitForURL('**/registerGuide');
  }

  async function logIn(opened: Opened, username: string, secret = password) {
    const { page } = opened;
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(secret);
    await submitSolvingCaptcha(opened, '登录', () => !page.url().includes('/user/login'));
  }

  it('registers, lands signed in, refuses a wrong password after 退出登录 and takes the right one', async () => {
    const opened = await open('/user/register');
    const { page } = opened;
    const username = newUsername(viewport.name);
    await register(opened, username);
    await page.getByRole('heading', { name: '责任博彩' }).waitFor();
    await page.getByRole('button', { name: '前往个人资料' }).click();
    await page.waitForURL('**/mine/userInfo');
    await page.getByText(username).waitFor();
    await page.getByRole('heading', { level: 1, name: '个人资料' }).waitFor();

    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill('not-the-password');
    await page.getByRole('button', { name: '登录', exact: true }).last().click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/user/login');

    await logIn(opened, username);
    await page.waitForURL((url) => !url.pathname.startsWith('/user/'));
    await page.getByText('我的', { exact: true }).waitFor();
    expect(opened.errors).toEqual([]);
  });

  it('ends the first browser session with the 6001 dialog when the account signs in on a second browser', async () => {
    const first = await open('/user/register');
    const username = newUsername(viewport.name);
    await register(first, username);

    const second = await open('/user/login');
    await logIn(second, username);
    await second.page.waitForURL((url) => url.pathname === '/');

    await first.page.getByRole('button', { name: '前往个人资料' }).click();
    const dialog = first.page.getByRole('dialog');
    await dialog.getByText('您的账号已在其他地方登录').waitFor();
    await expect(dialog.getByRole('button').count()).resolves.toBe(1);
    await dialog.getByRole('button', { name: '确定' }).click();
    await first.page.waitForURL((url) => url.pathname === '/user/login');
    await first.page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect(first.page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
  });
});
