/**
 * A server for a benchmark, in its own process so the load generator does not share its event
 * loop: `bare` is a plain Fastify route returning static JSON (the baseline), `app` is the real
 * app on a fresh PGlite data dir with demo data. Prints `port=N` once listening.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { seedDemoData } from '../../apps/server/src/site/seed.ts';
import { systemClock } from '../../apps/server/src/stores/clock.ts';
import { openStores } from '../../apps/server/src/stores/stores.ts';

const kind = process.argv[2];

async function listenBare() {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: 6000, message: '成功', data: { title: 'bare' } }));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function listenApp() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-app-'));
  const stores = await openStores({
    database: { kind: 'pglite', dataDir },
    redisUrl: undefined,
    keyPrefix: 'bench:',
    clock: systemClock,
  });
  const services = await createServices(stores, systemClock);
  await seedDemoData({ db: stores.db, sites: services.sites, clock: systemClock }, 9001);
  const app = await buildApp({
    stores,
    services,
    clock: systemClock,
    defaultSiteId: 9001,
    // The limiter still counts every request; the limit is only raised so the load is not refused.
    rateLimitPerMinute: 100_000_000,
    logLevel: 'warn',
    trustProxyHops: 0,
  });
  process.on('exit', () => void rm(dataDir, { recursive: true, force: true }));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

const address = kind === 'bare' ? await listenBare() : await listenApp();
process.stdout.write(`port=${new URL(address).port}\n`);
