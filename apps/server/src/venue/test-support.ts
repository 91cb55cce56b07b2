import type { Node } from '../node.ts';
import * as store from './store.ts';

/** The sport and esports venues a site starts with, 即将开放 until an engine serves them. */
export const flavourVenueCodes = ['IMTY', 'YBTY', 'FBTY', 'YBDJ', 'IMDJ'] as const;

/** Opens venues as staff would from the console, on every node at once. */
export async function openVenues(
  node: Pick<Node, 'stores' | 'services'>,
  codes: readonly string[],
  siteId = 9001,
) {
  for (const code of codes) {
    await store.updateVenue(node.stores.db, siteId, code, { state: 'open', updated_at: new Date() });
  }
  await node.services.venues.registry.changed(siteId);
}
