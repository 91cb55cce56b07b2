import type { AdminSeamlessSortKey, BetStatus, Fen, SeamlessKind, SortRequest } from '@site/contract';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { SeamlessTransactionsTable } from './tables.ts';

/**
 * The only TypeScript that writes SQL for the seamless wallet's tables: each wallet call is one
 * call of its SQL function (migration.ts).
 */

export type TransactionRow = Selectable<SeamlessTransactionsTable>;
/** Why a wallet call's statement refused it (see `seamlessCallsMigration`). */
export type CallRefusal = (typeof callRefusals)[number];
const callRefusals = [
  'conflict',
  'cancelled',
  'insufficient',
  'bet_taken',
  'bet_cancelled',
  'bet_settled',
  'unknown_debit',
  'debit_arrived',
] as const;

/** What a wallet call's statement answered: the call's answer as JSON text, or a refusal. */
export type CallResult = { answerJson: string } | { refusal: CallRefusal };

function resultOf(rows: ReadonlyArray<{ answer: string | null }>, what: string): CallResult {
  const [row] = rows;
  if (row?.answer == null || rows.length !== 1) {
    throw new Error(`seamless: ${what} answered ${rows.length} rows, ${String(row?.answer)}`);
  }
  if (row.answer.startsWith('{')) {
    return { answerJson: row.answer };
  }
  const refusal = callRefusals.find((known) => known === row.answer);
  if (!refusal) {
    throw new Error(`seamless: ${what} answered ${row.answer}`);
  }
  return { refusal };
}

interface CallKey {
  siteId: number;
  venueCode: string;
  transactionId: string;
  requestHash: string;
  now: Date;
}

/**
 * A prepared statement: a stake is the hot path of every venue and of sportsbook placements, so no
 * connection parses or plans it twice. Casts name each parameter's type.
 */
const debitStatement = preparedStatement<{ answer: string | null }>(
  'seamless_debit',
  `select seamless_debit($1::int4, $2::text, $3::text, $4::text, $5::int8, $6::int8, $7::int8, $8::text,
    $9::text, $10::text, $11::text, $12::text, $13::text, $14::int8, $15::int4, $16::timestamptz) answer`,
);

export async function callDebit(
  db: Db,
  call: CallKey & {
    memberId: bigint;
    memberAccountId: bigint;
    venueAccountId: bigint;
    stakeTransferId: string;
    memo: string;
    category: string;
    gameCode: string;
    roundId: string;
    betId: string;
    amountFen: Fen;
    oddsE4: number | null;
  },
): Promise<CallResult> {
  const rows = await debitStatement(db, [
    call.siteId,
    call.venueCode,
    call.transactionId,
    call.requestHash,
    call.memberId,
    call.memberAccountId,
    call.venueAccountId,
    call.stakeTransferId,
    call.memo,
    call.category,
    call.gameCode,
    call.roundId,
    call.betId,
    call.amountFen,
    call.oddsE4,
    call.now,
  ]);
  return resultOf(rows, 'seamless_debit');
}

export type CreditCall = Omit<CallKey, 'now'> & {
  memberId: bigint;
  memberAccountId: bigint;
  venueAccountId: bigint;
  betId: string;
  stakeTransferId: string;
  payoutTransferId: string;
  memo: string;
  status: BetStatus;
  payoutFen: Fen;
  validFen: Fen;
};

/** A venue's credit of one round, prepared as the debit is: every round of every venue makes one. */
const creditStatement = preparedStatement<{ answer: string | null }>(
  'seamless_credit',
  `select seamless_credit($1::int4, $2::text, $3::text, $4::text, $5::int8, $6::int8, $7::int8, $8::text,
    $9::text, $10::text, $11::text, $12::text, $13::int8, $14::int8, $15::timestamptz) answer`,
);

/**
 * Credits at one time in one statement, so in its one transaction: the answers in the calls'
 * order. One credit is `seamless_credit`; many are `seamless_credit_many`, set-based, with the
 * calls as one JSON array (64-bit integers as text). For a single call the set-based steps cost
 * three times what `seamless_credit` does on PGlite, ten times on PostgreSQL with 200 rounds in
 * flight (`npm run bench -- wallet`).
 */
