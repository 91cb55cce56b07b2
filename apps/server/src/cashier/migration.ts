/**
 * Cashier: deposit channels and orders, withdrawal accounts and orders, funds passwords, the
 * turnover audit and the operator action log. Money columns are int8 fen. Every movement of
 * money itself is a ledger transfer whose id derives from the order number, so the order row
 * and the ledger agree by construction; the checks below keep the order rows themselves sane.
 * Channels for the demo site 9001 are seeded here (no foreign key to sites: seeding runs later).
 */
export const cashierMigration = {
  id: '0005_cashier',
  sql: `
create table cashier_deposit_channels (
  id integer generated always as identity primary key,
  site_id integer not null check (site_id > 0),
  code text not null check (code ~ '^[a-z0-9_]{1,32}$'),
  name text not null check (length(name) between 1 and 40),
  kind text not null check (kind in ('bank', 'gateway')),
  pay_group text not null check (pay_group in ('bank', 'alipay', 'wechat', 'ebpay', 'koipay', 'usdt')),
  tag text not null default '',
  min_fen bigint not null check (min_fen > 0),
  max_fen bigint not null,
  sort integer not null default 0,
  is_enabled boolean not null default true,
  bank_name text not null default '',
  bank_account_name text not null default '',
  bank_account_number text not null default '',
  unique (site_id, code),
  check (max_fen >= min_fen),
  check ((kind = 'bank') = (bank_account_number <> ''))
);

insert into cashier_deposit_channels
  (site_id, code, name, kind, pay_group, tag, min_fen, max_fen, sort,
   bank_name, bank_account_name, bank_account_number)
values
  (9001, 'bank_transfer', '银行卡转账', 'bank', 'bank', '推荐', 10000, 50000000, 1,
   '中国工商银行', '沙盒收款账户', '6222020000000000000'),
  (9001, 'sandbox_alipay', '支付宝', 'gateway', 'alipay', '热', 5000, 2000000, 2, '', '', ''),
  (9001, 'sandbox_wechat', '微信支付', 'gateway', 'wechat', '', 5000, 2000000, 3, '', '', ''),
  (9001, 'sandbox_ebpay', 'EBpay', 'gateway', 'ebpay', '', 10000, 5000000, 4, '', '', ''),
  (9001, 'sandbox_koipay', 'KOIpay', 'gateway', 'koipay', '', 10000, 5000000, 5, '', '', ''),
  (9001, 'sandbox_usdt', 'USDT (TRC20)', 'gateway', 'usdt', '返利1%', 10000, 100000000, 6, '', '', '');

create table cashier_deposit_orders (
  id bigint generated always as identity primary key,
  order_no text not null unique check (order_no ~ '^D[0-9A-Za-z]{10,40}$'),
  client_order_id text not null,
  site_id integer not null references sites (id),
  member_id bigint not null references members (id),
  channel_id integer not null references cashier_deposit_channels (id),
  amount_fen bigint not null check (amount_fen > 0),
  depositor_name text not null default '',
  status text not null check (status in ('pending', 'paid', 'rejected', 'expired')),
  reason text not null default '',
  created_at timestamptz not null,
  expires_at timestamptz not null,
  resolved_at timestamptz,
  unique (member_id, client_order_id),
  check ((status = 'pending') = (resolved_at is null)),
  check (expires_at > created_at)
);
create index cashier_deposit_orders_member on cashier_deposit_orders (member_id, id desc);
create index cashier_deposit_orders_site on cashier_deposit_orders (site_id, status, id desc);

create table cashier_member_settings (
  member_id bigint primary key references members (id),
  site_id integer not null references sites (id),
  funds_password_hash text check (funds_password_hash is null or funds_password_hash like '$argon2id$%'),
  is_auto_transfer boolean not null default false,
  funds_password_failures integer not null default 0 check (funds_password_failures >= 0),
  funds_password_locked_until timestamptz,
  updated_at timestamptz not null
);

create table cashier_withdraw_accounts (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  member_id bigint not null references members (id),
  kind text not null check (kind in ('bank', 'alipay', 'wechat', 'ebpay', 'koipay', 'usdt_trc20', 'usdt_erc20')),
  bank_code text check ((kind = 'bank') = (bank_code is not null)),
  holder_name text not null check (length(holder_name) between 1 and 32),
  account_number text not null check (length(account_number) between 1 and 64),
  is_deleted boolean not null default false,
  created_at timestamptz not null
);
create unique index cashier_withdraw_accounts_unique
  on cashier_withdraw_accounts (member_id, kind, account_number) where not is_deleted;

create table cashier_withdraw_orders (
  id bigint generated always as identity primary key,
  order_no text not null unique check (order_no ~ '^W[0-9A-Za-z]{10,40}$'),
  request_id text not null,
  site_id integer not null references sites (id),
  member_id bigint not null references members (id),
  amount_fen bigint not null check (amount_fen > 0),
  account_id bigint not null references cashier_withdraw_accounts (id),
  account_kind text not null,
  account_label text not null,
  holder_name text not null,
  account_number text not null,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  reason text not null default '',
  created_at timestamptz not null,
  reviewed_at timestamptz,
  unique (member_id, request_id),
  check ((status = 'pending') = (reviewed_at is null))
);
create index cashier_withdraw_orders_member on cashier_withdraw_orders (member_id, id desc);
create index cashier_withdraw_orders_site on cashier_withdraw_orders (site_id, status, id desc);

create table cashier_turnover_requirements (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  member_id bigint not null references members (id),
  source text not null check (source in ('deposit', 'bonus', 'adjustment')),
  source_ref text not null,
  required_fen bigint not null check (required_fen >= 0),
  completed_fen bigint not null default 0 check (completed_fen >= 0 and completed_fen <= required_fen),
  created_at timestamptz not null,
  unique (source, source_ref)
);
create index cashier_turnover_open on cashier_turnover_requirements (member_id, id)
  where completed_fen < required_fen;

create table cashier_operator_actions (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  operator_id bigint not null,
  operator_username text not null,
  action text not null check (action in (
    'deposit_confirm', 'deposit_reject', 'withdraw_approve', 'withdraw_reject', 'adjustment'
  )),
  target text not null,
  member_id bigint references members (id),
  amount_fen bigint not null,
  reason text not null default '',
  created_at timestamptz not null
);
create index cashier_operator_actions_site on cashier_operator_actions (site_id, id desc);
`,
} as const;

