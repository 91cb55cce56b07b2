import type { Fen, LotteryDrawStatus, LotteryTicketStatus } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, type PageRequest } from '../db/paging.ts';
import type {
  LotteryDrawsTable,
  LotteryGamesTable,
  LotterySeedDaysTable,
  LotteryTicketsTable,
} from './tables.ts';

/** The only file that writes SQL for the lottery tables. */

export type GameRow = LotteryGamesTable;
export type DrawRow = Selectable<LotteryDrawsTable>;
export type TicketRow = Selectable<LotteryTicketsTable>;

/** Adds the games a site lacks; games it has keep whatever staff set. */
export async function insertMissingGames(db: Db, rows: ReadonlyArray<GameRow>) {
  await db
    .insertInto('lottery_games')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['site_id', 'code']).doNothing())
    .execute();
}

export function listGames(db: Db, siteId?: number): Promise<GameRow[]> {
  let query = db.selectFrom('lottery_games').selectAll();
  if (siteId !== undefined) {
    query = query.where('site_id', '=', siteId);
  }
  return query.orderBy('site_id').orderBy('sort_order').orderBy('code').execute();
}

export function findGame(db: Db, siteId: number, code: string): Promise<GameRow | undefined> {
  return db
    .selectFrom('lottery_games')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .executeTakeFirst();
}

export function findSeedDay(db: Db, siteId: number, gameCode: string, day: string) {
  return db
    .selectFrom('lottery_seed_days')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('game_code', '=', gameCode)
    .where('day', '=', day)
    .executeTakeFirst();
}

/** The day's chain as the first node to ask stored it: a racing node's chain is dropped. */
export async function seedDay(db: Db, row: LotterySeedDaysTable): Promise<LotterySeedDaysTable> {
  await db
    .insertInto('lottery_seed_days')
    .values(row)
    .onConflict((conflict) => conflict.columns(['site_id', 'game_code', 'day']).doNothing())
    .execute();
  const stored = await findSeedDay(db, row.site_id, row.game_code, row.day);
  if (!stored) {
    throw new Error(`lottery: the seed chain of ${row.game_code} ${row.day} was not stored`);
  }
  return stored;
}

export function findDraw(db: Db, siteId: number, gameCode: string, issueNo: string) {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('game_code', '=', gameCode)
    .where('issue_no', '=', issueNo)
    .executeTakeFirst();
}

export function drawById(db: Db, id: bigint): Promise<DrawRow> {
  return db.selectFrom('lottery_draws').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export type NewDraw = Omit<
  LotteryDrawsTable,
  'id' | 'numbers' | 'status' | 'cancel_reason' | 'drawn_at' | 'settled_at'
>;

/** Opens an issue unless it exists. */
export async function insertDraw(db: Db, row: NewDraw) {
  await db
    .insertInto('lottery_draws')
    .values({ ...row, status: 'open', numbers: null })
    .onConflict((conflict) => conflict.columns(['site_id', 'game_code', 'issue_no']).doNothing())
    .execute();
}

/** Every open issue whose betting has ended moves to closing. */
export async function closeDueDraws(db: Db, now: Date) {
  await db
    .updateTable('lottery_draws')
    .set({ status: 'closing' })
    .where('status', '=', 'open')
    .where('closes_at', '<=', now)
    .execute();
}

export function dueDraws(db: Db, now: Date): Promise<DrawRow[]> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('status', 'in', ['open', 'closing'])
    .where('draw_at', '<=', now)
    .orderBy('draw_at')
    .execute();
}

/** Records an issue's numbers, unless it was drawn or cancelled meanwhile. */
export async function recordDrawn(db: Db, id: bigint, numbers: readonly number[], now: Date) {
  await db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', numbers: JSON.stringify(numbers), drawn_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'closing'])
    .execute();
}

/** Drawn and cancelled issues with tickets yet to pay or refund. */
export function unsettledDraws(db: Db): Promise<DrawRow[]> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('settled_at', 'is', null)
    .where('status', 'in', ['drawn', 'cancelled'])
    .orderBy('id')
    .execute();
}

/** Closes a drawn or cancelled issue out once no ticket of it is left to settle. */
export async function markDrawSettled(db: Db, id: bigint, now: Date) {
  await db
    .updateTable('lottery_draws')
    .set({
      settled_at: now,
      status: sql<LotteryDrawStatus>`case when status = 'drawn' then 'settled' else status end`,
    })
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_tickets')
            .select('id')
            .where('draw_id', '=', id)
            .where('status', 'in', ['placing', 'open']),
        ),
      ),
    )
    .execute();
}

/** Cancels an issue not yet drawn; answers it as it is afterwards, whatever happened. */
export async function cancelDraw(db: Db, id: bigint, reason: string): Promise<DrawRow> {
  await db
    .updateTable('lottery_draws')
    .set({ status: 'cancelled', cancel_reason: reason })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'closing'])
    .execute();
  return drawById(db, id);
}

