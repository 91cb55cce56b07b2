import { type Fen, fen, type ParlayCaps, type ParlayLeg, parlayReturn, systemReturn } from '@site/contract';
import type { BetService } from '../bets/service.ts';
import type { Db } from '../db/database.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import type { LedgerMoves, LedgerService } from '../ledger/service.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import type { Clock } from '../stores/clock.ts';
import type { MatchResult } from './markets.ts';
import * as results from './results-store.ts';
import { outcomeOf, returnOf } from './settlement.ts';
import * as store from './store.ts';

/**
 * Resettlement after a result correction (GAMES.md 2.4). A correction decides the legs on its
 * match again; every bet touching it whose return changes is settled again as its next
 * settlement version, in one ledger transaction with the bet row locked:
 *
 * - version n's payout is reversed (`settle:SB42:vn:rev`, main wallet -> venue) and version n+1
 *   paid (`settle:SB42:v(n+1)`, venue -> main wallet); a parlay whose other legs are undecided
 *   again goes back to `open`, and the payout of its version waits for them.
 * - The new payout is credited first, so a correction that lowers a payout takes only the
 *   difference. If the member already spent the winnings, the reversal takes what the main
 *   wallet holds and books the rest as a receivable (`…:rev:due`, the site's
 *   `sportsbook_receivable` house account -> venue, `sportsbook_receivables` per member and
 *   `sportsbook_receivable_items` per reversed settlement, the console's 应收 list):
 *   a member balance never goes negative, and the house keeps a debt it may recover, as a
 *   licensed operator's terms allow, rather than forcing the correction through as an overdraft.
 * - A later resettlement that pays the member more than it takes back repays such a receivable
 *   first (`settle:SB42:vn:setoff`, the oldest receivables first), so correcting a result and
 *   correcting it back leaves every member exactly where the final result alone would have.
 *
 * The first settlement went through the seamless wallet, which closed the bet's record; the later
 * versions move money through the ledger between the same accounts, the stake untouched, and
 * settle the record again (open again while the bet is) in the same transaction. Each
 * step recomputes from the rows, so running it again moves nothing; the transfer ids make a
 * movement happen once even across a crash.
 */

export interface ResettleSummary {
  betCount: number;
  reopenedCount: number;
  /** Paid to members less taken back (from the wallet or as a receivable). */
  payoutDeltaFen: bigint;
  /** Booked as owed by members: what reversals could not take back. */
  receivableFen: bigint;
}

export const emptySummary = (): ResettleSummary => ({
  betCount: 0,
  reopenedCount: 0,
  payoutDeltaFen: 0n,
  receivableFen: 0n,
});

type Closing = { status: 'settled' | 'void'; payoutFen: Fen };

/**
 * What a bet pays once its legs decide it, as the settlement pass pays it: undefined while its
 * return is open (a leg undecided, unless a lost leg sinks a parlay).
 */
export function closingOf(
  bet: store.BetRow,
  legs: readonly store.LegRow[],
  caps: ParlayCaps,
): Closing | undefined {
  const isParlayLost = bet.kind === 'parlay' && legs.some((leg) => leg.result === 'loss');
  if (legs.some((leg) => leg.result === null) && !isParlayLost) {
    return undefined;
  }
  if (legs.every((leg) => leg.result === 'void')) {
    return { status: 'void', payoutFen: bet.risk_fen };
  }
  if (bet.kind === 'single') {
    const [leg] = legs;
    const amounts = { riskFen: bet.risk_fen, winFen: fen(bet.potential_return_fen - bet.risk_fen) };
    return leg?.result ? { status: 'settled', payoutFen: returnOf(leg.result, amounts) } : undefined;
  }
  const parlayLegs: ParlayLeg[] = legs.map((leg) => ({
    decimalOddsE4: leg.decimal_odds_e4,
    state: leg.result ?? 'pending',
  }));
  const payout =
    bet.kind === 'parlay'
      ? parlayReturn(bet.stake_fen, parlayLegs, caps)
      : systemReturn(bet.stake_fen, parlayLegs, caps);
  return payout === null ? undefined : { status: 'settled', payoutFen: payout };
}

/** One resettlement step: the version it pays, what it reverses and where the bet ends. */
interface Plan {
  reverse: { version: number; amountFen: Fen } | undefined;
  pay: { version: number; amountFen: Fen };
  next: results.BetSettlement;
}

