import type { Fen } from '@site/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { DayRange } from '../db/days.ts';
import { preparedStatement } from '../db/prepared.ts';
import { type AccountIdentity, isMemberKind } from './accounts.ts';

/** The only file that writes SQL for the ledger tables; `reconcile.ts` only reads them. */

export interface AccountRow {
  id: bigint;
  siteId: number;
  /** House, venue and external accounts: no balance row, their balance derives from entries. */
  mayGoNegative: boolean;
}

export async function findAccount(db: Db, identity: AccountIdentity): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'site_id', 'may_go_negative'])
    .where('site_id', '=', identity.siteId)
    .where('kind', '=', identity.kind)
    .where((eb) =>
      identity.memberId === null ? eb('member_id', 'is', null) : eb('member_id', '=', identity.memberId),
    )
    .where('code', '=', identity.code)
    .executeTakeFirst();
  return row ? { id: row.id, siteId: row.site_id, mayGoNegative: row.may_go_negative } : undefined;
}

/**
 * Creates the account, and a member account's balance row, unless they exist; safe to race. A
 * concurrent creator's insert waits for the first to commit, then finds its row.
 */
export async function upsertAccount(db: Db, identity: AccountIdentity, now: Date): Promise<AccountRow> {
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('ledger_accounts')
      .values({
        site_id: identity.siteId,
        kind: identity.kind,
        member_id: identity.memberId,
        code: identity.code,
        created_at: now,
      })
      .onConflict((conflict) => conflict.columns(['site_id', 'kind', 'member_id', 'code']).doNothing())
      .execute();
    const account = await findAccount(tx, identity);
    if (!account) {
      throw new Error(`ledger: account ${identity.kind} vanished after upsert`);
    }
    if (isMemberKind(identity.kind)) {
      await tx
        .insertInto('ledger_balances')
        .values({ account_id: account.id, may_go_negative: false })
        .onConflict((conflict) => conflict.column('account_id').doNothing())
        .execute();
    }
    return account;
  });
}

export interface TransferCall {
  transferId: string;
  siteId: number;
  debit: AccountRow;
  credit: AccountRow;
  amountFen: Fen;
  kind: string;
  memo: string;
  isPending: boolean;
  now: Date;
}

export type TransferOutcome = 'created' | 'exists' | 'insufficient';

const transferStatement = preparedStatement<{ outcome: TransferOutcome }>(
  'ledger_transfer',
  `select ledger_transfer($1::text, $2::int4, $3::int8, $4::bool, $5::int8, $6::bool, $7::int8, $8::text,
    $9::text, $10::bool, $11::timestamptz) outcome`,
);

/** A prepared statement: a movement is the hot path, so no connection parses or plans it twice. */
export async function callTransfer(db: Db, call: TransferCall): Promise<TransferOutcome> {
  const rows = await transferStatement(db, [
    call.transferId,
    call.siteId,
    call.debit.id,
    !call.debit.mayGoNegative,
    call.credit.id,
    !call.credit.mayGoNegative,
    call.amountFen,
    call.kind,
    call.memo,
    call.isPending,
    call.now,
  ]);
  return onlyRow(rows, 'ledger_transfer').outcome;
}

export type ResolveOutcome = 'done' | 'posted' | 'voided' | 'missing';

const resolveStatement = preparedStatement<{ outcome: ResolveOutcome }>(
  'ledger_resolve',
  'select ledger_resolve($1::text, $2::text, $3::timestamptz) outcome',
);

/** Posts or voids a pending transfer; any other outcome names the status it already had. */
export async function callResolve(
  db: Db,
  action: 'post' | 'void',
  transferId: string,
  now: Date,
): Promise<ResolveOutcome> {
  return onlyRow(await resolveStatement(db, [transferId, action, now]), 'ledger_resolve').outcome;
}

/** Checkpoints every derived balance written since its last checkpoint. */
export async function callCheckpoint(db: Db, now: Date): Promise<void> {
  await sql`select accounts from ledger_checkpoint(${now})`.execute(db);
}

export async function findTransfer(db: Db, transferId: string) {
  return db.selectFrom('ledger_transfers').selectAll().where('id', '=', transferId).executeTakeFirst();
}

export type TransferRow = NonNullable<Awaited<ReturnType<typeof findTransfer>>>;

/**
 * One side of an entry row as an account sees it: the debit leg carries the amount negated. A
 * reservation or void has both legs on one account (available and pending buckets).
 */
export interface EntryLegRow {
  id: bigint;
  leg: 'debit' | 'credit';
  transfer_id: string;
  phase: 'reserve' | 'post' | 'void';
  account_id: bigint;
  bucket: 'available' | 'pending';
  amount_fen: Fen;
  balance_after_fen: Fen | null;
  created_at: Date;
  kind: string;
  memo: string;
  transfer_status: 'pending' | 'posted' | 'voided';
}