export function drawsPage(db: Db, siteId: number, gameCode: string, page: PageRequest) {
  const filtered = db
    .selectFrom('lottery_draws')
    .where('site_id', '=', siteId)
    .where('game_code', '=', gameCode);
  return fetchPage(filtered, (query) => query.selectAll().orderBy('draw_at', 'desc'), page);
}

/** The issue of each game on sale at `now` (at most one per game). */
export function openDraws(db: Db, siteId: number, now: Date): Promise<DrawRow[]> {
  return db
    .selectFrom('lottery_draws')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', '=', 'open')
    .where('opens_at', '<=', now)
    .where('closes_at', '>', now)
    .execute();
}

export type NewTicket = Omit<
  LotteryTicketsTable,
  'id' | 'draw_id' | 'selection' | 'status' | 'payout_fen' | 'settled_at'
> & { selection: string };

/**
 * Records a ticket as `placing` on its issue, in one statement that also checks the issue is on
 * sale at `now`. Undefined when it is not, or when the member used the ticket id before.
 */
export async function insertTicket(db: Db, drawId: bigint, row: NewTicket, now: Date) {
  return db
    .insertInto('lottery_tickets')
    .columns([
      'site_id',
      'member_id',
      'draw_id',
      'game_code',
      'issue_no',
      'play_id',
      'selection',
      'unit',
      'multiplier',
      'notes',
      'stake_fen',
      'house_edge_bps',
      'ticket_id',
      'request_hash',
      'status',
      'placed_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('lottery_draws')
        .select([
          eb.val(row.site_id).as('site_id'),
          eb.val(row.member_id).as('member_id'),
          'id',
          eb.val(row.game_code).as('game_code'),
          eb.val(row.issue_no).as('issue_no'),
          eb.val(row.play_id).as('play_id'),
          eb.cast(eb.val(row.selection), 'jsonb').as('selection'),
          eb.val(row.unit).as('unit'),
          eb.val(row.multiplier).as('multiplier'),
          eb.val(row.notes).as('notes'),
          eb.val(row.stake_fen).as('stake_fen'),
          eb.val(row.house_edge_bps).as('house_edge_bps'),
          eb.val(row.ticket_id).as('ticket_id'),
          eb.val(row.request_hash).as('request_hash'),
          eb.val('placing').as('status'),
          eb.val(row.placed_at).as('placed_at'),
        ])
        .where('id', '=', drawId)
        .where('status', '=', 'open')
        .where('closes_at', '>', now),
    )
    .onConflict((conflict) => conflict.columns(['site_id', 'member_id', 'ticket_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findTicket(db: Db, siteId: number, memberId: bigint, ticketId: string) {
  return db
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
}

/** A placing ticket whose stake was taken goes on sale; answers the ticket as it is now. */
export async function markTicketOpen(db: Db, id: bigint): Promise<TicketRow> {
  await db
    .updateTable('lottery_tickets')
    .set({ status: 'open' })
    .where('id', '=', id)
    .where('status', '=', 'placing')
    .execute();
  return db.selectFrom('lottery_tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A placing ticket whose stake the wallet refused leaves no trace. */
export async function deletePlacingTicket(db: Db, id: bigint) {
  await db.deleteFrom('lottery_tickets').where('id', '=', id).where('status', '=', 'placing').execute();
}

export function unsettledTickets(db: Db, drawId: bigint, limit: number): Promise<TicketRow[]> {
  return db
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('status', 'in', ['placing', 'open'])
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface TicketClose {
  id: bigint;
  status: Extract<LotteryTicketStatus, 'won' | 'lost' | 'void'>;
  payoutFen: Fen;
}

/** Closes a batch of tickets whose money has moved, in one statement; closed ones stay as they are. */
export async function closeTickets(db: Db, closes: ReadonlyArray<TicketClose>, now: Date) {
  if (closes.length === 0) {
    return;
  }
  const rows = closes.map((close) => ({
    id: close.id.toString(),
    status: close.status,
    payout: close.payoutFen.toString(),
  }));
  await sql`
    update lottery_tickets as t
    set status = c.status, payout_fen = c.payout, settled_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(id bigint, status text, payout bigint)
    where t.id = c.id and t.status in ('placing', 'open')`.execute(db);
}

export function memberTickets(
  db: Db,
  siteId: number,
  memberId: bigint,
  gameCode: string | undefined,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('lottery_tickets')
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId);
  if (gameCode !== undefined) {
    filtered = filtered.where('game_code', '=', gameCode);
  }
  return fetchPage(filtered, (query) => query.selectAll().orderBy('id', 'desc'), page);
}