/**
 * Withdrawal fees (手续费): one rule per site, absent meaning free; each order keeps the fee it
 * was charged, so a later change of the rule never touches orders already placed. The fee is
 * part of `amount_fen` (the member is debited the amount, the payout is amount minus fee).
 */
export const cashierWithdrawFeeMigration = {
  id: '0009_cashier_withdraw_fee',
  sql: `
create table cashier_withdraw_fee_rules (
  site_id integer primary key references sites (id),
  rate_bps integer not null check (rate_bps between 0 and 10000),
  fixed_fen bigint not null check (fixed_fen >= 0),
  cap_fen bigint not null check (cap_fen >= 0),
  updated_at timestamptz not null
);

alter table cashier_withdraw_orders
  add column fee_fen bigint not null default 0 check (fee_fen >= 0),
  add constraint cashier_withdraw_orders_fee_below_amount check (fee_fen < amount_fen);

alter table cashier_operator_actions drop constraint cashier_operator_actions_action_check;
alter table cashier_operator_actions add constraint cashier_operator_actions_action_check check (action in (
  'deposit_confirm', 'deposit_reject', 'withdraw_approve', 'withdraw_reject', 'adjustment', 'withdraw_fee_set'
));
`,
} as const;

/**
 * One reviewer per withdrawal at a time: a staff member takes the order for a few minutes while
 * checking it, and whoever decides is recorded. Another reviewer is refused with the holder's name.
 */
export const cashierWithdrawReviewMigration = {
  id: '0017_cashier_withdraw_review',
  sql: `
alter table cashier_withdraw_orders
  add column reviewer_operator_id bigint references operators (id),
  add column reviewer_username text,
  add column review_locked_until timestamptz,
  add constraint cashier_withdraw_orders_reviewer check ((reviewer_operator_id is null) = (reviewer_username is null));
`,
} as const;

/**
 * Four eyes on large adjustments: above the site's threshold (absent: the default in
 * adjustments.ts) an adjustment waits as a request until another staff member approves or rejects
 * it; only then does money move.
 */
