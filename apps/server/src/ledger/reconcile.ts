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

export interface ReconcileReport {
  kinds: KindTotal[];
  statuses: StatusTotal[];
  entries: bigint;
  /** Available plus pending over every account: zero in a sound ledger. */
  grandTotalFen: bigint;
  /** One line per broken invariant; empty when the ledger reconciles. */
  problems: string[];
}

/** Each entry row as its two legs, one per balance row and bucket, the debit leg negated. */
const legs = `(select id, debit_account_id account_id, debit_shard shard, debit_bucket bucket,
      -amount_fen amount_fen, debit_balance_after_fen balance_after_fen from ledger_entries
    union all
    select id, credit_account_id, credit_shard, credit_bucket, amount_fen, credit_balance_after_fen
      from ledger_entries)`;

/**
 * Every ledger invariant, each as a query counting the rows that break it, over the whole
 * database in one snapshot (repeatable read), so it may run while transfers go on. That each
 * movement balances needs no query: an entry row carries one amount for both of its legs.
 */
const checks: ReadonlyArray<{ invariant: string; query: string }> = [
  {
    invariant: 'member balances are never negative, pending never anywhere',
    query: `select count(*) from ledger_balances
      where pending_fen < 0 or (not may_go_negative and available_fen < 0)`,
  },
  {
    invariant: 'every account has exactly its shard count of balance rows',
    query: `select count(*) from ledger_accounts a
      left join (select account_id, count(*) n, max(shard) top from ledger_balances group by 1) b on b.account_id = a.id
      where coalesce(b.n, 0) <> a.shard_count or b.top <> a.shard_count - 1`,
  },
  {
    invariant: 'every balance row equals the sum of its entry legs',
    query: `select count(*) from ledger_balances b
      full join (select account_id, shard,
          coalesce(sum(amount_fen) filter (where bucket = 'available'), 0) available,
          coalesce(sum(amount_fen) filter (where bucket = 'pending'), 0) pending
        from ${legs} leg group by 1, 2) e using (account_id, shard)
      where coalesce(b.available_fen, 0) <> coalesce(e.available, 0)
        or coalesce(b.pending_fen, 0) <> coalesce(e.pending, 0) or b.account_id is null`,
  },
  {
    invariant: 'every entry balance-after continues its row from zero',
    query: `select count(*) from (select balance_after_fen,
        sum(amount_fen) over (partition by account_id, shard, bucket order by id) running
        from ${legs} leg) chain
      where balance_after_fen <> running`,
  },
  {
    invariant: 'every entry moves its transfer amount',
    query: `select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
      where e.amount_fen <> t.amount_fen`,
  },
  {
    invariant: 'every transfer has exactly the phases its status implies',
    query: `select count(*) from ledger_transfers t
      left join (select transfer_id, string_agg(distinct phase, ',' order by phase) phases
        from ledger_entries group by 1) e on e.transfer_id = t.id
      where coalesce(e.phases, '') <> case
        when not t.is_pending then 'post'
        when t.status = 'pending' then 'reserve'
        when t.status = 'posted' then 'post,reserve'
        else 'reserve,void' end`,
  },
  {
    invariant: 'entries move from their transfer debit row, and pay only into its credit row',
    query: `select count(*) from ledger_entries e join ledger_transfers t on t.id = e.transfer_id
      where (e.debit_account_id, e.debit_shard) <> (t.debit_account_id, t.debit_shard)
        or (e.phase = 'post' and ((e.credit_account_id, e.credit_shard) <> (t.credit_account_id, t.credit_shard)
          or e.debit_bucket <> case when t.is_pending then 'pending' else 'available' end))`,
  },
  {
    invariant: 'pending per balance row equals its open reservations',
    query: `select count(*) from ledger_balances b
      full join (select debit_account_id account_id, debit_shard shard, sum(amount_fen) total
        from ledger_transfers where status = 'pending' group by 1, 2) p using (account_id, shard)
      where coalesce(b.pending_fen, 0) <> coalesce(p.total, 0)`,
  },
  {
    invariant: 'transfers name existing accounts and shards of their own site',
    query: `select count(*) from ledger_transfers t
      left join ledger_accounts d on d.id = t.debit_account_id
      left join ledger_accounts c on c.id = t.credit_account_id
      where d.id is null or c.id is null or d.site_id <> t.site_id or c.site_id <> t.site_id
        or t.debit_shard >= d.shard_count or t.credit_shard >= c.shard_count`,
  },
];

export async function reconcileLedger(db: Db): Promise<ReconcileReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const kinds = await readKindTotals(tx);
      const statuses = await readStatusTotals(tx);
      const entryCount = await sql<{ n: bigint }>`select count(*)::int8 n from ledger_entries`.execute(tx);
      const grandTotalFen = kinds.reduce((sum, kind) => sum + kind.availableFen + kind.pendingFen, 0n);
      const problems = grandTotalFen === 0n ? [] : [`balances sum to ${grandTotalFen} fen, not zero`];
      for (const check of checks) {
        const result = await sql.raw<{ count: bigint }>(check.query).execute(tx);
        const broken = result.rows[0]?.count ?? 0n;
        if (broken !== 0n) {
          problems.push(`${check.invariant}: ${broken} rows break it`);
        }
      }
      return { kinds, statuses, entries: entryCount.rows[0]?.n ?? 0n, grandTotalFen, problems };
    });
}

async function readKindTotals(db: Db): Promise<KindTotal[]> {
  const result = await sql<{ kind: string; accounts: bigint; available: bigint; pending: bigint }>`
    select a.kind, count(distinct a.id)::int8 accounts,
      coalesce(sum(b.available_fen), 0)::int8 available, coalesce(sum(b.pending_fen), 0)::int8 pending
    from ledger_accounts a left join ledger_balances b on b.account_id = a.id
    group by a.kind order by a.kind`.execute(db);
  return result.rows.map((row) => ({
    kind: row.kind,
    accounts: row.accounts,
    availableFen: row.available,
    pendingFen: row.pending,
  }));
}

async function readStatusTotals(db: Db): Promise<StatusTotal[]> {
  const result = await sql<{ status: string; transfers: bigint; amount: bigint }>`
    select status, count(*)::int8 transfers, coalesce(sum(amount_fen), 0)::int8 amount
    from ledger_transfers group by status order by status`.execute(db);
  return result.rows.map((row) => ({ status: row.status, transfers: row.transfers, amountFen: row.amount }));
}