export async function memberBalance(db: Db, accountId: bigint) {
  return db
    .selectFrom('ledger_balances')
    .select(['available_fen', 'pending_fen'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** A house, venue or external balance: its latest checkpoint plus the legs written after it. */
export async function derivedBalance(db: Db, accountId: bigint) {
  const result = await sql<{ available_fen: Fen; pending_fen: Fen }>`select available_fen, pending_fen
    from ledger_derived_balance(${accountId})`.execute(db);
  return onlyRow(result.rows, 'ledger_derived_balance');
}

/** Which of an account's entry legs a page shows; every part is optional and they combine. */
export interface EntryFilter {
  /** Created within [from, to). */
  range?: { from: Date; to: Date } | undefined;
  /** Transfers of these kinds only. */
  kinds?: ReadonlyArray<string> | undefined;
  /**
   * Legs whose shown status is `status`: their transfer's status, except that the transfers in
   * `statusOf` take the status given there (a withdrawal's hold follows its order's review).
   */
  status?:
    | {
        status: 'pending' | 'posted' | 'voided';
        statusOf: ReadonlyMap<string, 'pending' | 'posted' | 'voided'>;
      }
    | undefined;
}

const orNothing = (ids: string[]) =>
  ids.length === 0 ? sql`false` : sql`chosen_status.transfer_id in (${sql.join(ids)})`;

/**
 * An account's entry legs, newest first, with their transfer's status (from its resolution entry),
 * narrowed by `filter`, with the count and the incoming and outgoing sums (available bucket: a
 * reservation's two legs of one row net out) of every leg the filter keeps. A member's legs are
 * index range scans; a derived account's legs are not indexed by account (only operators' reports
 * would read them).
 */
export async function listAccountEntries(
  db: Db,
  account: AccountRow,
  offset: number,
  limit: number,
  filter: EntryFilter = {},
) {
  const accountId = account.id;
  const { range, kinds, status } = filter;
  const inRange = range ? sql`and created_at >= ${range.from} and created_at < ${range.to}` : sql``;
  const ofKinds =
    kinds === undefined
      ? sql``
      : kinds.length === 0
        ? sql`and false`
        : sql`and kind in (${sql.join([...kinds])})`;
  // Spelled as the partial indexes' predicates, so the planner uses them for a member.
  const debitLegs = account.mayGoNegative
    ? sql`debit_balance_after_fen is null`
    : sql`debit_balance_after_fen is not null`;
  const creditLegs = account.mayGoNegative
    ? sql`credit_balance_after_fen is null`
    : sql`credit_balance_after_fen is not null`;
  const overridden = status ? [...status.statusOf.keys()] : [];
  const matching = status
    ? [...status.statusOf].flatMap(([transferId, shown]) => (shown === status.status ? [transferId] : []))
    : [];
  const ofStatus = status
    ? sql`where (chosen_status.transfer_status = ${status.status} and not ${orNothing(overridden)}) or ${orNothing(matching)}`
    : sql``;
  const chosen = sql`with chosen_status as (
      select legs.*,
        case when not legs.is_pending or r.phase = 'post' then 'posted' when r.phase = 'void' then 'voided'
          else 'pending' end transfer_status
      from (
        select id, 'debit' leg, transfer_id, phase, is_pending, kind, memo, debit_account_id account_id,
            debit_bucket bucket, -amount_fen amount_fen, debit_balance_after_fen balance_after_fen, created_at
          from ledger_entries where debit_account_id = ${accountId} and ${debitLegs} ${inRange} ${ofKinds}
        union all
        select id, 'credit' leg, transfer_id, phase, is_pending, kind, memo, credit_account_id account_id,
            credit_bucket bucket, amount_fen, credit_balance_after_fen balance_after_fen, created_at
          from ledger_entries where credit_account_id = ${accountId} and ${creditLegs} ${inRange} ${ofKinds}
      ) legs
      left join ledger_entries r on r.transfer_id = legs.transfer_id and r.phase <> 'reserve' and r.is_pending
    ), chosen as (select * from chosen_status ${ofStatus})`;
  const [list, sums] = await Promise.all([
    sql<EntryLegRow>`${chosen} select * from chosen order by id desc, leg offset ${offset} limit ${limit}`.execute(
      db,
    ),
    sql<{ total: bigint; in_fen: Fen | null; out_fen: Fen | null }>`${chosen} select count(*) total,
        sum(amount_fen) filter (where bucket = 'available' and amount_fen > 0) in_fen,
        sum(-amount_fen) filter (where bucket = 'available' and amount_fen < 0) out_fen
      from chosen`.execute(db),
  ]);
  const row = sums.rows[0];
  return {
    list: list.rows,
    total: Number(row?.total ?? 0),
    inFen: BigInt(row?.in_fen ?? 0) as Fen,
    outFen: BigInt(row?.out_fen ?? 0) as Fen,
  };
}

function onlyRow<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (row === undefined || rows.length !== 1) {
    throw new Error(`ledger: ${what} returned ${rows.length} rows`);
  }
  return row;
}

/**
 * A site's posted movements of some kinds per calendar day (by the time each was posted), with
 * what they moved from system accounts (house, venue, external) into member accounts and back.
 * Each posted transfer has exactly one `post` row, its only row or the resolution of its reservation.
 */
export async function postedPerDay(db: Db, siteId: number, kinds: ReadonlyArray<string>, range: DayRange) {
  if (kinds.length === 0) {
    return [];
  }
  const result = await sql<{
    day: string;
    kind: string;
    transfers: bigint;
    into_members: bigint;
    out_of_members: bigint;
  }>`
    select to_char(e.created_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, e.kind,
      count(*)::int8 as transfers,
      coalesce(sum(e.amount_fen) filter (where payer.may_go_negative and not payee.may_go_negative), 0)::int8
        as into_members,
      coalesce(sum(e.amount_fen) filter (where not payer.may_go_negative and payee.may_go_negative), 0)::int8
        as out_of_members
    from ledger_entries e
    join ledger_accounts payer on payer.id = e.debit_account_id
    join ledger_accounts payee on payee.id = e.payee_account_id
    where e.site_id = ${siteId} and e.phase = 'post' and e.kind in (${sql.join(kinds)})
      and e.created_at >= ${range.from} and e.created_at < ${range.to}
    group by 1, 2`.execute(db);
  return result.rows.map((row) => ({
    day: row.day,
    kind: row.kind,
    transfers: row.transfers,
    intoMembersFen: row.into_members as Fen,
    outOfMembersFen: row.out_of_members as Fen,
  }));
}