/** The step a bet needs now, or undefined when its recorded settlement stands. */
export function planOf(bet: store.BetRow, closing: Closing | undefined): Plan | undefined {
  if (bet.status === 'open' && bet.settlement_version > 1) {
    // Reopened: its earlier payout is reversed already; its version pays once decided.
    return closing
      ? {
          reverse: undefined,
          pay: { version: bet.settlement_version, amountFen: closing.payoutFen },
          next: { status: closing.status, payoutFen: closing.payoutFen, version: bet.settlement_version },
        }
      : undefined;
  }
  if ((bet.status !== 'settled' && bet.status !== 'void') || bet.payout_fen === null) {
    return undefined;
  }
  if (closing && closing.status === bet.status && closing.payoutFen === bet.payout_fen) {
    return undefined;
  }
  const version = bet.settlement_version + 1;
  return {
    reverse: { version: bet.settlement_version, amountFen: bet.payout_fen },
    pay: { version, amountFen: closing?.payoutFen ?? fen(0n) },
    next: closing
      ? { status: closing.status, payoutFen: closing.payoutFen, version }
      : { status: 'open', payoutFen: null, version },
  };
}

/** The least of some amounts (bigint: Math.min does not take them). */
function minFen(...amounts: bigint[]): Fen {
  let least = amounts[0] ?? 0n;
  for (const amount of amounts) {
    if (amount < least) {
      least = amount;
    }
  }
  return fen(least);
}

