import { type Fen, fen } from '@site/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import * as store from './store.ts';
import type { VenueLaunchesTable } from './tables.ts';

/**
 * The balance a launch plays with on our own venue host: real play reads the platform's seamless
 * wallet (the member's main balance); demo play, its launch's demo credits, held outside the
 * ledger. What is played there is the in-house engines' own (the sportsbook behind the IM, OB and
 * FB flavours); nothing here makes up odds or outcomes.
 */

export type LaunchSession = Selectable<VenueLaunchesTable>;

/** What the host needs of the platform's seamless wallet. */
export type SeamlessWalletPort = Pick<SeamlessWallet, 'balance'>;

export type VenueEngine = ReturnType<typeof createVenueEngine>;

export function createVenueEngine(deps: { db: Db; seamless: SeamlessWalletPort }) {
  return {
    async balance(session: LaunchSession): Promise<Fen> {
      if (session.is_demo) {
        return (await store.demoBalance(deps.db, session.id)) ?? fen(0n);
      }
      if (session.member_id === null) {
        throw new Error(`venue engine: real play ${session.id} has no member`);
      }
      return deps.seamless.balance(
        { siteId: session.site_id, venueCode: session.venue_code },
        session.member_id,
      );
    },
  };
}
