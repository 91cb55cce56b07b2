import type { Generated } from 'kysely';

/** Tables owned by the auth domain (members, sessions, risk, sandbox outbox). */
export interface AuthTables {
  auth_secrets: AuthSecretsTable;
  members: MembersTable;
  member_sessions: MemberSessionsTable;
  login_history: LoginHistoryTable;
  access_blocks: AccessBlocksTable;
  outbox_messages: OutboxMessagesTable;
}

export interface AuthSecretsTable {
  name: string;
  secret: string;
}

export type ReferralParamColumn = 'form' | 'invite_code' | 'i_code' | 'r_code' | 'r_bet';
export type MemberStatus = 'active' | 'blocked';

export interface MembersTable {
  id: Generated<bigint>;
  site_id: number;
  username: string;
  password_hash: string;
  phone: string | null;
  email: string | null;
  invite_code: string;
  inviter_member_id: bigint | null;
  referral_param: ReferralParamColumn | null;
  is_agent_referral: boolean;
  is_agent: Generated<boolean>;
  status: Generated<MemberStatus>;
  blocked_reason: Generated<string>;
  totp_secret: string | null;
  is_totp_enabled: Generated<boolean>;
  password_changed_at: Date;
  created_at: Date;
  last_login_at: Date | null;
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

export type OutboxChannel = 'sms' | 'email';
export type OutboxPurpose = 'password_reset' | 'device_verification';

export interface OutboxMessagesTable {
  id: Generated<bigint>;
  site_id: number;
  channel: OutboxChannel;
  recipient: string;
  purpose: OutboxPurpose;
  body: string;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends AuthTables {}
}
