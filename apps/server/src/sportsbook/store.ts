import {
  type Fen,
  fen,
  type SportsbookBetStatus,
  type SportsbookBookSettings,
  type SportsbookLegResult,
  type SportsbookMatchFilter,
} from '@site/contract';
import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, type PageRequest } from '../db/paging.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import type {
  SportsbookBetLegsTable,
  SportsbookBetsTable,
  SportsbookFeedTable,
  SportsbookFixturesTable,
  SportsbookLiabilitiesTable,
  SportsbookMarketsTable,
} from './tables.ts';

/** The only file that writes SQL for the sportsbook tables. */

export type FixtureRow = Selectable<SportsbookFixturesTable>;
export type MarketRow = Selectable<SportsbookMarketsTable>;
export type BetRow = Selectable<SportsbookBetsTable>;
export type LegRow = Selectable<SportsbookBetLegsTable>;
export type LiabilityRow = Selectable<SportsbookLiabilitiesTable>;
export type NewFixture = Insertable<SportsbookFixturesTable>;
export type NewMarket = Insertable<SportsbookMarketsTable>;
export type NewBet = Omit<
  Insertable<SportsbookBetsTable>,
  'id' | 'status' | 'payout_fen' | 'settled_at' | 'reject_code' | 'settlement_version'
>;
export type NewLeg = Omit<Insertable<SportsbookBetLegsTable>, 'bet_id' | 'result' | 'settled_at'>;

/**
 * Prepared statements of the placement path (db/prepared.ts): a placement runs each once or
 * twice, so no connection parses or plans them again. Each parameter is cast to its column's type.
 */
const statements = {
  findFixture: preparedStatement<FixtureRow>(
    'sportsbook_find_fixture',
    'select * from sportsbook_fixtures where id = $1::text',
  ),
  findMarket: preparedStatement<MarketRow>(
    'sportsbook_find_market',
    'select * from sportsbook_markets where fixture_id = $1::text and market_key = $2::text',
  ),
  lockMarket: preparedStatement<MarketRow>(
    'sportsbook_lock_market',
    'select * from sportsbook_markets where fixture_id = $1::text and market_key = $2::text for update',
  ),
  liabilitiesOf: preparedStatement<LiabilityRow>(
    'sportsbook_liabilities_of',
    `select * from sportsbook_liabilities where fixture_id = $1::text and market_key = $2::text
    order by selection_key`,
  ),
  findBet: preparedStatement<BetRow>(
    'sportsbook_find_bet',
    'select * from sportsbook_bets where site_id = $1::int4 and member_id = $2::int8 and slip_id = $3::text',
  ),
  legsOfBet: preparedStatement<LegRow>(
    'sportsbook_legs_of_bet',
    'select * from sportsbook_bet_legs where bet_id = $1::int8 order by leg_no',
  ),
  addMemberStake: preparedStatement<{ stake_fen: Fen }>(
    'sportsbook_add_member_stake',
    `insert into sportsbook_member_stakes (site_id, member_id, fixture_id, market_key, stake_fen)
    values ($1::int4, $2::int8, $3::text, $4::text, $5::int8)
    on conflict (site_id, member_id, fixture_id, market_key) do update
    set stake_fen = sportsbook_member_stakes.stake_fen + excluded.stake_fen
    where sportsbook_member_stakes.stake_fen + excluded.stake_fen <= $6::int8
    returning stake_fen`,
  ),
  insertBet: preparedStatement<BetRow>(
    'sportsbook_insert_bet',
    `insert into sportsbook_bets (site_id, member_id, slip_id, request_hash, kind, venue_code, odds_format,
      odds_e4, stake_fen, ticket_count, risk_fen, potential_return_fen, accept_at, placed_at,
      is_liability_held, status)
    values ($1::int4, $2::int8, $3::text, $4::text, $5::text, $6::text, $7::text, $8::int8, $9::int8,
      $10::int4, $11::int8, $12::int8, $13::timestamptz, $14::timestamptz, $15::bool, 'placing')
    on conflict (site_id, member_id, slip_id) do nothing
    returning *`,
  ),
  insertLeg: preparedStatement<LegRow>(
    'sportsbook_insert_leg',
    `insert into sportsbook_bet_legs (bet_id, leg_no, fixture_id, market_key, selection_key, selection,
      decimal_odds_e4, price_version, is_in_play, score_home, score_away)
    values ($1::int8, $2::int2, $3::text, $4::text, $5::text, $6::jsonb, $7::int4, $8::int4, $9::bool,
      $10::int4, $11::int4)
    returning *`,
  ),
  /** `applyLiabilityShares` of one share added: a single's, the most common placement. */
  addLiabilityShare: preparedStatement<MarketRow>(
    'sportsbook_add_liability_share',
    `with returns as (
      insert into sportsbook_liabilities (fixture_id, market_key, selection_key, return_fen)
      values ($1::text, $2::text, $3::text, $4::int8)
      on conflict (fixture_id, market_key, selection_key)
      do update set return_fen = sportsbook_liabilities.return_fen + excluded.return_fen)
    update sportsbook_markets as m set stake_fen = m.stake_fen + $5::int8
    where m.fixture_id = $1::text and m.market_key = $2::text and $5::int8 <> 0
    returning m.*`,
  ),
  markBetTaken: preparedStatement<BetRow>(
    'sportsbook_mark_bet_taken',
    `update sportsbook_bets set status = case when accept_at is null then 'open' else 'pending' end
    where id = $1::int8 and status = 'placing' returning *`,
  ),
};

