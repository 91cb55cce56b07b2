import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  type AdminSeamlessQuery,
  type AdminSeamlessTransaction,
  type BetStatus,
  ErrorCode,
  type Fen,
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
import type { LedgerService } from '../ledger/service.ts';
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

/** A credit's answer, or why it was refused: one per call of `creditMany`. */
export type CreditOutcome = { answer: SeamlessAnswer } | { refusal: AppError };

/** A debit taken back; unknown, it is recorded so that the debit is refused if it comes later. */
export interface RollbackCall {
  transactionId: string;
  debitTransactionId: string;
}

export type SeamlessWallet = ReturnType<typeof createSeamlessWallet>;

const refused = (code: ErrorCode, data: unknown = null) => new AppError(code, undefined, data);

const hashOf = (fields: ReadonlyArray<string | bigint | number | boolean | null>) =>
  createHash('sha256')
    .update(JSON.stringify(fields.map((field) => (typeof field === 'bigint' ? field.toString() : field))))
    .digest('hex');

/**
 * The seamless wallet (免转钱包) venues call per round: a debit reserves the stake from the member's
 * main wallet (a pending ledger transfer to the venue's account) and opens the bet record; a
 * credit posts the stake and pays the payout back, settling the bet and counting its valid
 * turnover; a rollback voids the reservation. Each call is one statement, a SQL function of the
 * wallet (migration.ts) that reaches the ledger, the bets and the turnover audit through theirs,
 * keyed by the venue's transaction id: a replay answers the first answer again, the same id asking
 * anything else is refused (700202). Credits and rollbacks name the bet, not the session, so they
 * are taken after the launch token expired.
 */