export function createResettlement(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'atomically'>;
  parlayCaps: ParlayCaps;
  walletBetIdOf: (betRowId: bigint) => string;
  /** Settles the bet's record (投注记录) again in the resettlement's transaction. */
  resettleRecord: BetService['resettle'];
  /** After a bet's resettlement committed: the member is told (GAMES.md 2.4). */
  onResettled?: (bet: store.BetRow, settlement: results.BetSettlement) => void;
}) {
  const now = () => new Date(deps.clock.now());

  const accountsOf = (bet: store.BetRow) => ({
    member: { kind: 'member_main', siteId: bet.site_id, memberId: bet.member_id } satisfies AccountRef,
    venue: { kind: 'venue', siteId: bet.site_id, venueCode: bet.venue_code } satisfies AccountRef,
    receivable: { kind: 'house', siteId: bet.site_id, name: 'sportsbook_receivable' } satisfies AccountRef,
  });

  /** Moves a plan's money inside the bet's transaction: pay, reverse (shortfall owed), set off. */
  const move = async (tx: Db, money: LedgerMoves, bet: store.BetRow, plan: Plan) => {
    const accounts = accountsOf(bet);
    const walletBetId = deps.walletBetIdOf(bet.id);
    const idOf = (version: number, part: 'pay' | 'setoff' | 'rev' | 'due') =>
      transferIds.sportsbookResettlement(walletBetId, version, part);
    const transfer = (
      part: 'pay' | 'setoff' | 'rev' | 'due',
      version: number,
      from: AccountRef,
      to: AccountRef,
      amountFen: Fen,
    ) =>
      money.transfer({
        transferId: idOf(version, part),
        debitAccount: from,
        creditAccount: to,
        amountFen,
        kind: 'payout',
        memo: `sportsbook ${walletBetId} v${version} ${part}`,
      });
    const available = async () => (await money.balance(accounts.member)).availableFen;
    if (plan.pay.amountFen > 0n) {
      await transfer('pay', plan.pay.version, accounts.venue, accounts.member, plan.pay.amountFen);
    }
    let dueFen = fen(0n);
    if (plan.reverse && plan.reverse.amountFen > 0n) {
      const takenFen = minFen(plan.reverse.amountFen, await available());
      if (takenFen > 0n) {
        await transfer('rev', plan.reverse.version, accounts.member, accounts.venue, takenFen);
      }
      dueFen = fen(plan.reverse.amountFen - takenFen);
      if (dueFen > 0n) {
        await transfer('due', plan.reverse.version, accounts.receivable, accounts.venue, dueFen);
        await results.bookReceivableItem(
          tx,
          {
            siteId: bet.site_id,
            memberId: bet.member_id,
            betId: bet.id,
            version: plan.reverse.version,
            amountFen: dueFen,
          },
          now(),
        );
      }
    }
    const owedFen = await results.lockReceivable(tx, bet.site_id, bet.member_id, now());
    const gainFen = plan.pay.amountFen - (plan.reverse?.amountFen ?? 0n);
    const setOffFen = owedFen > 0n && gainFen > 0n ? minFen(owedFen, gainFen, await available()) : fen(0n);
    if (setOffFen > 0n) {
      await transfer('setoff', plan.pay.version, accounts.member, accounts.receivable, setOffFen);
      await results.recoverReceivableItems(
        tx,
        { siteId: bet.site_id, memberId: bet.member_id },
        setOffFen,
        now(),
      );
    }
    if (dueFen > 0n || setOffFen > 0n) {
      await results.setReceivable(tx, bet.site_id, bet.member_id, fen(owedFen + dueFen - setOffFen), now());
    }
    return { payoutDeltaFen: gainFen, receivableFen: dueFen };
  };

  /** Settles one bet again if its legs now say otherwise; what it moved, or undefined. */
  const resettleBet = async (betRowId: bigint) => {
    const head = await store.betById(deps.db, betRowId);
    const accounts = accountsOf(head);
    const moved = await deps.ledger.atomically(
      [accounts.member, accounts.venue, accounts.receivable],
      async (tx, money) => {
        const bet = await results.lockBet(tx, betRowId);
        const legs = await store.legsOf(tx, [bet.id]);
        const plan = planOf(bet, closingOf(bet, legs, deps.parlayCaps));
        if (!plan) {
          return undefined;
        }
        const movedFen = await move(tx, money, bet, plan);
        await results.setBetSettlement(tx, bet.id, plan.next, now());
        await deps.resettleRecord(
          tx,
          { siteId: bet.site_id, venueCode: bet.venue_code },
          deps.walletBetIdOf(bet.id),
          plan.next.payoutFen === null
            ? undefined
            : { payoutFen: plan.next.payoutFen, isVoid: plan.next.status === 'void' },
        );
        return { ...movedFen, isReopened: plan.next.status === 'open', next: plan.next };
      },
    );
    if (moved) {
      deps.onResettled?.(head, moved.next);
    }
    return moved;
  };

  const add = (summary: ResettleSummary, moved: Awaited<ReturnType<typeof resettleBet>>) => {
    if (moved) {
      summary.betCount += 1;
      summary.reopenedCount += moved.isReopened ? 1 : 0;
      summary.payoutDeltaFen += moved.payoutDeltaFen;
      summary.receivableFen += moved.receivableFen;
    }
  };

  /** Decides the legs on a finished fixture again by its result, then settles its bets again. */
  const resettleFixture = async (fixtureId: string): Promise<ResettleSummary> => {
    const summary = emptySummary();
    const fixture = await store.findFixture(deps.db, fixtureId);
    const result = fixture?.result as MatchResult | null | undefined;
    if (fixture?.status !== 'finished' || !result) {
      return summary;
    }
    const legs = await results.decidedLegsOn(deps.db, fixtureId);
    const redecided = legs.flatMap((leg) => {
      const outcome = outcomeOf(leg.selection, result, { home: leg.score_home, away: leg.score_away });
      return outcome === leg.result ? [] : [{ betId: leg.bet_id, legNo: leg.leg_no, result: outcome }];
    });
    await store.decideLegs(deps.db, redecided, now(), 'redecided');
    for (const bet of await results.betsToResettle(deps.db, fixtureId)) {
      add(summary, await resettleBet(bet.id));
    }
    return summary;
  };

  return {
    resettleFixture,

    /**
     * The feed pass's part, after its settlement: fixtures corrected since their last
     * resettlement are settled again (a bet the settlement closed meanwhile on the legs as they
     * were is caught here), then reopened parlays whose legs are now all decided are paid.
     */
    async pass(): Promise<void> {
      for (const fixture of await results.fixturesResettling(deps.db)) {
        await resettleFixture(fixture.id);
        await results.markResettled(deps.db, fixture.id, fixture.result_version);
      }
      let afterId = 0n;
      for (;;) {
        const reopened = await results.reopenedBets(deps.db, afterId, 200);
        for (const bet of reopened) {
          await resettleBet(bet.id);
          afterId = bet.id;
        }
        if (reopened.length < 200) {
          return;
        }
      }
    },
  };
}

export type Resettlement = ReturnType<typeof createResettlement>;
