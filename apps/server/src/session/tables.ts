import type { Generated } from 'kysely';

/** Tables owned by the session part: secrets, member sessions, login history and access blocks. */
export interface SessionTables {
  auth_secrets: AuthSecretsTable;
  member_sessions: MemberSessionsTable;
  login_history: LoginHistoryTable;
  access_blocks: AccessBlocksTable;
}

export interface AuthSecretsTable {
  name: string;
  secret: string;
}

export type SessionEndReason = 'logout' | 'replaced' | 'password_changed' | 'blocked';

export interface MemberSessionsTable {
  id: Generated<bigint>;
  token_hash: string;
  member_id: bigint;
  site_id: number;
  client_type: string;
  device_uuid: string;
  ip: string;
  is_remembered: boolean;
  created_at: Date;
  last_seen_at: Date;
  idle_expires_at: Date;
  absolute_expires_at: Date;
  ended_at: Date | null;
  end_reason: SessionEndReason | null;
}

export interface LoginHistoryTable {
  id: Generated<bigint>;
  member_id: bigint;
  site_id: number;
  logged_in_at: Date;
  ip: string;
  device_uuid: string;
  client_type: string;
}

/** `network` is a CIDR range (answers 6033); `ip` one address (6031). */
export type AccessBlockKind = 'device' | 'ip' | 'network';

export interface AccessBlocksTable {
  id: Generated<bigint>;
  site_id: number;
  kind: AccessBlockKind;
  value: string;
  reason: string;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends SessionTables {}
}
