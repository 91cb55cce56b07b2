import { loadConfig } from './config.ts';
import { createNode, databaseTargetOf } from './node.ts';
import { systemClock } from './stores/clock.ts';
import { openStores } from './stores/stores.ts';

const config = loadConfig();
const stores = await openStores({
  database: databaseTargetOf(config),
  redisUrl: config.REDIS_URL,
  keyPrefix: 'site:',
  clock: systemClock,
});
const node = await createNode({
  stores,
  clock: systemClock,
  defaultSiteId: config.SITE_ID,
  rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
  logLevel: config.LOG_LEVEL,
  trustProxyHops: config.TRUST_PROXY_HOPS,
  sandboxGatewaySecret: config.SANDBOX_GATEWAY_SECRET,
  webDistDir: config.webDistDir,
});

let isClosing = false;
async function shutdown(signal: string) {
  if (isClosing) {
    return;
  }
  isClosing = true;
  node.app.log.info({ signal }, 'shutting down');
  await node.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await node.app.listen({ port: config.PORT, host: config.HOST });
