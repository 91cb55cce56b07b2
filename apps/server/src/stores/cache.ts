import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/**
 * A key-value cache with per-entry expiry. In-process on one node, Redis across nodes;
 * both honour the ttl the caller gives.
 */
export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<CacheEntry>;
  delete(key: string): Promise<void>;
}

export interface CacheEntry {
  value: string;
  expiresAtMs: number;
}

export function createMemoryCache(clock: Clock, entryCountMax = 10_000): CacheStore {
  const entries = new Map<string, CacheEntry>();
  const evictExpired = () => {
    const now = clock.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAtMs <= now) {
        entries.delete(key);
      }
    }
  };
  return {
    async get(key) {
      const entry = entries.get(key);
      if (entry && entry.expiresAtMs <= clock.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    async set(key, value, ttlMs) {
      if (entries.size >= entryCountMax && !entries.has(key)) {
        evictExpired();
        // Still full: drop the oldest insertion so memory stays bounded.
        const oldest = entries.keys().next();
        if (entries.size >= entryCountMax && !oldest.done) {
          entries.delete(oldest.value);
        }
      }
      const entry = { value, expiresAtMs: clock.now() + ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    async delete(key) {
      entries.delete(key);
    },
  };
}

/** Keys carry `prefix` so several sites, tests or environments can share one Redis. */
export function createRedisCache(redis: Redis, prefix: string, clock: Clock): CacheStore {
  return {
    async get(key) {
      const [value, ttlMs] = await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()
        .then(readGetPttl);
      if (value === null || ttlMs < 0) {
        return undefined;
      }
      return { value, expiresAtMs: clock.now() + ttlMs };
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, 'PX', ttlMs);
      return { value, expiresAtMs: clock.now() + ttlMs };
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
  };
}

function readGetPttl(results: [error: Error | null, result: unknown][] | null): [string | null, number] {
  const [getResult, pttlResult] = results ?? [];
  if (getResult?.[0] || pttlResult?.[0]) {
    throw getResult?.[0] ?? pttlResult?.[0];
  }
  return [(getResult?.[1] as string | null) ?? null, Number(pttlResult?.[1] ?? -2)];
}
