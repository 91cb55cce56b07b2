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

/**
 * Each wallet call is one statement: a SQL function of the wallet that writes its own row and
 * reaches the other domains only through their SQL functions (the ledger's `ledger_transfer`,
 * `ledger_resolve` and `ledger_member_available`; the bets' `bet_place` and `bet_close`, which
 * counts valid turnover through the cashier's `cashier_count_valid_bet`). The statement is its
 * transaction, so a call that refuses or fails leaves nothing behind. Each answers the call's
 * answer as JSON text, or a word for a refusal:
 * - `conflict`: the transaction id was taken by another request;
 * - `cancelled`: a debit whose rollback came first (its tombstone bars it for good);
 * - `insufficient`: the member cannot cover the stake (nothing moved);
 * - `bet_taken`: another debit has this bet id;
 * - `bet_cancelled`, `bet_settled`: the bet was closed by a call that this one does not repeat;
 * - `unknown_debit`: a rollback naming a transaction that is no debit;
 * - `debit_arrived`: the debit a rollback names is recorded now; the caller reads it and calls again.
 * A different call taking the transaction id between the first look and the final insert raises a
 * serialization failure (40001): run again, the statement finds that call and answers from it.
 * The bet index loses its site and venue columns: without statistics (PGlite never analyses) the
 * planner took it for a lookup by transaction id, scanning every row of the venue; the console's
 * search by bet id still finds the few rows of a bet through it.
 */
