/**
 * Double-entry ledger, as first released; `ledgerEntryPairsMigration` below reshapes the entries.
 * Every invariant the service asserts is also enforced here:
 * - member accounts (main, venue wallet, withdrawal hold, bonus) never go negative: a check on
 *   their balance rows, whose `may_go_negative` flag a foreign key ties to the account kind;
 * - every movement balances: here two entries checked at commit by a deferred trigger; since
 *   0006 one entry row holding both legs and a single positive amount, balanced by construction;
 * - a transfer id is used once: the primary key.
 * Each account row has a fixed number of balance rows (shards); house, venue and external
 * accounts spread their traffic over several, so none of them becomes a hot row.
 * A movement is one call of a function below: one statement and one round trip, locking the
 * balance rows in (account, shard) order, checking and moving in one conditional update.
 * Transfers carry no foreign key to accounts: its KEY SHARE lock on the house account row,
 * taken by every concurrent transfer, would turn that row into the hot spot (multixacts) the
 * shards avoid. `npm run reconcile` checks those references instead.
 */
export const ledgerMigration = {
  id: '0003_ledger',
  sql: `
create table ledger_accounts (
  id bigint generated always as identity primary key,
  site_id integer not null check (site_id > 0),
  kind text not null check (kind in (
    'member_main', 'member_venue', 'member_withdrawal_hold', 'member_bonus', 'house', 'venue', 'external'
  )),
  member_id bigint check (member_id > 0),
  code text not null default '' check (code ~ '^[A-Za-z0-9_]{0,32}$'),
  may_go_negative boolean generated always as (kind in ('house', 'venue', 'external')) stored,
  shard_count smallint not null check (shard_count between 1 and 64),
  created_at timestamptz not null,
  unique nulls not distinct (site_id, kind, member_id, code),
  unique (id, may_go_negative),
  check ((member_id is not null) = (not may_go_negative)),
  check (may_go_negative or shard_count = 1),
  check ((kind in ('member_venue', 'venue', 'house', 'external')) = (code <> ''))
);

create table ledger_balances (
  account_id bigint not null,
  shard smallint not null check (shard >= 0),
  may_go_negative boolean not null,
  available_fen bigint not null default 0,
  pending_fen bigint not null default 0 check (pending_fen >= 0),
  primary key (account_id, shard),
  foreign key (account_id, may_go_negative) references ledger_accounts (id, may_go_negative),
  check (may_go_negative or available_fen >= 0)
);

create table ledger_transfers (
  id text primary key check (id ~ '^[A-Za-z0-9_:.-]{1,64}$'),
  site_id integer not null check (site_id > 0),
  debit_account_id bigint not null,
  debit_shard smallint not null,
  credit_account_id bigint not null,
  credit_shard smallint not null,
  amount_fen bigint not null check (amount_fen > 0),
  kind text not null check (kind ~ '^[a-z_]{1,32}$'),
  memo text not null default '' check (length(memo) <= 200),
  is_pending boolean not null,
  status text not null check (status in ('pending', 'posted', 'voided')),
  created_at timestamptz not null,
  resolved_at timestamptz,
  check (debit_account_id <> credit_account_id),
  check (is_pending or status = 'posted'),
  check ((status = 'pending') = (resolved_at is null))
);
create index ledger_transfers_pending on ledger_transfers (created_at) where status = 'pending';

create table ledger_entries (
  id bigint generated always as identity primary key,
  transfer_id text not null references ledger_transfers (id),
  phase text not null check (phase in ('reserve', 'post', 'void')),
  account_id bigint not null,
  shard smallint not null,
  bucket text not null check (bucket in ('available', 'pending')),
  amount_fen bigint not null check (amount_fen <> 0),
  balance_after_fen bigint not null,
  created_at timestamptz not null,
  unique (transfer_id, phase, account_id, bucket),
  foreign key (account_id, shard) references ledger_balances (account_id, shard)
);
create index ledger_entries_account on ledger_entries (account_id, id);

create function ledger_check_entry_pair() returns trigger language plpgsql as $$
declare
  entry_count integer;
  amount_sum bigint;
begin
  select count(*), coalesce(sum(amount_fen), 0) into entry_count, amount_sum
    from ledger_entries where transfer_id = new.transfer_id and phase = new.phase;
  if entry_count <> 2 or amount_sum <> 0 then
    raise exception 'ledger: transfer % phase % has % entries summing to %',
      new.transfer_id, new.phase, entry_count, amount_sum using errcode = '23514';
  end if;
  return null;
end $$;

create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_check_entry_pair();

create function ledger_transfer(
  p_id text, p_site_id integer, p_debit_id bigint, p_debit_shard smallint,
  p_credit_id bigint, p_credit_shard smallint, p_amount bigint, p_kind text, p_memo text,
  p_is_pending boolean, p_now timestamptz
) returns table (outcome text, debit_available_fen bigint, debit_pending_fen bigint, credit_available_fen bigint)
language plpgsql as $$
declare
  v_debit_available bigint;
  v_debit_pending bigint;
  v_credit_available bigint;
begin
  if exists (select 1 from ledger_transfers where id = p_id) then
    return query select 'exists', null::bigint, null::bigint, null::bigint;
    return;
  end if;
  -- A reservation touches only the debit row; otherwise the lower (account, shard) is locked first.
  if not p_is_pending and (p_credit_id, p_credit_shard) < (p_debit_id, p_debit_shard) then
    perform 1 from ledger_balances where account_id = p_credit_id and shard = p_credit_shard for no key update;
  end if;
  update ledger_balances
    set available_fen = available_fen - p_amount,
        pending_fen = pending_fen + case when p_is_pending then p_amount else 0 end
    where account_id = p_debit_id and shard = p_debit_shard and (may_go_negative or available_fen >= p_amount)
    returning available_fen, pending_fen into v_debit_available, v_debit_pending;
  if not found then
    if not exists (select 1 from ledger_balances where account_id = p_debit_id and shard = p_debit_shard) then
      raise exception 'ledger: no balance row % shard %', p_debit_id, p_debit_shard;
    end if;
    return query select 'insufficient', null::bigint, null::bigint, null::bigint;
    return;
  end if;
  insert into ledger_transfers (id, site_id, debit_account_id, debit_shard, credit_account_id, credit_shard,
      amount_fen, kind, memo, is_pending, status, created_at, resolved_at)
    values (p_id, p_site_id, p_debit_id, p_debit_shard, p_credit_id, p_credit_shard, p_amount, p_kind, p_memo,
      p_is_pending, case when p_is_pending then 'pending' else 'posted' end, p_now,
      case when p_is_pending then null else p_now end);
  if p_is_pending then
    insert into ledger_entries (transfer_id, phase, account_id, shard, bucket, amount_fen, balance_after_fen, created_at)
      values (p_id, 'reserve', p_debit_id, p_debit_shard, 'available', -p_amount, v_debit_available, p_now),
             (p_id, 'reserve', p_debit_id, p_debit_shard, 'pending', p_amount, v_debit_pending, p_now);
  else
    update ledger_balances set available_fen = available_fen + p_amount
      where account_id = p_credit_id and shard = p_credit_shard
      returning available_fen into v_credit_available;
    if not found then
      raise exception 'ledger: no balance row % shard %', p_credit_id, p_credit_shard;
    end if;
    insert into ledger_entries (transfer_id, phase, account_id, shard, bucket, amount_fen, balance_after_fen, created_at)
      values (p_id, 'post', p_debit_id, p_debit_shard, 'available', -p_amount, v_debit_available, p_now),
             (p_id, 'post', p_credit_id, p_credit_shard, 'available', p_amount, v_credit_available, p_now);
  end if;
  return query select 'created', v_debit_available, v_debit_pending, v_credit_available;
end $$;

create function ledger_post(p_id text, p_now timestamptz)
returns table (outcome text, debit_pending_fen bigint, credit_available_fen bigint)
language plpgsql as $$
declare
  t ledger_transfers%rowtype;
  v_debit_pending bigint;
  v_credit_available bigint;
begin
  update ledger_transfers set status = 'posted', resolved_at = p_now
    where id = p_id and status = 'pending' returning * into t;
  if not found then
    return query select coalesce((select status from ledger_transfers where id = p_id), 'missing'),
      null::bigint, null::bigint;
    return;
  end if;
  if (t.credit_account_id, t.credit_shard) < (t.debit_account_id, t.debit_shard) then
    perform 1 from ledger_balances
      where account_id = t.credit_account_id and shard = t.credit_shard for no key update;
  end if;
  update ledger_balances set pending_fen = pending_fen - t.amount_fen
    where account_id = t.debit_account_id and shard = t.debit_shard
    returning pending_fen into v_debit_pending;
  update ledger_balances set available_fen = available_fen + t.amount_fen
    where account_id = t.credit_account_id and shard = t.credit_shard
    returning available_fen into v_credit_available;
  insert into ledger_entries (transfer_id, phase, account_id, shard, bucket, amount_fen, balance_after_fen, created_at)
    values (p_id, 'post', t.debit_account_id, t.debit_shard, 'pending', -t.amount_fen, v_debit_pending, p_now),
           (p_id, 'post', t.credit_account_id, t.credit_shard, 'available', t.amount_fen, v_credit_available, p_now);
  return query select 'done', v_debit_pending, v_credit_available;
end $$;

create function ledger_void(p_id text, p_now timestamptz)
returns table (outcome text, debit_pending_fen bigint, debit_available_fen bigint)
language plpgsql as $$
declare
  t ledger_transfers%rowtype;
  v_debit_pending bigint;
  v_debit_available bigint;
begin
  update ledger_transfers set status = 'voided', resolved_at = p_now
    where id = p_id and status = 'pending' returning * into t;
  if not found then
    return query select coalesce((select status from ledger_transfers where id = p_id), 'missing'),
      null::bigint, null::bigint;
    return;
  end if;
  update ledger_balances
    set pending_fen = pending_fen - t.amount_fen, available_fen = available_fen + t.amount_fen
    where account_id = t.debit_account_id and shard = t.debit_shard
    returning pending_fen, available_fen into v_debit_pending, v_debit_available;
  insert into ledger_entries (transfer_id, phase, account_id, shard, bucket, amount_fen, balance_after_fen, created_at)
    values (p_id, 'void', t.debit_account_id, t.debit_shard, 'pending', -t.amount_fen, v_debit_pending, p_now),
           (p_id, 'void', t.debit_account_id, t.debit_shard, 'available', t.amount_fen, v_debit_available, p_now);
  return query select 'done', v_debit_pending, v_debit_available;
end $$;
`,
};

