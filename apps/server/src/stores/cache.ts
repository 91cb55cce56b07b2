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
  /**
   * Adds one to a counter and returns the new count. The ttl starts with the first increment and
   * is not extended by later ones, so a window of attempts ends ttlMs after the first of them.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Reads and deletes in one step, so a one-time value (a captcha answer) is used at most once. */
  take(key: string): Promise<string | undefined>;
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
  // Synchronous reads and writes, so increment and take cannot interleave with another caller.
  const readLive = (key: string): CacheEntry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAtMs <= clock.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, value: string, ttlMs: number): CacheEntry => {
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
  };
  return {
    get: async (key) => readLive(key),
    set: async (key, value, ttlMs) => write(key, value, ttlMs),
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, ttlMs) {
      const current = readLive(key);
      if (!current) {
        write(key, '1', ttlMs);
        return 1;
      }
      const count = Number(current.value) + 1;
      entries.set(key, { value: String(count), expiresAtMs: current.expiresAtMs });
      return count;
    },
    async take(key) {
      const entry = readLive(key);
      entries.delete(key);
      return entry?.value;
    },
  };
}

/** INCR and, on the first increment only, PEXPIRE: atomic on the Redis side. */
const incrementScript = `local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

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
    async increment(key, ttlMs) {
      return Number(await redis.eval(incrementScript, 1, prefix + key, String(ttlMs)));
    },
    async take(key) {
      return (await redis.getdel(prefix + key)) ?? undefined;
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
