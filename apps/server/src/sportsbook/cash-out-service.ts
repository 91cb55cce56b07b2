import {
  ErrorCode,
  errorMessages,
  type Fen,
  formatFen,
  parseYuan,
  type SportsbookBetView,
  type SportsbookCashOutBody,
  type SportsbookCashOutQuote,
} from '@site/contract';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { MemberPrincipal } from '../http/access.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import type { Clock } from '../stores/clock.ts';
import { cashOutOffer } from './cash-out.ts';
import * as cashOutStore from './cash-out-store.ts';
import { marketKey, selectionKey } from './markets.ts';
import { isSuspendedOnlyAtCap } from './risk.ts';
import * as store from './store.ts';

/**
 * 提前结算 of singles (GAMES.md 2.5): the offer is the bet's potential return × the fair chance of
 * its pick now, read from the market's current prices with their margin taken out, × (1 − c).
 * Accepting it closes the bet as `cashed_out` and records the cash-out in one transaction, then
 * the wallet pays the offer under the bet's one cash-out transaction id; settlement only pays
 * bets still open, so the match's result pays a cashed-out bet nothing more.
 */

/** A cash-out recorded this long ago and still not paid had its node stop: the feed pass pays it. */
const uncreditedAfterMs = 30_000;
const batchSize = 100;

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

/** The wallet's id of a bet's cash-out payment: one per bet, so the offer is paid once. */
export const cashOutTransactionOf = (betRowId: bigint) => `sportsbook-cashout-${betRowId}`;

/** The bet's row id of a 注单号 (`SB42`). */
const betRowIdOf = (betId: string) => BigInt(betId.slice(2));

/** An offer, or why there is none (a code of the catalogue). */
type Quote =
  | { offerFen: Fen; priceVersion: number }
  | { refusal: ErrorCode; isSuspended: boolean; priceVersion: number | null };

const unavailable = (refusal: ErrorCode, priceVersion: number | null = null): Quote => ({
  refusal,
  isSuspended: refusal === ErrorCode.sportsbookMarketSuspended,
  priceVersion,
});

const closedStatuses: ReadonlySet<store.BetRow['status']> = new Set([
  'settled',
  'void',
  'rejected',
  'cashed_out',
]);

/**
 * The market and pick that price a leg now. A 让球 leg counts the goals after it was taken, and a
 * live book's 让球 lines count from the current score: the leg's line moves by the goal
 * difference since then (home −0.5 at 0–0 is home +0.5 from 1–0).
 */
export function currentPickOf(leg: store.LegRow, score: { home: number; away: number }) {
  const selection = leg.selection;
  if (selection.kind !== 'asian_handicap') {
    return { marketKey: leg.market_key, selectionKey: leg.selection_key };
  }
  const goalsSince = score.home - leg.score_home - (score.away - leg.score_away);
  const now = { ...selection, homeLineQuarters: selection.homeLineQuarters + 4 * goalsSince };
  return { marketKey: marketKey(now), selectionKey: selectionKey(now) };
}

/**
 * A pick's fair chance from its market's offered prices: each price's implied chance, shared out
 * so the market sums to 1 (the margin taken out). Undefined when the market no longer offers the
 * pick (the match has ruled it out).
 */
export function fairChanceOf(market: store.MarketRow, pickKey: string): number | undefined {
  const implied = market.selections.map((selection) => ({
    key: selection.key,
    chance: 1 / selection.oddsE4,
  }));
  const own = implied.find((selection) => selection.key === pickKey);
  const total = implied.reduce((sum, selection) => sum + selection.chance, 0);
  return own === undefined || !(total > 0) ? undefined : Math.min(1, own.chance / total);
}

export type SportsbookCashOut = ReturnType<typeof createSportsbookCashOut>;