export async function callCredits(db: Db, now: Date, calls: readonly CreditCall[]): Promise<CallResult[]> {
  if (calls.length === 0) {
    return [];
  }
  const [only] = calls;
  if (calls.length === 1 && only) {
    const rows = await creditStatement(db, [
      only.siteId,
      only.venueCode,
      only.transactionId,
      only.requestHash,
      only.memberId,
      only.memberAccountId,
      only.venueAccountId,
      only.betId,
      only.stakeTransferId,
      only.payoutTransferId,
      only.memo,
      only.status,
      only.payoutFen,
      only.validFen,
      now,
    ]);
    return [resultOf(rows, 'seamless_credit')];
  }
  const rows = JSON.stringify(
    calls.map((call, position) => ({
      position,
      site_id: call.siteId,
      venue_code: call.venueCode,
      transaction_id: call.transactionId,
      request_hash: call.requestHash,
      member_id: String(call.memberId),
      member_account_id: String(call.memberAccountId),
      venue_account_id: String(call.venueAccountId),
      bet_id: call.betId,
      stake_transfer_id: call.stakeTransferId,
      payout_transfer_id: call.payoutTransferId,
      memo: call.memo,
      status: call.status,
      payout: String(call.payoutFen),
      valid: String(call.validFen),
    })),
  );
  const result = await sql<{ call_position: number; answer: string | null }>`select call_position, answer
    from seamless_credit_many(${rows}::jsonb, ${now}::timestamptz)`.execute(db);
  const answers = new Map(result.rows.map((row) => [row.call_position, row]));
  if (answers.size !== calls.length || result.rows.length !== calls.length) {
    throw new Error(`seamless: ${calls.length} credits answered ${result.rows.length} rows`);
  }
  return calls.map((_, position) => resultOf([answers.get(position) ?? { answer: null }], 'seamless_credit'));
}

/** `debit` is the debit as the caller read it; undefined when it read none (or only its tombstone). */
export async function callRollback(
  db: Db,
  call: CallKey & {
    debitTransactionId: string;
    debit: { betId: string; memberAccountId: bigint; stakeTransferId: string } | undefined;
  },
): Promise<CallResult> {
  const result = await sql<{ answer: string | null }>`select seamless_rollback(${call.siteId}::int4,
    ${call.venueCode}::text, ${call.transactionId}::text, ${call.debitTransactionId}::text,
    ${call.requestHash}::text, ${call.debit?.betId ?? null}::text, ${call.debit?.memberAccountId ?? null}::int8,
    ${call.debit?.stakeTransferId ?? null}::text, ${call.now}::timestamptz) answer`.execute(db);
  return resultOf(result.rows, 'seamless_rollback');
}

export async function findTransaction(db: Db, siteId: number, venueCode: string, transactionId: string) {
  return db
    .selectFrom('seamless_transactions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('venue_code', '=', venueCode)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

export interface TransactionFilter {
  siteId: number;
  venueCode?: string | undefined;
  memberId?: bigint | undefined;
  transactionId?: string | undefined;
  betId?: string | undefined;
  kind?: SeamlessKind | undefined;
  isReplayed?: boolean | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const sortColumns: Record<AdminSeamlessSortKey, string> = {
  createdAt: 'seamless_transactions.created_at',
  amount: 'seamless_transactions.amount_fen',
  replayCount: 'seamless_transactions.replay_count',
};

export async function searchTransactions(
  db: Db,
  filter: TransactionFilter,
  page: PageRequest,
  sort: SortRequest<AdminSeamlessSortKey>,
) {
  let query = db
    .selectFrom('seamless_transactions')
    .where('seamless_transactions.site_id', '=', filter.siteId);
  if (filter.venueCode !== undefined) {
    query = query.where('seamless_transactions.venue_code', '=', filter.venueCode);
  }
  if (filter.memberId !== undefined) {
    query = query.where('seamless_transactions.member_id', '=', filter.memberId);
  }
  if (filter.transactionId) {
    const id = filter.transactionId;
    query = query.where((eb) =>
      eb.or([
        eb('seamless_transactions.transaction_id', '=', id),
        eb('seamless_transactions.ref_transaction_id', '=', id),
      ]),
    );
  }
  if (filter.betId) {
    query = query.where('seamless_transactions.bet_id', '=', filter.betId);
  }
  if (filter.kind !== undefined) {
    query = query.where('seamless_transactions.kind', '=', filter.kind);
  }
  if (filter.isReplayed !== undefined) {
    query = query.where('seamless_transactions.replay_count', filter.isReplayed ? '>' : '=', 0);
  }
  if (filter.from !== undefined && filter.to !== undefined) {
    query = query
      .where('seamless_transactions.created_at', '>=', filter.from)
      .where('seamless_transactions.created_at', '<', filter.to);
  }
  return fetchPage(
    query,
    (rows) =>
      orderByKey(
        rows.select([
          'seamless_transactions.id',
          'seamless_transactions.created_at',
          'seamless_transactions.venue_code',
          'seamless_transactions.kind',
          'seamless_transactions.transaction_id',
          'seamless_transactions.ref_transaction_id',
          'seamless_transactions.bet_id',
          'seamless_transactions.member_id',
          'seamless_transactions.amount_fen',
          'seamless_transactions.is_tombstone',
          'seamless_transactions.replay_count',
          'seamless_transactions.last_replayed_at',
          'seamless_transactions.balance_after_fen',
        ]),
        sort,
        {
          columns: sortColumns,
          tiebreak: 'seamless_transactions.id',
          byDefault: (ordered) => ordered.orderBy('seamless_transactions.id', 'desc'),
        },
      ),
    page,
  );
}
