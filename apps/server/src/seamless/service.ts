import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AdminSeamlessQuery,
  type AdminSeamlessTransaction,
  ErrorCode,
  type Fen,
  fen,
  formatFen,
  type GameCategory,
  type SeamlessAnswer,
  type SeamlessKind,
  signatureMaxSkewMs,
  type VenueState,
  venueHeaderNames,
  venueSignaturePayload,
  type WalletMode,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { BetRow, BetService } from '../bets/service.ts';
import type { Db } from '../db/database.ts';
import type { VenuePrincipal } from '../http/access.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { type LedgerMoves, type LedgerService, refusalOf } from '../ledger/service.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import { type MemberService, memberIdsOf } from '../member/service.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';

/** What the wallet needs to know of a venue; the venue registry answers it. */
export interface SeamlessVenueFacts {
  code: string;
  category: GameCategory;
  walletMode: WalletMode;
  state: VenueState;
  /** The key the venue signs its calls with. */
  secret: string;
}

/** The live launch behind a launch token, as the venue domain keeps it. */
export interface SeamlessSession {
  site_id: number;
  venue_code: string;
  member_id: bigint | null;
  is_demo: boolean;
}

/** A stake, as a venue (over HTTP, or an in-house engine in process) asks for it. */
export interface DebitCall {
  transactionId: string;
  memberId: bigint;
  betId: string;
  roundId: string;
  gameCode: string;
  amountFen: Fen;
  /** Decimal odds in ten-thousandths; null when the game has none. */
  oddsE4: number | null;
}

/** A payout that settles a bet (0 for a lost bet), or the venue voiding it (`isVoid`: stake back). */
export interface CreditCall {
  transactionId: string;
  betId: string;
  payoutFen: Fen;
  isVoid: boolean;
}

