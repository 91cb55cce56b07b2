/**
 * The in-house sportsbook (issue 13): the feed's secret and how far ahead it has scheduled, the
 * fixtures it put on the board (with their seed commitments, live state and results), each
 * fixture's markets with their current prices and price version, and the bets with their legs.
 * Fixtures and prices are the same for every site; bets belong to a site and go through the
 * seamless wallet of its TY (or, for esports, DJ) venue, which keeps the bet record.
 */
export const sportsbookMigration = {
  id: '0033_sportsbook',
  sql: `
create table sportsbook_feed (
  id smallint primary key check (id = 1),
  secret_hex text not null check (secret_hex ~ '^[0-9a-f]{64}$'),
  scheduled_until timestamptz not null,
  created_at timestamptz not null
);

create table sportsbook_fixtures (
  id text primary key check (id ~ '^[a-z0-9-]{1,64}$'),
  sport text not null check (sport in ('football', 'basketball', 'esports')),
  league_code text not null check (length(league_code) between 1 and 32),
  league_name text not null check (length(league_name) between 1 and 40),
  home_name text not null check (length(home_name) between 1 and 20),
  away_name text not null check (length(away_name) between 1 and 20),
  kick_off_at timestamptz not null,
  status text not null check (status in ('scheduled', 'live', 'finished', 'cancelled')),
  phase text not null check (length(phase) between 1 and 20),
  clock_text text check (length(clock_text) between 1 and 20),
  score_home integer not null default 0 check (score_home >= 0),
  score_away integer not null default 0 check (score_away >= 0),
  half_time_score jsonb,
  is_suspended boolean not null default false,
  result jsonb,
  commitment_hex text not null check (commitment_hex ~ '^[0-9a-f]{64}$'),
  seed_hex text check (seed_hex ~ '^[0-9a-f]{64}$'),
  cancel_reason text check (length(cancel_reason) between 1 and 100),
  updated_at timestamptz not null,
  settled_at timestamptz,
  check ((result is not null) = (status = 'finished')),
  check ((status = 'cancelled') = (cancel_reason is not null)),
  check (settled_at is null or status in ('finished', 'cancelled')),
  check ((seed_hex is not null) <= (settled_at is not null)),
  check (status <> 'scheduled' or (score_home = 0 and score_away = 0))
);
create index sportsbook_fixtures_board on sportsbook_fixtures (kick_off_at) where status in ('scheduled', 'live');
create index sportsbook_fixtures_unsettled on sportsbook_fixtures (kick_off_at)
  where settled_at is null and status in ('finished', 'cancelled');

create table sportsbook_markets (
  fixture_id text not null references sportsbook_fixtures (id),
  market_key text not null check (length(market_key) between 1 and 64),
  market jsonb not null,
  is_main boolean not null,
  sort_order integer not null check (sort_order >= 0),
  selections jsonb not null,
  price_version integer not null check (price_version >= 1),
  status text not null check (status in ('open', 'suspended', 'closed')),
  updated_at timestamptz not null,
  primary key (fixture_id, market_key)
);

create table sportsbook_bets (
  id bigint generated always as identity primary key,
  site_id integer not null check (site_id > 0),
  member_id bigint not null,
  slip_id text not null check (slip_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  kind text not null check (kind in ('single', 'parlay', 'system')),
  venue_code text not null check (length(venue_code) between 1 and 16),
  odds_format text not null check (odds_format in ('Malay', 'Hongkong', 'Europe', 'Indonesia')),
  odds_e4 bigint not null,
  stake_fen bigint not null check (stake_fen > 0),
  ticket_count integer not null check (ticket_count >= 1),
  risk_fen bigint not null check (risk_fen > 0),
  potential_return_fen bigint not null check (potential_return_fen >= risk_fen),
  status text not null check (status in ('placing', 'pending', 'open', 'settled', 'void', 'rejected')),
  accept_at timestamptz,
  reject_code integer,
  payout_fen bigint check (payout_fen >= 0),
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (site_id, member_id, slip_id),
  check (kind = 'system' or ticket_count = 1),
  check (kind <> 'single' or odds_format <> 'Europe' or odds_e4 > 10000),
  check (kind = 'single' or odds_format = 'Europe'),
  check (kind = 'single' or risk_fen = stake_fen * ticket_count),
  check ((status = 'pending') <= (accept_at is not null)),
  check ((status = 'rejected') = (reject_code is not null)),
  check ((payout_fen is not null) = (status in ('settled', 'void'))),
  check ((settled_at is not null) = (status in ('settled', 'void', 'rejected'))),
  check (status <> 'void' or payout_fen = risk_fen),
  check (payout_fen is null or payout_fen <= potential_return_fen)
);
create index sportsbook_bets_member on sportsbook_bets (site_id, member_id, id desc);
create index sportsbook_bets_pending on sportsbook_bets (accept_at) where status = 'pending';
create index sportsbook_bets_placing on sportsbook_bets (placed_at) where status = 'placing';
create index sportsbook_bets_open on sportsbook_bets (id) where status = 'open';

create table sportsbook_bet_legs (
  bet_id bigint not null references sportsbook_bets (id),
  leg_no smallint not null check (leg_no between 0 and 7),
  fixture_id text not null references sportsbook_fixtures (id),
  market_key text not null,
  selection_key text not null,
  selection jsonb not null,
  decimal_odds_e4 integer not null check (decimal_odds_e4 > 10000),
  price_version integer not null check (price_version >= 1),
  is_in_play boolean not null,
  score_home integer not null check (score_home >= 0),
  score_away integer not null check (score_away >= 0),
  result text check (result in ('win', 'half_win', 'push', 'half_loss', 'loss', 'void')),
  settled_at timestamptz,
  primary key (bet_id, leg_no),
  unique (bet_id, fixture_id),
  check ((result is null) = (settled_at is null))
);
create index sportsbook_bet_legs_undecided on sportsbook_bet_legs (fixture_id) where result is null;

create table sportsbook_member_stakes (
  site_id integer not null,
  member_id bigint not null,
  fixture_id text not null references sportsbook_fixtures (id),
  market_key text not null,
  stake_fen bigint not null check (stake_fen >= 0),
  primary key (site_id, member_id, fixture_id, market_key)
);
`,
};

