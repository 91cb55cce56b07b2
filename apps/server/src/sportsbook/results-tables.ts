import type { Fen } from '@site/contract';

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

declare module '../db/schema.ts' {
  interface Database {
    sportsbook_receivables: SportsbookReceivablesTable;
  }
}
