import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { SportsbookCashOutsTable } from './cash-out-tables.ts';
import type { BetRow } from './store.ts';

/** The SQL of the cash-out table, and of the bet row a cash-out closes. */

export type CashOutRow = Selectable<SportsbookCashOutsTable>;

export function findCashOutByRequest(
  db: Db,
  siteId: number,
  memberId: bigint,
  requestId: string,
): Promise<CashOutRow | undefined> {
  return db
    .selectFrom('sportsbook_cash_outs')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
}

export function findBet(db: Db, id: bigint): Promise<BetRow | undefined> {
  return db.selectFrom('sportsbook_bets').selectAll().where('id', '=', id).executeTakeFirst();
}

export type CloseRefusal = 'decided' | 'taken' | 'closed';

/**
 * Closes an open single as cashed out and records its cash-out, in one transaction. The bet and
 * its leg are locked first: settlement decides legs before it pays bets, so a leg still undecided
 * under the lock means settlement reaches this bet only after this transaction, and finds it
 * closed. `closed`: the bet is no longer open; `decided`: its leg is; `taken`: the request id
 * went to another cash-out meanwhile.
 */
export async function closeAsCashedOut(
  db: Db,
  row: Omit<CashOutRow, 'credited_at'>,
  /** What else closing the bet does in its transaction, before its status changes. */
  beforeClose: (tx: Db) => Promise<void>,
): Promise<CashOutRow | CloseRefusal> {
  return db.transaction().execute(async (tx) => {
    const bet = await tx
      .selectFrom('sportsbook_bets')
      .select(['status', 'kind'])
      .where('id', '=', row.bet_id)
      .forUpdate()
      .executeTakeFirst();
    if (bet?.status !== 'open' || bet.kind !== 'single') {
      return 'closed';
    }
    const legs = await tx
      .selectFrom('sportsbook_bet_legs')
      .select('result')
      .where('bet_id', '=', row.bet_id)
      .forUpdate()
      .execute();
    if (legs.some((leg) => leg.result !== null)) {
      return 'decided';
    }
    const inserted = await tx
      .insertInto('sportsbook_cash_outs')
      .values({ ...row, credited_at: null })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      return 'taken';
    }
    await beforeClose(tx);
    await tx
      .updateTable('sportsbook_bets')
      .set({ status: 'cashed_out', payout_fen: row.offer_fen, settled_at: row.created_at })
      .where('id', '=', row.bet_id)
      .where('status', '=', 'open')
      .execute();
    return inserted;
  });
}

export async function markCredited(db: Db, betId: bigint, at: Date) {
  await db
    .updateTable('sportsbook_cash_outs')
    .set({ credited_at: at })
    .where('bet_id', '=', betId)
    .where('credited_at', 'is', null)
    .execute();
}

/** Cash-outs recorded before `before` whose offer the wallet has not answered yet. */
export function uncredited(db: Db, before: Date, limit: number): Promise<CashOutRow[]> {
  return db
    .selectFrom('sportsbook_cash_outs')
    .selectAll()
    .where('credited_at', 'is', null)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export function cashOutsOf(db: Db, betIds: readonly bigint[]): Promise<CashOutRow[]> {
  return betIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sportsbook_cash_outs')
        .selectAll()
        .where('bet_id', 'in', [...betIds])
        .execute();
}
