import { routes } from '@site/contract';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../server/src/testing.ts';
import {
  type BrowserSession,
  enterSite,
  openBrowser,
  settleAnimations,
  type Viewport,
  viewportNamed,
} from './browser.ts';
import { type TestApi, testApi } from './test-api.ts';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;

let server: TestServer;
let api: TestApi;
let operatorToken = '';
let sessions: BrowserSession[] = [];

/** A browser signed in as the member holding `token`, on the chat page, in the first room. */
async function openChatAs(token: string, at: Viewport): Promise<Page> {
  const session = await openBrowser(at);
  sessions.push(session);
  await session.context.addInitScript((value) => localStorage.setItem('token', value), token);
  await enterSite(session.page, `${server.baseUrl}/chat`);
  await session.page.getByRole('tab', { name: '聊天大厅', selected: true }).waitFor();
  await session.page.getByRole('button', { name: /安全提示：/ }).waitFor();
  return session.page;
}

async function say(page: Page, text: string) {
  await page.getByRole('textbox', { name: '输入消息' }).fill(text);
  await page.getByRole('button', { name: '发送', exact: true }).click();
}

const chatLog = (page: Page) => page.getByRole('log', { name: '聊天消息' });

/** Every button, link and field of the chat page's controls is at least 44 x 44 px. */
async function expectTapTargets(page: Page) {
  const controls = page.locator('.chat-page').locator('a, button, input');
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

/** A 客服 signs in to the console, mutes the member for an hour, then finds the room's log. */
async function muteFromConsole(username: string, reason: string) {
  const created = await api.call<{ password: string }>(
    routes.adminStaffCreate.path,
    { username: 'e2echatsupport', role: 'support', siteIds: [9001] },
    operatorToken,
  );
  const session = await openBrowser(viewportNamed('desktop'));
  sessions.push(session);
  const { page } = session;
  await page.goto(`${server.baseUrl}/admin/`);
  await page.getByLabel('用户名').fill('e2echatsupport');
  await page.getByLabel('密码').fill(created.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByRole('menuitem', { name: '禁言管理' }).click();
  await page.waitForURL(/\/admin\/chat\/moderation/);
  await page.getByRole('button', { name: '禁言会员' }).click();
  const dialog = page.getByRole('dialog', { name: '发言管理' });
  await dialog.waitFor();
  await settleAnimations(page);
  await session.scanAccessibility();
  await dialog.getByLabel('会员用户名').fill(username);
  await dialog.getByText('1 小时', { exact: true }).click();
  await dialog.getByLabel('原因（会员可见）').fill(reason);
  await dialog.getByRole('button', { name: '确认' }).click();
  await page.getByText('已生效，会员立即收到通知').waitFor();
  await page
    .getByRole('row', { name: new RegExp(username) })
    .getByText('禁言中')
    .waitFor();

  await page.getByRole('menuitem', { name: '聊天记录' }).click();
  await page.getByRole('cell', { name: '大家好，今晚看球吗？' }).waitFor();
}

beforeAll(async () => {
  server = await startTestServer();
  api = testApi(server.baseUrl, { deviceUuid: 'e2e-chat-0001' });
  operatorToken = await server.signInNewOperator('e2echatop');
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  await Promise.all(sessions.map((session) => session.close()));
  sessions = [];
});

describe('chat room', () => {
  it('two members chat in one room; one muted from the console sees why and until when, the other still speaks', async () => {
    const aliceToken = (await api.register('e2echatalice')).token;
    const bobToken = (await api.register('e2echatbob')).token;
    const alice = await openChatAs(aliceToken, viewportNamed('phone'));
    const bob = await openChatAs(bobToken, viewportNamed('desktop'));
    await expectTapTargets(alice);

    await say(alice, '大家好，今晚看球吗？');
    await chatLog(bob).getByText('大家好，今晚看球吗？').waitFor();
    await say(bob, '看！🎉');
    await chatLog(alice).getByText('看！🎉').waitFor();
    // Each sees the other by nickname, with a VIP badge; their own lines read 我.
    await expect(
      chatLog(alice)
        .getByRole('button', { name: /的操作$/ })
        .count(),
    ).resolves.toBeGreaterThan(0);
    await expect(chatLog(alice).getByText('VIP0').count()).resolves.toBeGreaterThan(0);

    // A contact detail is refused, in Chinese, and reaches nobody.
    await say(bob, '加我微信 abc12345 带你赚钱');
    await bob.getByText(/禁止发布手机号、QQ、微信等联系方式或链接/).waitFor();

    await muteFromConsole('e2echatbob', '发布联系方式');
    const notice = bob.getByRole('region', { name: '您已被禁言' });
    await notice.getByText('原因：发布联系方式').waitFor();
    await notice.getByText(/^禁言至 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}（北京时间）$/).waitFor();
    await expect(bob.getByRole('textbox', { name: '输入消息' }).count()).resolves.toBe(0);
    await expect(chatLog(alice).getByText('加我微信 abc12345 带你赚钱').count()).resolves.toBe(0);

    await say(alice, '有人被禁言了');
    await chatLog(bob).getByText('有人被禁言了').waitFor();
    expect(sessions.flatMap((session) => session.errors)).toEqual([]);
  });
});
