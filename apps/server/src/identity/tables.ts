import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the identity domain. */
export interface IdentityTables {
  member_identities: MemberIdentitiesTable;
  identity_review_rules: IdentityReviewRulesTable;
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
  /** The member's submissions so far: a staff decision names the one it saw. */
  submission_no: Generated<number>;
  /** The staff member who decided; null while pending or when the sandbox verifier decided. */
  reviewer_operator_id: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  reviewer_username: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface IdentityReviewRulesTable {
  site_id: number;
  is_manual_review: boolean;
  updated_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends IdentityTables {}
}
