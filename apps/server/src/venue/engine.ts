import { type Fen, fen, parseYuan } from '@site/contract';
import type { Selectable } from 'kysely';
import { AppError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { SeamlessWallet } from '../seamless/service.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';
import type { VenueLaunchesTable } from './tables.ts';

/**
 * The in-house venue engine behind the IM, OB and FB adapters, kept to what a venue does with a
 * wallet: it reads the player's balance, takes a stake on a round and pays the round out when it
 * is settled. The stake and payout come from whoever runs the round (the sportsbook of issue 13,
 * a test); nothing here makes up odds or outcomes. Real play debits and credits the platform's
 * seamless wallet; demo play moves only its launch's demo credits.
 */

export type LaunchSession = Selectable<VenueLaunchesTable>;

/** What the engine needs of the platform's seamless wallet: each call idempotent on its transaction id. */
export type SeamlessWalletPort = Pick<SeamlessWallet, 'balance' | 'debit' | 'credit'>;

export type EngineRefusalReason = 'insufficientFunds' | 'betIdReused' | 'walletRefused';

/** A bet the engine does not take; each adapter answers it in its own flavour. */
export class EngineRefusal extends Error {
  constructor(
    readonly reason: EngineRefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'EngineRefusal';
  }
}

export interface PlaceBet {
  roundId: string;
  betId: string;
  /** The game of the venue the stake is on. */
  gameCode: string;
  stakeFen: Fen;
}

export type VenueEngine = ReturnType<typeof createVenueEngine>;

export function createVenueEngine(deps: { db: Db; clock: Clock; seamless: SeamlessWalletPort }) {
  const venueOf = (row: { site_id: number; venue_code: string }) => ({
    siteId: row.site_id,
    venueCode: row.venue_code,
  });
  const memberOf = (row: { id: bigint; member_id: bigint | null }) => {
    if (row.member_id === null) {
      throw new Error(`venue engine: real play ${row.id} has no member`);
    }
    return row.member_id;
  };
  /** The wallet's answer carries the balance after the call, in yuan. */
  const balanceAfter = (answer: { balance: string | null }): Fen => {
    const balanceFen = answer.balance === null ? undefined : parseYuan(answer.balance);
    if (balanceFen === undefined) {
      throw new Error(`venue engine: the wallet answered no balance (${String(answer.balance)})`);
    }
    return balanceFen;
  };

  /** A bet id seen before: the same bet answers again, a changed one is refused. */
  const assertSameBet = (
    existing: { round_id: string; stake_fen: bigint; launch_id: bigint },
    session: LaunchSession,
    bet: PlaceBet,
  ) => {
    if (
      existing.round_id !== bet.roundId ||
      existing.stake_fen !== bet.stakeFen ||
      existing.launch_id !== session.id
    ) {
      throw new EngineRefusal('betIdReused', '注单号已用于另一笔投注');
    }
  };

  const balance = async (session: LaunchSession): Promise<Fen> => {
    if (session.is_demo) {
      return (await store.demoBalance(deps.db, session.id)) ?? fen(0n);
    }
    return deps.seamless.balance(venueOf(session), memberOf(session));
  };

  const newBet = (session: LaunchSession, bet: PlaceBet) => ({
    site_id: session.site_id,
    venue_code: session.venue_code,
    launch_id: session.id,
    member_id: session.member_id,
    is_demo: session.is_demo,
    round_id: bet.roundId,
    bet_id: bet.betId,
    stake_fen: bet.stakeFen,
    payout_fen: null,
    status: 'open' as const,
    placed_at: new Date(deps.clock.now()),
    settled_at: null,
  });

  const placeDemoBet = (session: LaunchSession, bet: PlaceBet) =>
    deps.db.transaction().execute(async (tx) => {
      const isNew = await store.insertEngineBet(tx, newBet(session, bet));
      if (!isNew) {
        const existing = await store.findEngineBet(tx, session.site_id, session.venue_code, bet.betId);
        if (existing) {
          assertSameBet(existing, session, bet);
        }
        return (await store.demoBalance(tx, session.id)) ?? fen(0n);
      }
      const after = await store.moveDemoBalance(tx, session.id, -bet.stakeFen);
      if (after === undefined) {
        throw new EngineRefusal('insufficientFunds', '余额不足');
      }
      return after;
    });

  const placeRealBet = async (session: LaunchSession, bet: PlaceBet) => {
    const existing = await store.findEngineBet(deps.db, session.site_id, session.venue_code, bet.betId);
    if (existing) {
      assertSameBet(existing, session, bet);
      return balance(session);
    }
    // The wallet's transaction id makes a concurrent copy of this bet one debit; the book then
    // keeps the first row.
    const answer = await deps.seamless
      .debit(venueOf(session), {
        transactionId: `bet-${bet.betId}`,
        memberId: memberOf(session),
        betId: bet.betId,
        roundId: bet.roundId,
        gameCode: bet.gameCode,
        amountFen: bet.stakeFen,
        oddsE4: null,
      })
      .catch((error: unknown) => {
        if (error instanceof AppError) {
          throw new EngineRefusal('walletRefused', error.message);
        }
        throw error;
      });
    await store.insertEngineBet(deps.db, newBet(session, bet));
    return balanceAfter(answer);
  };

  return {
    balance,

    /** Takes a stake on a round: the same bet id again answers the first result and moves nothing. */
    placeBet: (session: LaunchSession, bet: PlaceBet): Promise<Fen> =>
      session.is_demo ? placeDemoBet(session, bet) : placeRealBet(session, bet),

    /**
     * Settles a round of one venue: each open bet is paid what `payouts` names for it (nothing
     * for a bet it leaves out, a lost bet). A second settlement finds nothing open.
     */
    async settleRound(
      venue: { siteId: number; venueCode: string },
      roundId: string,
      payouts: ReadonlyMap<string, Fen>,
    ): Promise<number> {
      const open = await store.openEngineBets(deps.db, venue.siteId, venue.venueCode, roundId);
      for (const bet of open) {
        const payoutFen = payouts.get(bet.bet_id) ?? fen(0n);
        const settledAt = new Date(deps.clock.now());
        if (bet.is_demo) {
          await deps.db.transaction().execute(async (tx) => {
            if (await store.settleEngineBet(tx, bet.id, payoutFen, settledAt)) {
              await store.moveDemoBalance(tx, bet.launch_id, payoutFen);
            }
          });
          continue;
        }
        await deps.seamless.credit(venueOf(bet), {
          transactionId: `settle-${bet.bet_id}`,
          betId: bet.bet_id,
          payoutFen,
          isVoid: false,
        });
        await store.settleEngineBet(deps.db, bet.id, payoutFen, settledAt);
      }
      return open.length;
    },
  };
}