export const cashierAdjustmentApprovalMigration = {
  id: '0018_cashier_adjustment_approval',
  sql: `
create table cashier_adjustment_rules (
  site_id integer primary key references sites (id),
  approval_threshold_fen bigint not null check (approval_threshold_fen >= 0),
  updated_at timestamptz not null
);

create table cashier_adjustment_requests (
  id bigint generated always as identity primary key,
  site_id integer not null references sites (id),
  adjustment_id text not null check (adjustment_id ~ '^[A-Za-z0-9_:.-]{1,64}$'),
  member_id bigint not null references members (id),
  direction text not null check (direction in ('credit', 'debit')),
  wallet text not null check (wallet in ('main', 'bonus')),
  amount_fen bigint not null check (amount_fen > 0),
  turnover_multiple integer not null check (turnover_multiple between 0 and 50),
  reason text not null check (length(reason) between 1 and 200),
  requested_by_id bigint not null references operators (id),
  requested_by_username text not null,
  requested_at timestamptz not null,
  status text not null check (status in ('pending', 'approved', 'rejected')),
  decided_by_id bigint references operators (id),
  decided_by_username text,
  decided_at timestamptz,
  decision_reason text not null default '' check (length(decision_reason) <= 200),
  unique (site_id, adjustment_id),
  check ((status = 'pending') = (decided_at is null)),
  check ((decided_by_id is null) = (decided_at is null)),
  check (decided_by_id is null or decided_by_id <> requested_by_id)
);
create index cashier_adjustment_requests_pending on cashier_adjustment_requests (site_id, id desc)
  where status = 'pending';
`,
} as const;

/** Risk staff find the members who bound the same payout account number. */
export const cashierWithdrawAccountNumberIndexMigration = {
  id: '0020_cashier_withdraw_account_number_index',
  sql: `
create index cashier_withdraw_accounts_number on cashier_withdraw_accounts (site_id, account_number);
`,
} as const;

/** Reports sum a site's deposits by the day they were credited and withdrawals by the day approved. */
export const cashierReportDayIndexMigration = {
  id: '0021_cashier_report_day_indexes',
  sql: `
create index cashier_deposit_orders_paid_day on cashier_deposit_orders (site_id, resolved_at)
  where status = 'paid';
create index cashier_withdraw_orders_approved_day on cashier_withdraw_orders (site_id, reviewed_at)
  where status = 'approved';
`,
} as const;

/**
 * The turnover audit's interface to the database: a settled bet's valid turnover fills the
 * member's open requirements oldest first. The bets domain's settlement (`bet_close`) calls it in
 * the statement that settles the bet, so nothing outside the cashier writes these rows. The rows it
 * fills are locked in id order, so two settlements of one member take turns.
 */
export const cashierCountValidBetMigration = {
  id: '0027_cashier_count_valid_bet',
  sql: `
create function cashier_count_valid_bet(p_member_id bigint, p_amount bigint) returns void
language plpgsql as $$
declare
  r record;
  v_left bigint := p_amount;
  v_taken bigint;
begin
  if p_amount <= 0 then
    raise exception 'cashier: valid bet of % fen is not positive', p_amount;
  end if;
  for r in select id, required_fen, completed_fen from cashier_turnover_requirements
      where member_id = p_member_id and completed_fen < required_fen order by id for update loop
    v_taken := least(v_left, r.required_fen - r.completed_fen);
    update cashier_turnover_requirements set completed_fen = completed_fen + v_taken where id = r.id;
    v_left := v_left - v_taken;
    exit when v_left = 0;
  end loop;
end $$;
`,
} as const;

/**
 * The turnover audit's count of many settled bets at once (`bet_close_many`): each member's valid
 * turnover summed, counted as `cashier_count_valid_bet` counts it, members in id order. Only the
 * members with an open requirement are visited, so a batch of bets from members without one costs
 * one lookup.
 */
export const cashierCountValidBetsMigration = {
  id: '0050_cashier_count_valid_bets',
  sql: `
create function cashier_count_valid_bets(p_member_ids bigint[], p_amounts bigint[]) returns void
language plpgsql set enable_seqscan = off as $$
declare
  r record;
begin
  for r in select b.member_id, sum(b.amount)::int8 amount
      from unnest(p_member_ids, p_amounts) b(member_id, amount)
      where b.amount > 0 and exists (select 1 from cashier_turnover_requirements t
        where t.member_id = b.member_id and t.completed_fen < t.required_fen)
      group by b.member_id order by b.member_id loop
    perform cashier_count_valid_bet(r.member_id, r.amount);
  end loop;
end $$;
`,
} as const;
