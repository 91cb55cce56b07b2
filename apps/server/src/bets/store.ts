import type { AdminBetSortKey, BetStatus, Fen, GameCategory, SortRequest } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { BetRecordsTable } from './tables.ts';

/**
 * The only TypeScript that writes SQL for the bet tables; bets are placed and closed by the SQL
 * functions of migration.ts, in the seamless wallet's statements.
 */

export type BetRow = Selectable<BetRecordsTable>;
export async function findBet(db: Db, siteId: number, venueCode: string, betId: string) {
  return db
    .selectFrom('bet_records')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('bet_id', '=', betId)
    .executeTakeFirst();
}

/** The bets of a venue among `betIds`, in no particular order. */
export async function findBets(db: Db, siteId: number, venueCode: string, betIds: readonly string[]) {
  if (betIds.length === 0) {
    return [];
  }
  return db
    .selectFrom('bet_records')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('bet_id', 'in', betIds)
    .execute();
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

/** Marks a settled bet as closed early at its cash-out (提前结算); false when it is not settled. */
export async function markCashedOut(db: Db, siteId: number, venueCode: string, betId: string) {
  const marked = await db
    .updateTable('bet_records')
    .set({ is_cashed_out: true })
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('bet_id', '=', betId)
    .where('status', 'in', ['win', 'lose', 'draw'])
    .returning('id')
    .executeTakeFirst();
  return marked !== undefined;
}

/** A bet's record locked until the transaction ends; undefined for an unknown bet. */
export async function lockBet(db: Db, siteId: number, venueCode: string, betId: string) {
  return db
    .selectFrom('bet_records')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('bet_id', '=', betId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Writes a locked bet's settlement again (pending again: no payout, no settled time) with what
 * the turnover audit has counted for it, and counts `countFen` more valid turnover against the
 * member's turnover requirements (`cashier_count_valid_bet`, the audit's interface).
 */
export async function resettleBet(
  db: Db,
  bet: BetRow,
  next: { status: BetStatus; payoutFen: Fen; validFen: Fen; auditedFen: Fen; settledAt: Date | null },
  countFen: Fen,
) {
  await db
    .updateTable('bet_records')
    .set({
      status: next.status,
      payout_fen: next.payoutFen,
      valid_fen: next.validFen,
      audited_fen: next.auditedFen,
      settled_at: next.settledAt,
    })
    .where('id', '=', bet.id)
    .execute();
  if (countFen > 0n) {
    await sql`select cashier_count_valid_bet(${bet.member_id}, ${countFen})`.execute(db);
  }
}
