// The one gate, the same locally and in CI: lint, types, unit and API tests (again on
// PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set), then browser tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
mkdirSync(reports, { recursive: true });

function step(title, command, args) {
  process.stdout.write(`\n=== ${title} ===\n`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status === 0;
}

function vitest(title, projects, reportName) {
  const reportFile = path.join(reports, `${reportName}.json`);
  const projectArgs = projects.flatMap((project) => ['--project', project]);
  const isGreen = step(title, 'npx', [
    'vitest',
    'run',
    ...projectArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    return { isGreen, passed: report.numPassedTests, failed: report.numFailedTests };
  } catch {
    return { isGreen, passed: 0, failed: isGreen ? 0 : 1 };
  }
}

const hasExternalStores = Boolean(process.env.DATABASE_URL || process.env.REDIS_URL);
const results = [];
const lintGreen = step('Biome', 'npx', ['biome', 'check', '.']);
const typesGreen = step('Type check', 'npx', ['tsc', '-b']);
results.push(
  vitest(
    'Unit and API tests',
    ['contract', 'server', 'web', 'admin', ...(hasExternalStores ? ['server-external'] : [])],
    'unit',
  ),
);
const browserReady =
  step('Chromium', 'node', ['scripts/ensure-chromium.mjs']) &&
  step('Build web app', 'npm', ['run', 'build', '--workspace', 'apps/web']) &&
  step('Build operator console', 'npm', ['run', 'build', '--workspace', 'apps/admin']);
results.push(
  browserReady ? vitest('Browser tests', ['e2e'], 'e2e') : { isGreen: false, passed: 0, failed: 1 },
);

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failed =
  results.reduce((sum, result) => sum + result.failed, 0) + (lintGreen ? 0 : 1) + (typesGreen ? 0 : 1);
const isGreen = lintGreen && typesGreen && results.every((result) => result.isGreen);
process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
process.exit(isGreen ? 0 : 1);
