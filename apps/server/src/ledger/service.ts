import { type Fen, fen } from '@site/contract';
import type { Db } from '../db/database.ts';
import type { DayRange } from '../db/days.ts';
import type { Clock } from '../stores/clock.ts';
import {
  type AccountRef,
  accountRefProblem,
  identityKey,
  identityOf,
  isMemberKind,
  type TransferKind,
} from './accounts.ts';
import { type ReconcileScope, reconcileLedger } from './reconcile.ts';
import * as store from './store.ts';

export type { EntryFilter } from './store.ts';

import type { TransferId } from './transfer-ids.ts';

export interface TransferRequest {
  /** Built by `transferIds`, stored before sending and reused on retry: the idempotency key. */
  transferId: TransferId;
  debitAccount: AccountRef;
  creditAccount: AccountRef;
  amountFen: Fen;
  kind: TransferKind;
  memo?: string;
  /** Reserve now (debit moves to pending), then `post` or `void` later: bets do this. */
  isPending?: boolean;
}

export type TransferStatus = 'pending' | 'posted' | 'voided';

export interface Transfer {
  transferId: string;
  siteId: number;
  debitAccountId: bigint;
  creditAccountId: bigint;
  amountFen: Fen;
  kind: string;
  memo: string;
  isPending: boolean;
  status: TransferStatus;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface Entry {
  /** The entry row; a reservation or void shows on the account as two legs of one row. */
  id: bigint;
  leg: 'debit' | 'credit';
  transferId: string;
  phase: 'reserve' | 'post' | 'void';
  accountId: bigint;
  bucket: 'available' | 'pending';
  amountFen: Fen;
  /** The account's balance after this entry; null for house, venue and external accounts (derived). */
  balanceAfterFen: Fen | null;
  createdAt: Date;
}

/** An entry as `entries` pages it: with what its transfer is for and where it stands. */
export interface EntryWithTransfer extends Entry {
  kind: string;
  memo: string;
  transferStatus: TransferStatus;
}

export interface TransferReceipt {
  transfer: Transfer;
  /** True when the id was already known and the first result is answered again. */
  isReplay: boolean;
}

export interface Balance {
  availableFen: Fen;
  pendingFen: Fen;
}

export type LedgerCommand =
  | { op: 'transfer'; request: TransferRequest }
  | { op: 'post'; transferId: TransferId }
  | { op: 'void'; transferId: TransferId };

/** Why the ledger refuses a movement a caller asked for; the calling domain words it for people. */
export type LedgerRefusalReason =
  | 'insufficientFunds'
  | 'transferIdReused'
  | 'transferNotFound'
  | 'transferAlreadyPosted'
  | 'transferAlreadyVoided';

/**
 * A refusal the state of the ledger causes. Thrown inside `atomically`, it rolls back the
 * caller's own writes with the transaction. It carries no code or text for people: the calling
 * domain maps each reason. A malformed request from our own code is a plain Error instead.
 */
export class LedgerRefusal extends Error {
  constructor(
    readonly reason: LedgerRefusalReason,
    readonly transferId: string,
  ) {
    super(`ledger: transfer ${transferId} refused: ${reason}`);
    this.name = 'LedgerRefusal';
  }
}

export function refusalOf(error: unknown): LedgerRefusalReason | undefined {
  return error instanceof LedgerRefusal ? error.reason : undefined;
}

export type LedgerOutcome =
  | { isOk: true; receipt: TransferReceipt }
  | { isOk: false; refusal: LedgerRefusalReason };

/** The movements a unit of work may make, inside its transaction. */
export interface LedgerMoves {
  transfer(request: TransferRequest): Promise<TransferReceipt>;
  post(transferId: TransferId): Promise<TransferReceipt>;
  void(transferId: TransferId): Promise<TransferReceipt>;
  /** A member account's balance as this transaction sees it, its own movements included. */
  balance(ref: AccountRef): Promise<Balance>;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

const memoLengthMax = 200;
const accountCacheSizeMax = 50_000;
const attemptsMax = 10;
const pageSizeMax = 100;
/** Movements into derived accounts between checkpoints: reading such a balance sums at most about this many legs. */
const checkpointEvery = 10_000;

/**
 * The double-entry ledger. A single movement is one call of a SQL function (see migration.ts):
 * one statement, one round trip. `atomically` runs movements together with the calling domain's
 * own writes in one transaction.
 */
export function createLedgerService(deps: { db: Db; clock: Clock }) {
  const accounts = createAccountCache(deps.db, deps.clock);
  const checkpoints = createCheckpointSchedule(deps.db, deps.clock);
  const now = () => new Date(deps.clock.now());

  /**
   * Movements on `db`, the accounts resolved by `resolve` (inside a transaction they cannot be
   * created: on PGlite it holds the only connection). `onWritten` counts the committed-to-be
   * movements that touch a derived balance, for the checkpoint schedule.
   */
  const movesOn = (db: Db, resolve: ResolveAccount, onWritten: (count: number) => void): LedgerMoves => {
    const resolveIn = async (action: 'post' | 'void', transferId: TransferId) => {
      const outcome = await store.callResolve(db, action, transferId, now());
      const receipt = await receiptAfterResolve(db, action, transferId, outcome);
      onWritten(receipt.isReplay ? 0 : 1);
      return receipt;
    };
    return {
      transfer: async (request) => {
        const prepared = await prepareTransfer(resolve, request);
        const receipt = await applyTransfer(db, prepared, now());
        onWritten(
          !receipt.isReplay && (prepared.debit.mayGoNegative || prepared.credit.mayGoNegative) ? 1 : 0,
        );
        return receipt;
      },
      post: (transferId) => resolveIn('post', transferId),
      void: (transferId) => resolveIn('void', transferId),
      balance: async (ref) => {
        const account = await resolve(ref);
        if (account.mayGoNegative) {
          throw new Error(`ledger: ${ref.kind} is derived; moves read member balances only`);
        }
        const row = await store.memberBalance(db, account.id);
        return { availableFen: row?.available_fen ?? fen(0n), pendingFen: row?.pending_fen ?? fen(0n) };
      },
    };
  };

  /**
   * Runs `work` in one transaction with the movements it makes: a refusal or any error it throws
   * rolls back everything it wrote. The accounts it names are created first, outside the
   * transaction (on PGlite it holds the only connection); naming another account inside is a bug.
   * A deadlock or serialization failure runs the whole of `work` again.
   */
  const atomically = async <T>(
    refs: ReadonlyArray<AccountRef>,
    work: (tx: Db, money: LedgerMoves) => Promise<T>,
  ): Promise<T> => {
    const declared = new Map<string, store.AccountRow>();
    for (const ref of refs) {
      declared.set(identityKey(identityOf(ref)), await accounts.ensure(ref));
    }
    const resolve = (ref: AccountRef) => {
      const account = declared.get(identityKey(identityOf(ref)));
      if (!account) {
        throw new Error(`ledger: account ${identityKey(identityOf(ref))} was not named to atomically`);
      }
      return account;
    };
    let written = 0;
    const result = await withRetry(() => {
      written = 0;
      const money = (tx: Db) =>
        movesOn(tx, resolve, (count) => {
          written += count;
        });
      return deps.db.transaction().execute((tx) => work(tx, money(tx)));
    });
    checkpoints.note(written);
    return result;
  };

  /**
   * Runs `statement`: one call of another domain's SQL function that makes its own writes and
   * moves money through the ledger's SQL functions (`ledger_transfer`, `ledger_resolve`,
   * `ledger_member_available`, the ledger's interface to the database) in the one implicit
   * transaction of a single statement, so a whole unit of work is one round trip. The accounts
   * `refs` names are created first and handed in as ids, in order; a deadlock or serialization
   * failure runs the statement again; the movements into derived accounts it reports having made
   * count towards the next checkpoint (an over-count only brings that checkpoint forward).
   */
  const inStatement = async <T>(
    refs: ReadonlyArray<AccountRef>,
    statement: (accountIds: ReadonlyArray<bigint>) => Promise<{ result: T; derivedMovements: number }>,
  ): Promise<T> => {
    const accountIds: bigint[] = [];
    for (const ref of refs) {
      accountIds.push((accounts.cached(ref) ?? (await accounts.ensure(ref))).id);
    }
    const { result, derivedMovements } = await withRetry(() => statement(accountIds));
    checkpoints.note(derivedMovements);
    return result;
  };

  /** Movements alone: no explicit transaction, so each is one round trip, committed when it answers. */
  const direct = movesOn(deps.db, (ref) => accounts.cached(ref) ?? accounts.ensure(ref), checkpoints.note);
  const alone = (move: (money: LedgerMoves) => Promise<TransferReceipt>) => withRetry(() => move(direct));

  return {
    atomically,
    inStatement,
    transfer: (request: TransferRequest) => alone((money) => money.transfer(request)),
    post: (transferId: TransferId) => alone((money) => money.post(transferId)),
    void: (transferId: TransferId) => alone((money) => money.void(transferId)),

    /**
     * Runs the commands in order in one transaction; each outcome stands alone (a refusal does
     * not undo the others, as the SQL functions take back their own writes before refusing).
     */
    batch: (commands: ReadonlyArray<LedgerCommand>) =>
      atomically(commands.flatMap(accountsOf), async (_tx, money): Promise<LedgerOutcome[]> => {
        const outcomes: LedgerOutcome[] = [];
        for (const command of commands) {
          outcomes.push(await settle(run(money, command)));
        }
        return outcomes;
      }),

    balance: async (ref: AccountRef): Promise<Balance> => {
      const account = await accounts.find(ref);
      const row = account
        ? await (account.mayGoNegative
            ? store.derivedBalance(deps.db, account.id)
            : store.memberBalance(deps.db, account.id))
        : undefined;
      return { availableFen: row?.available_fen ?? fen(0n), pendingFen: row?.pending_fen ?? fen(0n) };
    },

    /**
     * An account's entries, newest first, as the API pages lists, each with its transfer's kind,
     * memo and status, narrowed by `filter` (days, kinds, shown status), with the count and the
     * incoming and outgoing sums of all the filter keeps.
     */
    entries: async (
      ref: AccountRef,
      page: { pageNum: number; pageSize: number },
      filter: store.EntryFilter = {},
    ) => {
      assertPage(page);
      const account = await accounts.find(ref);
      if (!account) {
        return { list: [] as EntryWithTransfer[], total: 0, inFen: fen(0n), outFen: fen(0n), ...page };
      }
      const offset = (page.pageNum - 1) * page.pageSize;
      const found = await store.listAccountEntries(deps.db, account, offset, page.pageSize, filter);
      return {
        list: found.list.map(entryOf),
        total: found.total,
        inFen: found.inFen,
        outFen: found.outFen,
        ...page,
      };
    },

    transferById: async (transferId: TransferId): Promise<Transfer | undefined> => {
      const row = await store.findTransfer(deps.db, transferId);
      return row ? transferOf(row) : undefined;
    },

    /** Checkpoints derived balances now; writes schedule this on their own every few thousand movements. */
    checkpoint: () => store.callCheckpoint(deps.db, now()),

    /** Every invariant checked over the whole ledger or one site's part, with its balances per kind. */
    reconcile: (scope: ReconcileScope = {}) => reconcileLedger(deps.db, scope),

    /** A site's posted movements of `kinds` per day, into and out of member accounts: reports read these. */
    postedPerDay: (siteId: number, kinds: ReadonlyArray<TransferKind>, range: DayRange) =>
      store.postedPerDay(deps.db, siteId, kinds, range),
  };
}

/** An account row, from memory when it is known already. */
type ResolveAccount = (ref: AccountRef) => store.AccountRow | Promise<store.AccountRow>;

function accountsOf(command: LedgerCommand): AccountRef[] {
  return command.op === 'transfer' ? [command.request.debitAccount, command.request.creditAccount] : [];
}

function run(money: LedgerMoves, command: LedgerCommand): Promise<TransferReceipt> {
  switch (command.op) {
    case 'transfer':
      return money.transfer(command.request);
    case 'post':
      return money.post(command.transferId);
    case 'void':
      return money.void(command.transferId);
    default:
      return assertNever(command);
  }
}

interface PreparedTransfer {
  request: TransferRequest;
  debit: store.AccountRow;
  credit: store.AccountRow;
  memo: string;
  isPending: boolean;
}

async function prepareTransfer(resolve: ResolveAccount, request: TransferRequest): Promise<PreparedTransfer> {
  assertTransferRequest(request);
  const debit = await resolve(request.debitAccount);
  const credit = await resolve(request.creditAccount);
  if (debit.id === credit.id) {
    throw new Error(`ledger: transfer ${request.transferId} debits and credits one account`);
  }
  return { request, debit, credit, memo: request.memo ?? '', isPending: request.isPending ?? false };
}

async function applyTransfer(db: Db, prepared: PreparedTransfer, now: Date): Promise<TransferReceipt> {
  const { request, debit, credit } = prepared;
  const outcome = await store.callTransfer(db, {
    transferId: request.transferId,
    siteId: debit.siteId,
    debit,
    credit,
    amountFen: request.amountFen,
    kind: request.kind,
    memo: prepared.memo,
    isPending: prepared.isPending,
    now,
  });
  switch (outcome) {
    case 'exists':
      return replay(db, prepared);
    case 'insufficient':
      throw new LedgerRefusal('insufficientFunds', request.transferId);
    case 'created':
      return { transfer: newTransfer(prepared, now), isReplay: false };
    default:
      return assertNever(outcome);
  }
}

/** The first result for a known id, if the request repeats it; a different request is refused. */
async function replay(db: Db, prepared: PreparedTransfer): Promise<TransferReceipt> {
  const row = await store.findTransfer(db, prepared.request.transferId);
  if (!row) {
    throw new Error(`ledger: transfer ${prepared.request.transferId} reported existing but not found`);
  }
  const isSame =
    row.debit_account_id === prepared.debit.id &&
    row.credit_account_id === prepared.credit.id &&
    row.amount_fen === prepared.request.amountFen &&
    row.kind === prepared.request.kind &&
    row.memo === prepared.memo &&
    row.is_pending === prepared.isPending;
  if (!isSame) {
    throw new LedgerRefusal('transferIdReused', prepared.request.transferId);
  }
  return { transfer: transferOf(row), isReplay: true };
}

async function receiptAfterResolve(
  db: Db,
  action: 'post' | 'void',
  transferId: TransferId,
  outcome: store.ResolveOutcome,
): Promise<TransferReceipt> {
  switch (outcome) {
    case 'missing':
      throw new LedgerRefusal('transferNotFound', transferId);
    case 'done':
      break;
    case 'posted':
      if (action === 'void') {
        throw new LedgerRefusal('transferAlreadyPosted', transferId);
      }
      break;
    case 'voided':
      if (action === 'post') {
        throw new LedgerRefusal('transferAlreadyVoided', transferId);
      }
      break;
    default:
      return assertNever(outcome);
  }
  const row = await store.findTransfer(db, transferId);
  if (!row) {
    throw new Error(`ledger: ${action} of ${transferId} answered ${outcome} without a transfer`);
  }
  return { transfer: transferOf(row), isReplay: outcome !== 'done' };
}

function newTransfer(prepared: PreparedTransfer, now: Date): Transfer {
  return {
    transferId: prepared.request.transferId,
    siteId: prepared.debit.siteId,
    debitAccountId: prepared.debit.id,
    creditAccountId: prepared.credit.id,
    amountFen: prepared.request.amountFen,
    kind: prepared.request.kind,
    memo: prepared.memo,
    isPending: prepared.isPending,
    status: prepared.isPending ? 'pending' : 'posted',
    createdAt: now,
    resolvedAt: prepared.isPending ? null : now,
  };
}

function transferOf(row: store.TransferRow): Transfer {
  return {
    transferId: row.id,
    siteId: row.site_id,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amountFen: row.amount_fen,
    kind: row.kind,
    memo: row.memo,
    isPending: row.is_pending,
    status: row.status,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

function entryOf(row: store.EntryLegRow): EntryWithTransfer {
  return {
    id: row.id,
    leg: row.leg,
    transferId: row.transfer_id,
    phase: row.phase,
    accountId: row.account_id,
    bucket: row.bucket,
    amountFen: row.amount_fen,
    balanceAfterFen: row.balance_after_fen,
    createdAt: row.created_at,
    kind: row.kind,
    memo: row.memo,
    transferStatus: row.transfer_status,
  };
}

interface AccountCache {
  ensure(ref: AccountRef): Promise<store.AccountRow>;
  find(ref: AccountRef): Promise<store.AccountRow | undefined>;
  /** The account if this node knows it already: most movements need no lookup at all. */
  cached(ref: AccountRef): store.AccountRow | undefined;
}

/** Account rows never change once created, so every node may keep them in memory. */
function createAccountCache(db: Db, clock: Clock): AccountCache {
  const cached = new Map<string, store.AccountRow>();
  const remember = (key: string, account: store.AccountRow) => {
    if (cached.size >= accountCacheSizeMax) {
      const oldest = cached.keys().next();
      if (!oldest.done) {
        cached.delete(oldest.value);
      }
    }
    cached.set(key, account);
    return account;
  };
  const lookup = async (ref: AccountRef, isCreated: boolean) => {
    const identity = identityOf(ref);
    const key = identityKey(identity);
    // Only well-formed references are ever cached, so a hit needs no second check.
    const hit = cached.get(key);
    if (hit) {
      return hit;
    }
    const problem = accountRefProblem(ref);
    if (problem) {
      throw new Error(`ledger: account reference ${ref.kind}: ${problem}`);
    }
    const account = isCreated
      ? await store.upsertAccount(db, identity, new Date(clock.now()))
      : await store.findAccount(db, identity);
    return account ? remember(key, account) : undefined;
  };
  return {
    ensure: async (ref) => {
      const account = await lookup(ref, true);
      if (!account || account.mayGoNegative === isMemberKind(ref.kind)) {
        throw new Error(`ledger: account ${ref.kind} resolved inconsistently`);
      }
      return account;
    },
    find: (ref) => lookup(ref, false),
    cached: (ref) => cached.get(identityKey(identityOf(ref))),
  };
}

/**
 * Counts committed movements into derived accounts and checkpoints every `checkpointEvery`, in
 * the background: no caller waits for it. A checkpoint that fails loses nothing, as the next one
 * covers the same entries; one at a time per node, and concurrent nodes queue on its table lock.
 */
function createCheckpointSchedule(db: Db, clock: Clock) {
  let written = 0;
  let isRunning = false;
  return {
    note: (count: number) => {
      written += count;
      if (written < checkpointEvery || isRunning) {
        return;
      }
      written = 0;
      isRunning = true;
      store
        .callCheckpoint(db, new Date(clock.now()))
        .catch(() => undefined)
        .finally(() => {
          isRunning = false;
        });
    },
  };
}

function assertTransferRequest(request: TransferRequest): void {
  const problem =
    typeof request.amountFen !== 'bigint' || request.amountFen <= 0n
      ? 'amount is not positive'
      : !/^[a-z_]{1,32}$/.test(request.kind)
        ? 'kind is malformed'
        : (request.memo ?? '').length > memoLengthMax
          ? `memo is longer than ${memoLengthMax}`
          : request.debitAccount.siteId !== request.creditAccount.siteId
            ? 'accounts belong to different sites'
            : undefined;
  if (problem) {
    throw new Error(`ledger: transfer ${request.transferId}: ${problem}`);
  }
}

function assertPage(page: { pageNum: number; pageSize: number }): void {
  if (
    !Number.isSafeInteger(page.pageNum) ||
    page.pageNum < 1 ||
    !Number.isSafeInteger(page.pageSize) ||
    page.pageSize < 1 ||
    page.pageSize > pageSizeMax
  ) {
    throw new Error(`ledger: page ${page.pageNum} of ${page.pageSize} is out of range`);
  }
}

async function settle(work: Promise<TransferReceipt>): Promise<LedgerOutcome> {
  try {
    return { isOk: true, receipt: await work };
  } catch (error) {
    if (error instanceof LedgerRefusal) {
      return { isOk: false, refusal: error.reason };
    }
    throw error;
  }
}

/**
 * Deadlock and serialization failures abort a statement or transaction whole, so nothing was
 * applied and it may run again. Units of work lock member rows in the order they move money, not
 * in id order, so on PostgreSQL two of them can deadlock; either side may be the one aborted.
 */
const abortedStates: ReadonlySet<string> = new Set(['40P01', '40001']);

async function withRetry<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= attemptsMax || state === undefined || !abortedStates.has(state)) {
        throw error;
      }
      // Colliding transactions retried at once tend to collide again: wait a random, growing while.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

function assertNever(value: never): never {
  throw new Error(`ledger: unexpected value ${String(value)}`);
}
