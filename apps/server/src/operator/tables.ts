import type { OperatorRole } from '@site/contract';
import type { Generated } from 'kysely';

/** Tables owned by the operator part: back-office accounts, their sessions and sign-ins. */
export interface OperatorTables {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_logins: OperatorLoginsTable;
  member_notes: MemberNotesTable;
}

export interface OperatorsTable {
  id: Generated<bigint>;
  username: string;
  password_hash: string;
  role: OperatorRole;
  /** Empty for 超级管理员, who works on every site. */
  site_ids: Generated<number[]>;
  is_active: Generated<boolean>;
  /** Base32 secret of the staff member's authenticator, once enrolled. */
  totp_secret: Generated<string | null>;
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

export interface OperatorLoginsTable {
  id: Generated<bigint>;
  operator_id: bigint;
  at: Date;
  ip: string;
  user_agent: string;
  succeeded: boolean;
}

export interface MemberNotesTable {
  id: Generated<bigint>;
  site_id: number;
  member_id: bigint;
  operator_id: bigint;
  operator_username: string;
  text: string;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends OperatorTables {}
}
