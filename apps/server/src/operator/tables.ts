import type { Generated } from 'kysely';

/** Tables owned by the operator part: back-office accounts and their sessions. */
export interface OperatorTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
}

export interface OperatorsTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  role: Generated<OperatorRole>;
  is_active: Generated<boolean>;
  created_at: Date;
}

export interface OperatorSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  operator_id: bigint;
  created_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  ended_at: Date | null;
}

/** Operator roles; staff roles join as the console arrives. */
export type OperatorRole = 'operator';

declare module '../db/schema.ts' {
  interface Database extends OperatorTables {}
}
