/**
 * The seamless wallet's transactions: each venue call that moved money or recorded a rollback,
 * keyed by the venue's transaction id (unique per site and venue), with the request's hash (a
 * replay must ask the same) and the first answer as sent (json, not jsonb, so that a replay gets it
 * again byte for byte). A rollback of a debit never seen writes a tombstone under the debit's id
 * too, so that the late debit finds the id taken and is refused; the unique key makes that race
 * safe either way round.
 */
export const seamlessMigration = {
  id: '0026_seamless_wallet',
  sql: `
create table seamless_transactions (
  id bigint generated always as identity primary key,
  site_id integer not null,
  venue_code text not null,
  transaction_id text not null check (transaction_id ~ '^[A-Za-z0-9_:.-]{1,64}$'),
  kind text not null check (kind in ('debit', 'credit', 'rollback')),
  ref_transaction_id text,
  bet_id text,
  member_id bigint,
  amount_fen bigint not null check (amount_fen >= 0),
  is_tombstone boolean not null default false,
  request_hash text not null,
  answer json not null,
  balance_after_fen bigint,
  replay_count integer not null default 0 check (replay_count >= 0),
  last_replayed_at timestamptz,
  created_at timestamptz not null,
  unique (site_id, venue_code, transaction_id),
  check ((kind = 'rollback') = (ref_transaction_id is not null)),
  check (is_tombstone or (member_id is not null and bet_id is not null))
);
create index seamless_transactions_site_created on seamless_transactions (site_id, created_at desc, id desc);
create index seamless_transactions_bet on seamless_transactions (site_id, venue_code, bet_id);
`,
};
