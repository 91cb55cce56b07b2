import type { AdminBetSortKey, BetStatus, Fen, GameCategory, SortRequest } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { BetRecordsTable } from './tables.ts';

/** The only file that writes SQL for the bet tables. */

export type BetRow = Selectable<BetRecordsTable>;
export type NewBet = Omit<BetRecordsTable, 'id' | 'valid_fen' | 'payout_fen' | 'status' | 'settled_at'>;

/** Inserts a pending bet; undefined when the venue's bet id is taken already. */
export async function insertBet(db: Db, bet: NewBet): Promise<BetRow | undefined> {
  return db
    .insertInto('bet_records')
    .values({ ...bet, status: 'pending', settled_at: null })
    .onConflict((conflict) => conflict.columns(['site_id', 'venue_code', 'bet_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findBet(db: Db, siteId: number, venueCode: string, betId: string) {
  return db
    .selectFrom('bet_records')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('bet_id', '=', betId)
    .executeTakeFirst();
}

/**
 * Closes the bet if it is still pending, or answers undefined: the row lock makes a settlement and
 * a rollback of one bet take turns, and the later one finds it closed.
 */
export async function closeBet(
  db: Db,
  id: bigint,
  close: { status: BetStatus; payoutFen: Fen; validFen: Fen; at: Date },
): Promise<BetRow | undefined> {
  return db
    .updateTable('bet_records')
    .set({
      status: close.status,
      payout_fen: close.payoutFen,
      valid_fen: close.validFen,
      settled_at: close.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function findBetById(db: Db, id: bigint) {
  return db.selectFrom('bet_records').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export async function findMinValidOdds(db: Db, siteId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('bet_settings')
    .select('min_valid_odds_e4')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row?.min_valid_odds_e4;
}

export async function upsertMinValidOdds(db: Db, siteId: number, oddsE4: number, at: Date) {
  await db
    .insertInto('bet_settings')
    .values({ site_id: siteId, min_valid_odds_e4: oddsE4, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('site_id').doUpdateSet({ min_valid_odds_e4: oddsE4, updated_at: at }),
    )
    .execute();
}

export interface BetFilter {
  siteId: number;
  memberId?: bigint | undefined;
  category?: GameCategory | undefined;
  venueCode?: string | undefined;
  status?: BetStatus | undefined;
  betId?: string | undefined;
  roundId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const sortColumns: Record<AdminBetSortKey, string> = {
  placedAt: 'bet_records.placed_at',
  settledAt: 'bet_records.settled_at',
  stake: 'bet_records.stake_fen',
  validAmount: 'bet_records.valid_fen',
  payout: 'bet_records.payout_fen',
};

function filtered(db: Db, filter: BetFilter) {
  let query = db.selectFrom('bet_records').where('bet_records.site_id', '=', filter.siteId);
  if (filter.memberId !== undefined) {
    query = query.where('bet_records.member_id', '=', filter.memberId);
  }
  if (filter.category !== undefined) {
    query = query.where('bet_records.category', '=', filter.category);
  }
  if (filter.venueCode !== undefined) {
    query = query.where('bet_records.venue_code', '=', filter.venueCode);
  }
  if (filter.status !== undefined) {
    query = query.where('bet_records.status', '=', filter.status);
  }
  if (filter.betId) {
    query = query.where('bet_records.bet_id', '=', filter.betId);
  }
  if (filter.roundId) {
    query = query.where('bet_records.round_id', '=', filter.roundId);
  }
  if (filter.from !== undefined && filter.to !== undefined) {
    query = query
      .where('bet_records.placed_at', '>=', filter.from)
      .where('bet_records.placed_at', '<', filter.to);
  }
  return query;
}

/** A page of the bets the filter keeps, newest first unless sorted, with the sums of all it keeps. */
export async function searchBets(
  db: Db,
  filter: BetFilter,
  page: PageRequest,
  sort: SortRequest<AdminBetSortKey>,
) {
  const query = filtered(db, filter);
  const [found, totals] = await Promise.all([
    fetchPage(
      query,
      (rows) =>
        orderByKey(rows.selectAll('bet_records'), sort, {
          columns: sortColumns,
          tiebreak: 'bet_records.id',
          byDefault: (ordered) =>
            ordered.orderBy('bet_records.placed_at', 'desc').orderBy('bet_records.id', 'desc'),
        }),
      page,
    ),
    query
      .select([
        sql<Fen>`coalesce(sum(bet_records.stake_fen), 0)::int8`.as('stake_fen'),
        sql<Fen>`coalesce(sum(bet_records.valid_fen), 0)::int8`.as('valid_fen'),
        sql<Fen>`coalesce(sum(bet_records.payout_fen), 0)::int8`.as('payout_fen'),
        sql<Fen>`coalesce(sum(case when bet_records.status <> 'pending' then bet_records.payout_fen - bet_records.stake_fen else 0 end), 0)::int8`.as(
          'win_loss_fen',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { ...found, totals };
}
