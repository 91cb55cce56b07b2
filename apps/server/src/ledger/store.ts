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

export async function transferEntries(db: Db, transferId: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('transfer_id', '=', transferId)
    .orderBy('id')
    .execute();
}

export type EntryRow = Awaited<ReturnType<typeof transferEntries>>[number];

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

export async function listAccountEntries(db: Db, accountId: bigint, offset: number, limit: number) {
  const [list, count] = await Promise.all([
    db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<bigint>().as('total'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.total) };
}

function onlyRow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined || rows.length !== 1) {
    throw new Error(`ledger: ${what} returned ${rows.length} rows`);
  }
  return row;
}
