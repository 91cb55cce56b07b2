/**
 * Bet records: one table for every venue's bets (and later the in-house engines'), written by the
 * seamless wallet in the same transaction as the money. A bet is unique per venue by the venue's
 * bet id. `valid_fen` is the valid turnover (有效投注) its settlement counted; `payout_fen` is
 * what came back (the stake, for a void or cancelled bet). `bet_settings` holds each site's
 * minimum decimal odds for valid turnover (1.5 when a site has no row).
 */
export const betsMigration = {
  id: '0025_bet_records',
  sql: `
create table bet_records (
  id bigint generated always as identity primary key,
  site_id integer not null,
  venue_code text not null,
  category text not null check (category in ('TY', 'DJ', 'ZR', 'DZ', 'CP', 'QP', 'BY')),
  game_code text not null check (length(game_code) between 1 and 32),
  round_id text not null check (length(round_id) between 1 and 64),
  bet_id text not null check (length(bet_id) between 1 and 64),
  member_id bigint not null,
  stake_fen bigint not null check (stake_fen > 0),
  valid_fen bigint not null default 0 check (valid_fen >= 0 and valid_fen <= stake_fen),
  payout_fen bigint not null default 0 check (payout_fen >= 0),
  odds_e4 integer check (odds_e4 >= 10000),
  status text not null check (status in ('pending', 'win', 'lose', 'draw', 'void', 'cancelled')),
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (site_id, venue_code, bet_id),
  check ((status = 'pending') = (settled_at is null)),
  check (status <> 'pending' or (valid_fen = 0 and payout_fen = 0)),
  check (status not in ('void', 'cancelled') or (valid_fen = 0 and payout_fen = stake_fen)),
  check (status <> 'win' or payout_fen > stake_fen),
  check (status <> 'lose' or payout_fen < stake_fen),
  check (status <> 'draw' or payout_fen = stake_fen)
);
create index bet_records_member_placed on bet_records (member_id, placed_at desc, id desc);
create index bet_records_site_placed on bet_records (site_id, placed_at desc, id desc);

create table bet_settings (
  site_id integer primary key,
  min_valid_odds_e4 integer not null check (min_valid_odds_e4 between 10000 and 99990000),
  updated_at timestamptz not null
);
`,
};