/**
 * One entry row per movement instead of one per leg: the row names the debit leg and the credit
 * leg with one positive amount and each leg's balance-after, so every movement balances by
 * construction and no commit-time trigger has to count legs. Checks tie the buckets to the
 * phase: a reservation moves available to pending on one balance row, a void moves it back,
 * a post pays a pending or available debit into another account's available.
 * A transfer call now inserts the transfer row first (`on conflict do nothing` answers a replay
 * without touching a balance), locks the two balance rows in (account, shard) order by updating
 * the lower one first, and undoes its own writes when the member's balance is short, so a refusal
 * leaves a surrounding batch transaction usable.
 */
export const ledgerEntryPairsMigration = {
  id: '0006_ledger_entry_pairs',
  sql: `
drop trigger ledger_entries_balanced on ledger_entries;
drop function ledger_check_entry_pair();
alter table ledger_entries rename to ledger_entry_legs;
alter index ledger_entries_pkey rename to ledger_entry_legs_pkey;
alter index ledger_entries_transfer_id_phase_account_id_bucket_key rename to ledger_entry_legs_key;
alter index ledger_entries_account rename to ledger_entry_legs_account;

create table ledger_entries (
  id bigint generated always as identity primary key,
  transfer_id text not null constraint ledger_entries_transfer_id_fkey references ledger_transfers (id),
  phase text not null check (phase in ('reserve', 'post', 'void')),
  debit_account_id bigint not null,
  debit_shard smallint not null check (debit_shard >= 0),
  debit_bucket text not null check (debit_bucket in ('available', 'pending')),
  debit_balance_after_fen bigint not null,
  credit_account_id bigint not null,
  credit_shard smallint not null check (credit_shard >= 0),
  credit_bucket text not null check (credit_bucket in ('available', 'pending')),
  credit_balance_after_fen bigint not null,
  amount_fen bigint not null check (amount_fen > 0),
  created_at timestamptz not null,
  unique (transfer_id, phase),
  check (case phase
    when 'reserve' then debit_bucket = 'available' and credit_bucket = 'pending'
      and (debit_account_id, debit_shard) = (credit_account_id, credit_shard)
    when 'void' then debit_bucket = 'pending' and credit_bucket = 'available'
      and (debit_account_id, debit_shard) = (credit_account_id, credit_shard)
    else credit_bucket = 'available' and debit_account_id <> credit_account_id end)
);

insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
    debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
    amount_fen, created_at)
  select d.transfer_id, d.phase, d.account_id, d.shard, d.bucket, d.balance_after_fen,
      c.account_id, c.shard, c.bucket, c.balance_after_fen, c.amount_fen, d.created_at
    from ledger_entry_legs d
    join ledger_entry_legs c on c.transfer_id = d.transfer_id and c.phase = d.phase and c.amount_fen > 0
    where d.amount_fen < 0
    order by least(d.id, c.id);
drop table ledger_entry_legs;

create index ledger_entries_debit on ledger_entries (debit_account_id, id);
create index ledger_entries_credit on ledger_entries (credit_account_id, id);

drop function ledger_transfer(text, integer, bigint, smallint, bigint, smallint, bigint, text, text, boolean, timestamptz);
drop function ledger_post(text, timestamptz);
drop function ledger_void(text, timestamptz);

create function ledger_transfer(
  p_id text, p_site_id integer, p_debit_id bigint, p_debit_shard smallint,
  p_credit_id bigint, p_credit_shard smallint, p_amount bigint, p_kind text, p_memo text,
  p_is_pending boolean, p_now timestamptz,
  out outcome text, out debit_available_fen bigint, out debit_pending_fen bigint, out credit_available_fen bigint
) language plpgsql as $$
declare
  -- A reservation touches only the debit row; otherwise the lower (account, shard) is locked first.
  v_is_credit_first boolean := not p_is_pending and (p_credit_id, p_credit_shard) < (p_debit_id, p_debit_shard);
begin
  insert into ledger_transfers (id, site_id, debit_account_id, debit_shard, credit_account_id, credit_shard,
      amount_fen, kind, memo, is_pending, status, created_at, resolved_at)
    values (p_id, p_site_id, p_debit_id, p_debit_shard, p_credit_id, p_credit_shard, p_amount, p_kind, p_memo,
      p_is_pending, case when p_is_pending then 'pending' else 'posted' end, p_now,
      case when p_is_pending then null else p_now end)
    on conflict (id) do nothing;
  if not found then
    outcome := 'exists';
    return;
  end if;
  if v_is_credit_first then
    update ledger_balances set available_fen = available_fen + p_amount
      where account_id = p_credit_id and shard = p_credit_shard
      returning available_fen into credit_available_fen;
    if not found then
      raise exception 'ledger: no balance row % shard %', p_credit_id, p_credit_shard;
    end if;
  end if;
  update ledger_balances
    set available_fen = available_fen - p_amount,
        pending_fen = pending_fen + case when p_is_pending then p_amount else 0 end
    where account_id = p_debit_id and shard = p_debit_shard and (may_go_negative or available_fen >= p_amount)
    returning available_fen, pending_fen into debit_available_fen, debit_pending_fen;
  if not found then
    if not exists (select 1 from ledger_balances where account_id = p_debit_id and shard = p_debit_shard) then
      raise exception 'ledger: no balance row % shard %', p_debit_id, p_debit_shard;
    end if;
    -- Refused: take back this call's own writes, which no other transaction has seen.
    if v_is_credit_first then
      update ledger_balances set available_fen = available_fen - p_amount
        where account_id = p_credit_id and shard = p_credit_shard;
      credit_available_fen := null;
    end if;
    delete from ledger_transfers where id = p_id;
    outcome := 'insufficient';
    return;
  end if;
  if p_is_pending then
    insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
        debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
        amount_fen, created_at)
      values (p_id, 'reserve', p_debit_id, p_debit_shard, 'available', debit_available_fen,
        p_debit_id, p_debit_shard, 'pending', debit_pending_fen, p_amount, p_now);
  else
    if not v_is_credit_first then
      update ledger_balances set available_fen = available_fen + p_amount
        where account_id = p_credit_id and shard = p_credit_shard
        returning available_fen into credit_available_fen;
      if not found then
        raise exception 'ledger: no balance row % shard %', p_credit_id, p_credit_shard;
      end if;
    end if;
    insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
        debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
        amount_fen, created_at)
      values (p_id, 'post', p_debit_id, p_debit_shard, 'available', debit_available_fen,
        p_credit_id, p_credit_shard, 'available', credit_available_fen, p_amount, p_now);
  end if;
  outcome := 'created';
end $$;

create function ledger_post(
  p_id text, p_now timestamptz, out outcome text, out debit_pending_fen bigint, out credit_available_fen bigint
) language plpgsql as $$
declare
  t ledger_transfers%rowtype;
  v_is_credit_first boolean;
begin
  update ledger_transfers set status = 'posted', resolved_at = p_now
    where id = p_id and status = 'pending' returning * into t;
  if not found then
    outcome := coalesce((select status from ledger_transfers where id = p_id), 'missing');
    return;
  end if;
  v_is_credit_first := (t.credit_account_id, t.credit_shard) < (t.debit_account_id, t.debit_shard);
  if v_is_credit_first then
    update ledger_balances set available_fen = available_fen + t.amount_fen
      where account_id = t.credit_account_id and shard = t.credit_shard
      returning available_fen into credit_available_fen;
  end if;
  update ledger_balances set pending_fen = pending_fen - t.amount_fen
    where account_id = t.debit_account_id and shard = t.debit_shard
    returning pending_fen into debit_pending_fen;
  if not v_is_credit_first then
    update ledger_balances set available_fen = available_fen + t.amount_fen
      where account_id = t.credit_account_id and shard = t.credit_shard
      returning available_fen into credit_available_fen;
  end if;
  insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
      debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
      amount_fen, created_at)
    values (p_id, 'post', t.debit_account_id, t.debit_shard, 'pending', debit_pending_fen,
      t.credit_account_id, t.credit_shard, 'available', credit_available_fen, t.amount_fen, p_now);
  outcome := 'done';
end $$;

create function ledger_void(
  p_id text, p_now timestamptz, out outcome text, out debit_pending_fen bigint, out debit_available_fen bigint
) language plpgsql as $$
declare
  t ledger_transfers%rowtype;
begin
  update ledger_transfers set status = 'voided', resolved_at = p_now
    where id = p_id and status = 'pending' returning * into t;
  if not found then
    outcome := coalesce((select status from ledger_transfers where id = p_id), 'missing');
    return;
  end if;
  update ledger_balances
    set pending_fen = pending_fen - t.amount_fen, available_fen = available_fen + t.amount_fen
    where account_id = t.debit_account_id and shard = t.debit_shard
    returning pending_fen, available_fen into debit_pending_fen, debit_available_fen;
  insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
      debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
      amount_fen, created_at)
    values (p_id, 'void', t.debit_account_id, t.debit_shard, 'pending', debit_pending_fen,
      t.debit_account_id, t.debit_shard, 'available', debit_available_fen, t.amount_fen, p_now);
  outcome := 'done';
end $$;
`,
};

