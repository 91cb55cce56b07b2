import {
  type Fen,
  fen,
  type LotteryChaseStatus,
  type LotteryDrawStatus,
  type LotteryTicketStatus,
} from '@site/contract';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, type PageRequest } from '../db/paging.ts';
import type {
  LotteryChaseIssuesTable,
  LotteryChasesTable,
  LotteryDrawsTable,
  LotteryGamesTable,
  LotterySeedDaysTable,
  LotteryTicketsTable,
} from './tables.ts';

/** The only file that writes SQL for the lottery tables. */

export type GameRow = Selectable<LotteryGamesTable>;
export type DrawRow = Selectable<LotteryDrawsTable>;
export type TicketRow = Selectable<LotteryTicketsTable>;

/** Adds the games a site lacks; games it has keep whatever staff set. */
export async function insertMissingGames(db: Db, rows: ReadonlyArray<Insertable<LotteryGamesTable>>) {
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

/** Opens an issue unless it exists; answers it when this call opened it. */
export function insertDraw(db: Db, row: NewDraw): Promise<DrawRow | undefined> {
  return db
    .insertInto('lottery_draws')
    .values({ ...row, status: 'open', numbers: null })
    .onConflict((conflict) => conflict.columns(['site_id', 'game_code', 'issue_no']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Every open issue whose betting has ended moves to closing; answers those it moved. */
export function closeDueDraws(db: Db, now: Date): Promise<DrawRow[]> {
  return db
    .updateTable('lottery_draws')
    .set({ status: 'closing' })
    .where('status', '=', 'open')
    .where('closes_at', '<=', now)
    .returningAll()
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

/** Records an issue's numbers, unless it was drawn or cancelled meanwhile; answers it when drawn here. */
export function recordDrawn(
  db: Db,
  id: bigint,
  numbers: readonly number[],
  now: Date,
): Promise<DrawRow | undefined> {
  return db
    .updateTable('lottery_draws')
    .set({ status: 'drawn', numbers: JSON.stringify(numbers), drawn_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'closing'])
    .returningAll()
    .executeTakeFirst();
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

/** Closes a drawn or cancelled issue out once no ticket of it is left to settle; answers it when closed here. */
export function markDrawSettled(db: Db, id: bigint, now: Date): Promise<DrawRow | undefined> {
  return db
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
    .returningAll()
    .executeTakeFirst();
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

/** A game's issues newest first, or the one `issueNo` names. */
export function drawsPage(
  db: Db,
  siteId: number,
  gameCode: string,
  page: PageRequest & { issueNo?: string | undefined },
) {
  const filtered = db
    .selectFrom('lottery_draws')
    .where('site_id', '=', siteId)
    .where('game_code', '=', gameCode)
    .$if(page.issueNo !== undefined, (query) => query.where('issue_no', '=', page.issueNo ?? ''));
  return fetchPage(filtered, (query) => query.selectAll().orderBy('draw_at', 'desc'), page);
}

/**
 * Each game's newest issue past its closing but not yet drawn (封盘, counting down to its draw) and
 * its newest drawn one, at `now`.
 */
export async function latestDraws(db: Db, siteId: number, now: Date) {
  const newestOf = (statuses: ReadonlyArray<DrawRow['status']>, closedBy: Date | undefined) =>
    db
      .selectFrom('lottery_draws')
      .selectAll()
      .distinctOn('game_code')
      .where('site_id', '=', siteId)
      .where('status', 'in', statuses)
      .$if(closedBy !== undefined, (query) => query.where('closes_at', '<=', closedBy ?? now))
      .orderBy('game_code')
      .orderBy('draw_at', 'desc')
      .execute();
  const [drawing, drawn] = await Promise.all([
    newestOf(['open', 'closing'], now),
    newestOf(['drawn', 'settled'], undefined),
  ]);
  return { drawing, drawn };
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
  'id' | 'draw_id' | 'selection' | 'status' | 'payout_fen' | 'settled_at' | 'chase_id'
> & { selection: string; chase_id: bigint | null };

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
      'chase_id',
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
          eb.val(row.chase_id).as('chase_id'),
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

/** Removes a placing ticket (its stake refused); true when this call removed it. */
export async function deletePlacingTicket(db: Db, id: bigint): Promise<boolean> {
  const deleted = await db
    .deleteFrom('lottery_tickets')
    .where('id', '=', id)
    .where('status', '=', 'placing')
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

// ---- limits and liability ------------------------------------------------------------------

/**
 * Adds a ticket's stake to its member's total on the play of the issue, unless that passes `maxFen`;
 * false then. The row's lock holds a concurrent ticket of the member until this one's transaction
 * ends, which then sees the new total.
 */
export async function addMemberStake(
  db: Db,
  row: { draw_id: bigint; member_id: bigint; play_id: string; stake_fen: Fen },
  maxFen: Fen,
): Promise<boolean> {
  const added = await db
    .insertInto('lottery_member_stakes')
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(['draw_id', 'member_id', 'play_id'])
        .doUpdateSet({ stake_fen: sql`lottery_member_stakes.stake_fen + excluded.stake_fen` })
        .where(sql`lottery_member_stakes.stake_fen + excluded.stake_fen`, '<=', maxFen),
    )
    .returning('stake_fen')
    .executeTakeFirst();
  return added !== undefined;
}

/**
 * Adds a ticket's exposures to its issue's liabilities, each unless it passes `capFen` (no cap when
 * null): the numbers it could not add, none when every one was added. Rows are taken in the order
 * of their numbers, so two tickets lock shared numbers in the same order.
 */
export async function addLiabilities(
  db: Db,
  drawId: bigint,
  exposures: ReadonlyMap<string, Fen>,
  capFen: Fen | null,
): Promise<string[]> {
  const numbers = [...exposures.keys()].sort();
  if (numbers.length === 0) {
    return [];
  }
  const added = await db
    .insertInto('lottery_liabilities')
    .values(
      numbers.map((exposure) => ({
        draw_id: drawId,
        exposure,
        liability_fen: exposures.get(exposure) as Fen,
      })),
    )
    .onConflict((conflict) => {
      const update = conflict
        .columns(['draw_id', 'exposure'])
        .doUpdateSet({ liability_fen: sql`lottery_liabilities.liability_fen + excluded.liability_fen` });
      return capFen === null
        ? update
        : update.where(sql`lottery_liabilities.liability_fen + excluded.liability_fen`, '<=', capFen);
    })
    .returning('exposure')
    .execute();
  const addedNumbers = new Set(added.map((row) => row.exposure));
  return numbers.filter((exposure) => !addedNumbers.has(exposure));
}

/** Takes back what a ticket that never went on sale added to its member's total and liabilities. */
export async function releaseTicketLimits(db: Db, ticket: TicketRow, exposures: ReadonlyMap<string, Fen>) {
  await db
    .updateTable('lottery_member_stakes')
    .set({ stake_fen: sql`stake_fen - ${ticket.stake_fen}` })
    .where('draw_id', '=', ticket.draw_id)
    .where('member_id', '=', ticket.member_id)
    .where('play_id', '=', ticket.play_id)
    .execute();
  if (exposures.size === 0) {
    return;
  }
  const rows = [...exposures].map(([exposure, liability]) => ({ exposure, liability: liability.toString() }));
  // Locked in the order of their numbers first, as `addLiabilities` takes them.
  await sql`
    with released as (
      select r.exposure, r.liability
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(exposure text, liability bigint)
    ), locked as (
      select exposure from lottery_liabilities
      where draw_id = ${ticket.draw_id} and exposure in (select exposure from released)
      order by exposure
      for update
    )
    update lottery_liabilities as l
    set liability_fen = l.liability_fen - released.liability
    from released
    where l.draw_id = ${ticket.draw_id} and l.exposure = released.exposure
      and l.exposure in (select exposure from locked)`.execute(db);
}

/** One of `count` lanes that settle an issue side by side: the tickets of every `count`th member. */
export interface SettlementLane {
  index: number;
  count: number;
}

/** A lane's open tickets of an issue after `afterId`, by id. */
export function unsettledTickets(
  db: Db,
  drawId: bigint,
  lane: SettlementLane,
  afterId: bigint,
  limit: number,
): Promise<TicketRow[]> {
  return db
    .selectFrom('lottery_tickets')
    .selectAll()
    .where('draw_id', '=', drawId)
    .where('status', 'in', ['placing', 'open'])
    .where('id', '>', afterId)
    .where(sql<bigint>`member_id % ${lane.count}`, '=', BigInt(lane.index))
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

// ---- chases ---------------------------------------------------------------------------------

export type ChaseRow = Selectable<LotteryChasesTable>;
export type ChaseIssueRow = Selectable<LotteryChaseIssuesTable>;
export type NewChase = Omit<LotteryChasesTable, 'id' | 'selection' | 'status' | 'stop_code' | 'ended_at'> & {
  selection: string;
};

/** Records a chase and its planned issues; undefined when the member used the chase id before. */
export async function insertChase(
  db: Db,
  chase: NewChase,
  issues: ReadonlyArray<Pick<LotteryChaseIssuesTable, 'issue_no' | 'multiplier' | 'draw_at'>>,
): Promise<ChaseRow | undefined> {
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('lottery_chases')
      .values({ ...chase, status: 'running' })
      .onConflict((conflict) => conflict.columns(['site_id', 'member_id', 'chase_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await tx
        .insertInto('lottery_chase_issues')
        .values(
          issues.map((issue, seq) => ({ ...issue, chase_id: inserted.id, seq, status: 'waiting' as const })),
        )
        .execute();
    }
    return inserted;
  });
}

export function findChase(db: Db, siteId: number, memberId: bigint, chaseId: string) {
  return db
    .selectFrom('lottery_chases')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .where('chase_id', '=', chaseId)
    .executeTakeFirst();
}

export function chaseById(db: Db, id: bigint): Promise<ChaseRow> {
  return db.selectFrom('lottery_chases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

export function chasesPage(
  db: Db,
  siteId: number,
  memberId: bigint,
  gameCode: string | undefined,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('lottery_chases')
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId);
  if (gameCode !== undefined) {
    filtered = filtered.where('game_code', '=', gameCode);
  }
  return fetchPage(filtered, (query) => query.selectAll().orderBy('id', 'desc'), page);
}

/** The planned issues of chases, in plan order, each with its ticket once placed. */
export async function chaseIssues(db: Db, chaseIds: readonly bigint[]) {
  if (chaseIds.length === 0) {
    return [];
  }
  const issues = await db
    .selectFrom('lottery_chase_issues')
    .selectAll()
    .where('chase_id', 'in', [...chaseIds])
    .orderBy('chase_id')
    .orderBy('seq')
    .execute();
  const ticketIds = issues.flatMap((issue) => (issue.ticket_id === null ? [] : [issue.ticket_id]));
  const tickets =
    ticketIds.length === 0
      ? []
      : await db.selectFrom('lottery_tickets').selectAll().where('id', 'in', ticketIds).execute();
  const ticketsById = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  return issues.map((issue) => ({
    ...issue,
    ticket: issue.ticket_id === null ? undefined : ticketsById.get(issue.ticket_id),
  }));
}

/** Ends a running chase: its issues still waiting will not be played. False when it had ended. */
export async function endChase(
  db: Db,
  id: bigint,
  end: { status: Exclude<LotteryChaseStatus, 'running'>; stopCode: number | null; now: Date },
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const ended = await tx
      .updateTable('lottery_chases')
      .set({ status: end.status, stop_code: end.stopCode, ended_at: end.now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (ended.numUpdatedRows === 0n) {
      return false;
    }
    await tx
      .updateTable('lottery_chase_issues')
      .set({ status: 'cancelled' })
      .where('chase_id', '=', id)
      .where('status', '=', 'waiting')
      .execute();
    return true;
  });
}

/** Issues of running chases (or of one) waiting for their ticket while their issue is on sale at `now`. */
export function chaseIssuesOnSale(db: Db, now: Date, chaseId?: bigint) {
  let query = db
    .selectFrom('lottery_chase_issues as i')
    .innerJoin('lottery_chases as c', 'c.id', 'i.chase_id')
    .innerJoin('lottery_draws as d', (join) =>
      join
        .onRef('d.site_id', '=', 'c.site_id')
        .onRef('d.game_code', '=', 'c.game_code')
        .onRef('d.issue_no', '=', 'i.issue_no'),
    )
    .selectAll('c')
    .select(['i.seq', 'i.issue_no', 'i.multiplier'])
    .where('i.status', '=', 'waiting')
    .where('c.status', '=', 'running')
    .where('d.status', '=', 'open')
    .where('d.opens_at', '<=', now)
    .where('d.closes_at', '>', now)
    // A chase that stops on a win waits for its tickets before to settle.
    .where(({ or, not, exists, selectFrom, eb }) =>
      or([
        eb('c.is_stop_on_win', '=', false),
        not(
          exists(
            selectFrom('lottery_tickets as t')
              .select('t.id')
              .whereRef('t.chase_id', '=', 'c.id')
              .where('t.status', 'in', ['placing', 'open']),
          ),
        ),
      ]),
    );
  if (chaseId !== undefined) {
    query = query.where('c.id', '=', chaseId);
  }
  return query.orderBy('c.id').orderBy('i.seq').execute();
}

/**
 * Records what became of a chase issue. A ticket placed is recorded even over a cancel that came
 * while it was being placed (the ticket stands); a refusal only on an issue still waiting.
 */
export async function resolveChaseIssue(
  db: Db,
  chaseId: bigint,
  seq: number,
  outcome: { status: 'placed'; ticketId: bigint } | { status: 'refused'; refusalCode: number },
) {
  await db
    .updateTable('lottery_chase_issues')
    .set(
      outcome.status === 'placed'
        ? { status: 'placed', ticket_id: outcome.ticketId }
        : { status: 'refused', refusal_code: outcome.refusalCode },
    )
    .where('chase_id', '=', chaseId)
    .where('seq', '=', seq)
    .where('status', 'in', outcome.status === 'placed' ? ['waiting', 'cancelled'] : ['waiting'])
    .execute();
}

/**
 * Issues still waiting whose chance has passed: their issue is on sale no more (closed, drawn,
 * cancelled) or, never opened (a paused game), was to be drawn by `now`.
 */
export async function markMissedChaseIssues(db: Db, now: Date) {
  await sql`
    update lottery_chase_issues as i
    set status = 'missed'
    from lottery_chases as c
    where c.id = i.chase_id and i.status = 'waiting' and c.status = 'running'
      and coalesce(
        (select d.status <> 'open' or d.closes_at <= ${now}
          from lottery_draws as d
          where d.site_id = c.site_id and d.game_code = c.game_code and d.issue_no = i.issue_no),
        i.draw_at <= ${now})`.execute(db);
}

/** Running chases that stop on a win and have a winning ticket; running ones with nothing left to play. */
export async function chasesToEnd(db: Db) {
  const won = await db
    .selectFrom('lottery_chases as c')
    .select('c.id')
    .where('c.status', '=', 'running')
    .where('c.is_stop_on_win', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lottery_tickets as t')
          .select('t.id')
          .whereRef('t.chase_id', '=', 'c.id')
          .where('t.status', '=', 'won'),
      ),
    )
    .execute();
  const done = await db
    .selectFrom('lottery_chases as c')
    .select('c.id')
    .where('c.status', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('lottery_chase_issues as i')
            .select('i.seq')
            .whereRef('i.chase_id', '=', 'c.id')
            .where('i.status', '=', 'waiting'),
        ),
      ),
    )
    .execute();
  return { won: won.map((row) => row.id), done: done.map((row) => row.id) };
}

// ---- operator console -----------------------------------------------------------------------

export type GameChanges = Partial<
  Pick<
    GameRow,
    'is_paused' | 'house_edge_bps' | 'closing_seconds' | 'ticket_stake_max_fen' | 'liability_cap_fen'
  > & { play_limits: string }
>;

/** Applies staff's changes to a game; answers it as it is afterwards. */
export async function updateGame(
  db: Db,
  siteId: number,
  code: string,
  changes: GameChanges,
  now: Date,
): Promise<GameRow> {
  return db
    .updateTable('lottery_games')
    .set({ ...changes, updated_at: now })
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What an issue's tickets staked and paid: those refused or taken back (void) count for nothing. */
const ticketTotals = (db: Db, drawId: bigint) =>
  db
    .selectFrom('lottery_tickets')
    .select([
      sql<string>`count(*)`.as('ticket_count'),
      sql<Fen>`coalesce(sum(stake_fen), 0)`.as('stake_fen'),
      sql<Fen>`coalesce(sum(payout_fen), 0)`.as('payout_fen'),
    ])
    .where('draw_id', '=', drawId)
    .where('status', 'in', ['open', 'won', 'lost'])
    .executeTakeFirstOrThrow();

export interface DrawSearch {
  status?: LotteryDrawStatus | undefined;
  /** The Beijing day the issues count in, yyyymmdd: the start of their issue numbers. */
  day?: string | undefined;
  issueNo?: string | undefined;
}

export async function drawsWithTotalsPage(
  db: Db,
  siteId: number,
  gameCode: string,
  search: DrawSearch,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('lottery_draws')
    .where('site_id', '=', siteId)
    .where('game_code', '=', gameCode);
  if (search.status !== undefined) {
    filtered = filtered.where('status', '=', search.status);
  }
  if (search.day !== undefined) {
    filtered = filtered.where('issue_no', 'like', `${search.day}-%`);
  }
  if (search.issueNo !== undefined) {
    filtered = filtered.where('issue_no', '=', search.issueNo);
  }
  const draws = await fetchPage(filtered, (query) => query.selectAll().orderBy('draw_at', 'desc'), page);
  const list = [];
  for (const draw of draws.list) {
    list.push({ draw, totals: await ticketTotals(db, draw.id) });
  }
  return { list, total: draws.total };
}

/** An issue's stakes and its biggest liabilities, biggest first. */
export async function issueLiability(db: Db, drawId: bigint, limit: number) {
  const exposures = await db
    .selectFrom('lottery_liabilities')
    .select(['exposure', 'liability_fen'])
    .where('draw_id', '=', drawId)
    .where('liability_fen', '>', fen(0n))
    .orderBy('liability_fen', 'desc')
    .orderBy('exposure')
    .limit(limit)
    .execute();
  return { exposures, totals: await ticketTotals(db, drawId) };
}

export interface TicketSearch {
  gameCode?: string | undefined;
  issueNo?: string | undefined;
  memberId?: bigint | undefined;
  status?: LotteryTicketStatus | undefined;
  /** Placed in [startTime, endTime), ISO instants. */
  startTime?: string | undefined;
  endTime?: string | undefined;
}

export function siteTickets(db: Db, siteId: number, search: TicketSearch, page: PageRequest) {
  let filtered = db.selectFrom('lottery_tickets').where('site_id', '=', siteId);
  if (search.gameCode !== undefined) {
    filtered = filtered.where('game_code', '=', search.gameCode);
  }
  if (search.issueNo !== undefined) {
    filtered = filtered.where('issue_no', '=', search.issueNo);
  }
  if (search.memberId !== undefined) {
    filtered = filtered.where('member_id', '=', search.memberId);
  }
  if (search.status !== undefined) {
    filtered = filtered.where('status', '=', search.status);
  }
  if (search.startTime !== undefined) {
    filtered = filtered.where('placed_at', '>=', new Date(search.startTime));
  }
  if (search.endTime !== undefined) {
    filtered = filtered.where('placed_at', '<', new Date(search.endTime));
  }
  return fetchPage(filtered, (query) => query.selectAll().orderBy('id', 'desc'), page);
}
