import { createHash, randomBytes } from 'node:crypto';
import {
  beijingOffsetMs,
  betAmountsOf,
  displayOddsE4,
  ErrorCode,
  errorMessages,
  type Fen,
  fen,
  formatFen,
  formatOddsValue,
  type GameCategory,
  type OddsFormat,
  oddsE4OfText,
  oddsE4One,
  type ParlayCaps,
  type ParlayLeg,
  parlayPotentialReturn,
  parlayReturn,
  parseYuan,
  type SportsbookBetStatus,
  type SportsbookBetView,
  type SportsbookBookSettings,
  type SportsbookBookSettingsView,
  type SportsbookLeagues,
  type SportsbookMarket,
  type SportsbookMatch,
  type SportsbookMatchFilter,
  type SportsbookPlaceBody,
  type SportsbookSport,
  sportsbookParlayCaps,
  systemCombinations,
  systemReturn,
  systemTicketCount,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditActor } from '../audit/service.ts';
import type { BetService } from '../bets/service.ts';
import { type Db, runHoldingLock } from '../db/database.ts';
import type { PageRequest } from '../db/paging.ts';
import type { MemberPrincipal } from '../http/access.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import type { Clock } from '../stores/clock.ts';
import { runEvery } from '../stores/periodic.ts';
import type { MarketKind, PricedSelection } from './book.ts';
import { bookSettingsOf, withBookSettings } from './book-settings.ts';
import { createSportsbookCashOut } from './cash-out-service.ts';
import { leagues } from './catalogue.ts';
import { type FixtureNow, fixtureNow, scoreboardOf } from './feed-state.ts';
import { marketLine, marketName, selectionName, slipName } from './labels.ts';
import type { LiabilitySettings } from './liability.ts';
import { movedSelections } from './liability.ts';
import type { Market, Score } from './markets.ts';
import { createSportsbookPush, type SportsbookEventsPort } from './push.ts';
import { createSportsbookResults, type SportsbookResultsDeps } from './results.ts';
import { createSportsbookRisk, isSuspendedOnlyAtCap } from './risk.ts';
import { outcomeOf, returnOf } from './settlement.ts';
import {
  defaultFeedSettings,
  type FeedSettings,
  fixtureCommitment,
  fixtureSeed,
  type SimulatedFixture,
  simulatedFixtures,
} from './simulated-feed.ts';
import * as store from './store.ts';

/**
 * The venues a sportsbook bet goes through, by what it is on: their bets show in 投注记录 under TY
 * and DJ. The sportsbook is one engine behind the IM, OB and FB flavours: a slip names the venue
 * the member launched (its pages or its flavour's API); one that names none goes through these.
 */
export const sportsbookVenueCodes = { sport: 'IMTY', esports: 'YBDJ' } as const;

/** The venue registry as a slip's venue is checked against it: open now, or refused for its state. */
export interface SportsbookVenuesPort {
  playable(
    siteId: number,
    code: string,
    field: string,
  ): Promise<{ code: string; category: GameCategory; apiBaseUrl: string }>;
}
/** How long a node keeps the book's margins and limits before reading them again. */
export const bookSettingsTtlMs = 5_000;
/** The advisory lock of the feed pass: one node runs it at a time. */
export const feedCycleLockKey = 727_013;

export interface SportsbookSettings {
  readonly feed: FeedSettings;
  /** How far ahead fixtures are put on the board (早盘). */
  readonly scheduleAheadMs: number;
  /** How much of the schedule one pass puts on the board at most, so a fresh start catches up in steps. */
  readonly scheduleStepMs: number;
  readonly stakeMinFen: Fen;
  /** The most one bet may risk on a market of each kind. */
  readonly stakeMaxFen: Readonly<Record<MarketKind, Fen>>;
  /** The most a parlay or system may risk in all. */
  readonly parlayStakeMaxFen: Fen;
  /** The most a member may have at risk on one market of a match, singles and parlay legs together. */
  readonly memberMarketStakeMaxFen: Fen;
  /** In play, a bet waits this long before it stands (GAMES.md 2.3). */
  readonly acceptDelayMs: Readonly<Record<SportsbookSport, number>>;
  readonly parlayCaps: ParlayCaps;
  /** In play, prices are worked out again this often, and at once on a goal, 封盘 or phase change. */
  readonly repriceEveryMs: number;
  /** A bet still `placing` after this long had its node stop: its stake is given back. */
  readonly placingTimeoutMs: number;
  /** c of the 提前结算 offer (GAMES.md 2.5: 3–5 %), in basis points. */
  readonly cashOutMarginBps: number;
  /** Liability: how it moves prices, and the exposure at which a market of a match suspends. */
  readonly liability: LiabilitySettings;
}

const yuan = (amount: number) => fen(BigInt(amount) * 100n);

export const defaultSportsbookSettings: SportsbookSettings = {
  feed: defaultFeedSettings,
  scheduleAheadMs: 2 * 24 * 3_600_000,
  scheduleStepMs: 10 * 60_000,
  stakeMinFen: yuan(1),
  stakeMaxFen: {
    match_result: yuan(50_000),
    asian_handicap: yuan(50_000),
    over_under: yuan(50_000),
    odd_even: yuan(20_000),
    correct_score: yuan(5_000),
    total_goals: yuan(10_000),
    both_teams_to_score: yuan(20_000),
    double_chance: yuan(20_000),
    half_time_full_time: yuan(5_000),
  },
  parlayStakeMaxFen: yuan(10_000),
  memberMarketStakeMaxFen: yuan(100_000),
  acceptDelayMs: { football: 6_000, basketball: 4_000, esports: 7_000 },
  parlayCaps: sportsbookParlayCaps,
  repriceEveryMs: 5_000,
  placingTimeoutMs: 60_000,
  cashOutMarginBps: 500,
  liability: {
    priceStepFen: yuan(10_000),
    priceStepBps: 100,
    priceStepsMax: 5,
    marketExposureMaxFen: yuan(500_000),
  },
};

/** What the sportsbook needs of the seamless wallet: each call idempotent on its transaction id. */
export type SportsbookWalletPort = Pick<SeamlessWallet, 'debit' | 'creditMany' | 'rollback'>;

export type SportsbookService = ReturnType<typeof createSportsbookService>;

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