/**
 * Balances that carry no constraint are derived, and the transfer row folds into its entries.
 * - House, venue and external accounts (`may_go_negative`) lose their balance rows: their balance
 *   is the sum of their entry legs, read from the latest checkpoint (`ledger_checkpoints`) plus the
 *   legs written after it. Only member balances stay materialised, one row each with
 *   `available_fen >= 0`; the shards go, since nothing contends on a derived balance.
 * - Every entry row carries its transfer's header (site, kind, memo, whether it reserves, the
 *   account it pays into). The transfer's first row (its reservation, or its only row) is unique
 *   per transfer id, so is its resolution (post or void); `ledger_transfers` is a view over them,
 *   and a transfer's status follows from which rows exist.
 * - Entries and checkpoints are never updated or deleted: triggers refuse it. A post or a void is
 *   a new row.
 * A member-to-house movement is then one conditional update of the member's row plus one insert.
 * Balance-after is kept on the legs of materialised (member) balances only.
 */
export const ledgerDerivedBalancesMigration = {
  id: '0008_ledger_derived_balances',
  sql: `
alter table ledger_entries rename to ledger_entries_0006;
alter index ledger_entries_pkey rename to ledger_entries_0006_pkey;
alter index ledger_entries_debit rename to ledger_entries_0006_debit;
alter index ledger_entries_credit rename to ledger_entries_0006_credit;

-- Only the writer functions below insert entries. Each per-row check costs PGlite about 1.5% of
-- a movement, so the table keeps the one a wrong sign would make dangerous (a positive amount),
-- and reconcile checks the rest of each row's shape (phase, legs, lengths) over the whole table.
-- The id orders entries and is unique by its sequence; a btree on it would cost an eighth of a
-- movement, so a BRIN index (summarised at each checkpoint) finds id ranges instead.
create table ledger_entries (
  id bigint generated always as identity,
  transfer_id text not null,
  phase text not null,
  is_pending boolean not null,
  site_id integer not null,
  kind text not null,
  memo text not null,
  payee_account_id bigint not null,
  debit_account_id bigint not null,
  debit_bucket text not null,
  debit_balance_after_fen bigint,
  credit_account_id bigint not null,
  credit_bucket text not null,
  credit_balance_after_fen bigint,
  amount_fen bigint not null check (amount_fen > 0),
  created_at timestamptz not null
);

insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
    debit_account_id, debit_bucket, debit_balance_after_fen, credit_account_id, credit_bucket,
    credit_balance_after_fen, amount_fen, created_at)
  select e.transfer_id, e.phase, t.is_pending, t.site_id, t.kind, t.memo, t.credit_account_id,
      e.debit_account_id, e.debit_bucket, case when d.may_go_negative then null else e.debit_balance_after_fen end,
      e.credit_account_id, e.credit_bucket, case when c.may_go_negative then null else e.credit_balance_after_fen end,
      e.amount_fen, e.created_at
    from ledger_entries_0006 e
    join ledger_transfers t on t.id = e.transfer_id
    join ledger_accounts d on d.id = e.debit_account_id
    join ledger_accounts c on c.id = e.credit_account_id
    order by e.id;

create unique index ledger_entries_transfer on ledger_entries (transfer_id) where phase = 'reserve' or not is_pending;
create unique index ledger_entries_resolution on ledger_entries (transfer_id) where phase <> 'reserve' and is_pending;
-- Members' legs only (they carry a balance-after): a member's records page through these. A
-- derived account's legs are summed from the id range after the latest checkpoint instead, so a
-- bet or a payout updates three indexes, not four.
create index ledger_entries_debit on ledger_entries (debit_account_id, id) where debit_balance_after_fen is not null;
create index ledger_entries_credit on ledger_entries (credit_account_id, id) where credit_balance_after_fen is not null;
create index ledger_entries_id on ledger_entries using brin (id);
select brin_summarize_new_values('ledger_entries_id');

-- Every derived account with legs up to a horizon has a row at it; reads use the latest horizon.
create table ledger_checkpoints (
  entry_id bigint not null check (entry_id >= 0),
  account_id bigint not null references ledger_accounts (id),
  available_fen bigint not null,
  pending_fen bigint not null check (pending_fen >= 0),
  created_at timestamptz not null,
  primary key (entry_id, account_id)
);

-- The balance rows of derived accounts become their first checkpoint, so a ledger that did not
-- reconcile before still does not.
insert into ledger_checkpoints (entry_id, account_id, available_fen, pending_fen, created_at)
  select (select coalesce(max(id), 0) from ledger_entries), b.account_id, sum(b.available_fen), sum(b.pending_fen), now()
    from ledger_balances b where b.may_go_negative group by b.account_id;

drop table ledger_entries_0006;
drop function ledger_transfer(text, integer, bigint, smallint, bigint, smallint, bigint, text, text, boolean, timestamptz);
drop function ledger_post(text, timestamptz);
drop function ledger_void(text, timestamptz);
drop table ledger_transfers;

delete from ledger_balances where may_go_negative;
alter table ledger_balances drop column shard;
alter table ledger_balances add primary key (account_id);
alter table ledger_balances add constraint ledger_balances_member_only check (not may_go_negative);
alter table ledger_balances add constraint ledger_balances_available_never_negative check (available_fen >= 0);
alter table ledger_accounts drop column shard_count;

create view ledger_transfers as
  select f.transfer_id id, f.site_id, f.debit_account_id, f.payee_account_id credit_account_id, f.amount_fen,
      f.kind, f.memo, f.is_pending,
      case when not f.is_pending or r.phase = 'post' then 'posted' when r.phase = 'void' then 'voided' else 'pending' end status,
      f.created_at, case when f.is_pending then r.created_at else f.created_at end resolved_at
    from ledger_entries f
    left join ledger_entries r on r.transfer_id = f.transfer_id and r.phase <> 'reserve' and r.is_pending
    where f.phase = 'reserve' or not f.is_pending;

create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger: % rows are immutable, % refused', tg_table_name, tg_op using errcode = '55000';
end $$;
create trigger ledger_entries_immutable before update or delete on ledger_entries
  for each row execute function ledger_refuse_change();
create trigger ledger_entries_not_truncated before truncate on ledger_entries
  for each statement execute function ledger_refuse_change();
create trigger ledger_checkpoints_immutable before update or delete on ledger_checkpoints
  for each row execute function ledger_refuse_change();
create trigger ledger_checkpoints_not_truncated before truncate on ledger_checkpoints
  for each statement execute function ledger_refuse_change();

-- A derived balance: its row at the latest checkpoint plus its legs after it, the block ranges
-- written since. With no statistics (PGlite never analyses) the planner could pick a full scan.
create function ledger_derived_balance(p_account_id bigint, out available_fen bigint, out pending_fen bigint)
language sql stable set enable_seqscan = off as $$
  with h as (
    select coalesce(max(entry_id), 0) entry_id from ledger_checkpoints
  ), c as (
    select available_fen, pending_fen from ledger_checkpoints
      where entry_id = (select entry_id from h) and account_id = p_account_id
  ), legs as (
    select debit_bucket bucket, -amount_fen amount from ledger_entries
      where id > (select entry_id from h) and debit_account_id = p_account_id
    union all
    select credit_bucket, amount_fen from ledger_entries
      where id > (select entry_id from h) and credit_account_id = p_account_id
  )
  select coalesce((select available_fen from c), 0) + coalesce(sum(amount) filter (where bucket = 'available'), 0),
      coalesce((select pending_fen from c), 0) + coalesce(sum(amount) filter (where bucket = 'pending'), 0)
    from legs
$$;

-- A new checkpoint of every derived account. The lock waits for the transactions writing entries
-- to end and holds new ones back, so every entry up to the horizon is committed and none below it
-- can appear later; it also runs checkpoints one at a time.
create function ledger_checkpoint(p_now timestamptz, out accounts integer, out horizon bigint)
language plpgsql set enable_seqscan = off as $$
declare
  v_previous bigint;
begin
  lock table ledger_entries in share row exclusive mode;
  select coalesce(max(entry_id), 0) into v_previous from ledger_checkpoints;
  -- The last id handed out (max(id) would scan the table): under the lock, no insert holds an id
  -- it has not written yet.
  horizon := coalesce(pg_sequence_last_value(pg_get_serial_sequence('ledger_entries', 'id')::regclass), 0);
  accounts := 0;
  if horizon = v_previous then
    return;
  end if;
  insert into ledger_checkpoints (entry_id, account_id, available_fen, pending_fen, created_at)
    select horizon, account_id, sum(available), sum(pending), p_now from (
      select account_id, available_fen available, pending_fen pending from ledger_checkpoints
        where entry_id = v_previous
      union all
      select leg.account_id,
          coalesce(sum(leg.amount) filter (where leg.bucket = 'available'), 0),
          coalesce(sum(leg.amount) filter (where leg.bucket = 'pending'), 0)
        from (select debit_account_id account_id, debit_bucket bucket, -amount_fen amount from ledger_entries
              where id > v_previous and id <= horizon and debit_balance_after_fen is null
            union all
            select credit_account_id, credit_bucket, amount_fen from ledger_entries
              where id > v_previous and id <= horizon and credit_balance_after_fen is null) leg
        group by leg.account_id
    ) s group by account_id;
  get diagnostics accounts = row_count;
  -- The block ranges filled since the last checkpoint get their bounds, so later reads skip them.
  perform brin_summarize_new_values('ledger_entries_id');
end $$;

-- One movement: 'created', 'exists' (the id is known) or 'insufficient'. Member balance rows are
-- updated first, the lower account id first, then the entry is inserted; a known id (its insert
-- conflicts) or a short member balance undoes this call's own updates, so a refusal leaves a
-- surrounding transaction usable. It answers one text value: on PGlite a composite result costs
-- a tenth of a movement.
create function ledger_transfer(
  p_id text, p_site_id integer, p_debit_id bigint, p_debit_is_member boolean,
  p_credit_id bigint, p_credit_is_member boolean, p_amount bigint, p_kind text, p_memo text,
  p_is_pending boolean, p_now timestamptz
) returns text language plpgsql as $$
declare
  -- A reservation touches only the debit row.
  v_is_credit_updated boolean := p_credit_is_member and not p_is_pending;
  v_is_credit_first boolean := v_is_credit_updated and (not p_debit_is_member or p_credit_id < p_debit_id);
  debit_available_fen bigint;
  debit_pending_fen bigint;
  credit_available_fen bigint;
begin
  if v_is_credit_first then
    update ledger_balances set available_fen = available_fen + p_amount where account_id = p_credit_id
      returning available_fen into credit_available_fen;
    if not found then
      raise exception 'ledger: member account % has no balance row', p_credit_id;
    end if;
  end if;
  if p_debit_is_member then
    update ledger_balances
      set available_fen = available_fen - p_amount,
          pending_fen = pending_fen + case when p_is_pending then p_amount else 0 end
      where account_id = p_debit_id and available_fen >= p_amount
      returning available_fen, pending_fen into debit_available_fen, debit_pending_fen;
    if not found then
      if not exists (select 1 from ledger_balances where account_id = p_debit_id) then
        raise exception 'ledger: member account % has no balance row', p_debit_id;
      end if;
      if v_is_credit_first then
        update ledger_balances set available_fen = available_fen - p_amount where account_id = p_credit_id;
      end if;
      -- A replay of a movement that spent the balance answers as a replay, not as a refusal.
      return case when exists (select 1 from ledger_entries
          where transfer_id = p_id and (phase = 'reserve' or not is_pending)) then 'exists' else 'insufficient' end;
    end if;
  end if;
  if v_is_credit_updated and not v_is_credit_first then
    update ledger_balances set available_fen = available_fen + p_amount where account_id = p_credit_id
      returning available_fen into credit_available_fen;
    if not found then
      raise exception 'ledger: member account % has no balance row', p_credit_id;
    end if;
  end if;
  insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
      debit_account_id, debit_bucket, debit_balance_after_fen, credit_account_id, credit_bucket,
      credit_balance_after_fen, amount_fen, created_at)
    values (p_id, case when p_is_pending then 'reserve' else 'post' end, p_is_pending, p_site_id, p_kind, p_memo,
      p_credit_id, p_debit_id, 'available', debit_available_fen,
      case when p_is_pending then p_debit_id else p_credit_id end,
      case when p_is_pending then 'pending' else 'available' end,
      case when p_is_pending then debit_pending_fen else credit_available_fen end, p_amount, p_now)
    on conflict (transfer_id) where phase = 'reserve' or not is_pending do nothing;
  if not found then
    if p_debit_is_member then
      update ledger_balances
        set available_fen = available_fen + p_amount,
            pending_fen = pending_fen - case when p_is_pending then p_amount else 0 end
        where account_id = p_debit_id;
    end if;
    if v_is_credit_updated then
      update ledger_balances set available_fen = available_fen - p_amount where account_id = p_credit_id;
    end if;
    return 'exists';
  end if;
  return 'created';
end $$;

-- Posts or voids a reservation. Locking its first row makes concurrent resolutions of one
-- transfer run one at a time; the second then finds the first's row and answers its status.
create function ledger_resolve(p_id text, p_action text, p_now timestamptz) returns text
language plpgsql as $$
declare
  f ledger_entries%rowtype;
  v_resolved text;
  v_debit_is_member boolean;
  v_credit_is_member boolean;
  v_debit_available bigint;
  v_debit_pending bigint;
  v_credit_available bigint;
begin
  select * into f from ledger_entries where transfer_id = p_id and (phase = 'reserve' or not is_pending)
    for no key update;
  if not found then
    return 'missing';
  end if;
  if not f.is_pending then
    return 'posted';
  end if;
  select phase into v_resolved from ledger_entries where transfer_id = p_id and phase <> 'reserve' and is_pending;
  if found then
    return case v_resolved when 'post' then 'posted' else 'voided' end;
  end if;
  select not may_go_negative into v_debit_is_member from ledger_accounts where id = f.debit_account_id;
  if p_action = 'void' then
    if v_debit_is_member then
      update ledger_balances
        set pending_fen = pending_fen - f.amount_fen, available_fen = available_fen + f.amount_fen
        where account_id = f.debit_account_id
        returning pending_fen, available_fen into v_debit_pending, v_debit_available;
    end if;
    insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
        debit_account_id, debit_bucket, debit_balance_after_fen, credit_account_id, credit_bucket,
        credit_balance_after_fen, amount_fen, created_at)
      values (p_id, 'void', true, f.site_id, f.kind, f.memo, f.payee_account_id, f.debit_account_id, 'pending',
        v_debit_pending, f.debit_account_id, 'available', v_debit_available, f.amount_fen, p_now);
  else
    select not may_go_negative into v_credit_is_member from ledger_accounts where id = f.payee_account_id;
    if v_credit_is_member and f.payee_account_id < f.debit_account_id then
      update ledger_balances set available_fen = available_fen + f.amount_fen where account_id = f.payee_account_id
        returning available_fen into v_credit_available;
    end if;
    if v_debit_is_member then
      update ledger_balances set pending_fen = pending_fen - f.amount_fen where account_id = f.debit_account_id
        returning pending_fen into v_debit_pending;
    end if;
    if v_credit_is_member and f.payee_account_id > f.debit_account_id then
      update ledger_balances set available_fen = available_fen + f.amount_fen where account_id = f.payee_account_id
        returning available_fen into v_credit_available;
    end if;
    insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
        debit_account_id, debit_bucket, debit_balance_after_fen, credit_account_id, credit_bucket,
        credit_balance_after_fen, amount_fen, created_at)
      values (p_id, 'post', true, f.site_id, f.kind, f.memo, f.payee_account_id, f.debit_account_id, 'pending',
        v_debit_pending, f.payee_account_id, 'available', v_credit_available, f.amount_fen, p_now);
  end if;
  return 'done';
end $$;
`,
};

