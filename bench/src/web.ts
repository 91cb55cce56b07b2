/**
 * `npm run bench -- web`: builds the web app and prints each budgeted route's first-load
 * JavaScript (brotli and gzip) against its ceiling and the issue's goal, beside the baseline of
 * every chunk together (what the first page loaded before routes were split); then audits `/`
 * with Lighthouse's mobile preset against the real server.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  firstLoadBrotliBytesGoal,
  measureAllJavaScript,
  measureFirstLoad,
  webDistDirDefault,
} from '../../apps/web/budget.ts';
import { printTable, startServerProcess } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const performanceScoreMin = 90;
const accessibilityScoreMin = 95;
/** Lighthouse figures move between runs on a shared machine: each one's median of a few is reported. */
const auditRuns = 3;
/**
 * A phone's user agent is sent to /download-page on a first visit (lib/mobile-redirect.ts), and
 * Lighthouse clears storage before each run, so no remembered choice survives. A desktop agent
 * keeps the audit on the H5 home page; the mobile preset still emulates the phone's screen
 * (the layout follows the viewport), its slow 4G network and its 4x slower CPU.
 */
const desktopUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function buildWebApp() {
  process.stdout.write('building apps/web ...\n');
  const result = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`web build exited with ${result.status}`);
  }
}

function printFirstLoad() {
  const rows = measureFirstLoad(webDistDirDefault).map((firstLoad) => ({
    route: firstLoad.route,
    files: firstLoad.files.length,
    'raw KB': kb(firstLoad.rawBytes),
    'gzip KB': kb(firstLoad.gzipBytes),
    'br KB': kb(firstLoad.brotliBytes),
    'ceiling br KB': kb(firstLoad.brotliBytesMax),
    'goal br KB': kb(firstLoadBrotliBytesGoal),
    verdict: firstLoad.brotliBytes > firstLoad.brotliBytesMax ? 'OVER CEILING' : 'within ceiling',
  }));
  const baseline = measureAllJavaScript(webDistDirDefault);
  rows.push({
    route: 'baseline: all chunks',
    files: baseline.files,
    'raw KB': kb(baseline.rawBytes),
    'gzip KB': kb(baseline.gzipBytes),
    'br KB': kb(baseline.brotliBytes),
    'ceiling br KB': '-',
    'goal br KB': '-',
    verdict: 'loaded by / before the split',
  });
  process.stdout.write('\nFirst-load JavaScript (1 KB = 1000 bytes)\n');
  printTable(rows);
}

interface AuditResult {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Lighthouse's measure of this machine's CPU: its 4x slowdown assumes a fast desktop (~1500+). */
  benchmarkIndex: number;
  /** Ids of the accessibility audits this run failed. */
  accessibilityFailures: string[];
  /** Where the time went, to tell what to work on next. */
  diagnostics: string[];
  /** Why Lighthouse could not measure the page, when it could not (its scores are then 0). */
  runtimeError?: string;
}

interface DiagnosticItem {
  url?: string;
  total?: number;
  wastedMs?: number;
  duration?: number;
  node?: { selector?: string };
}

/** LCP element, render-blocking files, the scripts that cost most main-thread time and long tasks. */
function diagnosticsOf(audits: Record<string, { details?: unknown }>): string[] {
  const itemsOf = (id: string) =>
    ((audits[id]?.details as { items?: DiagnosticItem[] } | undefined)?.items ?? []) as DiagnosticItem[];
  const file = (url = '') => url.split('/').pop() || url;
  const ms = (value = 0) => `${Math.round(value)} ms`;
  const lcpTable = itemsOf('largest-contentful-paint-element')[0] as { items?: DiagnosticItem[] } | undefined;
  return [
    `LCP element: ${lcpTable?.items?.[0]?.node?.selector ?? '-'}`,
    `render-blocking: ${
      itemsOf('render-blocking-resources')
        .map((item) => `${file(item.url)} ${ms(item.wastedMs)}`)
        .join(', ') || '-'
    }`,
    `main-thread time by script: ${itemsOf('bootup-time')
      .slice(0, 4)
      .map((item) => `${file(item.url)} ${ms(item.total)}`)
      .join(', ')}`,
    `long tasks: ${
      itemsOf('long-tasks')
        .map((item) => `${file(item.url)} ${ms(item.duration)}`)
        .join(', ') || '-'
    }`,
  ];
}

async function auditOnce(url: string, port: number): Promise<AuditResult> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    emulatedUserAgent: desktopUserAgent,
  });
  if (!result) {
    throw new Error('Lighthouse returned no result');
  }
  const { categories, audits } = result.lhr;
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    speedIndexMs: numeric('speed-index'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
    accessibilityFailures: (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    diagnostics: diagnosticsOf(audits),
    ...(result.lhr.runtimeError
      ? { runtimeError: `${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}` }
      : {}),
  };
}

async function auditHome(baseUrl: string): Promise<AuditResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const results: AuditResult[] = [];
    for (let run = 0; run < auditRuns; run += 1) {
      results.push(await auditOnce(`${baseUrl}/`, chrome.port));
    }
    return results;
  } finally {
    chrome.kill();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function printAudits(results: AuditResult[]) {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const row = (
    metric: string,
    pick: (result: AuditResult) => number,
    show: (value: number) => string,
    target = '-',
  ) => ({
    metric,
    median: show(median(results.map(pick))),
    runs: results.map((result) => show(pick(result))).join(', '),
    target,
  });
  process.stdout.write(`\nLighthouse 12.8, mobile preset, / (median of ${results.length} runs)\n`);
  printTable([
    row('performance', (result) => result.performance, String, `>= ${performanceScoreMin}`),
    row('accessibility', (result) => result.accessibility, String, `>= ${accessibilityScoreMin}`),
    row('first contentful paint', (result) => result.fcpMs, seconds),
    row('largest contentful paint', (result) => result.lcpMs, seconds),
    row(
      'total blocking time',
      (result) => result.tbtMs,
      (ms) => `${Math.round(ms)} ms`,
    ),
    row(
      'cumulative layout shift',
      (result) => result.cls,
      (cls) => cls.toFixed(3),
    ),
    row('speed index', (result) => result.speedIndexMs, seconds),
    row(
      'CPU benchmark index',
      (result) => result.benchmarkIndex,
      (index) => String(Math.round(index)),
    ),
  ]);
  const medianRun = results.find(
    (result) => result.performance === median(results.map((r) => r.performance)),
  );
  if (medianRun) {
    process.stdout.write(
      `diagnostics of the median run:\n${medianRun.diagnostics.map((line) => `  ${line}\n`).join('')}`,
    );
  }
  results.forEach((result, run) => {
    if (result.runtimeError) {
      process.stdout.write(`run ${run + 1} measured nothing: ${result.runtimeError}\n`);
    }
  });
  const failures = [...new Set(results.flatMap((result) => result.accessibilityFailures))];
  if (failures.length > 0) {
    process.stdout.write(`accessibility audits failed in some run: ${failures.join(', ')}\n`);
  }
}

export async function runWebBench() {
  buildWebApp();
  printFirstLoad();
  const server = await startServerProcess('web');
  try {
    printAudits(await auditHome(`http://127.0.0.1:${server.port}`));
  } finally {
    server.child.kill();
  }
}
