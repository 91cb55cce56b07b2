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