/**
 * A member account's available balance as the calling statement sees it, its own movements
 * included: with `ledger_transfer` and `ledger_resolve`, the ledger's interface for another
 * domain's SQL function that moves money and answers the balance in the same statement.
 */
export const ledgerMemberAvailableMigration = {
  id: '0028_ledger_member_available',
  sql: `
-- plpgsql keeps the query's plan for the session; PostgreSQL before 18 plans a SQL function's body on each call.
create function ledger_member_available(p_account_id bigint) returns bigint
language plpgsql stable as $$
begin
  return (select available_fen from ledger_balances where account_id = p_account_id);
end $$;
`,
};

/**
 * The ledger's interface for settling a batch in one statement (the seamless wallet's batch
 * credit), set-based where `ledger_resolve` and `ledger_transfer` go one movement at a time:
 * - `ledger_settle_many(moves, now)`: each move, in its ordinal's order, posts (`post`) or voids
 *   (`void`) a pending reservation, or pays (`pay`) an amount from a derived account. Every member
 *   balance row is locked in account order first, updated once, and each entry gets its
 *   balance-after from the running sums of the moves before it, inserted in order so that the
 *   chains continue. A reservation missing or resolved already, or a payout id taken, raises:
 *   the caller settles only bets it closed in the same statement.
 * - `ledger_members_available(accounts)`: the members' available balances as the statement sees them.
 * The batch functions plan on the indexes only (`enable_seqscan = off`): plpgsql keeps a plan for
 * the session, and one made while the tables were small scans them whole once they are not.
 */