/**
 * Liability (issue 13, risk): what the house pays if each pick of a market wins, kept in the
 * placement transaction so every node sees the same figure. A market keeps the stakes of singles
 * still at risk on it, the feed's prices before liability moved them, how many price steps each
 * pick has been moved by liability, and why it is suspended when that is its exposure cap
 * rather than the feed or staff (`is_held`); a pick keeps the potential returns of the bets on
 * it. A bet says whether its share is still counted, so it is taken off exactly once.
 */
export const sportsbookLiabilityMigration = {
  id: '0060_sportsbook_liability',
  sql: `
alter table sportsbook_markets
  add column stake_fen bigint not null default 0 check (stake_fen >= 0),
  add column feed_selections jsonb,
  add column price_steps jsonb not null default '{}'::jsonb check (jsonb_typeof(price_steps) = 'object'),
  add column suspend_reason text check (suspend_reason in ('exposure_cap')),
  add constraint sportsbook_markets_suspend_reason_status check (suspend_reason is null or status <> 'open');

create table sportsbook_liabilities (
  fixture_id text not null,
  market_key text not null,
  selection_key text not null check (length(selection_key) between 1 and 64),
  return_fen bigint not null check (return_fen >= 0),
  primary key (fixture_id, market_key, selection_key),
  foreign key (fixture_id, market_key) references sportsbook_markets (fixture_id, market_key)
);

alter table sportsbook_bets
  add column is_liability_held boolean not null default false,
  add constraint sportsbook_bets_liability_check check (
    not is_liability_held or status in ('placing', 'pending', 'open')
  );
`,
};

/** The book's margins and limits as staff set them in the console; no row: the defaults. */
export const sportsbookBookSettingsMigration = {
  id: '0071_sportsbook_book_settings',
  sql: `
create table sportsbook_book_settings (
  id smallint primary key check (id = 1),
  settings jsonb not null,
  updated_at timestamptz not null
);
`,
};
