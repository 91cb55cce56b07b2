import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
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
  { name: 'desktop', width: 1440, height: 900 },
];

export function viewportNamed(name: Viewport['name']): Viewport {
  const found = viewports.find((viewport) => viewport.name === name);
  if (!found) {
    throw new Error(`browser.ts names no ${name} viewport`);
  }
  return found;
}

/** WCAG 2.1 A and AA, the rules every page must pass. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const failingImpacts = new Set(['serious', 'critical']);
/** Quiet time after the last DOM change before a page counts as drawn (animations run in JS). */
const settleQuietMs = 300;
const settleMaxMs = 3_000;
const recheckDelayMs = 600;

export interface AxeFinding {
  url: string;
  rule: string;
  impact: string;
  help: string;
  /** The element, as axe's CSS selector. */
  target: string;
}

/** Waits until the page is loaded and its DOM has been quiet a moment (or `settleMaxMs`). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  // No named functions inside: a transform that keeps names would add helpers the page lacks.
  await page.evaluate(
    ([quietMs, maxMs]) => {
      let observer: MutationObserver | undefined;
      let quiet: ReturnType<typeof setTimeout> | undefined;
      let deadline: ReturnType<typeof setTimeout> | undefined;
      return new Promise<void>((resolve) => {
        observer = new MutationObserver(() => {
          clearTimeout(quiet);
          quiet = setTimeout(resolve, quietMs);
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        quiet = setTimeout(resolve, quietMs);
        deadline = setTimeout(resolve, maxMs);
      }).finally(() => {
        observer?.disconnect();
        clearTimeout(quiet);
        clearTimeout(deadline);
      });
    },
    [settleQuietMs, settleMaxMs] as const,
  );
}

/** Serious and critical axe findings on the page as it is now, keyed by rule and element. */
async function failingNodes(page: Page): Promise<Map<string, Omit<AxeFinding, 'url'>>> {
  // Legacy mode runs axe inside the page: the default opens a blank tab of its own to
  // combine frame results, which a test waiting for the site's new window would catch.
  const results = await new AxeBuilder({ page }).withTags(axeTags).setLegacyMode().analyze();
  const nodes = new Map<string, Omit<AxeFinding, 'url'>>();
  for (const violation of results.violations) {
    if (!failingImpacts.has(violation.impact ?? '')) {
      continue;
    }
    for (const node of violation.nodes) {
      const target = node.target.join(' ');
      nodes.set(`${violation.id} ${target}`, {
        rule: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        target,
      });
    }
  }
  return nodes;
}

/**
 * Runs axe on every page of a browser context: each page, tabs the site opens included, is
 * checked once it settles after every navigation (SPA route changes too), and once more when
 * the session closes. Serious and critical findings are kept per URL, rule and element.
 */
function watchAccessibility(context: BrowserContext) {
  const findings = new Map<string, AxeFinding>();
  const scans = new Set<Promise<void>>();
  const timers = new Map<Page, ReturnType<typeof setTimeout>>();
  const queues = new Map<Page, Promise<void>>();

  async function scan(page: Page): Promise<void> {
    if (page.isClosed()) {
      return;
    }
    try {
      await settle(page);
      const url = page.url();
      const first = await failingNodes(page);
      if (first.size === 0) {
        return;
      }
      // A finding must still be there a moment later: text caught mid-fade is no finding.
      await page.waitForTimeout(recheckDelayMs);
      await settle(page);
      for (const [key, finding] of await failingNodes(page)) {
        if (first.has(key)) {
          findings.set(`${url} ${key}`, { ...finding, url });
        }
      }
    } catch (error) {
      // A navigation or a closing page cut the scan short; the next page state is scanned anew.
      if (!page.isClosed() && !isNavigationRace(error)) {
        throw error;
      }
    }
  }

  function enqueue(page: Page): Promise<void> {
    const next = (queues.get(page) ?? Promise.resolve()).then(() => scan(page));
    queues.set(page, next);
    scans.add(next);
    void next.finally(() => scans.delete(next)).catch(() => undefined);
    return next;
  }

  function schedule(page: Page): void {
    clearTimeout(timers.get(page));
    timers.set(
      page,
      setTimeout(() => {
        timers.delete(page);
        void enqueue(page).catch(() => undefined);
      }, settleQuietMs),
    );
  }

  function watch(page: Page): void {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        schedule(page);
      }
    });
    page.on('load', () => schedule(page));
    page.on('close', () => clearTimeout(timers.get(page)));
  }

  for (const page of context.pages()) {
    watch(page);
  }
  context.on('page', watch);

  return {
    /** Scans every open page as it is now; what it finds is answered by `finish`. */
    async scanNow(): Promise<void> {
      await Promise.all(context.pages().map((page) => enqueue(page)));
    },
    /** Scans every open page as it is now, waits for all scans and answers the findings. */
    async finish(): Promise<AxeFinding[]> {
      for (const timer of timers.values()) {
        clearTimeout(timer);
      }
      timers.clear();
      await Promise.all(context.pages().map((page) => enqueue(page)));
      await Promise.all([...scans]);
      return [...findings.values()];
    },
  };
}

