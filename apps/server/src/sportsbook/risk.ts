import {
  type AdminSportsbookLiabilityBody,
  type AdminSportsbookMatchLiability,
  ErrorCode,
  fen,
  formatFen,
  formatOddsValue,
  type SportsbookBetStatus,
} from '@site/contract';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import { marketLine, marketName, selectionName } from './labels.ts';
import {
  isSameSteps,
  type LiabilitySettings,
  type LiabilityShare,
  liabilitySharesOf,
  type MarketBook,
  movedSelections,
  priceStepsOf,
  selectionLiabilityFen,
  worstLiabilityFen,
} from './liability.ts';
import * as store from './store.ts';

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

const bookOf = (market: store.MarketRow, liabilities: readonly store.LiabilityRow[]): MarketBook => ({
  stakeFen: market.stake_fen,
  returns: new Map(liabilities.map((row) => [row.selection_key, row.return_fen])),
});

const marketKeysOf = (shares: readonly LiabilityShare[]) => [
  ...new Map(shares.map((share) => [`${share.fixtureId}|${share.marketKey}`, share])).values(),
];

export type SportsbookRisk = ReturnType<typeof createSportsbookRisk>;

/**
 * Whether a suspended market is so only because its liability reached the exposure cap: its
 * prices are current and nothing happened on the pitch, so bets already taken stand (in-play
 * acceptance) and cash-outs, which take risk off the book, are still offered.
 */
export const isSuspendedOnlyAtCap = (
  market: Pick<store.MarketRow, 'status' | 'suspend_reason' | 'is_held'>,
  fixture: Pick<store.FixtureRow, 'is_suspended' | 'is_held'>,
) =>
  market.status === 'suspended' &&
  market.suspend_reason !== null &&
  !market.is_held &&
  !fixture.is_held &&
  !fixture.is_suspended;

/**
 * Liability in the database (liability.ts): a bet's shares are added in its placement transaction
 * under its markets' row locks, so every node sees every bet before it decides on the next one,
 * and taken off once when the bet is rejected, removed, cashed out or settled. After each change
 * the market's prices follow its liability and, at the per-match exposure cap, it suspends; it
 * reopens when liability falls back under the cap (staff 封盘 stays a separate flag, `is_held`).
 */
