import {
  type Fen,
  fen,
  minFen,
  type SportsbookMatchStatus,
  type SportsbookReceivableState,
  type SportsbookSport,
} from '@site/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, type PageRequest } from '../db/paging.ts';
import type { MatchResult } from './markets.ts';
import type { BetRow, FixtureRow, LegRow } from './store.ts';

/**
 * The SQL of result corrections, resettlement and staff 封盘 (results-migration.ts): the fixture's
 * result versions, the bets' settlement versions, the members' receivables and the holds.
 */

// ---- corrections ----------------------------------------------------------------------------

export function lockFixture(db: Db, id: string): Promise<FixtureRow | undefined> {
  return db.selectFrom('sportsbook_fixtures').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Records a corrected result as the next result version: the scoreboard shows it too. */
export function correctResult(db: Db, id: string, result: MatchResult, now: Date): Promise<FixtureRow> {
  return db
    .updateTable('sportsbook_fixtures')
    .set((eb) => ({
      result: JSON.stringify(result),
      score_home: result.fullTime.home,
      score_away: result.fullTime.away,
      half_time_score: JSON.stringify(result.halfTime),
      result_version: eb('result_version', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', id)
    .where('status', '=', 'finished')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Fixtures whose last correction the feed pass has not finished resettling. */
export function fixturesResettling(db: Db): Promise<FixtureRow[]> {
  return db
    .selectFrom('sportsbook_fixtures')
    .selectAll()
    .whereRef('resettled_version', '<', 'result_version')
    .orderBy('id')
    .execute();
}

export async function markResettled(db: Db, id: string, version: number) {
  await db
    .updateTable('sportsbook_fixtures')
    .set({ resettled_version: version })
    .where('id', '=', id)
    .where('resettled_version', '<', version)
    .execute();
}

/** Every decided leg on a fixture: the ones a correction may decide otherwise. */
export function decidedLegsOn(db: Db, fixtureId: string): Promise<LegRow[]> {
  return db
    .selectFrom('sportsbook_bet_legs')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .where('result', 'is not', null)
    .orderBy('bet_id')
    .execute();
}

/**
 * Bets with a leg on the fixture that a correction may settle again: settled or void (their money
 * moved), or open again after an earlier resettlement. Open bets never settled are left to the
 * settlement pass, which reads their legs as decided now.
 */
export function betsToResettle(db: Db, fixtureId: string): Promise<BetRow[]> {
  return db
    .selectFrom('sportsbook_bets as b')
    .selectAll('b')
    .where((eb) =>
      eb.or([
        eb('b.status', 'in', ['settled', 'void']),
        eb.and([eb('b.status', '=', 'open'), eb('b.settlement_version', '>', 1)]),
      ]),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sportsbook_bet_legs as l')
          .select('l.leg_no')
          .whereRef('l.bet_id', '=', 'b.id')
          .where('l.fixture_id', '=', fixtureId),
      ),
    )
    .orderBy('b.id')
    .execute();
}

/** Bets open again after a resettlement, from `afterId` on: only a resettlement may pay them. */
export function reopenedBets(db: Db, afterId: bigint, limit: number): Promise<BetRow[]> {
  return db
    .selectFrom('sportsbook_bets')
    .selectAll()
    .where('status', '=', 'open')
    .where('settlement_version', '>', 1)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function lockBet(db: Db, id: bigint): Promise<BetRow> {
  return db
    .selectFrom('sportsbook_bets')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export interface BetSettlement {
  status: 'open' | 'settled' | 'void';
  payoutFen: Fen | null;
  version: number;
}

export async function setBetSettlement(db: Db, id: bigint, settlement: BetSettlement, now: Date) {
  await db
    .updateTable('sportsbook_bets')
    .set({
      status: settlement.status,
      payout_fen: settlement.payoutFen,
      settled_at: settlement.status === 'open' ? null : now,
      settlement_version: settlement.version,
    })
    .where('id', '=', id)
    .execute();
}

/** What the member owes the house, the row locked until the transaction ends. */
export async function lockReceivable(db: Db, siteId: number, memberId: bigint, now: Date): Promise<Fen> {
  await db
    .insertInto('sportsbook_receivables')
    .values({ site_id: siteId, member_id: memberId, amount_fen: 0n as Fen, updated_at: now })
    .onConflict((conflict) => conflict.columns(['site_id', 'member_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('sportsbook_receivables')
    .select('amount_fen')
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.amount_fen;
}

export async function setReceivable(db: Db, siteId: number, memberId: bigint, amountFen: Fen, now: Date) {
  await db
    .updateTable('sportsbook_receivables')
    .set({ amount_fen: amountFen, updated_at: now })
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId)
    .execute();
}

/** Books the receivable of a bet's reversed settlement version (once: the version names it). */
export async function bookReceivableItem(
  db: Db,
  item: { siteId: number; memberId: bigint; betId: bigint; version: number; amountFen: Fen },
  now: Date,
) {
  await db
    .insertInto('sportsbook_receivable_items')
    .values({
      site_id: item.siteId,
      member_id: item.memberId,
      bet_id: item.betId,
      settlement_version: item.version,
      amount_fen: item.amountFen,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['bet_id', 'settlement_version']).doNothing())
    .execute();
}

/** Spreads a set-off over the member's receivables still owed, the oldest first. */
export async function recoverReceivableItems(
  db: Db,
  member: { siteId: number; memberId: bigint },
  amountFen: Fen,
  now: Date,
) {
  const owed = await db
    .selectFrom('sportsbook_receivable_items')
    .select(['id', 'amount_fen', 'recovered_fen'])
    .where('site_id', '=', member.siteId)
    .where('member_id', '=', member.memberId)
    .whereRef('recovered_fen', '<', 'amount_fen')
    .orderBy('id')
    .forUpdate()
    .execute();
  let leftFen = amountFen;
  for (const item of owed) {
    if (leftFen <= 0n) {
      return;
    }
    const takenFen = minFen(leftFen, fen(item.amount_fen - item.recovered_fen));
    await db
      .updateTable('sportsbook_receivable_items')
      .set({ recovered_fen: fen(item.recovered_fen + takenFen), updated_at: now })
      .where('id', '=', item.id)
      .execute();
    leftFen = fen(leftFen - takenFen);
  }
}

/** A site's receivables by member and state, the newest first. */
export function receivablePage(
  db: Db,
  filter: { siteId: number; memberId?: bigint | undefined; state?: SportsbookReceivableState | undefined },
  page: PageRequest,
) {
  let filtered = db.selectFrom('sportsbook_receivable_items as r').where('r.site_id', '=', filter.siteId);
  if (filter.memberId !== undefined) {
    filtered = filtered.where('r.member_id', '=', filter.memberId);
  }
  if (filter.state === 'open') {
    filtered = filtered.where('r.recovered_fen', '=', fen(0n));
  } else if (filter.state === 'partial') {
    filtered = filtered
      .where('r.recovered_fen', '>', fen(0n))
      .whereRef('r.recovered_fen', '<', 'r.amount_fen');
  } else if (filter.state === 'recovered') {
    filtered = filtered.whereRef('r.recovered_fen', '=', 'r.amount_fen');
  }
  return fetchPage(
    filtered,
    (rows) =>
      rows
        .innerJoin('sportsbook_bets as b', 'b.id', 'r.bet_id')
        .selectAll('r')
        .select('b.slip_id')
        .orderBy('r.id', 'desc'),
    page,
  );
}

// ---- the console ------------------------------------------------------------------------------

export interface FixtureFilter {
  sport?: SportsbookSport | undefined;
  status?: SportsbookMatchStatus | undefined;
  matchId?: string | undefined;
  kickOff?: { from: Date; to: Date } | undefined;
}

/** Fixtures by the console's filter, the latest kick-off first. */
export function fixturePage(db: Db, filter: FixtureFilter, page: PageRequest) {
  let filtered = db.selectFrom('sportsbook_fixtures');
  if (filter.sport !== undefined) {
    filtered = filtered.where('sport', '=', filter.sport);
  }
  if (filter.status !== undefined) {
    filtered = filtered.where('status', '=', filter.status);
  }
  if (filter.matchId !== undefined) {
    filtered = filtered.where('id', '=', filter.matchId);
  }
  if (filter.kickOff !== undefined) {
    filtered = filtered
      .where('kick_off_at', '>=', filter.kickOff.from)
      .where('kick_off_at', '<', filter.kickOff.to);
  }
  return fetchPage(
    filtered,
    (rows) => rows.selectAll().orderBy('kick_off_at', 'desc').orderBy('id', 'desc'),
    page,
  );
}

/** The markets staff hold one by one, per fixture. */
export async function heldMarketKeys(db: Db, fixtureIds: readonly string[]): Promise<Map<string, string[]>> {
  const held = new Map<string, string[]>();
  if (fixtureIds.length === 0) {
    return held;
  }
  const rows = await db
    .selectFrom('sportsbook_markets')
    .select(['fixture_id', 'market_key'])
    .where('fixture_id', 'in', [...fixtureIds])
    .where('is_held', '=', true)
    .orderBy('fixture_id')
    .orderBy('sort_order')
    .execute();
  for (const row of rows) {
    held.set(row.fixture_id, [...(held.get(row.fixture_id) ?? []), row.market_key]);
  }
  return held;
}

/** Holds or opens every market of a fixture; opening clears the holds of single markets too. */
export async function holdFixture(db: Db, fixtureId: string, isHeld: boolean, now: Date) {
  await db
    .updateTable('sportsbook_fixtures')
    .set({ is_held: isHeld, updated_at: now })
    .where('id', '=', fixtureId)
    .execute();
  if (!isHeld) {
    // Opening by staff also lifts a suspension at the exposure cap (risk.ts): staff take the risk.
    await db
      .updateTable('sportsbook_markets')
      .set({ is_held: false, suspend_reason: null })
      .where('fixture_id', '=', fixtureId)
      .where((eb) => eb.or([eb('is_held', '=', true), eb('suspend_reason', 'is not', null)]))
      .execute();
  }
}

export async function holdMarket(db: Db, fixtureId: string, marketKey: string, isHeld: boolean) {
  await db
    .updateTable('sportsbook_markets')
    .set(isHeld ? { is_held: true } : { is_held: false, suspend_reason: null })
    .where('fixture_id', '=', fixtureId)
    .where('market_key', '=', marketKey)
    .execute();
}

/**
 * Sets each market still offered to what the holds and the feed's 封盘 say: suspended when the
 * feed suspends the fixture or staff hold it or the market (or its liability reached the exposure
 * cap, risk.ts), open otherwise.
 */
export async function applyHolds(db: Db, fixtureId: string, now: Date) {
  await sql`
    update sportsbook_markets as m
    set status = case when f.is_suspended or f.is_held or m.is_held or m.suspend_reason is not null then 'suspended' else 'open' end,
      updated_at = ${now}
    from sportsbook_fixtures as f
    where f.id = m.fixture_id and m.fixture_id = ${fixtureId} and m.status <> 'closed'
      and m.status <> case when f.is_suspended or f.is_held or m.is_held or m.suspend_reason is not null then 'suspended' else 'open' end`.execute(
    db,
  );
}