function isNavigationRace(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  // "reading 'run'": axe was injected into a document that a navigation has since replaced.
  return /Execution context was destroyed|has been closed|frame was detached|Cannot find context|reading 'run'/i.test(
    message,
  );
}

/**
 * Resolves once the page's finite animations have run (a dialog's zoom-in, a menu's slide):
 * Playwright's stability check can pass mid-animation on a loaded machine, and a click aimed at a
 * button still moving lands on nothing, silently. Endless ones (spinners) are not waited for.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** One line per finding, grouped by page. */
export function formatFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) => `${finding.url} [${finding.impact}] ${finding.rule}: ${finding.help} -> ${finding.target}`,
    )
    .join('\n');
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /**
   * Scans every open page as it is now, for a state no navigation leads to (a dialog, a sheet):
   * pages are scanned on their own after each navigation, which an open dialog may miss. What it
   * finds fails `close`.
   */
  scanAccessibility(): Promise<void>;
  /** Closes the browser and opens it again on the same profile (cookies, storage kept). */
  relaunch(): Promise<void>;
  /** Closes the browser; fails when axe found serious or critical problems on any page it showed. */
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
  const errors: string[] = [];
  const findings: AxeFinding[] = [];

  async function launch() {
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
    page.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(message.text());
      }
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, accessibility: watchAccessibility(context) };
  }

  async function closeContext(current: Awaited<ReturnType<typeof launch>>) {
    try {
      findings.push(...(await current.accessibility.finish()));
    } finally {
      await current.context.close();
    }
  }

  let current = await launch();
  const session: BrowserSession = {
    context: current.context,
    page: current.page,
    errors,
    scanAccessibility: () => current.accessibility.scanNow(),
    async relaunch() {
      await closeContext(current);
      current = await launch();
      session.context = current.context;
      session.page = current.page;
    },
    async close() {
      try {
        await closeContext(current);
      } finally {
        await rm(userDataDir, { recursive: true, force: true });
      }
      if (findings.length > 0) {
        throw new Error(`axe found serious or critical problems:\n${formatFindings(findings)}`);
      }
    },
  };
  return session;
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
 * Opens `url` the way a visitor does: a phone that has not chosen 进入H5版 in this browser
 * meets the download page first and takes 进入H5版 on to the page it asked for.
 */
export async function enterSite(page: Page, url: string): Promise<void> {
  await page.goto(url);
  if (new URL(page.url()).pathname === '/download-page') {
    await page.getByRole('button', { name: '进入H5版' }).click();
  }
  const wanted = new URL(url);
  await page.waitForURL(
    (current) => current.pathname === wanted.pathname && current.search === wanted.search,
  );
}

/** A fresh browser (its own device uuid) on `baseUrl + path`, kept in `sessions` for closing. */
export async function openSite(
  viewport: Viewport,
  baseUrl: string,
  path: string,
  sessions: BrowserSession[],
) {
  const session = await openBrowser(viewport);
  sessions.push(session);
  const latestCaptcha = trackCaptchas(session.page);
  await enterSite(session.page, `${baseUrl}${path}`);
  return { ...session, latestCaptcha };
}
