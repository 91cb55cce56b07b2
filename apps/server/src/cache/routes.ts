import { jsonCacheTtlDefaultMs, routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { Stores } from '../stores/stores.ts';
import { createJsonCache } from './json-cache.ts';

/**
 * The server-side JSON cache of spec section 7: clients park encrypted JSON (platform counts)
 * under a key for everyone on the same site. Entries expire after their ttl on either store;
 * each caller writes within a quota (6501 past it).
 */
export function registerJsonCacheRoutes(route: RegisterRoute, stores: Pick<Stores, 'cache' | 'security'>) {
  const jsonCache = createJsonCache(stores);
  const present = (entry: { value: string; expiresAtMs: number }) => ({
    data: entry.value,
    expiresAt: new Date(entry.expiresAtMs).toISOString(),
  });

  route(routes.jsonCacheGet, async ({ params }, request) => {
    const entry = await jsonCache.read(request.siteId, params.key);
    return entry ? present(entry) : null;
  });
  route(routes.jsonCachePut, async ({ params, body }, request) =>
    present(await jsonCache.write(request, params.key, body.data, body.ttl ?? jsonCacheTtlDefaultMs)),
  );
}
