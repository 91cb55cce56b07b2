/**
 * Result corrections and resettlement (GAMES.md 2.4): a fixture counts the versions of its result
 * (1 as the feed recorded it, one more per correction) and the version whose resettlement the
 * feed pass has finished; a bet counts the versions of its settlement (1 through the wallet,
 * one more per resettlement, whose ledger transfers are named by it); a member's receivable is
 * what a reversal could not take back from the main wallet. Staff 封盘 holds a market, or every
 * market of a fixture, until staff open it again.
 */
export const sportsbookResultsMigration = {
  id: '0044_sportsbook_results',
  sql: `
alter table sportsbook_fixtures
  add column result_version integer not null default 1 check (result_version >= 1),
  add column resettled_version integer not null default 1 check (resettled_version >= 1),
  add column is_held boolean not null default false,
  add constraint sportsbook_fixtures_resettled_not_ahead check (resettled_version <= result_version);
create index sportsbook_fixtures_resettling on sportsbook_fixtures (id) where resettled_version < result_version;

alter table sportsbook_markets add column is_held boolean not null default false;

alter table sportsbook_bets
  add column settlement_version integer not null default 1 check (settlement_version >= 1);
create index sportsbook_bets_reopened on sportsbook_bets (id) where status = 'open' and settlement_version > 1;
create index sportsbook_bet_legs_fixture on sportsbook_bet_legs (fixture_id, bet_id);

create table sportsbook_receivables (
  site_id integer not null check (site_id > 0),
  member_id bigint not null,
  amount_fen bigint not null check (amount_fen >= 0),
  updated_at timestamptz not null,
  primary key (site_id, member_id)
);
`,
};

/**
 * Each receivable as it was booked (the console's 应收 list): one per reversed settlement version
 * of a bet that took back less than it reversed, with what later set-offs recovered of it, the
 * oldest first. `sportsbook_receivables` keeps a member's total outstanding, and with it the row
 * a resettlement locks; the two move in the same transaction. Receivables booked before this
 * migration are read back from the ledger's `…:due` transfers, the amount the members' set-offs
 * recovered spread over them oldest first.
 */
export const sportsbookReceivableItemsMigration = {
  id: '0062_sportsbook_receivable_items',
  sql: `
create table sportsbook_receivable_items (
  id bigint generated always as identity primary key,
  site_id integer not null check (site_id > 0),
  member_id bigint not null,
  bet_id bigint not null references sportsbook_bets (id),
  settlement_version integer not null check (settlement_version >= 1),
  amount_fen bigint not null check (amount_fen > 0),
  recovered_fen bigint not null default 0 check (recovered_fen between 0 and amount_fen),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (bet_id, settlement_version)
);
create index sportsbook_receivable_items_site on sportsbook_receivable_items (site_id, id desc);
create index sportsbook_receivable_items_member on sportsbook_receivable_items (member_id, id);

insert into sportsbook_receivable_items (site_id, member_id, bet_id, settlement_version, amount_fen,
    recovered_fen, created_at, updated_at)
  select site_id, member_id, bet_id, settlement_version, amount_fen,
      least(amount_fen, greatest(0, recovered_total - booked_before)), created_at, created_at
    from (
      select b.site_id, b.member_id, b.id as bet_id, t.settlement_version, t.amount_fen, t.created_at,
          sum(t.amount_fen) over booked - t.amount_fen as booked_before,
          sum(t.amount_fen) over (partition by b.site_id, b.member_id) - coalesce(r.amount_fen, 0)
            as recovered_total
        from (
          select substring(id from '^settle:SB([0-9]+):v')::int8 as bet_id,
              substring(id from ':v([0-9]+):due$')::int4 as settlement_version, amount_fen, created_at, id
            from ledger_transfers where id like 'settle:SB%:due'
        ) t
        join sportsbook_bets b on b.id = t.bet_id
        left join sportsbook_receivables r on r.site_id = b.site_id and r.member_id = b.member_id
        window booked as (partition by b.site_id, b.member_id order by t.created_at, t.id)
    ) due
    order by created_at, bet_id, settlement_version;
`,
};