export const seamlessCallsMigration = {
  id: '0030_seamless_calls',
  sql: `
drop index seamless_transactions_bet;
create index seamless_transactions_bet on seamless_transactions (bet_id);

-- A call's answer with the contract's fields in order; the balance in yuan as formatFen spells it
-- (a member's available balance is never negative).
create function seamless_answer(p_transaction_id text, p_balance bigint, p_bet_id text, p_bet_status text)
returns text language sql immutable as $$
  select json_build_object('transactionId', p_transaction_id,
    'balance', (p_balance / 100)::text || '.' || lpad((p_balance % 100)::text, 2, '0'),
    'betId', p_bet_id, 'betStatus', p_bet_status)::text
$$;

-- The first answer under this transaction id when this call repeats it (the replay is counted), null
-- when the id is free, or the refusal of a call the id does not belong to.
create function seamless_replay(p_site_id integer, p_venue_code text, p_transaction_id text, p_kind text,
  p_request_hash text, p_now timestamptz) returns text language plpgsql as $$
declare
  f seamless_transactions%rowtype;
begin
  select * into f from seamless_transactions
    where site_id = p_site_id and venue_code = p_venue_code and transaction_id = p_transaction_id;
  if not found then
    return null;
  end if;
  if f.kind = 'debit' and f.is_tombstone and p_kind = 'debit' then
    return 'cancelled';
  end if;
  if f.kind <> p_kind or f.request_hash <> p_request_hash then
    return 'conflict';
  end if;
  update seamless_transactions set replay_count = replay_count + 1, last_replayed_at = p_now where id = f.id;
  return f.answer::text;
end $$;

create function seamless_record(p_site_id integer, p_venue_code text, p_transaction_id text, p_kind text,
  p_ref_transaction_id text, p_bet_id text, p_member_id bigint, p_amount bigint, p_is_tombstone boolean,
  p_request_hash text, p_answer text, p_balance bigint, p_now timestamptz) returns void
language plpgsql as $$
begin
  insert into seamless_transactions (site_id, venue_code, transaction_id, kind, ref_transaction_id, bet_id,
      member_id, amount_fen, is_tombstone, request_hash, answer, balance_after_fen, created_at)
    values (p_site_id, p_venue_code, p_transaction_id, p_kind, p_ref_transaction_id, p_bet_id, p_member_id,
      p_amount, p_is_tombstone, p_request_hash, p_answer::json, p_balance, p_now)
    on conflict (site_id, venue_code, transaction_id) do nothing;
  if not found then
    raise exception 'seamless: transaction % was taken by a concurrent call', p_transaction_id
      using errcode = '40001';
  end if;
end $$;

-- A stake: reserved from the member's main account (a member account) to the venue's (derived),
-- the pending bet placed, the call recorded with the balance after it.
create function seamless_debit(
  p_site_id integer, p_venue_code text, p_transaction_id text, p_request_hash text, p_member_id bigint,
  p_member_account_id bigint, p_venue_account_id bigint, p_stake_transfer_id text, p_memo text,
  p_category text, p_game_code text, p_round_id text, p_bet_id text, p_amount bigint, p_odds_e4 integer,
  p_now timestamptz
) returns text language plpgsql as $$
declare
  v_answer text;
  v_outcome text;
  v_balance bigint;
begin
  v_answer := seamless_replay(p_site_id, p_venue_code, p_transaction_id, 'debit', p_request_hash, p_now);
  if v_answer is not null then
    return v_answer;
  end if;
  v_outcome := ledger_transfer(p_stake_transfer_id, p_site_id, p_member_account_id, true, p_venue_account_id,
    false, p_amount, 'bet', p_memo, true, p_now);
  if v_outcome = 'insufficient' then
    return 'insufficient';
  end if;
  if v_outcome = 'exists' then
    -- The bet's stake is reserved already: by this call, committed meanwhile, or by another debit of the bet.
    return coalesce(seamless_replay(p_site_id, p_venue_code, p_transaction_id, 'debit', p_request_hash, p_now),
      'bet_taken');
  end if;
  if not bet_place(p_site_id, p_venue_code, p_category, p_game_code, p_round_id, p_bet_id, p_member_id, p_amount,
      p_odds_e4, p_now) then
    raise exception 'seamless: bet % exists without its stake', p_bet_id;
  end if;
  v_balance := ledger_member_available(p_member_account_id);
  v_answer := seamless_answer(p_transaction_id, v_balance, p_bet_id, 'pending');
  perform seamless_record(p_site_id, p_venue_code, p_transaction_id, 'debit', null, p_bet_id, p_member_id, p_amount,
    false, p_request_hash, v_answer, v_balance, p_now);
  return v_answer;
end $$;

-- A bet closed by a call that is not this one: its replay answers again, else the bet as it stands refuses.
create function seamless_closed_bet(p_site_id integer, p_venue_code text, p_transaction_id text, p_kind text,
  p_request_hash text, p_bet_status text, p_now timestamptz) returns text language plpgsql as $$
begin
  if p_bet_status is null or p_bet_status = 'pending' then
    raise exception 'seamless: bet of transaction % is %', p_transaction_id, coalesce(p_bet_status, 'missing');
  end if;
  return coalesce(seamless_replay(p_site_id, p_venue_code, p_transaction_id, p_kind, p_request_hash, p_now),
    case p_bet_status when 'cancelled' then 'bet_cancelled' else 'bet_settled' end);
end $$;

-- A settlement (post the stake, pay the payout) or a void (the stake back) of a pending bet, with
-- the status, payout and valid turnover the caller computed from the bet.
create function seamless_credit(
  p_site_id integer, p_venue_code text, p_transaction_id text, p_request_hash text, p_member_id bigint,
  p_member_account_id bigint, p_venue_account_id bigint, p_bet_id text, p_stake_transfer_id text,
  p_payout_transfer_id text, p_memo text, p_status text, p_payout bigint, p_valid bigint, p_now timestamptz
) returns text language plpgsql as $$
declare
  v_answer text;
  v_outcome text;
  v_balance bigint;
begin
  v_answer := seamless_replay(p_site_id, p_venue_code, p_transaction_id, 'credit', p_request_hash, p_now);
  if v_answer is not null then
    return v_answer;
  end if;
  v_outcome := bet_close(p_site_id, p_venue_code, p_bet_id, p_status, p_payout, p_valid, p_now);
  if v_outcome is distinct from 'closed' then
    return seamless_closed_bet(p_site_id, p_venue_code, p_transaction_id, 'credit', p_request_hash, v_outcome,
      p_now);
  end if;
  v_outcome := ledger_resolve(p_stake_transfer_id, case when p_status = 'void' then 'void' else 'post' end, p_now);
  if v_outcome <> 'done' then
    raise exception 'seamless: stake % of a pending bet answered %', p_stake_transfer_id, v_outcome;
  end if;
  if p_status <> 'void' and p_payout > 0 then
    v_outcome := ledger_transfer(p_payout_transfer_id, p_site_id, p_venue_account_id, false, p_member_account_id,
      true, p_payout, 'payout', p_memo, false, p_now);
    if v_outcome <> 'created' then
      raise exception 'seamless: payout % of a pending bet answered %', p_payout_transfer_id, v_outcome;
    end if;
  end if;
  v_balance := ledger_member_available(p_member_account_id);
  v_answer := seamless_answer(p_transaction_id, v_balance, p_bet_id, p_status);
  perform seamless_record(p_site_id, p_venue_code, p_transaction_id, 'credit', null, p_bet_id, p_member_id,
    p_payout, false, p_request_hash, v_answer, v_balance, p_now);
  return v_answer;
end $$;

-- A rollback of a recorded debit voids its stake and cancels its bet. The caller read the debit
-- first and names its bet and member account; a debit it did not see answers 'debit_arrived'. A
-- rollback of a debit never seen is recorded, with a tombstone under the debit's id that bars it.
create function seamless_rollback(
  p_site_id integer, p_venue_code text, p_transaction_id text, p_debit_transaction_id text,
  p_request_hash text, p_bet_id text, p_member_account_id bigint, p_stake_transfer_id text, p_now timestamptz
) returns text language plpgsql as $$
declare
  d seamless_transactions%rowtype;
  v_is_debit_known boolean;
  v_answer text;
  v_outcome text;
  v_balance bigint;
begin
  v_answer := seamless_replay(p_site_id, p_venue_code, p_transaction_id, 'rollback', p_request_hash, p_now);
  if v_answer is not null then
    return v_answer;
  end if;
  select * into d from seamless_transactions
    where site_id = p_site_id and venue_code = p_venue_code and transaction_id = p_debit_transaction_id;
  v_is_debit_known := found;
  if v_is_debit_known and d.kind <> 'debit' then
    return 'unknown_debit';
  end if;
  if v_is_debit_known and not d.is_tombstone then
    if p_bet_id is distinct from d.bet_id then
      return 'debit_arrived';
    end if;
    v_outcome := bet_close(p_site_id, p_venue_code, d.bet_id, 'cancelled', d.amount_fen, 0, p_now);
    if v_outcome is distinct from 'closed' then
      return seamless_closed_bet(p_site_id, p_venue_code, p_transaction_id, 'rollback', p_request_hash,
        v_outcome, p_now);
    end if;
    v_outcome := ledger_resolve(p_stake_transfer_id, 'void', p_now);
    if v_outcome <> 'done' then
      raise exception 'seamless: stake % of a pending bet answered %', p_stake_transfer_id, v_outcome;
    end if;
    v_balance := ledger_member_available(p_member_account_id);
    v_answer := seamless_answer(p_transaction_id, v_balance, d.bet_id, 'cancelled');
    perform seamless_record(p_site_id, p_venue_code, p_transaction_id, 'rollback', p_debit_transaction_id,
      d.bet_id, d.member_id, d.amount_fen, false, p_request_hash, v_answer, v_balance, p_now);
    return v_answer;
  end if;
  v_answer := seamless_answer(p_transaction_id, null, null, null);
  perform seamless_record(p_site_id, p_venue_code, p_transaction_id, 'rollback', p_debit_transaction_id, null,
    null, 0, true, p_request_hash, v_answer, null, p_now);
  if not v_is_debit_known then
    -- No tombstone yet: bar the debit. A debit taking its id first makes this raise 40001, and the
    -- statement run again rolls that debit back.
    perform seamless_record(p_site_id, p_venue_code, p_debit_transaction_id, 'debit', null, null, null, 0, true,
      '', '{}', null, p_now);
  end if;
  return v_answer;
end $$;
`,
};

