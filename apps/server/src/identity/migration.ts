/**
 * Real-name verification: one row per member. An ID number verifies one account per site; the
 * status moves none -> pending -> approved | rejected, and a rejected member may submit again.
 */
export const identityMigration = {
  id: '0004_identity',
  sql: `
create table member_identities (
  member_id bigint primary key references members (id),
  site_id integer not null check (site_id > 0),
  real_name text not null check (length(real_name) between 2 and 30),
  id_number text not null check (id_number ~ '^[1-9][0-9]{16}[0-9X]$'),
  status text not null check (status in ('pending', 'approved', 'rejected')),
  reason text not null default '',
  submitted_at timestamptz not null,
  reviewed_at timestamptz,
  check ((status = 'pending') = (reviewed_at is null))
);
create unique index member_identities_one_account_per_id
  on member_identities (site_id, id_number) where status <> 'rejected';
`,
} as const;

/** Staff find members by their verified (or submitted) real name. */
export const identityRealNameIndexMigration = {
  id: '0014_identity_real_name_index',
  sql: `
create index member_identities_real_name on member_identities (site_id, real_name);
`,
} as const;

/**
 * Staff review of verifications. `submission_no` counts a member's submissions, so a decision
 * names the one the reviewer saw; the reviewer is kept beside the decision (none when the sandbox
 * verifier decided). A site's rule says whether staff decide (absent: staff outside sandbox mode).
 */
export const identityReviewMigration = {
  id: '0019_identity_review',
  sql: `
alter table member_identities
  add column submission_no integer not null default 1 check (submission_no > 0),
  add column reviewer_operator_id bigint references operators (id),
  add column reviewer_username text,
  add constraint member_identities_reviewer
    check ((reviewer_operator_id is null) = (reviewer_username is null)),
  add constraint member_identities_reviewer_decided
    check (reviewer_operator_id is null or status <> 'pending'),
  add constraint member_identities_reason_length check (length(reason) <= 200);
create index member_identities_review_queue on member_identities (site_id, status, submitted_at);

create table identity_review_rules (
  site_id integer primary key references sites (id),
  is_manual_review boolean not null,
  updated_at timestamptz not null
);
`,
} as const;
