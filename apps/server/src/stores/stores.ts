import { Redis } from 'ioredis';
import { type DatabaseTarget, type Db, openDatabase } from '../db/database.ts';
import type { Migration } from '../db/migrations.ts';
import { type CacheStore, createMemoryCache, createRedisCache } from './cache.ts';
import type { Clock } from './clock.ts';
import { startEmbeddedMaintenance } from './embedded-maintenance.ts';
import { runEvery } from './periodic.ts';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub.ts';
import { createDatabaseSecurityState, type SecurityStateStore } from './security-state.ts';

/** How often expired security state is deleted; reads ignore it from the moment it expires. */
const securityStateSweepIntervalMs = 60_000;
/** How often the embedded database's tables are checked for analysis, as autovacuum would. */
const embeddedMaintenanceIntervalMs = 10_000;

/** Everything stateful the app talks to, each behind one interface with two implementations. */
export interface Stores {
  db: Db;
  cache: CacheStore;
  /** Never evicted, apart from the cache: captcha answers, throttles, one-time codes. */
  security: SecurityStateStore;
  pubsub: PubSub;
  /** Present when state is shared through Redis; rate limits count there too. */
  redis: Redis | undefined;
  /** Prefix for every Redis key and channel this app uses. */
  keyPrefix: string;
  close(): Promise<void>;
}

export interface StoresOptions {
  database: DatabaseTarget;
  /** The schema to bring the database to: the composition root's `migrations`. */
  migrations: ReadonlyArray<Migration>;
  redisUrl: string | undefined;
  keyPrefix: string;
  clock: Clock;
}

export async function openStores(options: StoresOptions): Promise<Stores> {
  const db = await openDatabase(options.database, options.migrations);
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const cache = redis
    ? createRedisCache(redis, options.keyPrefix, options.clock)
    : createMemoryCache(options.clock);
  const pubsub = redis ? createRedisPubSub(redis, options.keyPrefix) : createMemoryPubSub();
  const security = createDatabaseSecurityState(db, options.clock);
  // A failed sweep only leaves expired rows, which reads already ignore; the next one retries.
  const sweeper = runEvery(
    securityStateSweepIntervalMs,
    () => security.sweep(),
    () => undefined,
  );
  const maintenance =
    options.database.kind === 'pglite'
      ? startEmbeddedMaintenance(db, embeddedMaintenanceIntervalMs)
      : undefined;
  return {
    db,
    cache,
    security,
    pubsub,
    redis,
    keyPrefix: options.keyPrefix,
    async close() {
      await sweeper.stop();
      await maintenance?.stop();
      await pubsub.close();
      redis?.disconnect();
      await db.destroy();
    },
  };
}
