import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface KindTotal {
  kind: string;
  accounts: bigint;
  availableFen: bigint;
  pendingFen: bigint;
}

export interface StatusTotal {
  status: string;
  transfers: bigint;
  amountFen: bigint;
}

/** The invariants `reconcileLedger` checks by query, each named by a stable id. */
export type ReconcileCheck =
  | 'balances_in_bounds'
  | 'balance_rows'
  | 'member_balances_match_entries'
  | 'checkpoints_match_entries'
  | 'latest_checkpoint_complete'
  | 'balance_after_chains'
  | 'transfer_entries'
  | 'entries_well_formed'
  | 'entry_legs_follow_phase'
  | 'resolutions_repeat_transfer'
  | 'pending_matches_reservations'
  | 'entry_accounts_of_site';

/** An invariant some rows break. */
export interface ReconcileFailure {
  check: ReconcileCheck;
  rows: bigint;
}

export interface ReconcileReport {
  kinds: KindTotal[];
  statuses: StatusTotal[];
  entries: bigint;
  /** Available plus pending over every account: zero in a sound ledger. */
  grandTotalFen: bigint;
  /** One line per broken invariant; empty when the ledger reconciles. */
  problems: string[];
  /** The invariant checks some rows break, as `problems` names them. */
  failures: ReconcileFailure[];
}

/**
 * What a reconcile covers: the whole ledger, or one site's accounts and entries (every entry moves
 * money between accounts of its own site, so a site's balances sum to zero on their own).
 */
export interface ReconcileScope {
  siteId?: number | undefined;
}

/** Each entry row as its two legs, one per account and bucket, the debit leg negated. */
const legs = `(select id, debit_account_id account_id, debit_bucket bucket, -amount_fen amount_fen,
      debit_balance_after_fen balance_after_fen from ledger_entries
    union all
    select id, credit_account_id, credit_bucket, amount_fen, credit_balance_after_fen from ledger_entries)`;

/** Every account's balance: its row for members, the sum of its legs for derived accounts. */
const balances = `(select a.id account_id, a.kind, a.may_go_negative,
      case when a.may_go_negative then coalesce(l.available, 0) else b.available_fen end available_fen,
      case when a.may_go_negative then coalesce(l.pending, 0) else b.pending_fen end pending_fen
    from ledger_accounts a
    left join ledger_balances b on b.account_id = a.id
    left join (select account_id, sum(amount_fen) filter (where bucket = 'available') available,
        sum(amount_fen) filter (where bucket = 'pending') pending
      from ${legs} leg group by 1) l on l.account_id = a.id)`;

/** The first entry of each transfer: its reservation, or its only row. */
const firsts = `(select * from ledger_entries where phase = 'reserve' or not is_pending)`;

/**
 * Every ledger invariant, each as a query counting the rows that break it, over the whole
 * database in one snapshot (repeatable read), so it may run while transfers go on. That each
 * movement balances needs no query: an entry row carries one amount for both of its legs.
 */
