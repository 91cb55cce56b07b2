import { AppError } from '../app-error.ts';
import type { CacheStore, ExpiringEntry } from '../stores/cache.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';

/**
 * What one caller may park in the anonymous JSON cache within an hour, counted per IP and per
 * device separately: writes and characters written. The cache is bounded and evicts, so without
 * a quota one caller could push everybody else's entries out. The counters live in the security
 * state, which no amount of cache traffic can evict.
 */
export const jsonCacheQuota = {
  windowMs: 60 * 60_000,
  writesMax: 120,
  charactersMax: 1024 * 1024,
} as const;

export interface JsonCacheCaller {
  siteId: number;
  ip: string;
  deviceUuid: string;
}

export type JsonCache = ReturnType<typeof createJsonCache>;

/** The server-side JSON cache of spec section 7, per site, behind the per-caller quota. */
export function createJsonCache(stores: { cache: CacheStore; security: SecurityStateStore }) {
  const cacheKey = (siteId: number, key: string) => `json-cache:${siteId}:${key}`;
  /**
   * Counts before writing, so concurrent writes cannot all slip under the limit; a refused
   * write still counts, which only shortens a flooder's hour.
   */
  const assertWithinQuota = async (caller: JsonCacheCaller, characters: number) => {
    const callers = [`ip:${caller.siteId}:${caller.ip}`, `device:${caller.siteId}:${caller.deviceUuid}`];
    const counts = await Promise.all(
      callers.flatMap((who) => [
        stores.security.increment(`json-cache-quota:writes:${who}`, jsonCacheQuota.windowMs),
        stores.security.increment(`json-cache-quota:characters:${who}`, jsonCacheQuota.windowMs, characters),
      ]),
    );
    const [ipWrites = 0, ipCharacters = 0, deviceWrites = 0, deviceCharacters = 0] = counts;
    if (Math.max(ipWrites, deviceWrites) > jsonCacheQuota.writesMax) {
      throw new AppError(6501, '缓存写入过于频繁，请稍后再试');
    }
    if (Math.max(ipCharacters, deviceCharacters) > jsonCacheQuota.charactersMax) {
      throw new AppError(6501, '缓存写入的数据量已达上限，请稍后再试');
    }
  };
  return {
    read: (siteId: number, key: string): Promise<ExpiringEntry | undefined> =>
      stores.cache.get(cacheKey(siteId, key)),
    async write(caller: JsonCacheCaller, key: string, data: string, ttlMs: number): Promise<ExpiringEntry> {
      await assertWithinQuota(caller, key.length + data.length);
      return stores.cache.set(cacheKey(caller.siteId, key), data, ttlMs);
    },
  };
}