export function createSportsbookRisk(deps: {
  db: Db;
  /** The liability settings now: staff set the exposure cap in the console. */
  settings: () => LiabilitySettings;
  now: () => Date;
}) {
  const steps = deps.settings();
  if (!(steps.priceStepFen > 0n && steps.priceStepBps >= 0 && steps.priceStepsMax >= 0)) {
    throw new Error('sportsbook: liability price steps must be positive');
  }

  /**
   * Moves a locked market's prices to its liability, and suspends it at the cap or lifts that.
   * `known`: the market's row as it is now in `tx`, when the caller has it.
   */
  const rebalance = async (tx: Db, fixtureId: string, marketKey: string, known?: store.MarketRow) => {
    const market = known ?? (await store.findMarket(tx, fixtureId, marketKey));
    if (!market || market.status === 'closed') {
      return;
    }
    const settings = deps.settings();
    const book = bookOf(market, await store.liabilitiesOf(tx, fixtureId, marketKey));
    const feed = market.feed_selections ?? market.selections;
    const steps = priceStepsOf(
      book,
      feed.map((selection) => selection.key),
      settings,
    );
    const isStepped = !isSameSteps(steps, market.price_steps);
    const selections = isStepped ? movedSelections(feed, steps, settings.priceStepBps) : market.selections;
    const isCapped = worstLiabilityFen(book) >= settings.marketExposureMaxFen;
    const exposure =
      isCapped === (market.suspend_reason !== null)
        ? ('keep' as const)
        : isCapped
          ? ('capped' as const)
          : ('clear' as const);
    if (!isStepped && exposure === 'keep') {
      return;
    }
    await store.moveMarketRisk(tx, market, {
      selections: JSON.stringify(selections),
      feedSelections: JSON.stringify(feed),
      priceSteps: JSON.stringify(steps),
      isRepriced: JSON.stringify(selections) !== JSON.stringify(market.selections),
      exposure,
      now: deps.now(),
    });
  };

  const rebalanceAll = async (
    tx: Db,
    shares: readonly LiabilityShare[],
    known: readonly store.MarketRow[] = [],
  ) => {
    for (const market of marketKeysOf(shares)) {
      await rebalance(
        tx,
        market.fixtureId,
        market.marketKey,
        known.find((row) => row.fixture_id === market.fixtureId && row.market_key === market.marketKey),
      );
    }
  };

  return {
    /**
     * Adds a bet being placed to its markets' liability, in the placement transaction: each
     * market locked must still be open at the price the leg took (a concurrent bet may have moved
     * or suspended it since the leg was checked), else the whole placement is refused. `locked`:
     * the legs' markets as `tx` locked them already (`store.lockMarkets`) and has not written since.
     */
    async hold(
      tx: Db,
      bet: Pick<store.BetRow, 'kind' | 'risk_fen' | 'potential_return_fen'>,
      legs: ReadonlyArray<
        Pick<store.LegRow, 'fixture_id' | 'market_key' | 'selection_key' | 'decimal_odds_e4'>
      >,
      locked?: readonly store.MarketRow[],
    ) {
      const shares = liabilitySharesOf(bet, legs);
      const markets = locked ?? (await store.lockMarkets(tx, shares));
      for (const leg of legs) {
        const market = markets.find(
          (row) => row.fixture_id === leg.fixture_id && row.market_key === leg.market_key,
        );
        const where = { matchId: leg.fixture_id, marketKey: leg.market_key };
        if (market?.status !== 'open') {
          throw refused(
            market?.status === 'suspended'
              ? ErrorCode.sportsbookMarketSuspended
              : ErrorCode.sportsbookMarketClosed,
            where,
          );
        }
        const current = market.selections.find((selection) => selection.key === leg.selection_key);
        if (current?.oddsE4 !== leg.decimal_odds_e4) {
          throw refused(
            current ? ErrorCode.sportsbookOddsChanged : ErrorCode.sportsbookMarketClosed,
            current
              ? {
                  matchId: leg.fixture_id,
                  selectionKey: leg.selection_key,
                  odds: formatOddsValue(current.oddsE4, 2),
                  priceVersion: market.price_version,
                }
              : where,
          );
        }
      }
      const changed = await store.applyLiabilityShares(tx, shares, 1);
      // Each market as it is now: its stake changed, or as locked (nothing else here writes it).
      await rebalanceAll(tx, shares, [
        ...changed,
        ...markets.filter(
          (row) =>
            !changed.some(
              (market) => market.fixture_id === row.fixture_id && market.market_key === row.market_key,
            ),
        ),
      ]);
    },

    /**
     * Takes bets off their markets' liability, those still counted and in one of `statuses` (the
     * statuses the caller is moving them out of), in the caller's transaction before it does.
     */
    async release(
      tx: Db,
      bets: readonly store.BetRow[],
      legs: readonly store.LegRow[],
      statuses: readonly SportsbookBetStatus[],
    ) {
      const released = new Set(
        await store.releaseLiabilityOf(
          tx,
          bets.map((bet) => bet.id),
          statuses,
        ),
      );
      const shares = bets
        .filter((bet) => released.has(bet.id))
        .flatMap((bet) =>
          liabilitySharesOf(
            bet,
            legs.filter((leg) => leg.bet_id === bet.id),
          ),
        );
      if (shares.length === 0) {
        return;
      }
      await store.lockMarkets(tx, shares);
      await store.applyLiabilityShares(tx, shares, -1);
      await rebalanceAll(tx, shares);
    },

    /** The console's view: matches by their worst market's liability, biggest first. */
    async liability(query: AdminSportsbookLiabilityBody) {
      // One pool for every caller: prices are the book's, so is liability, whichever site took the bets.
      const page = await store.liabilityPage(deps.db, { matchId: query.matchId }, query);
      const fixtures = await store.fixturesByIds(deps.db, page.fixtureIds);
      const { markets, liabilities } = await store.liabilityMarkets(deps.db, page.fixtureIds, {
        isEveryMarket: query.matchId !== undefined,
      });
      const list = page.fixtureIds.flatMap((fixtureId) => {
        const fixture = fixtures.find((row) => row.id === fixtureId);
        return fixture
          ? [
              presentMatch(
                fixture,
                markets.filter((market) => market.fixture_id === fixtureId),
                liabilities,
              ),
            ]
          : [];
      });
      return { list, total: page.total, pageNum: query.pageNum, pageSize: query.pageSize };
    },
  };

  function presentMatch(
    fixture: store.FixtureRow,
    markets: readonly store.MarketRow[],
    liabilities: readonly store.LiabilityRow[],
  ): AdminSportsbookMatchLiability {
    const presented = markets
      .map((market) => {
        const own = liabilities.filter(
          (row) => row.fixture_id === market.fixture_id && row.market_key === market.market_key,
        );
        const book = bookOf(market, own);
        return { market, book, worstFen: worstLiabilityFen(book) };
      })
      .sort((left, right) =>
        left.worstFen === right.worstFen
          ? left.market.sort_order - right.market.sort_order
          : left.worstFen > right.worstFen
            ? -1
            : 1,
      );
    return {
      matchId: fixture.id,
      sport: fixture.sport,
      leagueName: fixture.league_name,
      home: fixture.home_name,
      away: fixture.away_name,
      kickOffAt: fixture.kick_off_at.toISOString(),
      status: fixture.status,
      worstLiability: formatFen(presented[0]?.worstFen ?? fen(0n)),
      exposureMax: formatFen(deps.settings().marketExposureMaxFen),
      markets: presented.map(({ market, book, worstFen }) => ({
        marketKey: market.market_key,
        name: marketName(fixture.sport, market.market),
        line: marketLine(market.market),
        status: market.status,
        suspendReason:
          market.status !== 'suspended'
            ? null
            : market.suspend_reason === 'exposure_cap'
              ? 'exposure_cap'
              : market.is_held || fixture.is_held
                ? 'held'
                : 'feed',
        priceVersion: market.price_version,
        stake: formatFen(market.stake_fen),
        worstLiability: formatFen(worstFen),
        selections: market.selections.map((selection) => ({
          key: selection.key,
          name: selectionName(selection.selection),
          odds: formatOddsValue(selection.oddsE4, 2),
          potentialReturn: formatFen(book.returns.get(selection.key) ?? fen(0n)),
          liability: formatFen(selectionLiabilityFen(book, selection.key)),
          priceSteps: market.price_steps[selection.key] ?? 0,
        })),
      })),
    };
  }
}
