import type { AdminSeamlessSortKey, SeamlessKind, SortRequest } from '@site/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { SeamlessTransactionsTable } from './tables.ts';

/** The only file that writes SQL for the seamless wallet's tables. */

export type TransactionRow = Selectable<SeamlessTransactionsTable>;
export type NewTransaction = Omit<
  Insertable<SeamlessTransactionsTable>,
  'id' | 'replay_count' | 'last_replayed_at'
>;

/**
 * Records a call under the venue's transaction id: false when the id is taken. A concurrent call
 * with the same id waits here for the other's transaction to end, then finds the id taken.
 */
export async function insertTransaction(db: Db, row: NewTransaction): Promise<boolean> {
  const inserted = await db
    .insertInto('seamless_transactions')
    .values(row)
    .onConflict((conflict) => conflict.columns(['site_id', 'venue_code', 'transaction_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findTransaction(db: Db, siteId: number, venueCode: string, transactionId: string) {
  return db
    .selectFrom('seamless_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

export async function noteReplay(db: Db, id: bigint, at: Date) {
  await db
    .updateTable('seamless_transactions')
    .set({ replay_count: sql`replay_count + 1`, last_replayed_at: at })
    .where('id', '=', id)
    .execute();
}

export interface TransactionFilter {
  siteId: number;
  venueCode?: string | undefined;
  memberId?: bigint | undefined;
  transactionId?: string | undefined;
  betId?: string | undefined;
  kind?: SeamlessKind | undefined;
  isReplayed?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const sortColumns: Record<AdminSeamlessSortKey, string> = {
  createdAt: 'seamless_transactions.created_at',
  amount: 'seamless_transactions.amount_fen',
  replayCount: 'seamless_transactions.replay_count',
};

export async function searchTransactions(
  db: Db,
  filter: TransactionFilter,
  page: PageRequest,
  sort: SortRequest<AdminSeamlessSortKey>,
) {
  let query = db
    .selectFrom('seamless_transactions')
    .where('seamless_transactions.site_id', '=', filter.siteId);
  if (filter.venueCode !== undefined) {
    query = query.where('seamless_transactions.venue_code', '=', filter.venueCode);
  }
  if (filter.memberId !== undefined) {
    query = query.where('seamless_transactions.member_id', '=', filter.memberId);
  }
  if (filter.transactionId) {
    const id = filter.transactionId;
    query = query.where((eb) =>
      eb.or([
        eb('seamless_transactions.transaction_id', '=', id),
        eb('seamless_transactions.ref_transaction_id', '=', id),
      ]),
    );
  }
  if (filter.betId) {
    query = query.where('seamless_transactions.bet_id', '=', filter.betId);
  }
  if (filter.kind !== undefined) {
    query = query.where('seamless_transactions.kind', '=', filter.kind);
  }
  if (filter.isReplayed !== undefined) {
    query = query.where('seamless_transactions.replay_count', filter.isReplayed ? '>' : '=', 0);
  }
  if (filter.from !== undefined && filter.to !== undefined) {
    query = query
      .where('seamless_transactions.created_at', '>=', filter.from)
      .where('seamless_transactions.created_at', '<', filter.to);
  }
  return fetchPage(
    query,
    (rows) =>
      orderByKey(
        rows.select([
          'seamless_transactions.id',
          'seamless_transactions.created_at',
          'seamless_transactions.venue_code',
          'seamless_transactions.kind',
          'seamless_transactions.transaction_id',
          'seamless_transactions.ref_transaction_id',
          'seamless_transactions.bet_id',
          'seamless_transactions.member_id',
          'seamless_transactions.amount_fen',
          'seamless_transactions.is_tombstone',
          'seamless_transactions.replay_count',
          'seamless_transactions.last_replayed_at',
          'seamless_transactions.balance_after_fen',
        ]),
        sort,
        {
          columns: sortColumns,
          tiebreak: 'seamless_transactions.id',
          byDefault: (ordered) => ordered.orderBy('seamless_transactions.id', 'desc'),
        },
      ),
    page,
  );
}
