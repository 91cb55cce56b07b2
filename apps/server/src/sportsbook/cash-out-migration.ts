/**
 * 提前结算 (GAMES.md 2.5): a bet may close as `cashed_out`, paid its cash-out offer; the cash-out
 * of a bet is one row, keyed by the bet (a bet cashes out once) and by the member's request id
 * (a replay finds the first answer). `credited_at` is set once the wallet paid the offer: a row
 * without it is credited again, with the same transaction id, until it is.
 */
export const sportsbookCashOutMigration = {
  id: '0040_sportsbook_cash_out',
  sql: `
do $$
declare
  found record;
begin
  -- The checks naming the closed statuses were created unnamed: found by what they say.
  for found in
    select conname from pg_constraint
    where conrelid = 'sportsbook_bets'::regclass and contype = 'c'
      and pg_get_constraintdef(oid) like '%''settled''%'
  loop
    execute format('alter table sportsbook_bets drop constraint %I', found.conname);
  end loop;
end
$$;

alter table sportsbook_bets
  add constraint sportsbook_bets_status_check check (
    status in ('placing', 'pending', 'open', 'settled', 'void', 'rejected', 'cashed_out')
  ),
  add constraint sportsbook_bets_payout_check check (
    (payout_fen is not null) = (status in ('settled', 'void', 'cashed_out'))
  ),
  add constraint sportsbook_bets_settled_at_check check (
    (settled_at is not null) = (status in ('settled', 'void', 'rejected', 'cashed_out'))
  );

create table sportsbook_cash_outs (
  bet_id bigint primary key references sportsbook_bets (id),
  site_id integer not null check (site_id > 0),
  member_id bigint not null,
  request_id text not null check (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),
  accepted_fen bigint not null check (accepted_fen >= 0),
  offer_fen bigint not null check (offer_fen > 0 and offer_fen >= accepted_fen),
  price_version integer not null check (price_version >= 1),
  created_at timestamptz not null,
  credited_at timestamptz,
  unique (site_id, member_id, request_id)
);
create index sportsbook_cash_outs_uncredited on sportsbook_cash_outs (created_at) where credited_at is null;
`,
};
