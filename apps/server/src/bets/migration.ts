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

/**
 * The bet records' interface to the database, for the seamless wallet's statements: a bet is
 * placed and closed only through these, in the statement that moves its money.
 * - `bet_place`: a new pending bet; false when the venue's bet id is taken already.
 * - `bet_close`: closes the bet as the caller computed it (status, payout, valid turnover) if it is
 *   still pending, and counts a positive valid turnover against the turnover audit
 *   (`cashier_count_valid_bet`) in the same statement: 'closed'. Otherwise it answers the status the
 *   bet has, or null for an unknown bet. The row lock makes a settlement and a rollback of one bet
 *   take turns; the later one finds it closed.
 */
export const betFunctionsMigration = {
  id: '0029_bet_functions',
  sql: `
create function bet_place(
  p_site_id integer, p_venue_code text, p_category text, p_game_code text, p_round_id text,
  p_bet_id text, p_member_id bigint, p_stake bigint, p_odds_e4 integer, p_at timestamptz
) returns boolean language plpgsql as $$
begin
  insert into bet_records (site_id, venue_code, category, game_code, round_id, bet_id, member_id, stake_fen,
      odds_e4, status, placed_at, settled_at)
    values (p_site_id, p_venue_code, p_category, p_game_code, p_round_id, p_bet_id, p_member_id, p_stake,
      p_odds_e4, 'pending', p_at, null)
    on conflict (site_id, venue_code, bet_id) do nothing;
  return found;
end $$;

create function bet_close(
  p_site_id integer, p_venue_code text, p_bet_id text, p_status text, p_payout bigint, p_valid bigint,
  p_at timestamptz
) returns text language plpgsql as $$
declare
  v_member_id bigint;
  v_status text;
begin
  update bet_records set status = p_status, payout_fen = p_payout, valid_fen = p_valid, settled_at = p_at
    where site_id = p_site_id and venue_code = p_venue_code and bet_id = p_bet_id and status = 'pending'
    returning member_id into v_member_id;
  if not found then
    select status into v_status from bet_records
      where site_id = p_site_id and venue_code = p_venue_code and bet_id = p_bet_id;
    return v_status;
  end if;
  if p_valid > 0 then
    perform cashier_count_valid_bet(v_member_id, p_valid);
  end if;
  return 'closed';
end $$;
`,
};

/**
 * `bet_close_many`: `bet_close` for many bets in one statement, for a batch settlement. It closes
 * those still pending as each close says, counts their valid turnover (`cashier_count_valid_bets`)
 * and answers the positions it closed; a bet already closed, unknown, or named twice (the later
 * close) is left to the caller, which closes it one by one to learn why.
 */
export const betCloseManyMigration = {
  id: '0051_bet_close_many',
  sql: `
create function bet_close_many(p_closes jsonb, p_at timestamptz) returns table (closed_position integer)
language plpgsql set enable_seqscan = off as $$
declare
  v_positions int4[];
  v_member_ids bigint[];
  v_valid bigint[];
begin
  with c as (
    select distinct on (site_id, venue_code, bet_id) *
      from jsonb_to_recordset(p_closes) c(position int4, site_id int4, venue_code text, bet_id text,
        status text, payout int8, valid int8)
      order by site_id, venue_code, bet_id, position
  ), closed as (
    update bet_records b set status = c.status, payout_fen = c.payout, valid_fen = c.valid, settled_at = p_at
      from c
      where b.site_id = c.site_id and b.venue_code = c.venue_code and b.bet_id = c.bet_id and b.status = 'pending'
      returning c.position, b.member_id, c.valid
  )
  select array_agg(position), array_agg(member_id), array_agg(valid) into v_positions, v_member_ids, v_valid
    from closed;
  perform cashier_count_valid_bets(v_member_ids, v_valid);
  return query select unnest(v_positions);
end $$;
`,
} as const;
