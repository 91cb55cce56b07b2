import { createSiteService, type SiteService } from './site/service.ts';
import type { Clock } from './stores/clock.ts';
import type { Stores } from './stores/stores.ts';

/** The domain services of one node; routes and jobs call these, never a store. */
export interface Services {
  sites: SiteService;
  close(): Promise<void>;
}

export async function createServices(stores: Stores, clock: Clock): Promise<Services> {
  const sites = await createSiteService({ db: stores.db, pubsub: stores.pubsub, clock });
  return {
    sites,
    async close() {
      await sites.close();
    },
  };
}
