import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createServices } from './services.ts';
import { seedDemoData } from './site/seed.ts';
import { systemClock } from './stores/clock.ts';
import { openStores } from './stores/stores.ts';

const config = loadConfig();
const stores = await openStores({
  database: config.DATABASE_URL
    ? { kind: 'postgres', url: config.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  redisUrl: config.REDIS_URL,
  keyPrefix: 'site:',
  clock: systemClock,
});
const services = await createServices(stores, systemClock);
await seedDemoData({ db: stores.db, sites: services.sites, clock: systemClock }, config.SITE_ID);
const app = await buildApp({
  stores,
  services,
  clock: systemClock,
  defaultSiteId: config.SITE_ID,
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  logLevel: config.LOG_LEVEL,
  trustProxyHops: config.TRUST_PROXY_HOPS,
  webDistDir: config.webDistDir,
});

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) {
    return;
  }
  isClosing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await services.close();
  await stores.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
