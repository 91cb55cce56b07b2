import { once } from 'node:events';
import { loadConfig } from './config.ts';
import { openLogDestination } from './http/request-log.ts';
import { migrations } from './migrations.ts';
import { createNode, databaseTargetOf } from './node.ts';
import { systemClock } from './stores/clock.ts';
import { openStores } from './stores/stores.ts';

const config = loadConfig();
const logDestination = openLogDestination(1);
const stores = await openStores({
  migrations,
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
  logStream: logDestination,
  trustProxyHops: config.TRUST_PROXY_HOPS,
  isSandboxMode: config.isSandboxMode,
  remoteCaptcha: config.remoteCaptcha,
  ...(config.SANDBOX_GATEWAY_SECRET ? { sandboxGatewaySecret: config.SANDBOX_GATEWAY_SECRET } : {}),
  webDistDir: config.webDistDir,
  adminDistDir: config.adminDistDir,
  // Lottery issues open, close and draw on whole seconds.
  scheduleIntervalMs: 1000,
  // Matches move on, and their prices with them, every second.
  feedIntervalMs: 1000,
});

let isClosing = false;
/**
 * Stops taking requests, lets those in flight finish, closes the stores and writes out the logs,
 * within SHUTDOWN_DEADLINE_MS: past it the process exits with code 1 and what was left.
 */
async function shutdown(signal: string) {
  if (isClosing) {
    return;
  }
  isClosing = true;
  setTimeout(() => exit(1), config.SHUTDOWN_DEADLINE_MS);
  node.app.log.info({ signal }, 'shutting down');
  await node.close();
  const isLogWritten = once(logDestination, 'close');
  logDestination.end();
  await isLogWritten;
  exit(0);
}

function exit(code: number): never {
  // Unwritten log lines are dropped here: pino would otherwise write them synchronously at exit,
  // which never returns while nobody reads the pipe.
  logDestination.destroy();
  process.exit(code);
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await node.app.listen({ port: config.PORT, host: config.HOST });
