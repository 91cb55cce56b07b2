import type { ColumnType } from 'kysely';

/** Tables owned by the identity domain. */
export interface IdentityTables {
  member_identities: MemberIdentitiesTable;
}

export interface MemberIdentitiesTable {
  member_id: bigint;
  site_id: number;
  real_name: string;
  id_number: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string;
  submitted_at: Date;
  reviewed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

declare module '../db/schema.ts' {
  interface Database extends IdentityTables {}
}
