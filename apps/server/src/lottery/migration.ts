/**
 * The lottery hall: games per site (schedule, closing time, house edge, ticket limit, pause), the
 * seed chain of each game's day, one row per issue and the tickets. An issue's seed is in its row
 * from the start and leaves the server only once drawn; its commitment is public from the start.
 * A ticket's stake goes through the seamless wallet of the CP venue, which keeps the bet record.
 */
export const lotteryMigration = {
  id: '0031_lottery',
  sql: `
create table lottery_games (
  site_id integer not null check (site_id > 0),
  code text not null check (code ~ '^[A-Z0-9_]{2,16}$'),
  kind text not null check (kind in ('ssc', 'pk10', 'k3', 'syxw', 'markSix', 'pc28')),
  name text not null check (length(name) between 1 and 20),
  interval_seconds integer not null check (interval_seconds between 30 and 86400),
  first_draw_seconds integer not null check (first_draw_seconds between 1 and 86400),
  closing_seconds integer not null check (closing_seconds >= 0 and closing_seconds < interval_seconds),
  house_edge_bps integer not null check (house_edge_bps between 0 and 9999),
  ticket_stake_max_fen bigint not null check (ticket_stake_max_fen > 0),
  is_paused boolean not null default false,
  sort_order integer not null default 0 check (sort_order between 0 and 9999),
  updated_at timestamptz not null,
  primary key (site_id, code)
);

create table lottery_seed_days (
  site_id integer not null,
  game_code text not null,
  day text not null check (day ~ '^[0-9]{8}$'),
  last_seed_hex text not null check (last_seed_hex ~ '^[0-9a-f]{64}$'),
  issue_count integer not null check (issue_count between 1 and 9999),
  created_at timestamptz not null,
  primary key (site_id, game_code, day),
  foreign key (site_id, game_code) references lottery_games (site_id, code)
);

create table lottery_draws (
  id bigint generated always as identity primary key,
  site_id integer not null,
  game_code text not null,
  issue_no text not null check (issue_no ~ '^[0-9]{8}-[0-9]{4}$'),
  opens_at timestamptz not null,
  closes_at timestamptz not null,
  draw_at timestamptz not null,
  seed_hex text not null check (seed_hex ~ '^[0-9a-f]{64}$'),
  commitment_hex text not null check (commitment_hex ~ '^[0-9a-f]{64}$'),
  numbers jsonb,
  status text not null check (status in ('open', 'closing', 'drawn', 'settled', 'cancelled')),
  cancel_reason text check (length(cancel_reason) between 1 and 100),
  drawn_at timestamptz,
  settled_at timestamptz,
  unique (site_id, game_code, issue_no),
  foreign key (site_id, game_code) references lottery_games (site_id, code),
  check (opens_at <= closes_at and closes_at <= draw_at),
  check ((numbers is not null) = (status in ('drawn', 'settled'))),
  check ((status = 'cancelled') = (cancel_reason is not null)),
  check ((status = 'settled') <= (settled_at is not null))
);
create index lottery_draws_due on lottery_draws (draw_at) where status in ('open', 'closing');
create index lottery_draws_unsettled on lottery_draws (id)
  where settled_at is null and status in ('drawn', 'cancelled');
create index lottery_draws_results on lottery_draws (site_id, game_code, draw_at desc);

create table lottery_tickets (
  id bigint generated always as identity primary key,
  site_id integer not null,
  member_id bigint not null,
  draw_id bigint not null references lottery_draws (id),
  game_code text not null,
  issue_no text not null,
  play_id text not null,
  selection jsonb not null,
  unit text not null check (unit in ('yuan', 'jiao', 'fen')),
  multiplier integer not null check (multiplier between 1 and 9999),
  notes integer not null check (notes > 0),
  stake_fen bigint not null check (stake_fen > 0),
  house_edge_bps integer not null check (house_edge_bps between 0 and 9999),
  ticket_id text not null,
  request_hash text not null,
  status text not null check (status in ('placing', 'open', 'won', 'lost', 'void')),
  payout_fen bigint check (payout_fen >= 0),
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (site_id, member_id, ticket_id),
  check ((payout_fen is not null) = (status in ('won', 'lost', 'void'))),
  check ((settled_at is not null) = (status in ('won', 'lost', 'void'))),
  check (status <> 'lost' or payout_fen = 0),
  check (status <> 'void' or payout_fen = stake_fen)
);
create index lottery_tickets_unsettled on lottery_tickets (draw_id, id) where status in ('placing', 'open');
create index lottery_tickets_member on lottery_tickets (site_id, member_id, id desc);
`,
};

/**
 * 追号, limits and liability (issue 14). A chase plans one ticket per issue and places each when
 * its issue opens; a game's plays get their own limits and its issues a liability cap per number.
 * Each issue keeps the liability of every number its tickets cover and each member's stake per
 * play, updated in the transaction that records a ticket, so a cap holds under concurrent tickets.
 */
export const lotteryChaseMigration = {
  id: '0032_lottery_chase',
  sql: `
alter table lottery_games add column play_limits jsonb not null default '{}';
alter table lottery_games add column liability_cap_fen bigint check (liability_cap_fen > 0);

create table lottery_chases (
  id bigint generated always as identity primary key,
  site_id integer not null,
  member_id bigint not null,
  chase_id text not null,
  request_hash text not null,
  game_code text not null,
  play_id text not null,
  selection jsonb not null,
  unit text not null check (unit in ('yuan', 'jiao', 'fen')),
  notes integer not null check (notes > 0),
  is_stop_on_win boolean not null,
  status text not null check (status in ('running', 'finished', 'won', 'cancelled', 'stopped')),
  stop_code integer,
  created_at timestamptz not null,
  ended_at timestamptz,
  unique (site_id, member_id, chase_id),
  foreign key (site_id, game_code) references lottery_games (site_id, code),
  check ((status = 'running') = (ended_at is null)),
  check ((status = 'stopped') = (stop_code is not null))
);
create index lottery_chases_member on lottery_chases (site_id, member_id, id desc);

alter table lottery_tickets add column chase_id bigint references lottery_chases (id);
create index lottery_tickets_site on lottery_tickets (site_id, id desc);
create index lottery_tickets_issue on lottery_tickets (site_id, game_code, issue_no, id desc);

create table lottery_chase_issues (
  chase_id bigint not null references lottery_chases (id),
  seq integer not null check (seq >= 0),
  issue_no text not null check (issue_no ~ '^[0-9]{8}-[0-9]{4}$'),
  multiplier integer not null check (multiplier between 1 and 9999),
  draw_at timestamptz not null,
  status text not null check (status in ('waiting', 'placed', 'missed', 'refused', 'cancelled')),
  ticket_id bigint references lottery_tickets (id),
  refusal_code integer,
  primary key (chase_id, seq),
  check ((status = 'placed') = (ticket_id is not null)),
  check ((status = 'refused') = (refusal_code is not null))
);
create index lottery_chase_issues_waiting on lottery_chase_issues (draw_at) where status = 'waiting';

create table lottery_liabilities (
  draw_id bigint not null references lottery_draws (id),
  exposure text not null,
  liability_fen bigint not null check (liability_fen >= 0),
  primary key (draw_id, exposure)
);
create index lottery_liabilities_biggest on lottery_liabilities (draw_id, liability_fen desc);

create table lottery_member_stakes (
  draw_id bigint not null references lottery_draws (id),
  member_id bigint not null,
  play_id text not null,
  stake_fen bigint not null check (stake_fen >= 0),
  primary key (draw_id, member_id, play_id)
);
`,
};
