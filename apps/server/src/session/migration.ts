/**
 * Released before `auth/` split into the member, session, outbox and operator parts, so it also
 * creates their tables as first released (members; outbox_messages; operators, operator_sessions);
 * each part's tables.ts declares its own. Released migrations never change: a part's later
 * change to its tables is a new migration of that part.
 * Session tokens are stored only as SHA-256 hashes; passwords only as argon2id hashes.
 */
export const authMigration = {
  id: '0002_auth',
  sql: `
create table auth_secrets (
  name text primary key,
  secret text not null check (length(secret) >= 32)
);

create table members (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  username text not null check (username ~ '^[a-z][a-z0-9]{5,15}$'),
  password_hash text not null check (password_hash like '$argon2id$%'),
  phone text check (phone is null or phone ~ '^\\+?[0-9]{6,15}$'),
  email text check (email is null or (position('@' in email) > 1 and length(email) <= 254)),
  invite_code text not null unique check (invite_code ~ '^[A-Za-z0-9]{8}$'),
  inviter_member_id bigint references members (id),
  referral_param text check (referral_param in ('form', 'invite_code', 'i_code', 'r_code', 'r_bet')),
  is_agent_referral boolean not null default false,
  is_agent boolean not null default false,
  status text not null default 'active' check (status in ('active', 'blocked')),
  blocked_reason text not null default '',
  totp_secret text,
  is_totp_enabled boolean not null default false,
  password_changed_at timestamptz not null,
  created_at timestamptz not null,
  last_login_at timestamptz,
  unique (site_id, username),
  check (inviter_member_id is null or inviter_member_id <> id),
  check ((inviter_member_id is null) = (referral_param is null)),
  check (not is_agent_referral or inviter_member_id is not null),
  check (not is_totp_enabled or totp_secret is not null)
);
create index members_inviter on members (inviter_member_id) where inviter_member_id is not null;

create table member_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (length(token_hash) = 64),
  member_id bigint not null references members (id),
  site_id integer not null references sites (id),
  client_type text not null check (client_type in ('web', 'h5')),
  device_uuid text not null,
  ip text not null,
  is_remembered boolean not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text check (end_reason in ('logout', 'replaced', 'password_changed', 'blocked')),
  check ((ended_at is null) = (end_reason is null)),
  check (idle_expires_at <= absolute_expires_at and absolute_expires_at > created_at)
);
-- One live session per member and client type: a newer login ends the older one first.
create unique index member_sessions_live on member_sessions (member_id, client_type) where ended_at is null;

create table login_history (
  id bigint generated always as identity primary key,
  member_id bigint not null references members (id),
  site_id integer not null references sites (id),
  logged_in_at timestamptz not null,
  ip text not null,
  device_uuid text not null,
  client_type text not null
);
create index login_history_member on login_history (member_id, logged_in_at desc);
create index login_history_device on login_history (device_uuid, logged_in_at desc);

create table access_blocks (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  kind text not null check (kind in ('device', 'ip', 'network')),
  value text not null check (length(value) between 1 and 64),
  reason text not null default '',
  created_at timestamptz not null,
  unique (site_id, kind, value)
);

create table outbox_messages (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  channel text not null check (channel in ('sms', 'email')),
  recipient text not null,
  purpose text not null check (purpose in ('password_reset', 'device_verification')),
  body text not null,
  created_at timestamptz not null
);
create index outbox_messages_site on outbox_messages (site_id, id desc);

create table operators (
  id bigint generated always as identity primary key,
  username text not null unique check (username ~ '^[a-z][a-z0-9_]{2,31}$'),
  password_hash text not null check (password_hash like '$argon2id$%'),
  role text not null default 'operator' check (role = 'operator'),
  is_active boolean not null default true,
  created_at timestamptz not null
);

create table operator_sessions (
  id bigint generated always as identity primary key,
  token_hash text not null unique check (length(token_hash) = 64),
  operator_id bigint not null references operators (id),
  created_at timestamptz not null,
  idle_expires_at timestamptz not null,
  absolute_expires_at timestamptz not null,
  ended_at timestamptz
);
`,
};

/** Staff find the members who signed in from an IP address. */
export const loginHistoryIpIndexMigration = {
  id: '0013_login_history_ip_index',
  sql: `
create index login_history_ip on login_history (ip, logged_in_at desc);
`,
};