/** The wallet's ids of a bet: its record, and one transaction per movement it can make. */
export const sportsbookBetIdOf = (betRowId: bigint) => `SB${betRowId}`;
const stakeTransactionOf = (betRowId: bigint) => `sportsbook-stake-${betRowId}`;

const batchSize = 200;
const sportNames: Record<SportsbookSport, string> = { football: '足球', basketball: '篮球', esports: '电竞' };
const dayMs = 24 * 3_600_000;
/**
 * Pricing a fixture's book is tens of milliseconds of CPU: a pass lets waiting requests run
 * between fixtures rather than holding the event loop for all of them.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

const requestHashOf = (body: SportsbookPlaceBody) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        body.kind,
        // The amount, not its spelling: "10" and "10.00" are the same stake.
        parseYuan(body.stake)?.toString() ?? body.stake,
        'oddsFormat' in body ? body.oddsFormat : 'Europe',
        body.acceptOdds,
        body.legs.map((leg) => [leg.matchId, leg.marketKey, leg.selectionKey, leg.odds]),
        // Only when named, so slips placed before venues were named keep their hash.
        ...(body.venueCode === undefined ? [] : [body.venueCode]),
      ]),
    )
    .digest('hex');

const messageOf = (code: number) =>
  Object.hasOwn(errorMessages, code) ? errorMessages[code as ErrorCode] : errorMessages[ErrorCode.common];

const scoreOf = (row: { score_home: number; score_away: number }): Score => ({
  home: row.score_home,
  away: row.score_away,
});

/** The odds a bet takes, given what the member saw and what they accept (GAMES.md 2.3); undefined: refused. */
export function acceptedOddsE4(
  seenE4: number,
  currentE4: number,
  acceptOdds: 'none' | 'better' | 'any',
): number | undefined {
  if (currentE4 === seenE4 || acceptOdds === 'any' || (acceptOdds === 'better' && currentE4 > seenE4)) {
    return currentE4;
  }
  return undefined;
}

/** The combined decimal odds of a parlay's legs, capped, floored to the ten-thousandth. */
function combinedOddsE4(legOddsE4: readonly number[], caps: ParlayCaps): bigint {
  const one = BigInt(oddsE4One);
  let combined = one;
  for (const odds of legOddsE4) {
    combined = (combined * BigInt(odds)) / one;
  }
  const cap = BigInt(caps.combinedOddsMaxE4);
  return combined > cap ? cap : combined;
}

/**
 * The in-house sportsbook (GAMES.md section 2, issue 13): the feed pass puts the simulated feed's
 * fixtures on the board days ahead, moves the matches under way on (live score, prices, 封盘) and
 * records their results; members place singles, N串1 parlays and M串N systems through the
 * seamless wallet of the TY or DJ venue; results settle legs one by one and bets batch by batch.
 * Every step keeps its state in the rows and is safe to run again: the wallet's transaction ids
 * make each movement happen once.
 */
