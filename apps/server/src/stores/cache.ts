import type { Redis } from 'ioredis';
import type { Clock } from './clock.ts';

/** Key-value operations with per-entry expiry, shared by the cache and the security state. */
export interface ExpiringStore {
  get(key: string): Promise<ExpiringEntry | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<ExpiringEntry>;
  delete(key: string): Promise<void>;
  /**
   * Adds one to a counter and returns the new count. The ttl starts with the first increment and
   * is not extended by later ones, so a window of attempts ends ttlMs after the first of them.
   */
  increment(key: string, ttlMs: number): Promise<number>;
  /** Reads and deletes in one step, so a one-time value (a captcha answer) is used at most once. */
  take(key: string): Promise<string | undefined>;
}

export interface ExpiringEntry {
  value: string;
  expiresAtMs: number;
}

/**
 * A key-value cache with per-entry expiry. In-process on one node, Redis across nodes; both
 * honour the ttl the caller gives. A cache may drop entries early to stay within its memory:
 * never keep security state here (see `SecurityStateStore`).
 */
export type CacheStore = ExpiringStore;

/** 10,000 entries and 32 M characters (64 MiB of UTF-16 at most) on one node. */
export const memoryCacheLimits = { entryCountMax: 10_000, characterCountMax: 32 * 1024 * 1024 } as const;

/**
 * The in-process cache, bounded in entries and in characters held (keys and values): past
 * either bound it drops expired entries, then the oldest insertions.
 */
export function createMemoryCache(
  clock: Clock,
  limits: { entryCountMax: number; characterCountMax: number } = memoryCacheLimits,
): CacheStore {
  const entries = new Map<string, ExpiringEntry>();
  let characterCount = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (entry) {
      characterCount -= key.length + entry.value.length;
      entries.delete(key);
    }
  };
  const isFull = (adding: number) =>
    entries.size >= limits.entryCountMax || characterCount + adding > limits.characterCountMax;
  const evictExpired = () => {
    const now = clock.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAtMs <= now) {
        remove(key);
      }
    }
  };
  // Synchronous reads and writes, so increment and take cannot interleave with another caller.
  const readLive = (key: string): ExpiringEntry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAtMs <= clock.now()) {
      remove(key);
      return undefined;
    }
    return entry;
  };
  const store = (key: string, entry: ExpiringEntry) => {
    remove(key);
    const adding = key.length + entry.value.length;
    if (isFull(adding)) {
      evictExpired();
    }
    for (const oldest of entries.keys()) {
      if (!isFull(adding)) {
        break;
      }
      remove(oldest);
    }
    entries.set(key, entry);
    characterCount += adding;
    return entry;
  };
  return {
    get: async (key) => readLive(key),
    set: async (key, value, ttlMs) => store(key, { value, expiresAtMs: clock.now() + ttlMs }),
    async delete(key) {
      remove(key);
    },
    async increment(key, ttlMs) {
      const current = readLive(key);
      const count = current ? Number(current.value) + 1 : 1;
      store(key, { value: String(count), expiresAtMs: current?.expiresAtMs ?? clock.now() + ttlMs });
      return count;
    },
    async take(key) {
      const entry = readLive(key);
      remove(key);
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
