import {
  type AdminSportsbookHoldBody,
  type AdminSportsbookMatch,
  type AdminSportsbookMatchesBody,
  type AdminSportsbookReceivable,
  type AdminSportsbookReceivablesBody,
  type AdminSportsbookResult,
  type AdminSportsbookResultBody,
  beijingOffsetMs,
  ErrorCode,
  formatFen,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { Clock } from '../stores/clock.ts';
import type { MatchResult, Score } from './markets.ts';
import type { Resettlement } from './resettle.ts';
import * as results from './results-store.ts';
import * as store from './store.ts';

/**
 * The console's sportsbook desk: fixtures with their results, result corrections (resettle.ts
 * settles the bets again) and staff 封盘 / 开盘. Fixtures are the feed's and shared by every site,
 * so a correction or a hold acts on every site's bets and board; the audit log keeps it on the
 * site of the staff member who made it.
 */

const dayMs = 24 * 3_600_000;
const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

const isSameScore = (left: Score, right: Score) => left.home === right.home && left.away === right.away;
const isSameResult = (left: MatchResult, right: MatchResult) =>
  isSameScore(left.fullTime, right.fullTime) && isSameScore(left.halfTime, right.halfTime);

/**
 * The result a correction asks for. An esports series has no half: its half-time is its final
 * score. Goals and points only add up, so a half-time score may not pass the final one.
 */
export function correctedResultOf(
  fixture: Pick<store.FixtureRow, 'sport' | 'result'>,
  body: Pick<AdminSportsbookResultBody, 'fullTime' | 'halfTime'>,
): MatchResult {
  const fullTime = body.fullTime;
  if (fixture.sport === 'esports') {
    if (body.halfTime && !isSameScore(body.halfTime, fullTime)) {
      throw validationError('halfTime', '电竞赛事没有半场比分，请留空或与全场比分相同');
    }
    return { fullTime, halfTime: fullTime };
  }
  const halfTime = body.halfTime ?? fixture.result?.halfTime;
  if (!halfTime || halfTime.home > fullTime.home || halfTime.away > fullTime.away) {
    throw validationError('halfTime', '半场比分不能大于全场比分');
  }
  return { fullTime, halfTime };
}

export function createSportsbookAdmin(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  resettlement: Resettlement;
  walletBetIdOf: (betRowId: bigint) => string;
}) {
  const now = () => new Date(deps.clock.now());

  const present = (row: store.FixtureRow, heldMarketKeys: readonly string[]): AdminSportsbookMatch => ({
    matchId: row.id,
    sport: row.sport,
    leagueName: row.league_name,
    home: row.home_name,
    away: row.away_name,
    kickOffAt: row.kick_off_at.toISOString(),
    status: row.status,
    phase: row.phase,
    score: { home: row.score_home, away: row.score_away },
    result: row.result ? { fullTime: row.result.fullTime, halfTime: row.result.halfTime } : null,
    resultVersion: row.result_version,
    isSuspended: row.is_suspended,
    isHeld: row.is_held,
    heldMarketKeys: [...heldMarketKeys],
    cancelReason: row.cancel_reason,
    settledAt: row.settled_at?.toISOString() ?? null,
  });

  const presentOne = async (fixtureId: string) => {
    const row = await store.findFixture(deps.db, fixtureId);
    if (!row) {
      throw refused(ErrorCode.sportsbookMatchUnknown, { matchId: fixtureId });
    }
    return present(row, (await results.heldMarketKeys(deps.db, [row.id])).get(row.id) ?? []);
  };

  return {
    /** Fixtures by sport, status and Beijing kick-off day, the latest kick-off first. */
    async matches(query: AdminSportsbookMatchesBody) {
      const dayStartMs =
        query.day === undefined ? undefined : Date.parse(`${query.day}T00:00:00Z`) - beijingOffsetMs;
      const page = await results.fixturePage(
        deps.db,
        {
          sport: query.sport,
          status: query.status,
          matchId: query.matchId,
          kickOff:
            dayStartMs === undefined
              ? undefined
              : { from: new Date(dayStartMs), to: new Date(dayStartMs + dayMs) },
        },
        query,
      );
      const held = await results.heldMarketKeys(
        deps.db,
        page.list.map((row) => row.id),
      );
      return {
        list: page.list.map((row) => present(row, held.get(row.id) ?? [])),
        total: page.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /**
     * Corrects a finished match's result as its next result version, logged with the reason in
     * the same transaction, then settles every bet touching it again. The result it has already
     * moves nothing; either way the resettlement runs, so a call cut short is finished by the next.
     */
    async correctResult(
      operator: OperatorPrincipal,
      body: AdminSportsbookResultBody,
    ): Promise<AdminSportsbookResult> {
      const fixture = await store.findFixture(deps.db, body.matchId);
      if (!fixture) {
        throw refused(ErrorCode.sportsbookMatchUnknown, { matchId: body.matchId });
      }
      if (fixture.status !== 'finished' || !fixture.result) {
        throw validationError('matchId', '赛事尚未完场，不能更正赛果');
      }
      const corrected = correctedResultOf(fixture, body);
      const isChanged = await deps.db.transaction().execute(async (tx) => {
        const locked = await results.lockFixture(tx, fixture.id);
        if (!locked?.result || isSameResult(locked.result, corrected)) {
          return false;
        }
        const after = await results.correctResult(tx, fixture.id, corrected, now());
        await deps.audit.record(
          operator,
          {
            siteId: operator.siteId,
            action: 'sportsbook.result_correct',
            target: fixture.id,
            before: { result: locked.result, resultVersion: locked.result_version },
            after: { result: corrected, resultVersion: after.result_version },
            reason: body.reason,
          },
          tx,
        );
        return true;
      });
      const summary = await deps.resettlement.resettleFixture(fixture.id);
      return {
        match: await presentOne(fixture.id),
        isChanged,
        betCount: summary.betCount,
        reopenedCount: summary.reopenedCount,
        payoutDelta: formatFen(summary.payoutDeltaFen),
        receivable: formatFen(summary.receivableFen),
      };
    },

    /**
     * 应收: the site's receivables, the newest first, with the matches of their bets. The ledger
     * offers no way to waive one: a later resettlement's payout recovers it (resettle.ts).
     */
    async receivables(siteId: number, query: AdminSportsbookReceivablesBody) {
      const page = await results.receivablePage(
        deps.db,
        {
          siteId,
          memberId: query.memberId === undefined ? undefined : BigInt(query.memberId),
          state: query.state,
        },
        query,
      );
      const legs = await store.legsOf(deps.db, [...new Set(page.list.map((row) => row.bet_id))]);
      const fixtures = new Map(
        (await store.fixturesByIds(deps.db, [...new Set(legs.map((leg) => leg.fixture_id))])).map((row) => [
          row.id,
          row,
        ]),
      );
      return {
        list: page.list.map(
          (row): AdminSportsbookReceivable => ({
            id: String(row.id),
            memberId: String(row.member_id),
            betId: deps.walletBetIdOf(row.bet_id),
            slipId: row.slip_id,
            settlementVersion: row.settlement_version,
            matches: legs
              .filter((leg) => leg.bet_id === row.bet_id)
              .map((leg) => ({
                matchId: leg.fixture_id,
                home: fixtures.get(leg.fixture_id)?.home_name ?? '',
                away: fixtures.get(leg.fixture_id)?.away_name ?? '',
              })),
            amount: formatFen(row.amount_fen),
            recovered: formatFen(row.recovered_fen),
            outstanding: formatFen(row.amount_fen - row.recovered_fen),
            state:
              row.recovered_fen === 0n
                ? 'open'
                : row.recovered_fen < row.amount_fen
                  ? 'partial'
                  : 'recovered',
            createdAt: row.created_at.toISOString(),
            updatedAt: row.updated_at.toISOString(),
          }),
        ),
        total: page.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /**
     * 封盘 or 开盘 by staff, of one market or of every market of a match not over yet. A held
     * market stays suspended whatever the feed says; opened, it follows the feed's 封盘 again.
     */
    async hold(operator: OperatorPrincipal, body: AdminSportsbookHoldBody): Promise<AdminSportsbookMatch> {
      const fixture = await store.findFixture(deps.db, body.matchId);
      if (!fixture || (fixture.status !== 'scheduled' && fixture.status !== 'live')) {
        throw refused(ErrorCode.sportsbookMatchUnknown, { matchId: body.matchId });
      }
      const marketKey = body.marketKey;
      if (marketKey !== undefined) {
        const market = await store.findMarket(deps.db, fixture.id, marketKey);
        if (!market || market.status === 'closed') {
          throw refused(ErrorCode.sportsbookMarketClosed, { matchId: fixture.id, marketKey });
        }
      }
      const before = await presentOne(fixture.id);
      await deps.db.transaction().execute(async (tx) => {
        await results.lockFixture(tx, fixture.id);
        if (marketKey === undefined) {
          await results.holdFixture(tx, fixture.id, body.isHeld, now());
        } else {
          await results.holdMarket(tx, fixture.id, marketKey, body.isHeld);
        }
        await results.applyHolds(tx, fixture.id, now());
        await deps.audit.record(
          operator,
          {
            siteId: operator.siteId,
            action: body.isHeld ? 'sportsbook.market_hold' : 'sportsbook.market_open',
            target: marketKey === undefined ? fixture.id : `${fixture.id}/${marketKey}`,
            before: { isHeld: before.isHeld, heldMarketKeys: before.heldMarketKeys },
            after: { isHeld: body.isHeld, marketKey: marketKey ?? null },
            reason: body.reason,
          },
          tx,
        );
      });
      return presentOne(fixture.id);
    },
  };
}

export type SportsbookAdmin = ReturnType<typeof createSportsbookAdmin>;