/** A debit taken back; unknown, it is recorded so that the debit is refused if it comes later. */
export interface RollbackCall {
  transactionId: string;
  debitTransactionId: string;
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

/** A rollback of an unknown debit met that debit arriving at the same moment: run it again. */
class DebitArrived extends Error {}

const hashOf = (fields: ReadonlyArray<string | bigint | number | boolean | null>) =>
  createHash('sha256')
    .update(JSON.stringify(fields.map((field) => (typeof field === 'bigint' ? field.toString() : field))))
    .digest('hex');

/**
 * The seamless wallet (免转钱包) venues call per round: a debit reserves the stake from the member's
 * main wallet (a pending ledger transfer to the venue's account) and opens the bet record; a
 * credit posts the stake and pays the payout back, settling the bet and counting its valid
 * turnover; a rollback voids the reservation. Each call is one transaction keyed by the venue's
 * transaction id: a replay answers the first answer again, the same id asking anything else is
 * refused (700202). Credits and rollbacks name the bet, not the session, so they are taken after
 * the launch token expired.
 */
export function createSeamlessWallet(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'atomically' | 'balance'>;
  bets: Pick<BetService, 'place' | 'find' | 'current' | 'settle' | 'close'>;
  venueOf: (siteId: number, code: string) => Promise<SeamlessVenueFacts | undefined>;
  /** Staff search by username, and show the usernames of what they find. */
  members: Pick<MemberService, 'memberIdFilter' | 'summariesOf'>;
  sessionOf: (token: string) => Promise<SeamlessSession | undefined>;
}) {
  const now = () => new Date(deps.clock.now());
  const mainOf = (siteId: number, memberId: bigint): AccountRef => ({
    kind: 'member_main',
    siteId,
    memberId,
  });
  const houseOf = (venue: VenuePrincipal): AccountRef => ({
    kind: 'venue',
    siteId: venue.siteId,
    venueCode: venue.venueCode,
  });

  /** The venue, if it may use the wallet now: off venues and transfer-wallet venues may not. */
  const seamlessVenue = async (venue: VenuePrincipal): Promise<SeamlessVenueFacts> => {
    const facts = await deps.venueOf(venue.siteId, venue.venueCode);
    if (!facts) {
      throw refused(ErrorCode.apiAuth);
    }
    if (facts.state === 'off') {
      throw refused(ErrorCode.venueClosed, { venueCode: facts.code });
    }
    if (facts.walletMode !== 'seamless') {
      throw refused(ErrorCode.walletNotSeamless, { venueCode: facts.code });
    }
    return facts;
  };

  /** The member a live launch token of this venue belongs to; demo and expired launches have none. */
  const memberOfToken = async (venue: VenuePrincipal, token: string): Promise<bigint> => {
    const session = await deps.sessionOf(token);
    if (
      !session ||
      session.is_demo ||
      session.member_id === null ||
      session.site_id !== venue.siteId ||
      session.venue_code !== venue.venueCode
    ) {
      throw refused(ErrorCode.walletSessionInvalid);
    }
    return session.member_id;
  };

  /**
   * What the first call under this transaction id answered, if this call repeats it (the replay is
   * noted); undefined when the id is free. The id taken by any other request refuses the call.
   */
  const replayOf = async (
    tx: Db,
    venue: VenuePrincipal,
    call: Pick<store.NewTransaction, 'transaction_id' | 'kind' | 'request_hash'>,
  ): Promise<SeamlessAnswer | undefined> => {
    const first = await store.findTransaction(tx, venue.siteId, venue.venueCode, call.transaction_id);
    if (!first) {
      return undefined;
    }
    if (first.kind === 'debit' && first.is_tombstone && call.kind === 'debit') {
      // The debit's rollback came first: the debit is refused, now and on every retry.
      throw refused(ErrorCode.walletBetCancelled, { transactionId: call.transaction_id });
    }
    if (first.kind !== call.kind || first.request_hash !== call.request_hash) {
      throw refused(ErrorCode.walletConflict, { transactionId: call.transaction_id });
    }
    await store.noteReplay(tx, first.id, now());
    return first.answer as SeamlessAnswer;
  };

  /**
   * Records a call that moved money, with its answer (the member's balance after it). Its id taken
   * meanwhile refuses the call: the same request would have found its bet closed already.
   */
  const recorded = async (
    tx: Db,
    money: LedgerMoves,
    venue: VenuePrincipal,
    call: Omit<
      store.NewTransaction,
      'site_id' | 'venue_code' | 'answer' | 'balance_after_fen' | 'created_at'
    >,
    bet: BetRow,
  ): Promise<SeamlessAnswer> => {
    const { availableFen } = await money.balance(mainOf(venue.siteId, bet.member_id));
    const answer: SeamlessAnswer = {
      transactionId: call.transaction_id,
      balance: formatFen(availableFen),
      betId: bet.bet_id,
      betStatus: bet.status,
    };
    const isRecorded = await store.insertTransaction(tx, {
      ...call,
      site_id: venue.siteId,
      venue_code: venue.venueCode,
      answer: JSON.stringify(answer),
      balance_after_fen: availableFen,
      created_at: now(),
    });
    if (!isRecorded) {
      await replayOf(tx, venue, call);
      throw new Error(`seamless: transaction ${call.transaction_id} recorded twice for one open bet`);
    }
    return answer;
  };

  /**
   * A call that found its bet closed: a replay of the call that closed it answers again; otherwise
   * it is refused as the bet stands (cancelled, or settled or voided).
   */
  const closedBetAnswer = async (
    tx: Db,
    venue: VenuePrincipal,
    call: Pick<store.NewTransaction, 'transaction_id' | 'kind' | 'request_hash'>,
    bet: BetRow,
  ): Promise<SeamlessAnswer> => {
    const replayed = await replayOf(tx, venue, call);
    if (replayed) {
      return replayed;
    }
    const current = await deps.bets.current(tx, bet);
    throw current.status === 'cancelled'
      ? refused(ErrorCode.walletBetCancelled, { betId: bet.bet_id })
      : refused(ErrorCode.walletBetSettled, { betId: bet.bet_id });
  };

  /** Runs a unit of work on the bet's member accounts, a ledger refusal worded as the wallet's code. */
  const moving = async <T>(
    venue: VenuePrincipal,
    memberId: bigint,
    work: (tx: Db, money: LedgerMoves) => Promise<T>,
  ): Promise<T> => {
    try {
      return await deps.ledger.atomically([mainOf(venue.siteId, memberId), houseOf(venue)], work);
    } catch (error) {
      if (refusalOf(error) === 'insufficientFunds') {
        throw refused(ErrorCode.walletInsufficient);
      }
      throw error;
    }
  };

  const stakeIdOf = (venue: VenuePrincipal, betId: string) =>
    transferIds.seamlessStake(venue.siteId, venue.venueCode, betId);

  async function debit(venue: VenuePrincipal, call: DebitCall): Promise<SeamlessAnswer> {
    const facts = await seamlessVenue(venue);
    if (call.amountFen <= 0n) {
      throw validationError('amount', '须大于 0');
    }
    const transaction = {
      transaction_id: call.transactionId,
      kind: 'debit' as const,
      ref_transaction_id: null,
      bet_id: call.betId,
      member_id: call.memberId,
      amount_fen: call.amountFen,
      is_tombstone: false,
      request_hash: hashOf([
        'debit',
        call.memberId,
        call.betId,
        call.roundId,
        call.gameCode,
        call.amountFen,
        call.oddsE4,
      ]),
    };
    return moving(venue, call.memberId, async (tx, money) => {
      const bet = await deps.bets.place(tx, {
        site_id: venue.siteId,
        venue_code: venue.venueCode,
        category: facts.category,
        game_code: call.gameCode,
        round_id: call.roundId,
        bet_id: call.betId,
        member_id: call.memberId,
        stake_fen: call.amountFen,
        odds_e4: call.oddsE4,
        placed_at: now(),
      });
      if (!bet) {
        // The bet exists: this is its debit again, or its id came with another debit (one per bet).
        const replayed = await replayOf(tx, venue, transaction);
        if (replayed) {
          return replayed;
        }
        throw refused(ErrorCode.walletConflict, { betId: call.betId });
      }
      await money.transfer({
        transferId: stakeIdOf(venue, call.betId),
        debitAccount: mainOf(venue.siteId, call.memberId),
        creditAccount: houseOf(venue),
        amountFen: call.amountFen,
        kind: 'bet',
        memo: `${facts.code} ${call.gameCode}`.slice(0, 200),
        isPending: true,
      });
      return recorded(tx, money, venue, transaction, bet);
    });
  }

  async function credit(venue: VenuePrincipal, call: CreditCall): Promise<SeamlessAnswer> {
    await seamlessVenue(venue);
    const bet = await deps.bets.find(venue.siteId, venue.venueCode, call.betId);
    if (!bet) {
      const taken = await store.findTransaction(deps.db, venue.siteId, venue.venueCode, call.transactionId);
      throw taken
        ? refused(ErrorCode.walletConflict, { transactionId: call.transactionId })
        : refused(ErrorCode.walletBetUnknown, { betId: call.betId });
    }
    if (call.isVoid && call.payoutFen !== bet.stake_fen) {
      throw validationError('payout', '作废注单的派彩须等于投注额');
    }
    const transaction = {
      transaction_id: call.transactionId,
      kind: 'credit' as const,
      ref_transaction_id: null,
      bet_id: call.betId,
      member_id: bet.member_id,
      amount_fen: call.payoutFen,
      is_tombstone: false,
      request_hash: hashOf(['credit', call.betId, call.payoutFen, call.isVoid]),
    };
    return moving(venue, bet.member_id, async (tx, money) => {
      // Closing the bet first locks it: a concurrent credit or rollback of it waits, then finds it closed.
      const closed = call.isVoid
        ? await deps.bets.close(tx, bet, 'void')
        : await deps.bets.settle(tx, bet, call.payoutFen);
      if (!closed) {
        return closedBetAnswer(tx, venue, transaction, bet);
      }
      const stakeId = stakeIdOf(venue, bet.bet_id);
      if (call.isVoid) {
        await money.void(stakeId);
        return recorded(tx, money, venue, transaction, closed);
      }
      await money.post(stakeId);
      if (call.payoutFen > 0n) {
        await money.transfer({
          transferId: transferIds.seamlessPayout(venue.siteId, venue.venueCode, bet.bet_id),
          debitAccount: houseOf(venue),
          creditAccount: mainOf(venue.siteId, bet.member_id),
          amountFen: call.payoutFen,
          kind: 'payout',
          memo: `${venue.venueCode} ${bet.game_code}`.slice(0, 200),
        });
      }
      return recorded(tx, money, venue, transaction, closed);
    });
  }

  async function rollback(venue: VenuePrincipal, call: RollbackCall): Promise<SeamlessAnswer> {
    await seamlessVenue(venue);
    const requestHash = hashOf(['rollback', call.debitTransactionId]);
    for (;;) {
      const debited = await store.findTransaction(
        deps.db,
        venue.siteId,
        venue.venueCode,
        call.debitTransactionId,
      );
      if (debited && debited.kind !== 'debit') {
        throw refused(ErrorCode.walletBetUnknown, { debitTransactionId: call.debitTransactionId });
      }
      try {
        return debited && !debited.is_tombstone
          ? await rollbackDebit(venue, call, requestHash, debited)
          : await rollbackUnknown(venue, call, requestHash);
      } catch (error) {
        if (!(error instanceof DebitArrived)) {
          throw error;
        }
      }
    }
  }

  async function rollbackDebit(
    venue: VenuePrincipal,
    call: RollbackCall,
    requestHash: string,
    debited: store.TransactionRow,
  ): Promise<SeamlessAnswer> {
    const bet =
      debited.bet_id === null
        ? undefined
        : await deps.bets.find(venue.siteId, venue.venueCode, debited.bet_id);
    if (!bet) {
      throw new Error(`seamless: debit ${debited.transaction_id} has no bet`);
    }
    const transaction = {
      transaction_id: call.transactionId,
      kind: 'rollback' as const,
      ref_transaction_id: call.debitTransactionId,
      bet_id: bet.bet_id,
      member_id: bet.member_id,
      amount_fen: bet.stake_fen,
      is_tombstone: false,
      request_hash: requestHash,
    };
    return moving(venue, bet.member_id, async (tx, money) => {
      const cancelled = await deps.bets.close(tx, bet, 'cancelled');
      if (!cancelled) {
        return closedBetAnswer(tx, venue, transaction, bet);
      }
      await money.void(stakeIdOf(venue, bet.bet_id));
      return recorded(tx, money, venue, transaction, cancelled);
    });
  }

  /** A rollback of a debit never seen: recorded, with a tombstone under the debit's id that bars it. */
  async function rollbackUnknown(venue: VenuePrincipal, call: RollbackCall, requestHash: string) {
    const answer: SeamlessAnswer = {
      transactionId: call.transactionId,
      balance: null,
      betId: null,
      betStatus: null,
    };
    const tombstone = {
      site_id: venue.siteId,
      venue_code: venue.venueCode,
      bet_id: null,
      member_id: null,
      amount_fen: fen(0n),
      is_tombstone: true,
      balance_after_fen: null,
      created_at: now(),
    };
    const transaction = {
      transaction_id: call.transactionId,
      kind: 'rollback' as const,
      ref_transaction_id: call.debitTransactionId,
      request_hash: requestHash,
    };
    return deps.db.transaction().execute(async (tx) => {
      const isRecorded = await store.insertTransaction(tx, {
        ...tombstone,
        ...transaction,
        answer: JSON.stringify(answer),
      });
      if (!isRecorded) {
        const replayed = await replayOf(tx, venue, transaction);
        if (!replayed) {
          throw new Error(`seamless: rollback ${call.transactionId} taken but not found`);
        }
        return replayed;
      }
      const isBarred = await store.insertTransaction(tx, {
        ...tombstone,
        transaction_id: call.debitTransactionId,
        kind: 'debit',
        ref_transaction_id: null,
        request_hash: '',
        answer: '{}',
      });
      if (!isBarred) {
        const taken = await store.findTransaction(tx, venue.siteId, venue.venueCode, call.debitTransactionId);
        if (!taken?.is_tombstone) {
          throw new DebitArrived();
        }
      }
      return answer;
    });
  }

  return {
    /** A member's main wallet available balance, as the venue sees it. */
    async balance(venue: VenuePrincipal, memberId: bigint): Promise<Fen> {
      await seamlessVenue(venue);
      return (await deps.ledger.balance(mainOf(venue.siteId, memberId))).availableFen;
    },
    /** The balance of the member behind a live launch token of the venue. */
    async balanceOfToken(venue: VenuePrincipal, token: string) {
      await seamlessVenue(venue);
      const memberId = await memberOfToken(venue, token);
      const { availableFen } = await deps.ledger.balance(mainOf(venue.siteId, memberId));
      return { balance: formatFen(availableFen), currency: 'CNY' as const };
    },
    debit,
    /** A debit over HTTP: the stake's member is the one behind a live launch token of the venue. */
    debitByToken: async (venue: VenuePrincipal, token: string, call: Omit<DebitCall, 'memberId'>) =>
      debit(venue, { ...call, memberId: await memberOfToken(venue, token) }),
    credit,
    rollback,

    /**
     * The `venue` access level: the venue named by `venue-code` on the site named by `site-id`
     * signed `venueCode \n timestamp \n body` with its secret, within the allowed clock skew.
     * Unknown venues, bad or stale signatures answer 10108; off ones 700102; transfer ones 700207.
     */
    async authenticate(request: {
      headers: Record<string, string | string[] | undefined>;
      rawBody: string;
    }): Promise<VenuePrincipal> {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const venueCode = header(venueHeaderNames.venueCode);
      const timestamp = header(venueHeaderNames.timestamp);
      const sign = header(venueHeaderNames.sign);
      const siteId = header(venueHeaderNames.siteId);
      if (
        !venueCode ||
        !/^[A-Z0-9_]{2,16}$/.test(venueCode) ||
        !timestamp ||
        !/^[0-9]{1,15}$/.test(timestamp) ||
        !sign ||
        !/^[0-9a-f]{64}$/.test(sign) ||
        !siteId ||
        !/^[1-9][0-9]{0,8}$/.test(siteId)
      ) {
        throw refused(ErrorCode.apiAuth);
      }
      const principal = { siteId: Number(siteId), venueCode };
      const facts = await deps.venueOf(principal.siteId, venueCode);
      if (!facts) {
        throw refused(ErrorCode.apiAuth);
      }
      const expected = createHmac('sha256', facts.secret)
        .update(venueSignaturePayload({ venueCode, timestamp, body: request.rawBody }))
        .digest();
      const isSigned = timingSafeEqual(Buffer.from(sign, 'hex'), expected);
      if (!isSigned || Math.abs(deps.clock.now() - Number(timestamp)) > signatureMaxSkewMs) {
        throw refused(ErrorCode.apiAuth);
      }
      await seamlessVenue(principal);
      return principal;
    },

    /** 免转交易: the site's wallet calls for the console, replays and rollbacks shown. */
    async transactions(siteId: number, query: AdminSeamlessQuery) {
      const memberId = await deps.members.memberIdFilter(siteId, query.username);
      const found =
        memberId === null
          ? { list: [], total: 0 }
          : await store.searchTransactions(
              deps.db,
              {
                ...query,
                siteId,
                memberId,
                from: query.startTime === undefined ? undefined : new Date(query.startTime),
                to: query.endTime === undefined ? undefined : new Date(query.endTime),
              },
              query,
              query,
            );
      const members = await deps.members.summariesOf(siteId, memberIdsOf(found.list));
      return {
        list: found.list.map(
          (row): AdminSeamlessTransaction => ({
            id: Number(row.id),
            createdAt: row.created_at.toISOString(),
            venueCode: row.venue_code,
            kind: row.kind as SeamlessKind,
            transactionId: row.transaction_id,
            debitTransactionId: row.ref_transaction_id,
            betId: row.bet_id,
            memberId: row.member_id === null ? null : Number(row.member_id),
            username: row.member_id === null ? null : (members.get(row.member_id)?.username ?? null),
            amount: formatFen(row.amount_fen),
            isTombstone: row.is_tombstone,
            replayCount: row.replay_count,
            lastReplayedAt: row.last_replayed_at?.toISOString() ?? null,
            balanceAfter: row.balance_after_fen === null ? null : formatFen(row.balance_after_fen),
          }),
        ),
        total: found.total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },
  };
}
