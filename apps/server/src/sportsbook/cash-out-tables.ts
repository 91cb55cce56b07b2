import type { Fen } from '@site/contract';

/** The sportsbook's record of each 提前结算 (cash-out-migration.ts). */
export interface SportsbookCashOutsTable {
  bet_id: bigint;
  site_id: number;
  member_id: bigint;
  /** The member's idempotency key of the cash-out. */
  request_id: string;
  /** The offer the member saw and accepted. */
  accepted_fen: Fen;
  /** The offer worked out again when accepted, and paid: never below `accepted_fen`. */
  offer_fen: Fen;
  price_version: number;
  created_at: Date;
  /** Set once the wallet paid the offer. */
  credited_at: Date | null;
}

declare module '../db/schema.ts' {
  interface Database {
    sportsbook_cash_outs: SportsbookCashOutsTable;
  }
}
