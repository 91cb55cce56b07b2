import { randomBytes } from 'node:crypto';
import type { GameCategory, VenueFlavour, VenueState, WalletMode } from '@site/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import { defaultVenues, venueLogoOf } from './defaults.ts';
import * as store from './store.ts';

/** How long a node serves a site's venues from memory; a change also invalidates at once. */
export const venueSnapshotTtlMs = 10_000;
const venueChangedChannel = 'venue-changed';

/** A venue as the node holds it: the row, with the state its maintenance window gives it now. */
export interface Venue {
  siteId: number;
  code: string;
  name: string;
  category: GameCategory;
  walletMode: WalletMode;
  flavour: VenueFlavour;
  /** A maintenance whose end time has passed reads open. */
  state: VenueState;
  storedState: VenueState;
  maintenanceMessage: string;
  maintenanceUntil: Date | null;
  sort: number;
  logo: string;
  demoAllowed: boolean;
  /** The venue host's base URL; empty for our own host (same origin). */
  apiBaseUrl: string;
  /** The key the venue signs its seamless wallet calls with. */
  secret: string;
  updatedAt: Date;
}

export type VenueRegistry = Awaited<ReturnType<typeof createVenueRegistry>>;

/**
 * The venues of every site, read on each launch and each seamless wallet call: each node keeps
 * a site's list in memory and drops it when any node publishes a change.
 */
export async function createVenueRegistry(deps: { db: Db; pubsub: PubSub; clock: Clock }) {
  const snapshots = new Map<number, { loadedAtMs: number; rows: Promise<store.VenueRow[]> }>();
  const unsubscribe = await deps.pubsub.subscribe(venueChangedChannel, (message) => {
    snapshots.delete(Number(message));
  });

  const rowsOf = (siteId: number): Promise<store.VenueRow[]> => {
    const now = deps.clock.now();
    const cached = snapshots.get(siteId);
    if (cached && now - cached.loadedAtMs < venueSnapshotTtlMs) {
      return cached.rows;
    }
    const entry = { loadedAtMs: now, rows: store.listVenues(deps.db, siteId) };
    snapshots.set(siteId, entry);
    entry.rows.catch(() => {
      // A database failure is not an answer worth keeping: the next call tries again.
      if (snapshots.get(siteId) === entry) {
        snapshots.delete(siteId);
      }
    });
    return entry.rows;
  };

  const venueOf = (row: store.VenueRow): Venue => {
    const isLapsed =
      row.state === 'maintenance' &&
      row.maintenance_until !== null &&
      row.maintenance_until.getTime() <= deps.clock.now();
    return {
      siteId: row.site_id,
      code: row.code,
      name: row.name,
      category: row.category,
      walletMode: row.wallet_mode,
      flavour: row.flavour,
      state: isLapsed ? 'open' : row.state,
      storedState: row.state,
      maintenanceMessage: isLapsed ? '' : row.maintenance_message,
      maintenanceUntil: isLapsed ? null : row.maintenance_until,
      sort: row.sort_order,
      logo: row.logo,
      demoAllowed: row.demo_allowed,
      apiBaseUrl: row.api_base_url,
      secret: row.secret,
      updatedAt: row.updated_at,
    };
  };

  const list = async (siteId: number): Promise<Venue[]> => (await rowsOf(siteId)).map(venueOf);

  /** Drops the site's venues here and, through pub/sub, on every other node. */
  const changed = async (siteId: number) => {
    snapshots.delete(siteId);
    await deps.pubsub.publish(venueChangedChannel, String(siteId));
  };

  return {
    /** Every venue of the site, off ones too, in display order. */
    list,
    /** The site's venue of this code, or undefined: seamless wallet calls and launches look venues up here. */
    get: async (siteId: number, code: string): Promise<Venue | undefined> =>
      (await list(siteId)).find((venue) => venue.code === code),
    /** The site's transfer-wallet venues (the cashier's venue wallets), in display order. */
    transferVenues: async (siteId: number) =>
      (await list(siteId))
        .filter((venue) => venue.walletMode === 'transfer')
        .map((venue) => ({ venueCode: venue.code, name: venue.name })),
    /** Gives the site the default venues it lacks; venues it has keep what staff set. */
    async seedDefaults(siteId: number) {
      const now = new Date(deps.clock.now());
      await store.insertMissingVenues(
        deps.db,
        defaultVenues.map((venue) => ({
          site_id: siteId,
          code: venue.code,
          name: venue.name,
          category: venue.category,
          wallet_mode: venue.walletMode,
          flavour: venue.flavour,
          state: venue.state,
          maintenance_message: '',
          maintenance_until: null,
          sort_order: venue.sort,
          logo: venueLogoOf(venue.code),
          demo_allowed: venue.demoAllowed,
          api_base_url: '',
          secret: randomBytes(32).toString('hex'),
          updated_at: now,
        })),
      );
      await changed(siteId);
    },
    changed,
    close: unsubscribe,
  };
}