export function createSeamlessWallet(deps: {
  db: Db;
  clock: Clock;
  ledger: Pick<LedgerService, 'inStatement' | 'balance'>;
  bets: Pick<BetService, 'findMany' | 'settlementOf'>;
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

  const stakeIdOf = (venue: VenuePrincipal, betId: string) =>
    transferIds.seamlessStake(venue.siteId, venue.venueCode, betId);

  /**
   * Runs a call's statement on the member's main account and the venue's account (their ids handed
   * to `call`); `movements` is what it moves into the venue's derived account when it answers (a
   * replay, which moves nothing, is counted too: that only brings the next checkpoint forward).
   */
  const onAccounts = (
    venue: VenuePrincipal,
    memberId: bigint,
    movements: number,
    call: (memberAccountId: bigint, venueAccountId: bigint) => Promise<store.CallResult>,
  ) =>
    deps.ledger.inStatement(
      [mainOf(venue.siteId, memberId), houseOf(venue)],
      async ([memberAccountId, venueAccountId]) => {
        if (memberAccountId === undefined || venueAccountId === undefined) {
          throw new Error('seamless: the ledger answered fewer accounts than named');
        }
        const result = await call(memberAccountId, venueAccountId);
        return { result, derivedMovements: 'answerJson' in result ? movements : 0 };
      },
    );

  /** The answer of a call's statement, or its refusal worded as the wallet's code. */
  const answerOf = (
    result: store.CallResult,
    ids: { transactionId: string; betId?: string; debitTransactionId?: string },
  ): SeamlessAnswer => {
    if ('answerJson' in result) {
      return JSON.parse(result.answerJson) as SeamlessAnswer;
    }
    switch (result.refusal) {
      case 'conflict':
        throw refused(ErrorCode.walletConflict, { transactionId: ids.transactionId });
      case 'cancelled':
        throw refused(ErrorCode.walletBetCancelled, { transactionId: ids.transactionId });
      case 'insufficient':
        throw refused(ErrorCode.walletInsufficient);
      case 'bet_taken':
        throw refused(ErrorCode.walletConflict, { betId: ids.betId });
      case 'bet_cancelled':
        throw refused(ErrorCode.walletBetCancelled, { betId: ids.betId });
      case 'bet_settled':
        throw refused(ErrorCode.walletBetSettled, { betId: ids.betId });
      case 'unknown_debit':
        throw refused(ErrorCode.walletBetUnknown, { debitTransactionId: ids.debitTransactionId });
      case 'debit_arrived':
        throw new Error(
          `seamless: rollback ${ids.transactionId} met its debit arriving and was not run again`,
        );
      default:
        return assertNever(result.refusal);
    }
  };

  async function debit(venue: VenuePrincipal, call: DebitCall): Promise<SeamlessAnswer> {
    const facts = await seamlessVenue(venue);
    if (call.amountFen <= 0n) {
      throw validationError('amount', '须大于 0');
    }
    const requestHash = hashOf([
      'debit',
      call.memberId,
      call.betId,
      call.roundId,
      call.gameCode,
      call.amountFen,
      call.oddsE4,
    ]);
    const result = await onAccounts(venue, call.memberId, 1, (memberAccountId, venueAccountId) =>
      store.callDebit(deps.db, {
        siteId: venue.siteId,
        venueCode: venue.venueCode,
        transactionId: call.transactionId,
        requestHash,
        now: now(),
        memberId: call.memberId,
        memberAccountId,
        venueAccountId,
        stakeTransferId: stakeIdOf(venue, call.betId),
        memo: `${facts.code} ${call.gameCode}`.slice(0, 200),
        category: facts.category,
        gameCode: call.gameCode,
        roundId: call.roundId,
        betId: call.betId,
        amountFen: call.amountFen,
        oddsE4: call.oddsE4,
      }),
    );
    return answerOf(result, { transactionId: call.transactionId, betId: call.betId });
  }

  /** Why a credit is refused before its statement: its bet is unknown, or a void pays other than the stake. */
  const refusalBeforeCredit = async (
    venue: VenuePrincipal,
    call: CreditCall,
    bet: BetRow | undefined,
  ): Promise<AppError | undefined> => {
    if (!bet) {
      const taken = await store.findTransaction(deps.db, venue.siteId, venue.venueCode, call.transactionId);
      return taken
        ? refused(ErrorCode.walletConflict, { transactionId: call.transactionId })
        : refused(ErrorCode.walletBetUnknown, { betId: call.betId });
    }
    if (call.isVoid && call.payoutFen !== bet.stake_fen) {
      return validationError('payout', '作废注单的派彩须等于投注额');
    }
    return undefined;
  };

  /**
   * Credits many bets of one venue: each call answered as `credit` answers it, all made by one
   * statement (one round trip, one transaction) after one read of their bets. An engine settling a
   * round or a draw pays its tickets this way.
   */
  async function creditMany(venue: VenuePrincipal, calls: readonly CreditCall[]): Promise<CreditOutcome[]> {
    await seamlessVenue(venue);
    const bets = new Map(
      (
        await deps.bets.findMany(venue.siteId, venue.venueCode, [...new Set(calls.map((call) => call.betId))])
      ).map((bet) => [bet.bet_id, bet]),
    );
    const outcomes: CreditOutcome[] = [];
    const made: {
      index: number;
      bet: BetRow;
      call: CreditCall;
      closing: { status: BetStatus; validFen: Fen };
    }[] = [];
    for (const [index, call] of calls.entries()) {
      const bet = bets.get(call.betId);
      const refusal = await refusalBeforeCredit(venue, call, bet);
      if (refusal || !bet) {
        outcomes[index] = { refusal: refusal ?? refused(ErrorCode.walletBetUnknown, { betId: call.betId }) };
        continue;
      }
      const closing = await deps.bets.settlementOf(bet, call);
      made.push({ index, bet, call, closing });
    }
    if (made.length === 0) {
      return outcomes;
    }
    const memberIds = [...new Set(made.map(({ bet }) => bet.member_id))];
    const results = await deps.ledger.inStatement(
      [houseOf(venue), ...memberIds.map((memberId) => mainOf(venue.siteId, memberId))],
      async ([venueAccountId, ...memberAccountIds]) => {
        const accountOf = new Map(
          memberIds.map((memberId, position) => [memberId, memberAccountIds[position]]),
        );
        const at = now();
        const calls = made.map(({ bet, call, closing }) => {
          const memberAccountId = accountOf.get(bet.member_id);
          if (venueAccountId === undefined || memberAccountId === undefined) {
            throw new Error('seamless: the ledger answered fewer accounts than named');
          }
          return {
            siteId: venue.siteId,
            venueCode: venue.venueCode,
            transactionId: call.transactionId,
            requestHash: hashOf(['credit', call.betId, call.payoutFen, call.isVoid]),
            memberId: bet.member_id,
            memberAccountId,
            venueAccountId,
            betId: bet.bet_id,
            stakeTransferId: stakeIdOf(venue, bet.bet_id),
            payoutTransferId: transferIds.seamlessPayout(venue.siteId, venue.venueCode, bet.bet_id),
            memo: `${venue.venueCode} ${bet.game_code}`.slice(0, 200),
            status: closing.status,
            payoutFen: call.payoutFen,
            validFen: closing.validFen,
          };
        });
        const answered = await store.callCredits(deps.db, at, calls);
        // A void moves the stake back; a settlement posts it, and pays a payout when there is one.
        const derivedMovements = answered.reduce(
          (sum, result, position) =>
            'answerJson' in result
              ? sum + (made[position]?.call.isVoid || made[position]?.call.payoutFen === 0n ? 1 : 2)
              : sum,
          0,
        );
        return { result: answered, derivedMovements };
      },
    );
    for (const [position, { index, bet, call }] of made.entries()) {
      const result = results[position];
      if (result === undefined) {
        throw new Error('seamless: a credit of the batch has no answer');
      }
      try {
        outcomes[index] = {
          answer: answerOf(result, { transactionId: call.transactionId, betId: bet.bet_id }),
        };
      } catch (error) {
        if (!(error instanceof AppError)) {
          throw error;
        }
        outcomes[index] = { refusal: error };
      }
    }
    return outcomes;
  }

  async function credit(venue: VenuePrincipal, call: CreditCall): Promise<SeamlessAnswer> {
    const [outcome] = await creditMany(venue, [call]);
    if (outcome === undefined) {
      throw new Error('seamless: a credit has no answer');
    }
    if ('refusal' in outcome) {
      throw outcome.refusal;
    }
    return outcome.answer;
  }

  /**
   * A rollback names the debit it takes back: read first, so that its statement gets the bet and
   * the member's account. A debit recorded between that read and the statement is read again.
   */
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
      const debit =
        debited?.kind === 'debit' &&
        !debited.is_tombstone &&
        debited.bet_id !== null &&
        debited.member_id !== null
          ? { betId: debited.bet_id, memberId: debited.member_id }
          : undefined;
      const refs = debit ? [mainOf(venue.siteId, debit.memberId)] : [];
      const result = await deps.ledger.inStatement(refs, async ([memberAccountId]) => {
        const result = await store.callRollback(deps.db, {
          siteId: venue.siteId,
          venueCode: venue.venueCode,
          transactionId: call.transactionId,
          requestHash,
          now: now(),
          debitTransactionId: call.debitTransactionId,
          debit:
            debit && memberAccountId !== undefined
              ? { betId: debit.betId, memberAccountId, stakeTransferId: stakeIdOf(venue, debit.betId) }
              : undefined,
        });
        return { result, derivedMovements: debit && 'answerJson' in result ? 1 : 0 };
      });
      if (!('refusal' in result) || result.refusal !== 'debit_arrived') {
        return answerOf(result, {
          transactionId: call.transactionId,
          debitTransactionId: call.debitTransactionId,
          ...(debit ? { betId: debit.betId } : {}),
        });
      }
    }
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
    creditMany,
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

function assertNever(value: never): never {
  throw new Error(`seamless: unexpected value ${String(value)}`);
}
