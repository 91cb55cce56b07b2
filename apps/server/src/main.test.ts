import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const shutdownDeadlineMs = 2_000;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) {
    await cleanup();
  }
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** `npm start`'s server on a fresh PGlite dir and a free port, stdout a pipe to this process. */
async function startServer() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'main-test-'));
  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')], {
    cwd: repoRoot,
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SHUTDOWN_DEADLINE_MS: String(shutdownDeadlineMs),
      WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  });
  let output = '';
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    output += chunk;
  });
  while (!output.includes('Server listening')) {
    await Promise.race([once(child.stdout ?? child, 'data'), exited(child)]);
    if (child.exitCode !== null) {
      throw new Error(`server exited at start with ${child.exitCode}`);
    }
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output };
}

async function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    await once(child, 'exit');
  }
}

/** Milliseconds from SIGTERM to exit, or Infinity once `limitMs` has passed without one. */
async function msToExitAfterSigterm(child: ChildProcess, limitMs: number): Promise<number> {
  const startedAt = performance.now();
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const hasExited = await Promise.race([
    exited(child).then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), limitMs);
    }),
  ]);
  clearTimeout(timer);
  return hasExited ? performance.now() - startedAt : Number.POSITIVE_INFINITY;
}

describe('server process', () => {
  it('exits on SIGTERM within its deadline while nobody reads its log pipe', async () => {
    const server = await startServer();
    server.child.stdout?.pause();
    // ~2 MB of log lines, far more than a pipe holds: each request logs its 8 KB url.
    const padding = 'x'.repeat(8_000);
    for (let index = 0; index < 250; index += 1) {
      const response = await fetch(`${server.baseUrl}/healthz?padding=${padding}`);
      expect(response.status).toBe(200);
    }
    const elapsedMs = await msToExitAfterSigterm(server.child, shutdownDeadlineMs + 5_000);
    expect(elapsedMs).toBeLessThan(shutdownDeadlineMs + 5_000);
    expect(server.child.exitCode).toBe(1);
  }, 90_000);

  it('exits with 0 on SIGTERM, its log written out to the last line', async () => {
    const server = await startServer();
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const elapsedMs = await msToExitAfterSigterm(server.child, shutdownDeadlineMs + 5_000);
    expect(elapsedMs).toBeLessThan(shutdownDeadlineMs);
    expect(server.child.exitCode).toBe(0);
    const lines = server.output().trim().split('\n');
    expect(lines.filter((line) => line.includes('"url":"/healthz"'))).toHaveLength(1);
    expect(lines.at(-1)).toContain('shutting down');
  }, 90_000);
});