const checks: ReadonlyArray<{ id: ReconcileCheck; invariant: string; query: string }> = [
  {
    id: 'balances_in_bounds',
    invariant: 'member balances are never negative, pending never anywhere',
    query: `select count(*) from ${balances} b
      where b.pending_fen < 0 or (not b.may_go_negative and b.available_fen < 0)`,
  },
  {
    id: 'balance_rows',
    invariant: 'every member account has one balance row, no other account has one',
    query: `select count(*) from ledger_accounts a full join ledger_balances b on b.account_id = a.id
      where a.id is null or (b.account_id is null) <> a.may_go_negative`,
  },
  {
    id: 'member_balances_match_entries',
    invariant: 'every member balance row equals the sum of its entry legs',
    query: `select count(*) from ledger_balances b
      left join (select account_id,
          coalesce(sum(amount_fen) filter (where bucket = 'available'), 0) available,
          coalesce(sum(amount_fen) filter (where bucket = 'pending'), 0) pending
        from ${legs} leg group by 1) e using (account_id)
      where b.available_fen <> coalesce(e.available, 0) or b.pending_fen <> coalesce(e.pending, 0)`,
  },
  {
    id: 'checkpoints_match_entries',
    invariant: 'every checkpoint equals the sum of its derived account legs up to it',
    query: `select count(*) from (
        select is_checkpoint, available_fen, pending_fen,
          sum(leg_available) over running leg_available, sum(leg_pending) over running leg_pending
        from (select leg.account_id, leg.id position, false is_checkpoint, null::int8 available_fen,
              null::int8 pending_fen, case when bucket = 'available' then amount_fen else 0 end leg_available,
              case when bucket = 'pending' then amount_fen else 0 end leg_pending
            from ${legs} leg join ledger_accounts a on a.id = leg.account_id and a.may_go_negative
          union all
          select account_id, entry_id, true, available_fen, pending_fen, 0, 0 from ledger_checkpoints) marked
        window running as (partition by account_id order by position, is_checkpoint rows unbounded preceding)
      ) walk
      where is_checkpoint and (available_fen <> leg_available or pending_fen <> leg_pending)`,
  },
  {
    id: 'latest_checkpoint_complete',
    invariant: 'the latest checkpoint has a row for every derived account with legs up to it, and only those',
    query: `select count(*) from ledger_accounts a
      cross join (select coalesce(max(entry_id), 0) horizon from ledger_checkpoints) h
      left join ledger_checkpoints c on c.entry_id = h.horizon and c.account_id = a.id
      where (c.account_id is not null and not a.may_go_negative)
        or (c.account_id is null and a.may_go_negative and exists (select 1 from ${legs} leg
          where leg.account_id = a.id and leg.id <= h.horizon))`,
  },
  {
    id: 'balance_after_chains',
    invariant: 'member legs carry a balance-after continuing their account from zero, others none',
    query: `select count(*) from (select leg.balance_after_fen, a.may_go_negative,
        sum(leg.amount_fen) over (partition by leg.account_id, leg.bucket order by leg.id) running
        from ${legs} leg join ledger_accounts a on a.id = leg.account_id) chain
      where case when may_go_negative then balance_after_fen is not null
        else balance_after_fen is distinct from running end`,
  },
  {
    id: 'transfer_entries',
    invariant: 'every transfer has one first entry, and a resolution only if it reserved',
    query: `select count(*) from (select transfer_id,
          count(*) filter (where phase = 'reserve' or not is_pending) firsts,
          count(*) filter (where phase <> 'reserve' and is_pending) resolutions,
          count(*) filter (where phase = 'reserve') reserves
        from ledger_entries group by 1) t
      where firsts <> 1 or resolutions > reserves`,
  },
  {
    id: 'entries_well_formed',
    invariant: 'every entry is well formed: its id, kind and memo, its phase, payer and payee, its site',
    query: `select count(*) from ledger_entries
      where transfer_id !~ '^[A-Za-z0-9_:.-]{1,64}$' or kind !~ '^[a-z_]{1,32}$' or length(memo) > 200
        or phase not in ('reserve', 'post', 'void') or not (is_pending or phase = 'post')
        or debit_account_id = payee_account_id or site_id <= 0`,
  },
  {
    id: 'entry_legs_follow_phase',
    invariant: 'every entry moves the legs its phase names',
    query: `select count(*) from ledger_entries where not case phase
      when 'reserve' then debit_bucket = 'available' and credit_bucket = 'pending'
        and credit_account_id = debit_account_id
      when 'void' then debit_bucket = 'pending' and credit_bucket = 'available'
        and credit_account_id = debit_account_id
      else credit_bucket = 'available' and credit_account_id = payee_account_id
        and debit_bucket = case when is_pending then 'pending' else 'available' end end`,
  },
  {
    id: 'resolutions_repeat_transfer',
    invariant: 'every resolution repeats its transfer first entry',
    query: `select count(*) from ledger_entries r join ${firsts} f on f.transfer_id = r.transfer_id
      where r.phase <> 'reserve' and r.is_pending and (r.amount_fen, r.debit_account_id, r.payee_account_id,
        r.site_id, r.kind, r.memo) is distinct from (f.amount_fen, f.debit_account_id, f.payee_account_id,
        f.site_id, f.kind, f.memo)`,
  },
  {
    id: 'pending_matches_reservations',
    invariant: 'pending per account equals its open reservations',
    query: `select count(*) from ${balances} b
      left join (select f.debit_account_id account_id, sum(f.amount_fen) total from ${firsts} f
          where f.is_pending and not exists (select 1 from ledger_entries r
            where r.transfer_id = f.transfer_id and r.phase <> 'reserve')
          group by 1) p using (account_id)
      where b.pending_fen <> coalesce(p.total, 0)`,
  },
  {
    id: 'entry_accounts_of_site',
    invariant: 'entries name existing accounts of their own site',
    query: `select count(*) from ledger_entries e
      left join ledger_accounts d on d.id = e.debit_account_id
      left join ledger_accounts c on c.id = e.payee_account_id
      where d.id is null or c.id is null or d.site_id <> e.site_id or c.site_id <> e.site_id`,
  },
];

