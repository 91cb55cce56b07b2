import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { AccountIdentity } from './accounts.ts';

/** The only file that writes SQL for the ledger tables; `reconcile.ts` only reads them. */

export interface AccountRow {
  id: bigint;
  siteId: number;
  mayGoNegative: boolean;
  shardCount: number;
}

export async function findAccount(db: Db, identity: AccountIdentity): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'site_id', 'may_go_negative', 'shard_count'])
    .where('site_id', '=', identity.siteId)
    .where('kind', '=', identity.kind)
    .where((eb) =>
      identity.memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', identity.memberId),
    )
    .where('code', '=', identity.code)
    .executeTakeFirst();
  return row
    ? { id: row.id, siteId: row.site_id, mayGoNegative: row.may_go_negative, shardCount: row.shard_count }
    : undefined;
}

/**
 * Creates the account and its balance rows unless they exist; safe to race. A concurrent
 * creator's insert waits for the first to commit, then finds its row.
 */
export async function upsertAccount(
  db: Db,
  identity: AccountIdentity,
  shardCount: number,
  now: Date,
): Promise<AccountRow> {
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('ledger_accounts')
      .values({
        site_id: identity.siteId,
        kind: identity.kind,
        member_id: identity.memberId,
        code: identity.code,
        shard_count: shardCount,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'kind', 'member_id', 'code']).doNothing())
      .execute();
    const account = await findAccount(tx, identity);
    if (!account) {
      throw new Error(`ledger: account ${identity.kind} vanished after upsert`);
    }
    const shards = Array.from({ length: account.shardCount }, (_, shard) => ({
      account_id: account.id,
      shard,
      may_go_negative: account.mayGoNegative,
    }));
    await tx
      .insertInto('ledger_balances')
      .values(shards)
      .onConflict((conflict) => conflict.columns(['account_id', 'shard']).doNothing())
      .execute();
    return account;
  });
}

export interface TransferCall {
  transferId: string;
  siteId: number;
  debitAccountId: bigint;
  debitShard: number;
  creditAccountId: bigint;
  creditShard: number;
  amountFen: bigint;
  kind: string;
  memo: string;
  isPending: boolean;
  now: Date;
}

export interface TransferCallResult {
  outcome: 'created' | 'exists' | 'insufficient';
  debit_available_fen: bigint | null;
  debit_pending_fen: bigint | null;
  credit_available_fen: bigint | null;
}

export async function callTransfer(db: Db, call: TransferCall): Promise<TransferCallResult> {
  const result = await sql<TransferCallResult>`select * from ledger_transfer(
    ${call.transferId}, ${call.siteId}, ${call.debitAccountId}, ${call.debitShard}::smallint,
    ${call.creditAccountId}, ${call.creditShard}::smallint, ${call.amountFen}, ${call.kind}, ${call.memo},
    ${call.isPending}, ${call.now})`.execute(db);
  return onlyRow(result.rows, 'ledger_transfer');
}

export interface ResolveCallResult {
  outcome: 'done' | 'pending' | 'posted' | 'voided' | 'missing';
}

/** Posts or voids a pending transfer; any other outcome names the status it already had. */
export async function callResolve(
  db: Db,
  action: 'post' | 'void',
  transferId: string,
  now: Date,
): Promise<ResolveCallResult> {
  const result =
    action === 'post'
      ? await sql<ResolveCallResult>`select outcome from ledger_post(${transferId}, ${now})`.execute(db)
      : await sql<ResolveCallResult>`select outcome from ledger_void(${transferId}, ${now})`.execute(db);
  return onlyRow(result.rows, `ledger_${action}`);
}

export async function findTransfer(db: Db, transferId: string) {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', transferId).executeTakeFirst();
}

export type TransferRow = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

/**
 * One side of an entry row as an account sees it: the debit leg carries the amount negated. A
 * reservation or void has both legs on one balance row (available and pending buckets).
 */
export interface EntryLegRow {
  id: bigint;
  leg: 'debit' | 'credit';
  transfer_id: string;
  phase: 'reserve' | 'post' | 'void';
  account_id: bigint;
  bucket: 'available' | 'pending';
  amount_fen: bigint;
  balance_after_fen: bigint;
  created_at: Date;
  transfer_kind: string;
  transfer_memo: string;
  transfer_status: 'pending' | 'posted' | 'voided';
}

export async function sumBalances(db: Db, accountId: bigint) {
  const row = await db
    .selectFrom('ledger_balances')
    .select([
      sql<bigint>`coalesce(sum(available_fen), 0)::int8`.as('available_fen'),
      sql<bigint>`coalesce(sum(pending_fen), 0)::int8`.as('pending_fen'),
    ])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row;
}

/**
 * An account's entry legs, newest first, joined to their transfer (kind, memo, status),
 * optionally within [from, to) by created_at. Each side is an index range scan.
 */
export async function listAccountEntries(
  db: Db,
  accountId: bigint,
  offset: number,
  limit: number,
  range?: { from: Date; to: Date },
) {
  const inRange = range ? sql`and created_at >= ${range.from} and created_at < ${range.to}` : sql``;
  const [list, count] = await Promise.all([
    sql<EntryLegRow>`select legs.*, t.kind transfer_kind, t.memo transfer_memo, t.status transfer_status
      from (
        select id, 'debit' leg, transfer_id, phase, debit_account_id account_id, debit_bucket bucket,
            -amount_fen amount_fen, debit_balance_after_fen balance_after_fen, created_at
          from ledger_entries where debit_account_id = ${accountId} ${inRange}
        union all
        select id, 'credit' leg, transfer_id, phase, credit_account_id account_id, credit_bucket bucket,
            amount_fen, credit_balance_after_fen balance_after_fen, created_at
          from ledger_entries where credit_account_id = ${accountId} ${inRange}
      ) legs
      join ledger_transfers t on t.id = legs.transfer_id
      order by legs.id desc, legs.leg
      offset ${offset} limit ${limit}`.execute(db),
    sql<{ total: bigint }>`select
        (select count(*) from ledger_entries where debit_account_id = ${accountId} ${inRange})
        + (select count(*) from ledger_entries where credit_account_id = ${accountId} ${inRange}) total`.execute(
      db,
    ),
  ]);
  return { list: list.rows, total: Number(count.rows[0]?.total ?? 0) };
}

function onlyRow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined || rows.length !== 1) {
    throw new Error(`ledger: ${what} returned ${rows.length} rows`);
  }
  return row;
}
