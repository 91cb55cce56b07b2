// Builds the web app and the operator console when an output is missing or older than any of its sources, so
// `npm start` on a fresh clone serves a current site and console without a separate build step.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
/** Each app, with what its build reads: the member site and the operator console. */
const apps = [
  {
    workspace: 'apps/web',
    label: 'web app',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts'],
  },
  {
    workspace: 'apps/admin',
    label: 'operator console',
    sources: ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts'],
  },
];
const sharedSources = ['scripts/vite-precompress.ts', 'packages/contract/src'];

function newestMtime(target) {
  if (!existsSync(target)) {
    return 0;
  }
  const stats = statSync(target);
  if (!stats.isDirectory()) {
    return stats.mtimeMs;
  }
  return Math.max(0, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

for (const app of apps) {
  const output = path.join(root, app.workspace, 'dist/index.html');
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changedAt = Math.max(
    ...[...app.sources, ...sharedSources].map((source) => newestMtime(path.join(root, source))),
  );
  if (builtAt < changedAt) {
    process.stdout.write(`Building the ${app.label}…\n`);
    const result = spawnSync('npm', ['run', 'build', '--workspace', app.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      process.exit(result.status ?? 1);
    }
  }
}
