import type { Fen, SeamlessKind } from '@site/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the seamless wallet. */
export interface SeamlessTables {
  seamless_transactions: SeamlessTransactionsTable;
}

export interface SeamlessTransactionsTable {
  id: Generated<bigint>;
  site_id: number;
  venue_code: string;
  /** The venue's own id: unique per site and venue, the idempotency key. */
  transaction_id: string;
  kind: SeamlessKind;
  /** A rollback: the debit it takes back. */
  ref_transaction_id: string | null;
  bet_id: string | null;
  member_id: bigint | null;
  amount_fen: Fen;
  /** A rollback of a debit never seen, and the debit id it bars. */
  is_tombstone: boolean;
  /** SHA-256 of what the call asked: a replay must ask the same. */
  request_hash: string;
  /** The first answer, given again to every replay. */
  answer: ColumnType<unknown, string, string>;
  balance_after_fen: Fen | null;
  replay_count: Generated<number>;
  last_replayed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends SeamlessTables {}
}
