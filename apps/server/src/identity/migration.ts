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
