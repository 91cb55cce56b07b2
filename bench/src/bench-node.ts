import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { siteIdDefault } from '@site/contract';
import type { DatabaseTarget } from '../../apps/server/src/db/database.ts';
import { openLogDestination } from '../../apps/server/src/http/request-log.ts';
import { migrations } from '../../apps/server/src/migrations.ts';
import { createNode } from '../../apps/server/src/node.ts';
import { type Clock, systemClock } from '../../apps/server/src/stores/clock.ts';
import { openStores } from '../../apps/server/src/stores/stores.ts';

/**
 * The real app, listening on a free port, on a fresh PGlite data dir with demo data, serving the
 * web build at `webDistDir` when given. The rate limiter still counts every request; its limit is
 * only raised so the load is not refused. It logs as a production node does (LOG_LEVEL's default,
 * one line per request, written asynchronously), to a file in the data dir.
 */
export async function startBenchNode(options: { trustProxyHops?: number; webDistDir?: string } = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-node-'));
  const logStream = openLogDestination(path.join(dataDir, 'node.log'));
  const node = await createNode({
    stores: await openStores({
      migrations,
      database: { kind: 'pglite', dataDir },
      redisUrl: undefined,
      keyPrefix: 'bench:',
      clock: systemClock,
    }),
    clock: systemClock,
    defaultSiteId: siteIdDefault,
    rateLimitPerMinute: 100_000_000,
    logLevel: 'info',
    logStream,
    trustProxyHops: options.trustProxyHops ?? 0,
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  const baseUrl = await node.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl,
    services: node.services,
    async close() {
      await node.close();
      const isLogWritten = once(logStream, 'close');
      logStream.end();
      await isLogWritten;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A node's services on `target` (no listener, no timers), for the benches that call the domains
 * directly: warnings only in the log, the rate limiter's limit raised out of the way.
 */
export async function openServiceNode(target: DatabaseTarget, clock: Clock = systemClock) {
  return createNode({
    stores: await openStores({
      migrations,
      database: target,
      redisUrl: undefined,
      keyPrefix: 'bench:',
      clock,
    }),
    clock,
    defaultSiteId: siteIdDefault,
    rateLimitPerMinute: 100_000_000,
    logLevel: 'warn',
    trustProxyHops: 0,
  });
}
