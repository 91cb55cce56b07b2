import type { Fen } from '@site/contract';
import type { Generated } from 'kysely';

/** Tables owned by the ledger domain. Money columns are int8 and read as `bigint` fen. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_balances: LedgerBalancesTable;
  ledger_entries: LedgerEntriesTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_transfers: LedgerTransfersView;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  site_id: number;
  kind: string;
  member_id: bigint | null;
  code: string;
  may_go_negative: Generated<boolean>;
  created_at: Date;
}

/** Member accounts only, one row each: the balances that carry a constraint stay materialised. */
export interface LedgerBalancesTable {
  account_id: bigint;
  may_go_negative: boolean;
  available_fen: Generated<Fen>;
  pending_fen: Generated<Fen>;
}

/**
 * One immutable row per movement (reserve, post or void), carrying its transfer's header. Each
 * leg's balance-after is set where the account's balance is materialised (members), else null.
 */
export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: string;
  phase: 'reserve' | 'post' | 'void';
  is_pending: boolean;
  site_id: number;
  kind: string;
  memo: string;
  /** The transfer's credit account: a post pays into it. */
  payee_account_id: bigint;
  debit_account_id: bigint;
  debit_bucket: 'available' | 'pending';
  debit_balance_after_fen: Fen | null;
  credit_account_id: bigint;
  credit_bucket: 'available' | 'pending';
  credit_balance_after_fen: Fen | null;
  amount_fen: Fen;
  created_at: Date;
}

/** A derived balance up to and including entry `entry_id`; never updated, the latest one counts. */
export interface LedgerCheckpointsTable {
  account_id: bigint;
  entry_id: bigint;
  available_fen: Fen;
  pending_fen: Fen;
  created_at: Date;
}

/** A view: each transfer's first entry, its status following from its resolution entry if any. */
export interface LedgerTransfersView {
  id: string;
  site_id: number;
  debit_account_id: bigint;
  credit_account_id: bigint;
  amount_fen: Fen;
  kind: string;
  memo: string;
  is_pending: boolean;
  status: 'pending' | 'posted' | 'voided';
  created_at: Date;
  resolved_at: Date | null;
}

declare module '../db/schema.ts' {
  interface Database extends LedgerTables {}
}
