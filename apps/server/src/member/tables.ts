import type { Generated } from 'kysely';

/** Tables owned by the member part: the accounts themselves. */
export interface MemberTables {
  members: MembersTable;
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

declare module '../db/schema.ts' {
  interface Database extends MemberTables {}
}
