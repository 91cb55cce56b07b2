import type { Fen } from '@site/contract';
import type { Generated } from 'kysely';

/**
 * What a member still owes the house after a resettlement took back more than the main wallet
 * held (results-migration.ts). The ledger's `sportsbook_receivable` house account holds the same
 * amount, negated, over all members of the site.
 */
export interface SportsbookReceivablesTable {
  site_id: number;
  member_id: bigint;
  amount_fen: Fen;
  updated_at: Date;
}

/** Each receivable as booked, with what set-offs recovered of it (results-migration.ts). */
export interface SportsbookReceivableItemsTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  /** The sportsbook bet (`sportsbook_bets.id`) whose settlement was reversed. */
  bet_id: bigint;
  /** The reversed settlement version: `settle:SB42:v1:due` booked it. */
  settlement_version: number;
  amount_fen: Fen;
  recovered_fen: Generated<Fen>;
  created_at: Date;
  updated_at: Date;
}

declare module '../db/schema.ts' {
  interface Database {
    sportsbook_receivables: SportsbookReceivablesTable;
    sportsbook_receivable_items: SportsbookReceivableItemsTable;
  }
}
