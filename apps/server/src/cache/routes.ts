import { jsonCacheTtlDefaultMs, routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { CacheStore } from '../stores/cache.ts';

/**
 * The server-side JSON cache of spec section 7: clients park encrypted JSON (platform counts)
 * under a key for everyone on the same site. Entries expire after their ttl on either store.
 */
export function registerJsonCacheRoutes(route: RegisterRoute, cache: CacheStore) {
  const cacheKey = (siteId: number, key: string) => `json-cache:${siteId}:${key}`;
  const present = (entry: { value: string; expiresAtMs: number }) => ({
    data: entry.value,
    expiresAt: new Date(entry.expiresAtMs).toISOString(),
  });

  route(routes.jsonCacheGet, async ({ params }, request) => {
    const entry = await cache.get(cacheKey(request.siteId, params.key));
    return entry ? present(entry) : null;
  });
  route(routes.jsonCachePut, async ({ params, body }, request) =>
    present(
      await cache.set(cacheKey(request.siteId, params.key), body.data, body.ttl ?? jsonCacheTtlDefaultMs),
    ),
  );
}
