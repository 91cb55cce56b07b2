import type { Generated } from 'kysely';

/** Tables owned by the ledger domain. Money columns are int8 and read as `bigint` fen. */
export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_balances: LedgerBalancesTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_entries: LedgerEntriesTable;
}

export interface LedgerAccountsTable {
  id: Generated<bigint>;
  site_id: number;
  kind: string;
  member_id: bigint | null;
  code: string;
  may_go_negative: Generated<boolean>;
  shard_count: number;
  created_at: Date;
}

/** One row per account shard: members have one, house, venue and external accounts several. */
export interface LedgerBalancesTable {
  account_id: bigint;
  shard: number;
  may_go_negative: boolean;
  available_fen: Generated<bigint>;
  pending_fen: Generated<bigint>;
}

export interface LedgerTransfersTable {
  id: string;
  site_id: number;
  debit_account_id: bigint;
  debit_shard: number;
  credit_account_id: bigint;
  credit_shard: number;
  amount_fen: bigint;
  kind: string;
  memo: string;
  is_pending: boolean;
  status: 'pending' | 'posted' | 'voided';
  created_at: Date;
  resolved_at: Date | null;
}

/** One row per movement: its debit leg and credit leg, each with the balance row's value after it. */
export interface LedgerEntriesTable {
  id: Generated<bigint>;
  transfer_id: string;
  phase: 'reserve' | 'post' | 'void';
  debit_account_id: bigint;
  debit_shard: number;
  debit_bucket: 'available' | 'pending';
  debit_balance_after_fen: bigint;
  credit_account_id: bigint;
  credit_shard: number;
  credit_bucket: 'available' | 'pending';
  credit_balance_after_fen: bigint;
  amount_fen: bigint;
  created_at: Date;
}