export function createSportsbookCashOut(deps: {
  db: Db;
  clock: Clock;
  seamless: Pick<SeamlessWallet, 'creditMany'>;
  /** c of GAMES.md 2.5, in basis points (500: 5 %). */
  marginBps: () => number;
  walletBetIdOf: (betRowId: bigint) => string;
  presentBet: (bet: store.BetRow) => Promise<SportsbookBetView>;
  /** Tells the wallet's bet record (投注记录) that the bet closed early; safe to repeat. */
  markRecordCashedOut: (venue: { siteId: number; venueCode: string }, betId: string) => Promise<void>;
  /** Takes the bet off its market's liability, in the transaction that closes it (risk.ts). */
  releaseLiability: (tx: Db, bet: store.BetRow) => Promise<void>;
}) {
  const now = () => new Date(deps.clock.now());

  /** The member's own bet; another member's answers as unknown, so nothing about it shows. */
  const ownBet = async (member: Pick<MemberPrincipal, 'siteId' | 'memberId'>, betId: string) => {
    const bet = await cashOutStore.findBet(deps.db, betRowIdOf(betId));
    if (!bet || bet.site_id !== member.siteId || bet.member_id !== member.memberId) {
      throw refused(ErrorCode.walletBetUnknown, { betId });
    }
    return bet;
  };

  const quoteOf = async (bet: store.BetRow): Promise<Quote> => {
    if (closedStatuses.has(bet.status)) {
      return unavailable(ErrorCode.walletBetSettled);
    }
    if (bet.kind !== 'single' || bet.status !== 'open') {
      return unavailable(ErrorCode.sportsbookCashOutUnavailable);
    }
    const [leg] = await store.legsOf(deps.db, [bet.id]);
    const fixture = leg ? await store.findFixture(deps.db, leg.fixture_id) : undefined;
    if (!leg || leg.result !== null || (fixture?.status !== 'scheduled' && fixture?.status !== 'live')) {
      return unavailable(ErrorCode.sportsbookMarketClosed);
    }
    const pick = currentPickOf(leg, { home: fixture.score_home, away: fixture.score_away });
    const market = await store.findMarket(deps.db, fixture.id, pick.marketKey);
    if (!market || market.status === 'closed') {
      return unavailable(ErrorCode.sportsbookMarketClosed);
    }
    // A match past its kick-off that the feed pass has not moved on yet is priced on nothing current.
    const isStarting = fixture.status === 'scheduled' && fixture.kick_off_at.getTime() <= deps.clock.now();
    // Suspended only because its liability reached the cap (risk.ts), the market still has current
    // prices: a cash-out takes risk off the book, so it stays offered.
    if (
      (market.status === 'suspended' && !isSuspendedOnlyAtCap(market, fixture)) ||
      fixture.is_suspended ||
      isStarting
    ) {
      return unavailable(ErrorCode.sportsbookMarketSuspended, market.price_version);
    }
    const chance = fairChanceOf(market, pick.selectionKey);
    if (chance === undefined) {
      return unavailable(ErrorCode.sportsbookMarketClosed);
    }
    const offerFen = cashOutOffer(bet.potential_return_fen, chance, deps.marginBps());
    if (offerFen <= 0n) {
      return unavailable(ErrorCode.sportsbookCashOutUnavailable, market.price_version);
    }
    return { offerFen, priceVersion: market.price_version };
  };

  /** Pays a recorded cash-out through the wallet: its one transaction id makes a repeat move nothing. */
  const pay = async (cashOut: cashOutStore.CashOutRow) => {
    const bet = await store.betById(deps.db, cashOut.bet_id);
    if (cashOut.credited_at === null) {
      const [outcome] = await deps.seamless.creditMany({ siteId: bet.site_id, venueCode: bet.venue_code }, [
        {
          transactionId: cashOutTransactionOf(bet.id),
          betId: deps.walletBetIdOf(bet.id),
          payoutFen: cashOut.offer_fen,
          isVoid: false,
        },
      ]);
      if (!outcome) {
        throw new Error(`sportsbook: the wallet answered nothing for cash-out ${bet.id}`);
      }
      if ('refusal' in outcome) {
        throw outcome.refusal;
      }
      await deps.markRecordCashedOut(
        { siteId: bet.site_id, venueCode: bet.venue_code },
        deps.walletBetIdOf(bet.id),
      );
      await cashOutStore.markCredited(deps.db, bet.id, now());
    }
    return deps.presentBet(bet);
  };

  /** A request id used before: the same cash-out answers its first result, anything else is refused. */
  const again = (cashOut: cashOutStore.CashOutRow, betId: string, acceptedFen: Fen) => {
    if (cashOut.bet_id !== betRowIdOf(betId) || cashOut.accepted_fen !== acceptedFen) {
      throw refused(ErrorCode.walletConflict, { requestId: cashOut.request_id });
    }
    return pay(cashOut);
  };

  async function cashOut(
    member: Pick<MemberPrincipal, 'siteId' | 'memberId'>,
    body: SportsbookCashOutBody,
  ): Promise<SportsbookBetView> {
    const acceptedFen = parseYuan(body.amount);
    if (acceptedFen === undefined) {
      throw refused(ErrorCode.validation, { field: 'amount' });
    }
    const known = () =>
      cashOutStore.findCashOutByRequest(deps.db, member.siteId, member.memberId, body.requestId);
    const first = await known();
    if (first) {
      return again(first, body.betId, acceptedFen);
    }
    const bet = await ownBet(member, body.betId);
    const quote = await quoteOf(bet);
    if ('refusal' in quote) {
      // The same request may have closed the bet since it was looked for: it answers its result.
      const raced = await known();
      if (raced) {
        return again(raced, body.betId, acceptedFen);
      }
      throw refused(quote.refusal, { betId: body.betId });
    }
    if (quote.offerFen < acceptedFen) {
      throw refused(ErrorCode.sportsbookOddsChanged, {
        betId: body.betId,
        offer: formatFen(quote.offerFen),
        priceVersion: quote.priceVersion,
      });
    }
    const closed = await cashOutStore.closeAsCashedOut(
      deps.db,
      {
        bet_id: bet.id,
        site_id: member.siteId,
        member_id: member.memberId,
        request_id: body.requestId,
        accepted_fen: acceptedFen,
        offer_fen: quote.offerFen,
        price_version: quote.priceVersion,
        created_at: now(),
      },
      (tx) => deps.releaseLiability(tx, bet),
    );
    if (typeof closed !== 'string') {
      return pay(closed);
    }
    // Refused under the lock: the same request may have arrived at the same time and won.
    const raced = await known();
    if (raced) {
      return again(raced, body.betId, acceptedFen);
    }
    throw refused(closed === 'decided' ? ErrorCode.sportsbookMarketClosed : ErrorCode.walletBetSettled, {
      betId: body.betId,
    });
  }

  return {
    /** The offer of the member's bet now, or why it has none. */
    async quote(
      member: Pick<MemberPrincipal, 'siteId' | 'memberId'>,
      betId: string,
    ): Promise<SportsbookCashOutQuote> {
      const quote = await quoteOf(await ownBet(member, betId));
      const isOffered = !('refusal' in quote);
      return {
        betId,
        offer: isOffered ? formatFen(quote.offerFen) : null,
        isSuspended: isOffered ? false : quote.isSuspended,
        unavailableCode: isOffered ? null : quote.refusal,
        unavailableMessage: isOffered ? null : errorMessages[quote.refusal],
        priceVersion: quote.priceVersion,
        quotedAt: now().toISOString(),
      };
    },

    cashOut,

    /** Pays cash-outs whose node stopped before the wallet answered; safe to run again. */
    async payUncredited(at: Date) {
      const rows = await cashOutStore.uncredited(
        deps.db,
        new Date(at.getTime() - uncreditedAfterMs),
        batchSize,
      );
      for (const row of rows) {
        try {
          await pay(row);
        } catch (error) {
          // A venue under maintenance refuses for now: the next pass tries again.
          if (!(error instanceof AppError)) {
            throw error;
          }
        }
      }
    },
  };
}
