import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the audit part. */
export interface AuditTables {
  audit_log: AuditLogTable;
}

export interface AuditLogTable {
  id: Generated<bigint>;
  at: Date;
  operator_id: bigint;
  operator_username: string;
  site_id: number | null;
  action: string;
  target: string;
  /** JSON of the state before the action; null when the action created it. */
  before: ColumnType<unknown, string | null, never>;
  /** JSON of the state after the action; null when the action removed it. */
  after: ColumnType<unknown, string | null, never>;
  reason: string;
}

declare module '../db/schema.ts' {
  interface Database extends AuditTables {}
}
