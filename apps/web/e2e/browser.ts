import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian's Chromium in a container (see STACK.md); headless is set by the launcher. */
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const iphoneUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export interface Viewport {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
  /** A phone sends a mobile user agent, so the mobile redirect applies to it. */
  userAgent?: string;
}

export const viewports: readonly Viewport[] = [
  { name: 'phone', width: 390, height: 844, userAgent: iphoneUserAgent },
  { name: 'desktop', width: 1366, height: 900 },
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh Chromium profile; `blockCookies` sets the profile's real cookie-blocking setting. */
export async function openBrowser(
  viewport: Viewport,
  options: { blockCookies?: boolean } = {},
): Promise<BrowserSession> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'web-e2e-'));
  if (options.blockCookies) {
    await mkdir(path.join(userDataDir, 'Default'), { recursive: true });
    const preferences = { profile: { default_content_setting_values: { cookies: 2 } } };
    await writeFile(path.join(userDataDir, 'Default', 'Preferences'), JSON.stringify(preferences));
  }
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: chromiumFlags,
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.name === 'phone',
    hasTouch: viewport.name === 'phone',
    ...(viewport.userAgent ? { userAgent: viewport.userAgent } : {}),
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(message.text());
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The captcha id the page was last shown, read from the captcha call's answer. */
export function trackCaptchas(page: Page): () => string | undefined {
  let latest: string | undefined;
  page.on('response', (response) => {
    if (response.url().includes('/site/api/v1/user/captcha')) {
      void response
        .json()
        .then((body: { data?: { captchaId?: string } }) => {
          latest = body.data?.captchaId;
        })
        .catch(() => undefined);
    }
  });
  return () => latest;
}

/**
 * A fresh browser (its own device uuid) on `baseUrl + path`, kept in `sessions` for closing;
 * a phone passes the download page first.
 */
export async function openSite(
  viewport: Viewport,
  baseUrl: string,
  path: string,
  sessions: BrowserSession[],
) {
  const session = await openBrowser(viewport);
  sessions.push(session);
  const latestCaptcha = trackCaptchas(session.page);
  await session.page.goto(`${baseUrl}${path}`);
  if (viewport.userAgent) {
    await session.page.waitForURL('**/download-page');
    await session.page.getByRole('button', { name: '进入H5版' }).click();
  }
  await session.page.waitForURL(`**${path}`);
  return { ...session, latestCaptcha };
}