export async function reconcileLedger(db: Db, scope: ReconcileScope = {}): Promise<ReconcileReport> {
  const tables = scope.siteId === undefined ? '' : siteTables(scope.siteId);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const kinds = await readKindTotals(tx, tables);
      const statuses = await readStatusTotals(tx, tables);
      const entryCount = await sql<{ n: bigint }>`${sql.raw(tables)}
        select count(*)::int8 n from ledger_entries`.execute(tx);
      const grandTotalFen = kinds.reduce((sum, kind) => sum + kind.availableFen + kind.pendingFen, 0n);
      const problems = grandTotalFen === 0n ? [] : [`balances sum to ${grandTotalFen} fen, not zero`];
      const failures: ReconcileFailure[] = [];
      for (const check of checks) {
        const result = await sql.raw<{ count: bigint }>(`${tables}${check.query}`).execute(tx);
        const broken = result.rows[0]?.count ?? 0n;
        if (broken !== 0n) {
          problems.push(`${check.invariant}: ${broken} rows break it`);
          failures.push({ check: check.id, rows: broken });
        }
      }
      return { kinds, statuses, entries: entryCount.rows[0]?.n ?? 0n, grandTotalFen, problems, failures };
    });
}

/**
 * One site's rows under the ledger's own table names, as a WITH clause for the queries above: a
 * non-recursive WITH query that names its own table inside reads the table itself, and the query
 * after it reads the site's rows wherever it names the table. The latest checkpoint is that of the
 * site's accounts, which is the ledger's latest wherever the site has legs up to it.
 */
function siteTables(siteId: number): string {
  if (!Number.isSafeInteger(siteId) || siteId <= 0) {
    throw new Error(`reconcile: site id ${siteId} is not a positive integer`);
  }
  return `with ledger_entries as not materialized (select * from ledger_entries where site_id = ${siteId}),
  ledger_accounts as not materialized (select * from ledger_accounts where site_id = ${siteId}),
  ledger_balances as not materialized (select * from ledger_balances
    where account_id in (select id from ledger_accounts)),
  ledger_checkpoints as not materialized (select * from ledger_checkpoints
    where account_id in (select id from ledger_accounts)),
  ledger_transfers as not materialized (select * from ledger_transfers where site_id = ${siteId})
`;
}

async function readKindTotals(db: Db, tables: string): Promise<KindTotal[]> {
  const result = await sql<{ kind: string; accounts: bigint; available: bigint; pending: bigint }>`
    ${sql.raw(tables)}select kind, count(*)::int8 accounts, coalesce(sum(available_fen), 0)::int8 available,
      coalesce(sum(pending_fen), 0)::int8 pending
    from ${sql.raw(balances)} b group by kind order by kind`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    accounts: row.accounts,
    availableFen: row.available,
    pendingFen: row.pending,
  }));
}

async function readStatusTotals(db: Db, tables: string): Promise<StatusTotal[]> {
  const result = await sql<{ status: string; transfers: bigint; amount: bigint }>`
    ${sql.raw(tables)}select status, count(*)::int8 transfers, coalesce(sum(amount_fen), 0)::int8 amount
    from ledger_transfers group by status order by status`.execute(db);
  return result.rows.map((row) => ({ status: row.status, transfers: row.transfers, amountFen: row.amount }));
}