/**
 * `seamless_credit_many`: many credits in one statement, each answered as `seamless_credit`
 * answers it, for an engine settling a round or a draw. The calls whose transaction id is free
 * and whose bet is still pending are made set-based: their bets closed by `bet_close_many`, their
 * stakes and payouts moved by `ledger_settle_many`, their records written by one insert, each
 * answering the member's balance after its own movements. Every other call (a replay, a conflict,
 * a bet closed already or named twice) goes through `seamless_credit` after them, in order.
 */
export const seamlessCreditManyMigration = {
  id: '0053_seamless_credit_many',
  sql: `
create function seamless_credit_many(p_calls jsonb, p_now timestamptz)
returns table (call_position int4, answer text) language plpgsql set enable_seqscan = off as $$
#variable_conflict use_column
declare
  v_fresh jsonb;
  v_closed int4[];
  v_answered integer;
  c record;
begin
  select coalesce(jsonb_agg(f.call), '[]') into v_fresh from (
    select distinct on (e.call->>'site_id', e.call->>'venue_code', e.call->>'transaction_id') e.call
      from jsonb_array_elements(p_calls) e(call)
      where not exists (select 1 from seamless_transactions t
        where t.site_id = (e.call->>'site_id')::int4 and t.venue_code = e.call->>'venue_code'
          and t.transaction_id = e.call->>'transaction_id')
      order by e.call->>'site_id', e.call->>'venue_code', e.call->>'transaction_id', (e.call->>'position')::int4
  ) f;
  select coalesce(array_agg(closed_position), '{}') into v_closed from bet_close_many(v_fresh, p_now);
  if cardinality(v_closed) > 0 then
    perform ledger_settle_many((
      select jsonb_agg(move) from (
        select jsonb_build_object('ordinal', k.position * 2, 'id', k.stake_transfer_id,
            'action', case when k.status = 'void' then 'void' else 'post' end) move
          from jsonb_to_recordset(v_fresh) k(position int4, stake_transfer_id text, status text)
          where k.position = any(v_closed)
        union all
        select jsonb_build_object('ordinal', k.position * 2 + 1, 'id', k.payout_transfer_id, 'action', 'pay',
            'site_id', k.site_id, 'debit_id', k.venue_account_id, 'credit_id', k.member_account_id,
            'amount', k.payout, 'kind', 'payout', 'memo', k.memo)
          from jsonb_to_recordset(v_fresh) k(position int4, site_id int4, venue_account_id int8,
            member_account_id int8, payout_transfer_id text, memo text, status text, payout int8)
          where k.position = any(v_closed) and k.status <> 'void' and k.payout > 0
      ) moves), p_now);
    -- A call's balance is the member's after the batch less what the member's later calls paid in
    -- (a void's stake back, a settlement's payout: the payout either way).
    return query
      with k as (
        select * from jsonb_to_recordset(v_fresh) k(position int4, site_id int4, venue_code text,
            transaction_id text, request_hash text, member_id int8, member_account_id int8, bet_id text,
            status text, payout int8)
          where k.position = any(v_closed)
      ), balanced as (
        select k.*, (a.available_fen - coalesce(sum(k.payout) over (partition by k.member_account_id
            order by k.position rows between 1 following and unbounded following), 0))::int8 balance
          from k join ledger_members_available((select array_agg(distinct member_account_id) from k)) a
            on a.account_id = k.member_account_id
      ), recorded as (
        insert into seamless_transactions (site_id, venue_code, transaction_id, kind, ref_transaction_id, bet_id,
            member_id, amount_fen, is_tombstone, request_hash, answer, balance_after_fen, created_at)
          select site_id, venue_code, transaction_id, 'credit', null, bet_id, member_id, payout, false, request_hash,
              seamless_answer(transaction_id, balance, bet_id, status)::json, balance, p_now
            from balanced
          on conflict (site_id, venue_code, transaction_id) do nothing
          returning site_id, venue_code, transaction_id, answer
      )
      select k.position, r.answer::text from recorded r join k using (site_id, venue_code, transaction_id);
    get diagnostics v_answered = row_count;
    if v_answered <> cardinality(v_closed) then
      raise exception 'seamless: a transaction of the batch was taken by a concurrent call' using errcode = '40001';
    end if;
  end if;
  for c in select * from jsonb_to_recordset(p_calls) k(position int4, site_id int4, venue_code text,
        transaction_id text, request_hash text, member_id int8, member_account_id int8, venue_account_id int8,
        bet_id text, stake_transfer_id text, payout_transfer_id text, memo text, status text, payout int8,
        valid int8)
      where not (k.position = any(v_closed)) order by k.position loop
    call_position := c.position;
    answer := seamless_credit(c.site_id, c.venue_code, c.transaction_id, c.request_hash, c.member_id,
      c.member_account_id, c.venue_account_id, c.bet_id, c.stake_transfer_id, c.payout_transfer_id, c.memo,
      c.status, c.payout, c.valid, p_now);
    return next;
  end loop;
end $$;
`,
};
