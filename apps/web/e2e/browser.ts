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
