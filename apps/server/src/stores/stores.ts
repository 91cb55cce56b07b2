import { Redis } from 'ioredis';
import { type DatabaseTarget, type Db, openDatabase } from '../db/database.ts';
import { type CacheStore, createMemoryCache, createRedisCache } from './cache.ts';
import type { Clock } from './clock.ts';
import { createMemoryPubSub, createRedisPubSub, type PubSub } from './pubsub.ts';

/** Everything stateful the app talks to, each behind one interface with two implementations. */
export interface Stores {
  db: Db;
  cache: CacheStore;
  pubsub: PubSub;
  /** Present when state is shared through Redis; rate limits count there too. */
  redis: Redis | undefined;
  /** Prefix for every Redis key and channel this app uses. */
  keyPrefix: string;
  close(): Promise<void>;
}

export interface StoresOptions {
  database: DatabaseTarget;
  redisUrl: string | undefined;
  keyPrefix: string;
  clock: Clock;
}

export async function openStores(options: StoresOptions): Promise<Stores> {
  const db = await openDatabase(options.database);
  const redis = options.redisUrl ? new Redis(options.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const cache = redis
    ? createRedisCache(redis, options.keyPrefix, options.clock)
    : createMemoryCache(options.clock);
  const pubsub = redis ? createRedisPubSub(redis, options.keyPrefix) : createMemoryPubSub();
  return {
    db,
    cache,
    pubsub,
    redis,
    keyPrefix: options.keyPrefix,
    async close() {
      await pubsub.close();
      redis?.disconnect();
      await db.destroy();
    },
  };
}