export const ledgerSettleManyMigration = {
  id: '0052_ledger_settle_many',
  sql: `
create function ledger_settle_many(p_moves jsonb, p_now timestamptz) returns void
language plpgsql set enable_seqscan = off as $$
begin
  if exists (select 1 from jsonb_to_recordset(p_moves) m(action text, id text)
      where m.action <> 'pay' and not exists (select 1 from ledger_entries f
        where f.transfer_id = m.id and (f.phase = 'reserve' or not f.is_pending) and f.is_pending
          and not exists (select 1 from ledger_entries r
            where r.transfer_id = m.id and r.phase <> 'reserve' and r.is_pending))) then
    raise exception 'ledger: a reservation to resolve is missing or resolved already';
  end if;
  perform 1 from ledger_balances where account_id in (
      select unnest(array[f.debit_account_id, f.payee_account_id]) from jsonb_to_recordset(p_moves) m(action text, id text)
        join ledger_entries f on f.transfer_id = m.id and (f.phase = 'reserve' or not f.is_pending)
        where m.action <> 'pay'
      union
      select unnest(array[m.debit_id, m.credit_id])
        from jsonb_to_recordset(p_moves) m(action text, debit_id int8, credit_id int8) where m.action = 'pay')
    order by account_id for no key update;
  with m as (
    select * from jsonb_to_recordset(p_moves) m(ordinal int4, action text, id text, site_id int4, debit_id int8,
      credit_id int8, amount int8, kind text, memo text)
  ), mv as (
    select m.ordinal, m.action, m.id, coalesce(f.site_id, m.site_id) site_id, coalesce(f.kind, m.kind) kind,
        coalesce(f.memo, m.memo) memo, coalesce(f.payee_account_id, m.credit_id) payee_id,
        coalesce(f.debit_account_id, m.debit_id) debit_id,
        case m.action when 'pay' then 'available' else 'pending' end debit_bucket,
        case m.action when 'pay' then m.credit_id when 'post' then f.payee_account_id else f.debit_account_id end credit_id,
        coalesce(f.amount_fen, m.amount) amount
      from m
      left join ledger_entries f on m.action <> 'pay' and f.transfer_id = m.id
        and (f.phase = 'reserve' or not f.is_pending)
  ), legs as (
    select l.* from (
        select ordinal, 0 side, debit_id account_id, debit_bucket bucket, -amount delta from mv
        union all
        select ordinal, 1, credit_id, 'available', amount from mv
      ) l
      join ledger_accounts a on a.id = l.account_id and not a.may_go_negative
  ), moved as (
    update ledger_balances b
      set available_fen = b.available_fen + s.available, pending_fen = b.pending_fen + s.pending
      from (select account_id, coalesce(sum(delta) filter (where bucket = 'available'), 0) available,
            coalesce(sum(delta) filter (where bucket = 'pending'), 0) pending
          from legs group by account_id) s
      where b.account_id = s.account_id
      returning b.account_id, b.available_fen, b.pending_fen
  ), after as (
    select l.ordinal, l.side,
        case l.bucket when 'available' then moved.available_fen else moved.pending_fen end
          - coalesce(sum(l.delta) over (partition by l.account_id, l.bucket order by l.ordinal, l.side
              rows between 1 following and unbounded following), 0) balance_after
      from legs l join moved using (account_id)
  )
  insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
      debit_account_id, debit_bucket, debit_balance_after_fen, credit_account_id, credit_bucket,
      credit_balance_after_fen, amount_fen, created_at)
    select mv.id, case mv.action when 'void' then 'void' else 'post' end, mv.action <> 'pay', mv.site_id, mv.kind,
        mv.memo, mv.payee_id, mv.debit_id, mv.debit_bucket, d.balance_after, mv.credit_id, 'available',
        c.balance_after, mv.amount, p_now
      from mv
      left join after d on d.ordinal = mv.ordinal and d.side = 0
      left join after c on c.ordinal = mv.ordinal and c.side = 1
      order by mv.ordinal;
end $$;

create function ledger_members_available(p_account_ids bigint[])
returns table (account_id bigint, available_fen bigint) language sql stable as $$
  select account_id, available_fen from ledger_balances where account_id = any(p_account_ids)
$$;
`,
};
