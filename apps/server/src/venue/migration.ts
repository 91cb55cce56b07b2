/**
 * Venues: the registry per site (state, order, demo, the venue host's base URL and the secret it
 * signs seamless wallet calls with), and the launch log. A launch row also carries the launch
 * token (its SHA-256 only), bound to one member and one venue until it expires, and for the OB
 * flavour its request id; a demo launch's credits live in `venue_demo_wallets`, never the ledger.
 * `venue_engine_bets` was a generic round book for the flavours before the sportsbook stood behind
 * them; 0070 drops it.
 */
export const venueMigration = {
  id: '0023_venues',
  sql: `
create table venues (
  site_id integer not null check (site_id > 0),
  code text not null check (code ~ '^[A-Z0-9_]{2,16}$'),
  name text not null check (length(name) between 1 and 20),
  category text not null check (category in ('TY', 'DJ', 'ZR', 'DZ', 'CP', 'QP', 'BY')),
  wallet_mode text not null check (wallet_mode in ('seamless', 'transfer')),
  flavour text not null check (flavour in ('IM', 'OB', 'FB', 'own')),
  state text not null check (state in ('open', 'maintenance', 'off', 'upcoming')),
  maintenance_message text not null default '',
  maintenance_until timestamptz,
  sort_order integer not null default 0 check (sort_order between 0 and 9999),
  logo text not null,
  demo_allowed boolean not null default false,
  api_base_url text not null default '',
  secret text not null check (length(secret) >= 32),
  updated_at timestamptz not null,
  primary key (site_id, code),
  check ((state = 'maintenance') = (maintenance_until is not null))
);

create table venue_launches (
  id bigint generated always as identity primary key,
  site_id integer not null,
  venue_code text not null,
  member_id bigint,
  is_demo boolean not null,
  token_hash text unique,
  request_id text unique,
  expires_at timestamptz,
  request_expires_at timestamptz,
  ip text not null,
  device text not null,
  result text not null check (result in ('ok', 'refused')),
  code integer not null,
  message text not null,
  moved_fen bigint not null default 0 check (moved_fen >= 0),
  params jsonb not null,
  created_at timestamptz not null,
  check (is_demo or member_id is not null),
  check ((result = 'ok') = (token_hash is not null))
);
create index venue_launches_site_created on venue_launches (site_id, created_at desc, id desc);
create index venue_launches_member on venue_launches (member_id, created_at desc) where member_id is not null;

create table venue_demo_wallets (
  launch_id bigint primary key references venue_launches (id),
  balance_fen bigint not null check (balance_fen >= 0)
);

create table venue_engine_bets (
  id bigint generated always as identity primary key,
  site_id integer not null,
  venue_code text not null,
  launch_id bigint not null references venue_launches (id),
  member_id bigint,
  is_demo boolean not null,
  round_id text not null,
  bet_id text not null,
  stake_fen bigint not null check (stake_fen > 0),
  payout_fen bigint check (payout_fen >= 0),
  status text not null check (status in ('open', 'settled')),
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (site_id, venue_code, bet_id),
  check ((status = 'settled') = (payout_fen is not null and settled_at is not null))
);
create index venue_engine_bets_round on venue_engine_bets (site_id, venue_code, round_id) where status = 'open';
`,
};

/**
 * The in-house sportsbook serves the 体育 and 电竞 venues on our own host: those still 即将开放 open,
 * and they offer no demo play (the book takes real stakes only; a demo launch would lead to a book
 * it cannot bet on). The flavours place slips on the book, so the generic round book goes.
 */
export const venueSportsbookMigration = {
  id: '0070_venues_sportsbook',
  sql: `
update venues set state = 'open', updated_at = now()
  where category in ('TY', 'DJ') and api_base_url = '' and state = 'upcoming';
update venues set demo_allowed = false, updated_at = now()
  where category in ('TY', 'DJ') and api_base_url = '' and demo_allowed;
drop table venue_engine_bets;
`,
};