export function createSportsbookService(deps: {
  db: Db;
  clock: Clock;
  seamless: SportsbookWalletPort;
  settings?: SportsbookSettings;
  /** Marks a cashed-out bet's record (投注记录) as closed early, settles a resettled one again. */
  bets?: Pick<BetService, 'markCashedOut' | 'resettle'>;
  /** Live scores, prices and settlements over the socket; published without holding the pass up. */
  events?: SportsbookEventsPort;
  /** Result corrections and staff 封盘 (results.ts): the ledger to settle bets again, the audit log. */
  results?: SportsbookResultsDeps;
  /** The venues a slip may name; without it a slip naming one is a wiring error. */
  venues?: SportsbookVenuesPort;
}) {
  const defaults = deps.settings ?? defaultSportsbookSettings;
  /** The defaults with the margins and limits staff set (book-settings.ts); see `refreshSettings`. */
  let settings = defaults;
  const push = createSportsbookPush(deps.events);
  const now = () => new Date(deps.clock.now());
  const risk = createSportsbookRisk({ db: deps.db, settings: () => settings.liability, now });
  const venueOf = (siteId: number, isEsports: boolean) => ({
    siteId,
    venueCode: isEsports ? sportsbookVenueCodes.esports : sportsbookVenueCodes.sport,
  });

  // ---- the feed pass ----------------------------------------------------------------------

  const feedRow = () =>
    store.feed(deps.db, {
      id: 1,
      secret_hex: randomBytes(32).toString('hex'),
      scheduled_until: now(),
      created_at: now(),
    });

  /** The feed's fixtures by id with their scoreboards, as the feed made them: kept while under way. */
  const feedFixtures = new Map<
    string,
    { fixture: SimulatedFixture; scoreboard: (nowMs: number) => FixtureNow; pricedAtMs: number }
  >();
  /**
   * Reads what staff set at most every `bookSettingsTtlMs` per node: a change applies at once on
   * the node that made it and within the TTL on the others. A new margin drops the feed's fixtures
   * made with the old one, so the matches in play are priced with it at the next pass.
   */
  let settingsReadAtMs = Number.NEGATIVE_INFINITY;
  let settingsSetAtMs: number | undefined;
  const refreshSettings = async () => {
    if (deps.clock.now() - settingsReadAtMs < bookSettingsTtlMs) {
      return;
    }
    const stored = await store.findBookSettings(deps.db);
    const setAtMs = stored?.updated_at.getTime();
    if (setAtMs !== settingsSetAtMs) {
      settings = stored ? withBookSettings(defaults, stored.settings) : defaults;
      settingsSetAtMs = setAtMs;
      feedFixtures.clear();
    }
    settingsReadAtMs = deps.clock.now();
  };

  const feedFixtureOf = (secretHex: string, row: store.FixtureRow) => {
    const known = feedFixtures.get(row.id);
    if (known) {
      return known;
    }
    const kickOffMs = row.kick_off_at.getTime();
    const fixture = simulatedFixtures(secretHex, kickOffMs, kickOffMs + 1, settings.feed).find(
      (made) => made.id === row.id,
    );
    if (!fixture) {
      throw new Error(`sportsbook: the feed has no fixture ${row.id}`);
    }
    const made = {
      fixture,
      scoreboard: scoreboardOf(fixture, fixtureSeed(secretHex, fixture.id), settings.feed),
      pricedAtMs: Number.NEGATIVE_INFINITY,
    };
    feedFixtures.set(row.id, made);
    return made;
  };

  const marketRows = (
    fixtureId: string,
    now: FixtureNow,
    versions: ReadonlyMap<string, store.MarketRow>,
    at: Date,
    isFixtureHeld = false,
  ): store.NewMarket[] =>
    now.book.map((priced, index) => {
      const known = versions.get(priced.key);
      // The feed's prices, moved as far as the market's liability has moved them (risk.ts).
      const selections =
        known === undefined
          ? priced.selections
          : movedSelections(priced.selections, known.price_steps, settings.liability.priceStepBps);
      const isRepriced =
        known !== undefined && JSON.stringify(known.selections) !== JSON.stringify(selections);
      const isSuspended =
        now.isSuspended || isFixtureHeld || known?.is_held === true || known?.suspend_reason != null;
      return {
        fixture_id: fixtureId,
        market_key: priced.key,
        market: JSON.stringify(priced.market),
        is_main: priced.isMain,
        sort_order: index,
        selections: JSON.stringify(selections),
        feed_selections: JSON.stringify(priced.selections),
        price_version: known === undefined ? 1 : known.price_version + (isRepriced ? 1 : 0),
        status: isSuspended ? 'suspended' : 'open',
        updated_at: at,
      };
    });

  /** Puts the next stretch of the schedule on the board, with each fixture's opening prices. */
  const schedule = async (secretHex: string, scheduledUntil: Date, at: Date) => {
    const fromMs = Math.max(scheduledUntil.getTime(), at.getTime());
    const toMs = Math.min(at.getTime() + settings.scheduleAheadMs, fromMs + settings.scheduleStepMs);
    if (toMs <= fromMs) {
      return;
    }
    const fixtures = simulatedFixtures(secretHex, fromMs, toMs, settings.feed);
    const rows: store.NewFixture[] = [];
    const markets: store.NewMarket[] = [];
    for (const fixture of fixtures) {
      await yieldToRequests();
      const opening = fixtureNow(fixture, fixtureSeed(secretHex, fixture.id), at.getTime(), settings.feed);
      rows.push({
        id: fixture.id,
        sport: fixture.sport,
        league_code: fixture.leagueCode,
        league_name: fixture.leagueName,
        home_name: fixture.home.name,
        away_name: fixture.away.name,
        kick_off_at: new Date(fixture.kickOffMs),
        status: 'scheduled',
        phase: opening.phase,
        clock_text: null,
        commitment_hex: fixtureCommitment(secretHex, fixture.id),
        seed_hex: null,
        cancel_reason: null,
        updated_at: at,
        settled_at: null,
      });
      markets.push(...marketRows(fixture.id, opening, new Map(), at));
    }
    await store.insertFixtures(deps.db, rows, markets);
    await store.setScheduledUntil(deps.db, new Date(toMs));
  };

  /** Moves every match under way to where the feed has it now: score, clock, 封盘, prices, result. */
  const moveUnderway = async (secretHex: string, at: Date) => {
    const underway = await store.fixturesUnderway(deps.db, at);
    const markets = await store.marketsOf(
      deps.db,
      underway.map((row) => row.id),
    );
    for (const row of underway) {
      const feedFixture = feedFixtureOf(secretHex, row);
      const board = feedFixture.scoreboard(at.getTime());
      const isEventful =
        board.status !== row.status ||
        board.phase !== row.phase ||
        board.score.home !== row.score_home ||
        board.score.away !== row.score_away ||
        board.isSuspended !== row.is_suspended;
      if (
        board.status === 'scheduled' ||
        (!isEventful && at.getTime() - feedFixture.pricedAtMs < settings.repriceEveryMs)
      ) {
        continue;
      }
      const { fixture } = feedFixture;
      await yieldToRequests();
      const state = fixtureNow(fixture, fixtureSeed(secretHex, fixture.id), at.getTime(), settings.feed);
      feedFixture.pricedAtMs = at.getTime();
      if (state.status === 'scheduled') {
        continue;
      }
      const known = new Map(
        markets.filter((market) => market.fixture_id === row.id).map((market) => [market.market_key, market]),
      );
      const offered = marketRows(row.id, state, known, at, row.is_held);
      const offeredKeys = new Set(offered.map((market) => market.market_key));
      const changed = offered.filter((market) => {
        const before = known.get(market.market_key);
        return (
          before === undefined ||
          before.price_version !== market.price_version ||
          before.status !== market.status ||
          before.sort_order !== market.sort_order ||
          before.is_main !== market.is_main
        );
      });
      const closing = [...known.values()]
        .filter((market) => !offeredKeys.has(market.market_key) && market.status !== 'closed')
        .map(
          (market): store.NewMarket => ({
            fixture_id: market.fixture_id,
            market_key: market.market_key,
            market: JSON.stringify(market.market),
            is_main: market.is_main,
            sort_order: market.sort_order,
            selections: JSON.stringify(market.selections),
            feed_selections: JSON.stringify(market.feed_selections ?? market.selections),
            price_version: market.price_version,
            status: 'closed',
            updated_at: at,
          }),
        );
      const next: store.FixtureState = {
        status: state.status,
        phase: state.phase,
        clock_text: state.clockText,
        score_home: state.score.home,
        score_away: state.score.away,
        half_time_score: state.halfTimeScore ? JSON.stringify(state.halfTimeScore) : null,
        is_suspended: state.isSuspended,
        result: state.result ? JSON.stringify(state.result) : null,
      };
      const isStateChanged =
        row.status !== next.status ||
        row.phase !== next.phase ||
        row.clock_text !== next.clock_text ||
        row.score_home !== next.score_home ||
        row.score_away !== next.score_away ||
        row.is_suspended !== next.is_suspended ||
        JSON.stringify(row.half_time_score) !== (next.half_time_score ?? 'null');
      if (isStateChanged || changed.length > 0 || closing.length > 0) {
        await store.recordFixtureState(deps.db, row.id, next, [...changed, ...closing], at);
        push.fixtureWritten({ before: row, state, known, changed, closing });
      }
      if (state.status === 'finished') {
        feedFixtures.delete(row.id);
      }
    }
    push.publishBoards();
  };

  // ---- bets: acceptance ---------------------------------------------------------------------

  const venueOfBet = (bet: store.BetRow) => ({ siteId: bet.site_id, venueCode: bet.venue_code });

  /** Gives back the stake of a bet that will not stand and records why; safe to run again. */
  const rejectWithRefund = async (bet: store.BetRow, legs: readonly store.LegRow[], code: ErrorCode) => {
    await deps.seamless.rollback(venueOfBet(bet), {
      transactionId: `sportsbook-reject-${bet.id}`,
      debitTransactionId: stakeTransactionOf(bet.id),
    });
    await deps.db.transaction().execute(async (tx) => {
      await risk.release(tx, [bet], legs, ['placing', 'pending']);
      await store.rejectBet(tx, bet.id, code, now());
      await store.releaseMemberStakes(tx, bet, legs);
    });
    push.betRejected(bet, sportsbookBetIdOf);
  };

  /**
   * Whether a leg may still stand after the in-play delay: its market open and still offering the
   * pick, its match not over and the score as it was when taken (GAMES.md 2.3).
   */
  const isLegStanding = (
    leg: store.LegRow,
    fixture: store.FixtureRow | undefined,
    market: store.MarketRow | undefined,
  ) =>
    fixture !== undefined &&
    (fixture.status === 'live' || fixture.status === 'scheduled') &&
    !fixture.is_suspended &&
    fixture.score_home === leg.score_home &&
    fixture.score_away === leg.score_away &&
    // A market its own liability suspended (risk.ts) had nothing happen: bets taken on it stand.
    (market?.status === 'open' || (market !== undefined && isSuspendedOnlyAtCap(market, fixture))) &&
    market.selections.some((selection) => selection.key === leg.selection_key);

  /** Bets whose in-play delay is over: each stands, or is rejected with its stake given back. */
  const acceptPending = async (at: Date) => {
    for (;;) {
      const due = await store.pendingDue(deps.db, at, batchSize);
      if (due.length === 0) {
        return;
      }
      const legs = await store.legsOf(
        deps.db,
        due.map((bet) => bet.id),
      );
      const fixtures = new Map(
        (await store.fixturesByIds(deps.db, [...new Set(legs.map((leg) => leg.fixture_id))])).map((row) => [
          row.id,
          row,
        ]),
      );
      const markets = new Map(
        (await store.marketsOf(deps.db, [...fixtures.keys()])).map((row) => [
          `${row.fixture_id}|${row.market_key}`,
          row,
        ]),
      );
      for (const bet of due) {
        const own = legs.filter((leg) => leg.bet_id === bet.id);
        const isStanding = own.every((leg) =>
          isLegStanding(
            leg,
            fixtures.get(leg.fixture_id),
            markets.get(`${leg.fixture_id}|${leg.market_key}`),
          ),
        );
        if (isStanding) {
          await store.acceptBet(deps.db, bet.id);
        } else {
          await rejectWithRefund(bet, own, ErrorCode.sportsbookBetRejected);
        }
      }
    }
  };

  /** Bets left `placing` by a node that stopped while calling the wallet: their stakes go back. */
  const rollBackStalePlacing = async (at: Date) => {
    const stale = await store.stalePlacing(
      deps.db,
      new Date(at.getTime() - settings.placingTimeoutMs),
      batchSize,
    );
    const legs = await store.legsOf(
      deps.db,
      stale.map((bet) => bet.id),
    );
    for (const bet of stale) {
      await rejectWithRefund(
        bet,
        legs.filter((leg) => leg.bet_id === bet.id),
        ErrorCode.sportsbookBetRejected,
      );
    }
  };

  // ---- settlement ---------------------------------------------------------------------------

  /** Decides every leg on a finished or cancelled match, batch after batch, then reveals its seed. */
  const settleFixture = async (secretHex: string, fixture: store.FixtureRow) => {
    for (;;) {
      const legs = await store.undecidedLegs(deps.db, fixture.id, 500);
      if (legs.length === 0) {
        break;
      }
      await store.decideLegs(
        deps.db,
        legs.map((leg) => ({
          betId: leg.bet_id,
          legNo: leg.leg_no,
          result:
            fixture.status === 'cancelled' || fixture.result === null
              ? 'void'
              : outcomeOf(leg.selection, fixture.result, scoreOf(leg)),
        })),
        now(),
      );
    }
    await store.markFixtureSettled(deps.db, fixture.id, fixtureSeed(secretHex, fixture.id), now());
  };

  /** What a bet pays once its legs are decided, and whether that is a void (every leg void). */
  const closingOf = (bet: store.BetRow, legs: readonly store.LegRow[]): store.BetClose => {
    if (legs.every((leg) => leg.result === 'void')) {
      return { id: bet.id, status: 'void', payoutFen: bet.risk_fen };
    }
    if (bet.kind === 'single') {
      const [leg] = legs;
      if (!leg?.result) {
        throw new Error(`sportsbook: bet ${bet.id} settled with its leg undecided`);
      }
      const amounts = { riskFen: bet.risk_fen, winFen: fen(bet.potential_return_fen - bet.risk_fen) };
      return { id: bet.id, status: 'settled', payoutFen: returnOf(leg.result, amounts) };
    }
    const parlayLegs: ParlayLeg[] = legs.map((leg) => ({
      decimalOddsE4: leg.decimal_odds_e4,
      state: leg.result ?? 'pending',
    }));
    const payout =
      bet.kind === 'parlay'
        ? parlayReturn(bet.stake_fen, parlayLegs, settings.parlayCaps)
        : systemReturn(bet.stake_fen, parlayLegs, settings.parlayCaps);
    if (payout === null) {
      throw new Error(`sportsbook: bet ${bet.id} settled while its return is open`);
    }
    return { id: bet.id, status: 'settled', payoutFen: payout };
  };

  /**
   * Pays every bet whose return is known, batch after batch: one batch credit through the wallet,
   * then one statement closing the batch. Stopped midway, the next pass takes the bets still
   * open, and the wallet answers their credits made before again, moving nothing.
   */
  const settleBets = async () => {
    for (;;) {
      const bets = await store.betsToSettle(deps.db, batchSize);
      if (bets.length === 0) {
        return;
      }
      const legs = await store.legsOf(
        deps.db,
        bets.map((bet) => bet.id),
      );
      const closes = bets.map((bet) =>
        closingOf(
          bet,
          legs.filter((leg) => leg.bet_id === bet.id),
        ),
      );
      const byVenue = new Map<string, { bet: store.BetRow; close: store.BetClose }[]>();
      bets.forEach((bet, index) => {
        const key = `${bet.site_id}|${bet.venue_code}`;
        byVenue.set(key, [...(byVenue.get(key) ?? []), { bet, close: closes[index] as store.BetClose }]);
      });
      for (const group of byVenue.values()) {
        const first = group[0];
        if (!first) {
          continue;
        }
        const outcomes = await deps.seamless.creditMany(
          venueOfBet(first.bet),
          group.map(({ bet, close }) => ({
            transactionId: `sportsbook-${close.status === 'void' ? 'refund' : 'payout'}-${bet.id}`,
            betId: sportsbookBetIdOf(bet.id),
            payoutFen: close.payoutFen,
            isVoid: close.status === 'void',
          })),
        );
        const refusal = outcomes.find((outcome) => 'refusal' in outcome);
        if (refusal && 'refusal' in refusal) {
          throw refusal.refusal;
        }
      }
      await deps.db.transaction().execute(async (tx) => {
        await risk.release(tx, bets, legs, ['open']);
        await store.closeBets(tx, closes, now());
      });
      push.betsSettled(bets, closes, sportsbookBetIdOf);
    }
  };

  const settleAll = async (secretHex: string) => {
    for (const fixture of await store.fixturesToSettle(deps.db)) {
      await settleFixture(secretHex, fixture);
    }
    await settleBets();
  };

  /**
   * One pass of the feed at the clock's time, on the node holding its lock: schedules fixtures
   * ahead, moves matches under way (score, prices, 封盘, results), decides in-play bets whose delay
   * is over, and settles what the results decide. Idempotent; false when another node holds the lock.
   */
  const tick = () =>
    runHoldingLock(deps.db, feedCycleLockKey, async () => {
      await refreshSettings();
      const at = now();
      const feed = await feedRow();
      await schedule(feed.secret_hex, feed.scheduled_until, at);
      await moveUnderway(feed.secret_hex, at);
      await acceptPending(at);
      await rollBackStalePlacing(at);
      await cashOut.payUncredited(at);
      await settleAll(feed.secret_hex);
      await results?.resettlement.pass();
    });

  // ---- placement ----------------------------------------------------------------------------

  interface CheckedLeg {
    fixture: store.FixtureRow;
    market: store.MarketRow;
    selection: PricedSelection;
    oddsE4: number;
  }

  /**
   * A leg as it stands now: its match and market open, its price current or accepted as changed.
   * `locked` are the slip's markets as this transaction locked them.
   */
  const checkLeg = async (
    db: Db,
    leg: SportsbookPlaceBody['legs'][number],
    acceptOdds: SportsbookPlaceBody['acceptOdds'],
    locked: readonly store.MarketRow[],
  ): Promise<CheckedLeg> => {
    const fixture = await store.findFixture(db, leg.matchId);
    if (!fixture || (fixture.status !== 'scheduled' && fixture.status !== 'live')) {
      throw refused(ErrorCode.sportsbookMatchUnknown, { matchId: leg.matchId });
    }
    const market = locked.find((row) => row.fixture_id === fixture.id && row.market_key === leg.marketKey);
    const selection = market?.selections.find((candidate) => candidate.key === leg.selectionKey);
    if (!market || market.status === 'closed' || !selection) {
      throw refused(ErrorCode.sportsbookMarketClosed, { matchId: fixture.id, marketKey: leg.marketKey });
    }
    // A match past its kick-off that the feed pass has not moved on yet takes no pre-match bets.
    const isStarting = fixture.status === 'scheduled' && fixture.kick_off_at.getTime() <= deps.clock.now();
    if (market.status === 'suspended' || fixture.is_suspended || isStarting) {
      throw refused(ErrorCode.sportsbookMarketSuspended, {
        matchId: fixture.id,
        marketKey: market.market_key,
      });
    }
    const seenE4 = oddsE4OfText(leg.odds);
    const oddsE4 = acceptedOddsE4(seenE4, selection.oddsE4, acceptOdds);
    if (oddsE4 === undefined) {
      throw refused(ErrorCode.sportsbookOddsChanged, {
        matchId: fixture.id,
        selectionKey: selection.key,
        odds: formatOddsValue(selection.oddsE4, 2),
        priceVersion: market.price_version,
      });
    }
    return { fixture, market, selection, oddsE4 };
  };

  /** What a slip risks and may return, and the odds it records (GAMES.md 1 and 2.2). */
  const amountsOf = (body: SportsbookPlaceBody, stakeFen: Fen, legs: readonly CheckedLeg[]) => {
    if (body.kind === 'single') {
      const [leg] = legs as [CheckedLeg];
      const displayE4 = displayOddsE4(leg.oddsE4, body.oddsFormat);
      const amounts = betAmountsOf(stakeFen, displayE4, body.oddsFormat);
      const kind = (leg.market.market as Market).kind;
      if (amounts.riskFen > settings.stakeMaxFen[kind]) {
        throw refused(ErrorCode.sportsbookStakeOverLimit, {
          stake: formatFen(amounts.riskFen),
          limit: formatFen(settings.stakeMaxFen[kind]),
        });
      }
      return {
        oddsFormat: body.oddsFormat,
        oddsE4: BigInt(displayE4),
        ticketCount: 1,
        riskFen: amounts.riskFen,
        potentialReturnFen: fen(amounts.riskFen + amounts.winFen),
      };
    }
    const odds = legs.map((leg) => leg.oddsE4);
    const combinations =
      body.kind === 'parlay' ? [odds.map((_, index) => index)] : systemCombinations(odds.length);
    const ticketCount = body.kind === 'parlay' ? 1 : systemTicketCount(odds.length);
    const riskFen = fen(stakeFen * BigInt(ticketCount));
    if (riskFen > settings.parlayStakeMaxFen) {
      throw refused(ErrorCode.sportsbookStakeOverLimit, {
        stake: formatFen(riskFen),
        limit: formatFen(settings.parlayStakeMaxFen),
      });
    }
    const potential = combinations.reduce(
      (total, combination) =>
        total +
        parlayPotentialReturn(
          stakeFen,
          combination.map((index) => odds[index] as number),
          settings.parlayCaps,
        ),
      0n,
    );
    return {
      oddsFormat: 'Europe' as OddsFormat,
      oddsE4: combinedOddsE4(odds, settings.parlayCaps),
      ticketCount,
      riskFen,
      potentialReturnFen: fen(potential),
    };
  };

  /**
   * Takes the stake of a `placing` bet through the wallet and lets it stand (or wait out its
   * in-play delay). A refusal (balance, venue) removes the bet with what it added to its member's
   * totals, and answers the wallet's code: nothing changed.
   */
  const takeStake = async (bet: store.BetRow, known?: readonly store.LegRow[]): Promise<store.BetRow> => {
    if (bet.status !== 'placing') {
      return bet;
    }
    const legs = known ?? (await store.legsOf(deps.db, [bet.id]));
    const [first] = legs;
    try {
      await deps.seamless.debit(venueOfBet(bet), {
        transactionId: stakeTransactionOf(bet.id),
        memberId: bet.member_id,
        betId: sportsbookBetIdOf(bet.id),
        roundId: bet.kind === 'single' && first ? first.fixture_id : `${bet.kind}-${bet.id}`,
        gameCode:
          bet.kind === 'single' && first ? (first.market_key.split(':')[0] ?? 'sportsbook') : bet.kind,
        amountFen: bet.risk_fen,
        oddsE4:
          bet.kind === 'single' && first
            ? first.decimal_odds_e4
            : bet.kind === 'parlay'
              ? Number(bet.odds_e4)
              : null,
      });
    } catch (error) {
      if (error instanceof AppError) {
        await deps.db.transaction().execute(async (tx) => {
          await risk.release(tx, [bet], legs, ['placing']);
          if (await store.deletePlacingBet(tx, bet.id)) {
            await store.releaseMemberStakes(tx, bet, legs);
          }
        });
      }
      throw error;
    }
    return store.markBetTaken(deps.db, bet.id);
  };

  /** A slip id used before: the same slip answers its first result, another one is refused. */
  const again = async (bet: store.BetRow, requestHash: string) => {
    if (bet.request_hash !== requestHash) {
      throw refused(ErrorCode.sportsbookSlipConflict, { slipId: bet.slip_id });
    }
    return takeStake(bet);
  };

  /**
   * The in-house 体育 or 电竞 venue a slip names, open now. A venue pointed at an outside provider
   * takes its bets there, not on this book.
   */
  const namedVenue = async (siteId: number, code: string | undefined) => {
    if (code === undefined) {
      return undefined;
    }
    if (!deps.venues) {
      throw new Error('sportsbook: a slip named a venue and no venue registry is wired');
    }
    const venue = await deps.venues.playable(siteId, code, 'venueCode');
    if ((venue.category !== 'TY' && venue.category !== 'DJ') || venue.apiBaseUrl !== '') {
      throw validationError('venueCode', '该场馆不接受本平台的体育注单');
    }
    return venue;
  };

  /**
   * Places a slip: checks every leg (match and market open, not suspended, odds current or
   * accepted as changed), the stake against its limits, records the bet `placing` with its legs,
   * what it adds to the member's totals per market and to each market's liability (which may move
   * the market's prices or suspend it at the exposure cap) in one transaction, then reserves the
   * stake through the wallet. In play, the bet then waits out the acceptance delay.
   */
  async function placeBet(
    member: Pick<MemberPrincipal, 'siteId' | 'memberId'>,
    body: SportsbookPlaceBody,
  ): Promise<{
    bet: store.BetRow;
    /** A bet this call placed: its legs as inserted and their fixtures as checked. */
    known?: { legs: readonly store.LegRow[]; fixtures: readonly store.FixtureRow[] };
  }> {
    await refreshSettings();
    const requestHash = requestHashOf(body);
    const found = await store.findBet(deps.db, member.siteId, member.memberId, body.slipId);
    if (found) {
      return { bet: await again(found, requestHash) };
    }
    const matchIds = body.legs.map((leg) => leg.matchId);
    if (new Set(matchIds).size !== matchIds.length) {
      throw refused(ErrorCode.sportsbookParlayInvalid, { matchIds });
    }
    const stakeFen = parseYuan(body.stake);
    if (stakeFen === undefined || stakeFen < settings.stakeMinFen) {
      throw refused(ErrorCode.sportsbookStakeBelowMin, { min: formatFen(settings.stakeMinFen) });
    }
    const venue = await namedVenue(member.siteId, body.venueCode);
    // The markets are locked before the legs are checked on them: a concurrent bet moving a price
    // waits, or has moved it already, and the member's accept-odds choice decides on the price now.
    const inserted = await deps.db.transaction().execute(async (tx) => {
      const locked = await store.lockMarkets(
        tx,
        body.legs.map((leg) => ({ fixtureId: leg.matchId, marketKey: leg.marketKey })),
      );
      const legs: CheckedLeg[] = [];
      for (const leg of body.legs) {
        legs.push(await checkLeg(tx, leg, body.acceptOdds, locked));
      }
      const amounts = amountsOf(body, stakeFen, legs);
      const at = now();
      const liveDelays = legs
        .filter((leg) => leg.fixture.status === 'live')
        .map((leg) => settings.acceptDelayMs[leg.fixture.sport]);
      const isEsports = legs.every((leg) => leg.fixture.sport === 'esports');
      if (venue?.category === 'DJ' && !isEsports) {
        throw validationError('venueCode', '电竞场馆只接受电竞赛事的注单');
      }
      const placed = await store.insertBet(
        tx,
        {
          site_id: member.siteId,
          member_id: member.memberId,
          slip_id: body.slipId,
          request_hash: requestHash,
          kind: body.kind,
          venue_code: venue?.code ?? venueOf(member.siteId, isEsports).venueCode,
          odds_format: amounts.oddsFormat,
          odds_e4: amounts.oddsE4,
          stake_fen: stakeFen,
          ticket_count: amounts.ticketCount,
          risk_fen: amounts.riskFen,
          potential_return_fen: amounts.potentialReturnFen,
          accept_at: liveDelays.length > 0 ? new Date(at.getTime() + Math.max(...liveDelays)) : null,
          placed_at: at,
          is_liability_held: true,
        },
        legs.map((leg, index) => ({
          leg_no: index,
          fixture_id: leg.fixture.id,
          market_key: leg.market.market_key,
          selection_key: leg.selection.key,
          selection: JSON.stringify(leg.selection.selection),
          decimal_odds_e4: leg.oddsE4,
          price_version: leg.market.price_version,
          is_in_play: leg.fixture.status === 'live',
          score_home: leg.fixture.score_home,
          score_away: leg.fixture.score_away,
        })),
      );
      if (!placed) {
        return undefined;
      }
      for (const leg of legs) {
        const isWithin = await store.addMemberStake(
          tx,
          {
            site_id: member.siteId,
            member_id: member.memberId,
            fixture_id: leg.fixture.id,
            market_key: leg.market.market_key,
            stake_fen: amounts.riskFen,
          },
          settings.memberMarketStakeMaxFen,
        );
        if (!isWithin) {
          throw refused(ErrorCode.sportsbookMemberMarketOverLimit, {
            matchId: leg.fixture.id,
            marketKey: leg.market.market_key,
            limit: formatFen(settings.memberMarketStakeMaxFen),
          });
        }
      }
      // Nothing in this transaction wrote the markets since it locked them: they are as locked.
      await risk.hold(
        tx,
        placed.bet,
        legs.map((leg) => ({
          fixture_id: leg.fixture.id,
          market_key: leg.market.market_key,
          selection_key: leg.selection.key,
          decimal_odds_e4: leg.oddsE4,
        })),
        locked,
      );
      return { ...placed, fixtures: legs.map((leg) => leg.fixture) };
    });
    if (inserted) {
      return {
        bet: await takeStake(inserted.bet, inserted.legs),
        known: { legs: inserted.legs, fixtures: inserted.fixtures },
      };
    }
    // Not inserted: the same slip id arrived at the same time.
    const raced = await store.findBet(deps.db, member.siteId, member.memberId, body.slipId);
    if (!raced) {
      throw new Error(`sportsbook: slip ${body.slipId} was neither inserted nor found`);
    }
    return { bet: await again(raced, requestHash) };
  }

  // ---- presenting -----------------------------------------------------------------------------

  const presentMarket = (sport: SportsbookSport, row: store.MarketRow): SportsbookMarket => ({
    key: row.market_key,
    kind: row.market.kind,
    name: marketName(sport, row.market),
    line: marketLine(row.market),
    isMain: row.is_main,
    status: row.status,
    priceVersion: row.price_version,
    selections: row.selections.map((selection) => ({
      key: selection.key,
      name: selectionName(selection.selection),
      odds: formatOddsValue(selection.oddsE4, 2),
    })),
  });

  const presentMatch = (row: store.FixtureRow, markets: readonly store.MarketRow[]): SportsbookMatch => ({
    matchId: row.id,
    sport: row.sport,
    leagueCode: row.league_code,
    leagueName: row.league_name,
    home: row.home_name,
    away: row.away_name,
    kickOffAt: row.kick_off_at.toISOString(),
    status: row.status,
    phase: row.phase,
    clock: row.clock_text,
    score: scoreOf(row),
    halfTimeScore: row.half_time_score,
    isSuspended: row.is_suspended || row.is_held,
    commitment: row.commitment_hex,
    seed: row.seed_hex,
    markets: markets.map((market) => presentMarket(row.sport, market)),
  });

  /** `known`: the bets' legs and their fixtures, when the caller has just read them. */
  const presentBets = async (
    bets: readonly store.BetRow[],
    known?: { legs: readonly store.LegRow[]; fixtures: readonly store.FixtureRow[] },
  ): Promise<SportsbookBetView[]> => {
    const legs =
      known?.legs ??
      (await store.legsOf(
        deps.db,
        bets.map((bet) => bet.id),
      ));
    const fixtures = new Map(
      (
        known?.fixtures ??
        (await store.fixturesByIds(deps.db, [...new Set(legs.map((leg) => leg.fixture_id))]))
      ).map((row) => [row.id, row]),
    );
    return bets.map((bet) => {
      const own = legs.filter((leg) => leg.bet_id === bet.id);
      return {
        slipId: bet.slip_id,
        betId: sportsbookBetIdOf(bet.id),
        kind: bet.kind,
        name: slipName(bet.kind, own.length, bet.ticket_count),
        status: bet.status,
        oddsFormat: bet.odds_format,
        odds:
          bet.kind === 'single'
            ? formatOddsValue(Number(bet.odds_e4), 2)
            : formatOddsValue(Number(bet.odds_e4 - (bet.odds_e4 % 100n)), 2),
        stake: formatFen(bet.stake_fen),
        ticketCount: bet.ticket_count,
        risk: formatFen(bet.risk_fen),
        potentialReturn: formatFen(bet.potential_return_fen),
        payout: bet.payout_fen === null ? null : formatFen(bet.payout_fen),
        rejectCode: bet.reject_code,
        rejectMessage: bet.reject_code === null ? null : messageOf(bet.reject_code),
        placedAt: bet.placed_at.toISOString(),
        acceptAt: bet.accept_at?.toISOString() ?? null,
        settledAt: bet.settled_at?.toISOString() ?? null,
        legs: own.map((leg) => {
          const fixture = fixtures.get(leg.fixture_id) as store.FixtureRow;
          return {
            matchId: leg.fixture_id,
            sport: fixture.sport,
            leagueName: fixture.league_name,
            home: fixture.home_name,
            away: fixture.away_name,
            kickOffAt: fixture.kick_off_at.toISOString(),
            marketKey: leg.market_key,
            marketName: marketName(fixture.sport, leg.selection),
            selectionKey: leg.selection_key,
            selectionName: selectionName(leg.selection),
            odds: formatOddsValue(leg.decimal_odds_e4, 2),
            isInPlay: leg.is_in_play,
            scoreAtAcceptance: scoreOf(leg),
            result: leg.result,
            matchScore: fixture.result?.fullTime ?? null,
          };
        }),
      };
    });
  };

  const presentBet = async (bet: store.BetRow) => (await presentBets([bet]))[0] as SportsbookBetView;

  const results =
    deps.results &&
    createSportsbookResults({
      ...deps.results,
      db: deps.db,
      clock: deps.clock,
      parlayCaps: settings.parlayCaps,
      walletBetIdOf: sportsbookBetIdOf,
      resettleRecord: deps.bets?.resettle ?? (async () => undefined),
      onResettled: (bet, settlement) => {
        if (settlement.status !== 'open' && settlement.payoutFen !== null) {
          push.betsSettled(
            [bet],
            [{ id: bet.id, status: settlement.status, payoutFen: settlement.payoutFen }],
            sportsbookBetIdOf,
          );
        }
      },
    });

  const cashOut = createSportsbookCashOut({
    db: deps.db,
    clock: deps.clock,
    seamless: deps.seamless,
    marginBps: () => settings.cashOutMarginBps,
    walletBetIdOf: sportsbookBetIdOf,
    presentBet,
    releaseLiability: async (tx, bet) => risk.release(tx, [bet], await store.legsOf(tx, [bet.id]), ['open']),
    markRecordCashedOut: deps.bets?.markCashedOut ?? (async () => undefined),
  });

  /** Where the Beijing day of `at` ends. */
  const dayEndOf = (at: Date) =>
    new Date(Math.floor((at.getTime() + beijingOffsetMs) / dayMs) * dayMs + dayMs - beijingOffsetMs);

  return {
    tick,

    /** 提前结算 of singles: the offer now, and taking it (cash-out-service.ts). */
    cashOut: { quote: cashOut.quote, take: cashOut.cashOut },

    /** The console's result corrections and 封盘 (admin.ts); absent without the ledger and audit log. */
    results: results?.admin,

    /** Runs `tick` every `intervalMs`, one pass at a time, until stopped (`stop` waits for a pass under way). */
    startFeedCycle(options: {
      intervalMs: number;
      onError: (error: unknown) => void;
      /** A live event the socket could not take; the pass goes on. */
      onPushError?: (error: unknown) => void;
    }) {
      push.reportErrorsTo(options.onPushError ?? options.onError);
      return runEvery(options.intervalMs, tick, options.onError);
    },

    /** Sports and their leagues, each with how many matches are 滚球, 今日 and 早盘. */
    async leagues(): Promise<SportsbookLeagues> {
      const at = now();
      const counts = await store.boardCounts(deps.db, { now: at, dayEnd: dayEndOf(at) });
      return (['football', 'basketball', 'esports'] as const).map((sport) => {
        const own = leagues
          .filter((league) => league.sport === sport)
          .map((league) => {
            const count = counts.find((row) => row.leagueCode === league.code);
            return {
              code: league.code,
              name: league.name,
              liveCount: count?.live ?? 0,
              todayCount: count?.today ?? 0,
              earlyCount: count?.early ?? 0,
            };
          });
        return {
          sport,
          name: sportNames[sport],
          liveCount: own.reduce((total, league) => total + league.liveCount, 0),
          leagues: own,
        };
      });
    },

    /** A list's matches by kick-off with their main markets still offered. */
    async matches(
      query: PageRequest & {
        filter: SportsbookMatchFilter;
        sport?: SportsbookSport | undefined;
        leagueCode?: string | undefined;
      },
    ) {
      const at = now();
      const page = await store.boardPage(deps.db, query, { now: at, dayEnd: dayEndOf(at) }, query);
      const markets = await store.marketsOf(
        deps.db,
        page.list.map((row) => row.id),
      );
      return {
        list: page.list.map((row) =>
          presentMatch(
            row,
            markets.filter(
              (market) => market.fixture_id === row.id && market.is_main && market.status !== 'closed',
            ),
          ),
        ),
        total: page.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /** A match with every market it still offers. */
    async match(matchId: string): Promise<SportsbookMatch> {
      const row = await store.findFixture(deps.db, matchId);
      if (!row) {
        throw refused(ErrorCode.sportsbookMatchUnknown, { matchId });
      }
      const markets = await store.marketsOf(deps.db, [row.id]);
      return presentMatch(
        row,
        markets.filter((market) => market.status !== 'closed'),
      );
    },

    async place(
      member: Pick<MemberPrincipal, 'siteId' | 'memberId'>,
      body: SportsbookPlaceBody,
    ): Promise<SportsbookBetView> {
      const placed = await placeBet(member, body);
      return (await presentBets([placed.bet], placed.known))[0] as SportsbookBetView;
    },

    async bets(
      member: MemberPrincipal,
      query: PageRequest & { status?: 'unsettled' | 'settled' | undefined },
    ) {
      const page = await store.memberBets(deps.db, member.siteId, member.memberId, query.status, query);
      return {
        list: await presentBets(page.list),
        total: page.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /** The console's bet search on its site, and the book's liability. */
    admin: {
      async liability(query: Parameters<typeof risk.liability>[0]) {
        await refreshSettings();
        return risk.liability(query);
      },

      /** The book's margins and limits as they stand, and when staff last set them. */
      async settings(): Promise<SportsbookBookSettingsView> {
        await refreshSettings();
        return {
          settings: bookSettingsOf(settings),
          updatedAt: settingsSetAtMs === undefined ? null : new Date(settingsSetAtMs).toISOString(),
        };
      },

      /** Sets the book's margins and limits, audited on the staff member's site. */
      async updateSettings(
        actor: AuditActor & { siteId: number },
        body: SportsbookBookSettings,
      ): Promise<SportsbookBookSettingsView> {
        if (!deps.results) {
          throw new Error('sportsbook: setting margins and limits needs the audit log');
        }
        const { audit } = deps.results;
        await deps.db.transaction().execute(async (tx) => {
          const before = await store.findBookSettings(tx);
          await store.saveBookSettings(tx, body, now());
          await audit.record(
            actor,
            {
              siteId: actor.siteId,
              action: 'sportsbook.settings_update',
              target: 'book',
              before: before?.settings ?? bookSettingsOf(defaults),
              after: body,
            },
            tx,
          );
        });
        settingsReadAtMs = Number.NEGATIVE_INFINITY;
        return this.settings();
      },

      async bets(
        siteId: number,
        query: PageRequest & {
          memberId?: number | undefined;
          matchId?: string | undefined;
          status?: SportsbookBetStatus | undefined;
        },
      ) {
        const page = await store.siteBets(
          deps.db,
          siteId,
          {
            memberId: query.memberId === undefined ? undefined : BigInt(query.memberId),
            matchId: query.matchId,
            status: query.status,
          },
          query,
        );
        const views = await presentBets(page.list);
        return {
          list: views.map((view, index) => ({ ...view, memberId: String(page.list[index]?.member_id) })),
          total: page.total,
          pageNum: query.pageNum,
          pageSize: query.pageSize,
        };
      },
    },

    /**
     * Cancels a match not yet over (abandoned, postponed): its markets close, every leg on it is
     * void, and the next pass settles what that decides (GAMES.md 2.4).
     */
    async cancelMatch(matchId: string, reason: string) {
      const cancelled = await store.cancelFixture(deps.db, matchId, reason, now());
      if (!cancelled) {
        throw refused(ErrorCode.sportsbookMatchUnknown, { matchId });
      }
      feedFixtures.delete(matchId);
      push.matchCancelled(cancelled);
      return presentMatch(cancelled, []);
    },
  };
}