// ---- the feed ---------------------------------------------------------------------------------

/** The feed's row as the first node to ask stored it: a racing node's secret is dropped. */
export async function feed(db: Db, fresh: SportsbookFeedTable): Promise<SportsbookFeedTable> {
  await db
    .insertInto('sportsbook_feed')
    .values(fresh)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  return db.selectFrom('sportsbook_feed').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

export async function setScheduledUntil(db: Db, until: Date) {
  await db
    .updateTable('sportsbook_feed')
    .set({ scheduled_until: until })
    .where('id', '=', 1)
    .where('scheduled_until', '<', until)
    .execute();
}

/** Puts fixtures and their opening markets on the board; those already there stay as they are. */
export async function insertFixtures(db: Db, fixtures: readonly NewFixture[], markets: readonly NewMarket[]) {
  if (fixtures.length === 0) {
    return;
  }
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('sportsbook_fixtures')
      .values([...fixtures])
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
    for (let index = 0; index < markets.length; index += 500) {
      await tx
        .insertInto('sportsbook_markets')
        .values(markets.slice(index, index + 500))
        .onConflict((conflict) => conflict.columns(['fixture_id', 'market_key']).doNothing())
        .execute();
    }
  });
}

export async function findFixture(db: Db, id: string): Promise<FixtureRow | undefined> {
  return (await statements.findFixture(db, [id]))[0];
}

export function fixturesByIds(db: Db, ids: readonly string[]): Promise<FixtureRow[]> {
  const [only] = ids;
  if (ids.length === 1 && only !== undefined) {
    return statements.findFixture(db, [only]);
  }
  return ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sportsbook_fixtures')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
}

/** Fixtures kicked off and not yet over: the ones the feed pass moves on. */
export function fixturesUnderway(db: Db, now: Date): Promise<FixtureRow[]> {
  return db
    .selectFrom('sportsbook_fixtures')
    .selectAll()
    .where('status', 'in', ['scheduled', 'live'])
    .where('kick_off_at', '<=', now)
    .orderBy('kick_off_at')
    .orderBy('id')
    .execute();
}

export function marketsOf(db: Db, fixtureIds: readonly string[]): Promise<MarketRow[]> {
  return fixtureIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sportsbook_markets')
        .selectAll()
        .where('fixture_id', 'in', [...fixtureIds])
        .orderBy('fixture_id')
        .orderBy('sort_order')
        .execute();
}

export async function findMarket(
  db: Db,
  fixtureId: string,
  marketKey: string,
): Promise<MarketRow | undefined> {
  return (await statements.findMarket(db, [fixtureId, marketKey]))[0];
}

export interface FixtureState {
  status: 'live' | 'finished';
  phase: string;
  clock_text: string | null;
  score_home: number;
  score_away: number;
  half_time_score: string | null;
  is_suspended: boolean;
  result: string | null;
}

/**
 * Writes a fixture's new state and its changed markets in one transaction: a market written here
 * carries the version its caller computed; a market left out of a finished fixture closes.
 */
