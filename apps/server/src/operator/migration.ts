/**
 * Staff roles and their sites, the authenticator secret of staff who sign in with TOTP, and a
 * record of every sign-in attempt. The operators created
 * before roles existed held every permission on every site: they become 超级管理员.
 */
export const operatorStaffMigration = {
  id: '0010_operator_staff',
  sql: `
alter table operators drop constraint operators_role_check;
alter table operators alter column role drop default;
update operators set role = 'super_admin';
alter table operators add constraint operators_role_check
  check (role in ('super_admin', 'site_admin', 'finance', 'risk', 'support', 'content'));
alter table operators add column site_ids integer[] not null default '{}';
alter table operators add constraint operators_site_ids_check check (
  (role = 'super_admin') = (cardinality(site_ids) = 0)
  and array_position(site_ids, null) is null
  and 0 < all (site_ids)
);

alter table operators add column totp_secret text check (totp_secret ~ '^[A-Z2-7]{32}$');

create index operator_sessions_live on operator_sessions (operator_id) where ended_at is null;

create table operator_logins (
  id bigint generated always as identity primary key,
  operator_id bigint not null references operators (id),
  at timestamptz not null,
  ip text not null check (length(ip) <= 64),
  user_agent text not null check (length(user_agent) <= 512),
  succeeded boolean not null
);
create index operator_logins_operator on operator_logins (operator_id, id desc);
`,
};

/** Staff notes on members: written once, kept, never edited (the audit log records each too). */
export const memberNotesMigration = {
  id: '0015_member_notes',
  sql: `
create table member_notes (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  member_id bigint not null references members (id),
  operator_id bigint not null references operators (id),
  operator_username text not null,
  text text not null check (length(text) between 1 and 500),
  created_at timestamptz not null
);
create index member_notes_member on member_notes (member_id, id desc);
`,
};