export async function recordFixtureState(
  db: Db,
  fixtureId: string,
  state: FixtureState,
  markets: readonly NewMarket[],
  now: Date,
) {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('sportsbook_fixtures')
      .set({ ...state, updated_at: now })
      .where('id', '=', fixtureId)
      .where('status', 'in', ['scheduled', 'live'])
      .execute();
    for (let index = 0; index < markets.length; index += 200) {
      await tx
        .insertInto('sportsbook_markets')
        .values(markets.slice(index, index + 200))
        .onConflict((conflict) =>
          conflict.columns(['fixture_id', 'market_key']).doUpdateSet((eb) => ({
            market: eb.ref('excluded.market'),
            is_main: eb.ref('excluded.is_main'),
            sort_order: eb.ref('excluded.sort_order'),
            selections: eb.ref('excluded.selections'),
            feed_selections: eb.ref('excluded.feed_selections'),
            // A placement may have moved the prices since the pass read them: a version is never
            // reused for other prices, and a market its liability suspended stays so.
            price_version: sql<number>`greatest(excluded.price_version, case
              when sportsbook_markets.selections = excluded.selections then sportsbook_markets.price_version
              else sportsbook_markets.price_version + 1 end)`,
            status: sql<MarketRow['status']>`case
              when excluded.status = 'open' and sportsbook_markets.suspend_reason is not null then 'suspended'
              else excluded.status end`,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  });
}

/** Cancels a fixture not yet over: its markets close and its undecided legs are void. */
export async function cancelFixture(db: Db, fixtureId: string, reason: string, now: Date) {
  return db.transaction().execute(async (tx) => {
    const cancelled = await tx
      .updateTable('sportsbook_fixtures')
      .set({ status: 'cancelled', cancel_reason: reason, is_suspended: false, updated_at: now })
      .where('id', '=', fixtureId)
      .where('status', 'in', ['scheduled', 'live'])
      .returningAll()
      .executeTakeFirst();
    if (cancelled) {
      await tx
        .updateTable('sportsbook_markets')
        .set({ status: 'closed', updated_at: now })
        .where('fixture_id', '=', fixtureId)
        .execute();
    }
    return cancelled;
  });
}

/** Fixtures over (finished or cancelled) whose legs are not all decided yet. */
export function fixturesToSettle(db: Db): Promise<FixtureRow[]> {
  return db
    .selectFrom('sportsbook_fixtures')
    .selectAll()
    .where('settled_at', 'is', null)
    .where('status', 'in', ['finished', 'cancelled'])
    .orderBy('kick_off_at')
    .execute();
}

/** Marks a fixture settled once its legs are decided, and reveals its seed. */
export async function markFixtureSettled(db: Db, fixtureId: string, seedHex: string, now: Date) {
  await db
    .updateTable('sportsbook_fixtures')
    .set({ settled_at: now, seed_hex: seedHex })
    .where('id', '=', fixtureId)
    .where('settled_at', 'is', null)
    .execute();
}

/** The board's fixtures of a list, by kick-off: 滚球 in play, 今日 until `dayEnd`, 早盘 after. */
export function boardPage(
  db: Db,
  query: { filter: SportsbookMatchFilter; sport?: string | undefined; leagueCode?: string | undefined },
  bounds: { now: Date; dayEnd: Date },
  page: PageRequest,
) {
  let filtered = db.selectFrom('sportsbook_fixtures');
  if (query.filter === 'live') {
    filtered = filtered.where('status', '=', 'live');
  } else {
    filtered = filtered.where('status', '=', 'scheduled').where('kick_off_at', '>', bounds.now);
    filtered =
      query.filter === 'today'
        ? filtered.where('kick_off_at', '<', bounds.dayEnd)
        : filtered.where('kick_off_at', '>=', bounds.dayEnd);
  }
  if (query.sport !== undefined) {
    filtered = filtered.where('sport', '=', query.sport as FixtureRow['sport']);
  }
  if (query.leagueCode !== undefined) {
    filtered = filtered.where('league_code', '=', query.leagueCode);
  }
  return fetchPage(filtered, (rows) => rows.selectAll().orderBy('kick_off_at').orderBy('id'), page);
}

/** How many fixtures each league has per list. */
export async function boardCounts(db: Db, bounds: { now: Date; dayEnd: Date }) {
  const rows = await db
    .selectFrom('sportsbook_fixtures')
    .select((eb) => [
      'sport',
      'league_code',
      'league_name',
      eb.fn.countAll<string>().filterWhere('status', '=', 'live').as('live'),
      eb.fn
        .countAll<string>()
        .filterWhere((inner) =>
          inner.and([
            inner('status', '=', 'scheduled'),
            inner('kick_off_at', '>', bounds.now),
            inner('kick_off_at', '<', bounds.dayEnd),
          ]),
        )
        .as('today'),
      eb.fn
        .countAll<string>()
        .filterWhere((inner) =>
          inner.and([inner('status', '=', 'scheduled'), inner('kick_off_at', '>=', bounds.dayEnd)]),
        )
        .as('early'),
    ])
    .where('status', 'in', ['scheduled', 'live'])
    .groupBy(['sport', 'league_code', 'league_name'])
    .execute();
  return rows.map((row) => ({
    sport: row.sport,
    leagueCode: row.league_code,
    leagueName: row.league_name,
    live: Number(row.live),
    today: Number(row.today),
    early: Number(row.early),
  }));
}

// ---- bets -------------------------------------------------------------------------------------

export async function findBet(
  db: Db,
  siteId: number,
  memberId: bigint,
  slipId: string,
): Promise<BetRow | undefined> {
  return (await statements.findBet(db, [siteId, memberId, slipId]))[0];
}

export function betById(db: Db, id: bigint): Promise<BetRow> {
  return db.selectFrom('sportsbook_bets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The bet `placing` with its legs; undefined when the member used the slip id already. */
export async function insertBet(
  db: Db,
  bet: NewBet,
  legs: readonly NewLeg[],
): Promise<{ bet: BetRow; legs: LegRow[] } | undefined> {
  const [inserted] = await statements.insertBet(db, [
    bet.site_id,
    bet.member_id,
    bet.slip_id,
    bet.request_hash,
    bet.kind,
    bet.venue_code,
    bet.odds_format,
    bet.odds_e4,
    bet.stake_fen,
    bet.ticket_count,
    bet.risk_fen,
    bet.potential_return_fen,
    bet.accept_at ?? null,
    bet.placed_at,
    bet.is_liability_held ?? false,
  ]);
  if (!inserted) {
    return undefined;
  }
  const [only] = legs;
  const insertedLegs =
    legs.length === 1 && only
      ? await statements.insertLeg(db, [
          inserted.id,
          only.leg_no,
          only.fixture_id,
          only.market_key,
          only.selection_key,
          only.selection,
          only.decimal_odds_e4,
          only.price_version,
          only.is_in_play,
          only.score_home,
          only.score_away,
        ])
      : await db
          .insertInto('sportsbook_bet_legs')
          .values(legs.map((leg) => ({ ...leg, bet_id: inserted.id })))
          .returningAll()
          .execute();
  return { bet: inserted, legs: insertedLegs.sort((left, right) => left.leg_no - right.leg_no) };
}

/**
 * Adds what a bet risks to its member's total on a market, unless that passes `maxFen`: false then.
 * The row's lock holds a concurrent bet of the member until this one's transaction ends.
 */
export async function addMemberStake(
  db: Db,
  row: { site_id: number; member_id: bigint; fixture_id: string; market_key: string; stake_fen: Fen },
  maxFen: Fen,
): Promise<boolean> {
  if (row.stake_fen > maxFen) {
    return false;
  }
  const added = await statements.addMemberStake(db, [
    row.site_id,
    row.member_id,
    row.fixture_id,
    row.market_key,
    row.stake_fen,
    maxFen,
  ]);
  return added.length > 0;
}

// ---- liability (liability.ts) ----------------------------------------------------------------

/** The market of each share, once: the key writers of liability lock markets in. */
const marketKeysOf = (shares: ReadonlyArray<{ fixtureId: string; marketKey: string }>) =>
  [...new Map(shares.map((share) => [`${share.fixtureId}|${share.marketKey}`, share])).values()]
    .map(({ fixtureId, marketKey }) => ({ fixtureId, marketKey }))
    .sort((left, right) =>
      left.fixtureId === right.fixtureId
        ? left.marketKey < right.marketKey
          ? -1
          : 1
        : left.fixtureId < right.fixtureId
          ? -1
          : 1,
    );

/**
 * Locks markets in (fixture, market key) order, as every writer of their liability does, so two
 * writers never wait on each other in a circle; answers them, as locked, in that order. The keys
 * are named in the statement (one index probe each), not joined from a parameter: joined, the
 * planner took the whole markets table by a sequential scan to hash them.
 */
export async function lockMarkets(
  db: Db,
  shares: ReadonlyArray<{ fixtureId: string; marketKey: string }>,
): Promise<MarketRow[]> {
  const keys = marketKeysOf(shares);
  if (keys.length === 0) {
    return [];
  }
  const [only] = keys;
  if (keys.length === 1 && only) {
    return statements.lockMarket(db, [only.fixtureId, only.marketKey]);
  }
  return db
    .selectFrom('sportsbook_markets')
    .selectAll()
    .where(marketKeysIn(keys))
    .orderBy('fixture_id')
    .orderBy('market_key')
    .forUpdate()
    .execute();
}

/** `(fixture_id, market_key)` is one of `keys`, as index probes the planner cannot turn into a scan. */
const marketKeysIn =
  (keys: ReadonlyArray<{ fixtureId: string; marketKey: string }>) =>
  (eb: ExpressionBuilder<Database, 'sportsbook_markets'>) =>
    eb.or(
      keys.map((key) => eb.and([eb('fixture_id', '=', key.fixtureId), eb('market_key', '=', key.marketKey)])),
    );

/**
 * Adds (sign 1) or takes off (sign −1) shares: returns on picks, stakes on markets. Markets locked
 * first. Answers the markets whose stake it changed, as changed (the others it did not write).
 */
export async function applyLiabilityShares(
  db: Db,
  shares: ReadonlyArray<{
    fixtureId: string;
    marketKey: string;
    selectionKey: string;
    returnFen: Fen;
    stakeFen: Fen;
  }>,
  sign: 1 | -1,
): Promise<MarketRow[]> {
  if (shares.length === 0) {
    return [];
  }
  const [only] = shares;
  if (shares.length === 1 && only && sign === 1) {
    return statements.addLiabilityShare(db, [
      only.fixtureId,
      only.marketKey,
      only.selectionKey,
      only.returnFen,
      only.stakeFen,
    ]);
  }
  const rows = shares.map((share) => ({
    fixture_id: share.fixtureId,
    market_key: share.marketKey,
    selection_key: share.selectionKey,
    return_fen: (share.returnFen * BigInt(sign)).toString(),
    stake_fen: (share.stakeFen * BigInt(sign)).toString(),
  }));
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    as s(fixture_id text, market_key text, selection_key text, return_fen bigint, stake_fen bigint)`;
  // The returns and the markets' stakes in one statement (a data-modifying WITH runs to completion).
  const returns =
    sign === 1
      ? sql`
      insert into sportsbook_liabilities (fixture_id, market_key, selection_key, return_fen)
      select fixture_id, market_key, selection_key, sum(return_fen) from ${recordset}
      group by fixture_id, market_key, selection_key
      order by fixture_id, market_key, selection_key
      on conflict (fixture_id, market_key, selection_key)
      do update set return_fen = sportsbook_liabilities.return_fen + excluded.return_fen`
      : // What is taken off was added before: the rows are there (a check refuses a negative insert).
        sql`
      update sportsbook_liabilities as l set return_fen = l.return_fen + t.return_fen
      from (select fixture_id, market_key, selection_key, sum(return_fen) as return_fen from ${recordset}
            group by fixture_id, market_key, selection_key) as t
      where l.fixture_id = t.fixture_id and l.market_key = t.market_key
        and l.selection_key = t.selection_key`;
  // The markets named again as keys: joined alone, the planner scanned the whole table to hash it.
  const keys = sql.join(marketKeysOf(shares).map((key) => sql`(${key.fixtureId}, ${key.marketKey})`));
  const changed = await sql<MarketRow>`
    with returns as (${returns})
    update sportsbook_markets as m set stake_fen = m.stake_fen + t.stake_fen
    from (select fixture_id, market_key, sum(stake_fen) as stake_fen from ${recordset}
          group by fixture_id, market_key) as t
    where (m.fixture_id, m.market_key) in (${keys})
      and m.fixture_id = t.fixture_id and m.market_key = t.market_key and t.stake_fen <> 0
    returning m.*`.execute(db);
  return changed.rows;
}

/**
 * Marks bets' shares as no longer counted, those still counted and in one of `statuses`: the ids
 * answered are the ones whose shares the caller takes off, each exactly once.
 */
export async function releaseLiabilityOf(
  db: Db,
  betIds: readonly bigint[],
  statuses: readonly SportsbookBetStatus[],
): Promise<bigint[]> {
  if (betIds.length === 0) {
    return [];
  }
  const released = await db
    .updateTable('sportsbook_bets')
    .set({ is_liability_held: false })
    .where('id', 'in', [...betIds])
    .where('is_liability_held', '=', true)
    .where('status', 'in', [...statuses])
    .returning('id')
    .execute();
  return released.map((row) => row.id);
}

export function liabilitiesOf(db: Db, fixtureId: string, marketKey: string): Promise<LiabilityRow[]> {
  return statements.liabilitiesOf(db, [fixtureId, marketKey]);
}

/**
 * A locked market's prices moved by its liability (the version bumped when they changed), and
 * its exposure suspension set or lifted: lifted, it opens unless the feed or staff suspend it.
 */
export async function moveMarketRisk(
  db: Db,
  market: MarketRow,
  change: {
    selections: string;
    feedSelections: string;
    priceSteps: string;
    isRepriced: boolean;
    exposure: 'capped' | 'clear' | 'keep';
    now: Date;
  },
) {
  await sql`
    update sportsbook_markets as m
    set selections = ${change.selections}::jsonb,
      feed_selections = ${change.feedSelections}::jsonb,
      price_steps = ${change.priceSteps}::jsonb,
      price_version = m.price_version + ${change.isRepriced ? 1 : 0},
      suspend_reason = case ${change.exposure}
        when 'capped' then 'exposure_cap' when 'clear' then null else m.suspend_reason end,
      status = case
        when m.status = 'closed' then m.status
        when ${change.exposure} = 'capped' then 'suspended'
        when ${change.exposure} = 'clear' and m.suspend_reason is not null then
          case when f.is_suspended or f.is_held or m.is_held then 'suspended' else 'open' end
        else m.status end,
      updated_at = ${change.now}
    from sportsbook_fixtures as f
    where f.id = m.fixture_id and m.fixture_id = ${market.fixture_id} and m.market_key = ${market.market_key}`.execute(
    db,
  );
}

/**
 * Matches by their worst market's liability, biggest first, with those markets (biggest first):
 * markets with anything at risk on them (every market of the one match asked for by id), of
 * matches not yet settled.
 */
export async function liabilityPage(db: Db, query: { matchId?: string | undefined }, page: PageRequest) {
  const matchFilter = query.matchId === undefined ? sql`true` : sql`m.fixture_id = ${query.matchId}`;
  const worst = sql`
    select m.fixture_id, m.market_key,
      greatest(0, coalesce(max(l.return_fen), 0)) - m.stake_fen as worst_fen
    from sportsbook_markets as m
    join sportsbook_fixtures as f on f.id = m.fixture_id
    left join sportsbook_liabilities as l on l.fixture_id = m.fixture_id and l.market_key = m.market_key
    where f.settled_at is null and ${matchFilter}
    group by m.fixture_id, m.market_key, m.stake_fen
    having ${query.matchId !== undefined} or m.stake_fen > 0 or coalesce(max(l.return_fen), 0) > 0`;
  const offset = (page.pageNum - 1) * page.pageSize;
  const matches = await sql<{ fixture_id: string }>`
    with w as (${worst})
    select fixture_id from w group by fixture_id
    order by max(worst_fen) desc, fixture_id
    limit ${page.pageSize} offset ${offset}`.execute(db);
  const fixtureIds = matches.rows.map((row) => row.fixture_id);
  const counted = await sql<{ total: string }>`
    with w as (${worst}) select count(distinct fixture_id)::text as total from w`.execute(db);
  return { fixtureIds, total: Number(counted.rows[0]?.total ?? 0) };
}

/** The markets of fixtures with anything at risk on them (or every market), and their picks' returns. */
export async function liabilityMarkets(
  db: Db,
  fixtureIds: readonly string[],
  options: { isEveryMarket: boolean },
) {
  if (fixtureIds.length === 0) {
    return { markets: [] as MarketRow[], liabilities: [] as LiabilityRow[] };
  }
  const liabilities = await db
    .selectFrom('sportsbook_liabilities')
    .selectAll()
    .where('fixture_id', 'in', [...fixtureIds])
    .execute();
  const markets = await db
    .selectFrom('sportsbook_markets')
    .selectAll()
    .where('fixture_id', 'in', [...fixtureIds])
    .where((eb) =>
      eb.or([
        eb.val(options.isEveryMarket),
        eb('stake_fen', '>', fen(0n)),
        eb.exists(
          eb
            .selectFrom('sportsbook_liabilities as l')
            .select('l.selection_key')
            .whereRef('l.fixture_id', '=', 'sportsbook_markets.fixture_id')
            .whereRef('l.market_key', '=', 'sportsbook_markets.market_key')
            .where('l.return_fen', '>', fen(0n)),
        ),
      ]),
    )
    .execute();
  return { markets, liabilities };
}

/** Takes a bet that never stood off its member's totals. */
export async function releaseMemberStakes(db: Db, bet: BetRow, legs: readonly LegRow[]) {
  for (const leg of legs) {
    await db
      .updateTable('sportsbook_member_stakes')
      .set({ stake_fen: sql`stake_fen - ${bet.risk_fen}` })
      .where('site_id', '=', bet.site_id)
      .where('member_id', '=', bet.member_id)
      .where('fixture_id', '=', leg.fixture_id)
      .where('market_key', '=', leg.market_key)
      .execute();
  }
}

/** Removes a bet whose stake the wallet refused; false when it was no longer `placing`. */
export async function deletePlacingBet(db: Db, id: bigint): Promise<boolean> {
  const placing = await db
    .selectFrom('sportsbook_bets')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'placing')
    .forUpdate()
    .executeTakeFirst();
  if (!placing) {
    return false;
  }
  await db.deleteFrom('sportsbook_bet_legs').where('bet_id', '=', id).execute();
  await db.deleteFrom('sportsbook_bets').where('id', '=', id).execute();
  return true;
}

/** A `placing` bet whose stake was taken: `open`, or `pending` while its acceptance delay runs. */
export async function markBetTaken(db: Db, id: bigint): Promise<BetRow> {
  const [taken] = await statements.markBetTaken(db, [id]);
  return taken ?? betById(db, id);
}

export async function acceptBet(db: Db, id: bigint) {
  await db
    .updateTable('sportsbook_bets')
    .set({ status: 'open' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** A bet not accepted (or left `placing`), its stake given back: the reason's code is kept. */
export async function rejectBet(db: Db, id: bigint, code: number, now: Date) {
  await db
    .updateTable('sportsbook_bets')
    .set({ status: 'rejected', reject_code: code, settled_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['placing', 'pending'])
    .execute();
}

export function legsOf(db: Db, betIds: readonly bigint[]): Promise<LegRow[]> {
  const [only] = betIds;
  if (betIds.length === 1 && only !== undefined) {
    return statements.legsOfBet(db, [only]);
  }
  return betIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sportsbook_bet_legs')
        .selectAll()
        .where('bet_id', 'in', [...betIds])
        .orderBy('bet_id')
        .orderBy('leg_no')
        .execute();
}

export function pendingDue(db: Db, now: Date, limit: number): Promise<BetRow[]> {
  return db
    .selectFrom('sportsbook_bets')
    .selectAll()
    .where('status', '=', 'pending')
    .where('accept_at', '<=', now)
    .orderBy('accept_at')
    .limit(limit)
    .execute();
}

/** Bets left `placing` since before `before`: a node stopped while the wallet was called. */
export function stalePlacing(db: Db, before: Date, limit: number): Promise<BetRow[]> {
  return db
    .selectFrom('sportsbook_bets')
    .selectAll()
    .where('status', '=', 'placing')
    .where('placed_at', '<', before)
    .orderBy('placed_at')
    .limit(limit)
    .execute();
}

export function undecidedLegs(db: Db, fixtureId: string, limit: number): Promise<LegRow[]> {
  return db
    .selectFrom('sportsbook_bet_legs')
    .selectAll()
    .where('fixture_id', '=', fixtureId)
    .where('result', 'is', null)
    .orderBy('bet_id')
    .limit(limit)
    .execute();
}

/**
 * Records legs' results in one statement: on legs still undecided (the settlement), or on legs
 * decided otherwise before (a result correction); any other leg stays as it is.
 */
export async function decideLegs(
  db: Db,
  decided: ReadonlyArray<{ betId: bigint; legNo: number; result: SportsbookLegResult }>,
  now: Date,
  legs: 'undecided' | 'redecided' = 'undecided',
) {
  if (decided.length === 0) {
    return;
  }
  const rows = decided.map((leg) => ({
    bet_id: leg.betId.toString(),
    leg_no: leg.legNo,
    result: leg.result,
  }));
  await sql`
    update sportsbook_bet_legs as l
    set result = d.result, settled_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(bet_id bigint, leg_no smallint, result text)
    where l.bet_id = d.bet_id and l.leg_no = d.leg_no
      and ${legs === 'undecided' ? sql`l.result is null` : sql`l.result <> d.result`}`.execute(db);
}

/**
 * Open bets whose return is known: every leg decided, or a leg of an N串1 lost (the others cannot
 * save it). A single is the N串1 of one leg.
 */
export function betsToSettle(db: Db, limit: number): Promise<BetRow[]> {
  return (
    db
      .selectFrom('sportsbook_bets as b')
      .selectAll('b')
      .where('b.status', '=', 'open')
      // A bet open again after a result correction is paid by its resettlement (resettle.ts).
      .where('b.settlement_version', '=', 1)
      .where((eb) =>
        eb.or([
          eb.not(
            eb.exists(
              eb
                .selectFrom('sportsbook_bet_legs as l')
                .select('l.leg_no')
                .whereRef('l.bet_id', '=', 'b.id')
                .where('l.result', 'is', null),
            ),
          ),
          eb.and([
            eb('b.kind', '=', 'parlay'),
            eb.exists(
              eb
                .selectFrom('sportsbook_bet_legs as l')
                .select('l.leg_no')
                .whereRef('l.bet_id', '=', 'b.id')
                .where('l.result', '=', 'loss'),
            ),
          ]),
        ]),
      )
      .orderBy('b.id')
      .limit(limit)
      .execute()
  );
}

export interface BetClose {
  id: bigint;
  status: Extract<SportsbookBetStatus, 'settled' | 'void'>;
  payoutFen: Fen;
}

/** Closes a batch of bets whose money has moved, in one statement; closed ones stay as they are. */
export async function closeBets(db: Db, closes: ReadonlyArray<BetClose>, now: Date) {
  if (closes.length === 0) {
    return;
  }
  const rows = closes.map((close) => ({
    id: close.id.toString(),
    status: close.status,
    payout: close.payoutFen.toString(),
  }));
  await sql`
    update sportsbook_bets as b
    set status = c.status, payout_fen = c.payout, settled_at = ${now}
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(id bigint, status text, payout bigint)
    where b.id = c.id and b.status = 'open'`.execute(db);
}

export function memberBets(
  db: Db,
  siteId: number,
  memberId: bigint,
  status: 'unsettled' | 'settled' | undefined,
  page: PageRequest,
) {
  let filtered = db
    .selectFrom('sportsbook_bets')
    .where('site_id', '=', siteId)
    .where('member_id', '=', memberId);
  if (status !== undefined) {
    filtered = filtered.where(
      'status',
      'in',
      status === 'unsettled' ? ['placing', 'pending', 'open'] : ['settled', 'void', 'rejected', 'cashed_out'],
    );
  }
  return fetchPage(filtered, (rows) => rows.selectAll().orderBy('id', 'desc'), page);
}

/** A site's bets by member, match (a leg on it) and status, newest first. */
export function siteBets(
  db: Db,
  siteId: number,
  query: {
    memberId?: bigint | undefined;
    matchId?: string | undefined;
    status?: SportsbookBetStatus | undefined;
  },
  page: PageRequest,
) {
  let filtered = db.selectFrom('sportsbook_bets as b').where('b.site_id', '=', siteId);
  if (query.memberId !== undefined) {
    filtered = filtered.where('b.member_id', '=', query.memberId);
  }
  if (query.status !== undefined) {
    filtered = filtered.where('b.status', '=', query.status);
  }
  const matchId = query.matchId;
  if (matchId !== undefined) {
    filtered = filtered.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sportsbook_bet_legs as l')
          .select('l.leg_no')
          .whereRef('l.bet_id', '=', 'b.id')
          .where('l.fixture_id', '=', matchId),
      ),
    );
  }
  return fetchPage(filtered, (rows) => rows.selectAll('b').orderBy('b.id', 'desc'), page);
}

/** The book's margins and limits as staff last set them; undefined while it runs on its defaults. */
export async function findBookSettings(db: Db) {
  return db
    .selectFrom('sportsbook_book_settings')
    .select(['settings', 'updated_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
}

export async function saveBookSettings(db: Db, settings: SportsbookBookSettings, at: Date) {
  const json = JSON.stringify(settings);
  await db
    .insertInto('sportsbook_book_settings')
    .values({ id: 1, settings: json, updated_at: at })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ settings: json, updated_at: at }))
    .execute();
}
