import { type Fen, fen } from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { Db } from '../db/database.ts';
import type { Clock } from '../stores/clock.ts';
import {
  type AccountRef,
  accountRefProblem,
  identityKey,
  identityOf,
  isMemberKind,
  shardCountOf,
  type TransferKind,
} from './accounts.ts';
import * as store from './store.ts';

export interface TransferRequest {
  /** Created by the caller, stored before sending and reused on retry: the idempotency key. */
  transferId: string;
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
  /** The balance row after this entry: the account's for members, one shard's for system accounts. */
  balanceAfterFen: Fen;
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
  | { op: 'post'; transferId: string }
  | { op: 'void'; transferId: string };

export type LedgerOutcome = { isOk: true; receipt: TransferReceipt } | { isOk: false; error: AppError };

/** Why the ledger refuses a movement a caller asked for; callers branch on `error.data.reason`. */
export type LedgerRefusal =
  | 'insufficientFunds'
  | 'transferIdReused'
  | 'transferNotFound'
  | 'transferAlreadyPosted'
  | 'transferAlreadyVoided';

/**
 * A reused id with other data, or an unknown id, is the caller's malformed request (10003);
 * a refusal the state of the ledger causes is a common failure (10001).
 */
const refusals = {
  insufficientFunds: { code: 10001, message: '余额不足' },
  transferIdReused: { code: 10003, message: '参数错误：transferId 已用于另一笔不同的转账' },
  transferNotFound: { code: 10003, message: '参数错误：transferId 不存在' },
  transferAlreadyPosted: { code: 10001, message: '该笔转账已结算，无法撤销' },
  transferAlreadyVoided: { code: 10001, message: '该笔转账已撤销，无法结算' },
} as const satisfies Record<LedgerRefusal, { code: 10001 | 10003; message: string }>;

export function ledgerRefusal(reason: LedgerRefusal): AppError {
  const { code, message } = refusals[reason];
  return new AppError(code, message, { reason });
}

export function refusalOf(error: unknown): LedgerRefusal | undefined {
  if (!(error instanceof AppError) || typeof error.data !== 'object' || error.data === null) {
    return undefined;
  }
  const reason: unknown = Reflect.get(error.data, 'reason');
  return typeof reason === 'string' && reason in refusals ? (reason as LedgerRefusal) : undefined;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

const transferIdPattern = /^[A-Za-z0-9_:.-]{1,64}$/;
const memoLengthMax = 200;
const accountCacheSizeMax = 50_000;
const attemptsMax = 10;
const pageSizeMax = 100;

/**
 * The double-entry ledger. Each movement is one call of a SQL function (see migration.ts), so
 * it is one transaction and one round trip; `batch` runs many in one transaction, which on
 * PGlite (one connection, one commit at a time) triples throughput.
 */
export function createLedgerService(deps: { db: Db; clock: Clock }) {
  const accounts = createAccountCache(deps.db, deps.clock);
  const now = () => new Date(deps.clock.now());

  const transferIn = async (db: Db, request: TransferRequest): Promise<TransferReceipt> => {
    const prepared = await prepareTransfer(accounts, request);
    const attempt = () => applyTransfer(db, prepared, now());
    // A concurrent call with the same id waits for it in the database, then replays its result.
    return db.isTransaction ? attempt() : withRetry(attempt, abortedStates);
  };

  const resolveIn = async (db: Db, action: 'post' | 'void', transferId: string) => {
    assertTransferId(transferId);
    const attempt = () => store.callResolve(db, action, transferId, now());
    const { outcome } = await (db.isTransaction ? attempt() : withRetry(attempt, abortedStates));
    return receiptAfterResolve(db, action, transferId, outcome);
  };

  const run = (db: Db, command: LedgerCommand): Promise<TransferReceipt> =>
    command.op === 'transfer'
      ? transferIn(db, command.request)
      : resolveIn(db, command.op, command.transferId);

  return {
    transfer: (request: TransferRequest) => transferIn(deps.db, request),
    /** Inside the caller's transaction `tx`: accounts must exist already (`accountId`), as PGlite has one connection. */
    transferIn: (tx: Db, request: TransferRequest) => transferIn(tx, request),
    post: (transferId: string) => resolveIn(deps.db, 'post', transferId),
    void: (transferId: string) => resolveIn(deps.db, 'void', transferId),

    /**
     * Runs the commands in order in one transaction; each outcome stands alone (a refusal does
     * not undo the others). A deadlock with another transaction retries the whole batch.
     */
    batch: (commands: ReadonlyArray<LedgerCommand>) => runBatch(deps.db, accounts, run, commands),

    balance: async (ref: AccountRef): Promise<Balance> => {
      const account = await accounts.find(ref);
      if (!account) {
        return { availableFen: fen(0n), pendingFen: fen(0n) };
      }
      const sums = await store.sumBalances(deps.db, account.id);
      return { availableFen: fen(sums.available_fen), pendingFen: fen(sums.pending_fen) };
    },

    /**
     * An account's entries, newest first, as the API pages lists, each with its transfer's kind,
     * memo and status; `range` keeps those created within [from, to).
     */
    entries: async (
      ref: AccountRef,
      page: { pageNum: number; pageSize: number },
      range?: { from: Date; to: Date },
    ) => {
      assertPage(page);
      const account = await accounts.find(ref);
      if (!account) {
        return { list: [] as EntryWithTransfer[], total: 0, ...page };
      }
      const offset = (page.pageNum - 1) * page.pageSize;
      const { list, total } = await store.listAccountEntries(
        deps.db,
        account.id,
        offset,
        page.pageSize,
        range,
      );
      const withTransfer = list.map(
        (row): EntryWithTransfer => ({
          ...entryOf(row),
          kind: row.transfer_kind,
          memo: row.transfer_memo,
          transferStatus: row.transfer_status,
        }),
      );
      return { list: withTransfer, total, ...page };
    },

    transferById: async (transferId: string): Promise<Transfer | undefined> => {
      const row = await store.findTransfer(deps.db, transferId);
      return row ? transferOf(row) : undefined;
    },

    /** The account row behind a reference, created on first use; ids appear in entries. */
    accountId: async (ref: AccountRef): Promise<bigint> => (await accounts.ensure(ref)).id,
  };
}

async function runBatch(
  db: Db,
  accounts: AccountCache,
  run: (tx: Db, command: LedgerCommand) => Promise<TransferReceipt>,
  commands: ReadonlyArray<LedgerCommand>,
): Promise<LedgerOutcome[]> {
  // Accounts are created outside the batch transaction: on PGlite it holds the only connection.
  // A bad reference is skipped here and refused again, per command, inside.
  for (const command of commands) {
    if (command.op === 'transfer') {
      await accounts.ensure(command.request.debitAccount).catch(ignoreAppError);
      await accounts.ensure(command.request.creditAccount).catch(ignoreAppError);
    }
  }
  const attempt = () =>
    db.transaction().execute(async (tx) => {
      const outcomes: LedgerOutcome[] = [];
      for (const command of commands) {
        outcomes.push(await settle(run(tx, command)));
      }
      return outcomes;
    });
  return withRetry(attempt, abortedStates);
}

interface PreparedTransfer {
  request: TransferRequest;
  siteId: number;
  debit: store.AccountRow;
  credit: store.AccountRow;
  memo: string;
  isPending: boolean;
}

async function prepareTransfer(accounts: AccountCache, request: TransferRequest): Promise<PreparedTransfer> {
  assertTransferRequest(request);
  const [debit, credit] = await Promise.all([
    accounts.ensure(request.debitAccount),
    accounts.ensure(request.creditAccount),
  ]);
  if (debit.id === credit.id) {
    throw validationError('creditAccount', '不能与出账账户相同');
  }
  return {
    request,
    siteId: debit.siteId,
    debit,
    credit,
    memo: request.memo ?? '',
    isPending: request.isPending ?? false,
  };
}

async function applyTransfer(db: Db, prepared: PreparedTransfer, now: Date): Promise<TransferReceipt> {
  const { request, debit, credit } = prepared;
  const result = await store.callTransfer(db, {
    transferId: request.transferId,
    siteId: prepared.siteId,
    debitAccountId: debit.id,
    debitShard: pickShard(debit),
    creditAccountId: credit.id,
    creditShard: pickShard(credit),
    amountFen: request.amountFen,
    kind: request.kind,
    memo: prepared.memo,
    isPending: prepared.isPending,
    now,
  });
  switch (result.outcome) {
    case 'exists':
      return replay(db, prepared);
    case 'insufficient':
      throw ledgerRefusal('insufficientFunds');
    case 'created':
      assertMovedBalances(prepared, result);
      return { transfer: newTransfer(prepared, now), isReplay: false };
    default:
      return assertNever(result.outcome);
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
    throw ledgerRefusal('transferIdReused');
  }
  return { transfer: transferOf(row), isReplay: true };
}

async function receiptAfterResolve(
  db: Db,
  action: 'post' | 'void',
  transferId: string,
  outcome: store.ResolveCallResult['outcome'],
): Promise<TransferReceipt> {
  const row = await store.findTransfer(db, transferId);
  switch (outcome) {
    case 'missing':
      throw ledgerRefusal('transferNotFound');
    case 'done':
    case 'pending':
      break;
    case 'posted':
      if (action === 'void') {
        throw ledgerRefusal('transferAlreadyPosted');
      }
      break;
    case 'voided':
      if (action === 'post') {
        throw ledgerRefusal('transferAlreadyVoided');
      }
      break;
    default:
      return assertNever(outcome);
  }
  if (!row || outcome === 'pending') {
    throw new Error(`ledger: ${action} of ${transferId} answered ${outcome}`);
  }
  return { transfer: transferOf(row), isReplay: outcome !== 'done' };
}

/** Invariants the database also enforces, asserted again so a broken migration cannot pass silently. */
function assertMovedBalances(prepared: PreparedTransfer, result: store.TransferCallResult): void {
  const { debit_available_fen: debitAvailable, debit_pending_fen: debitPending } = result;
  if (debitAvailable === null || debitPending === null) {
    throw new Error('ledger: transfer created without debit balances');
  }
  if (!prepared.debit.mayGoNegative && debitAvailable < 0n) {
    throw new Error(`ledger: member account ${prepared.debit.id} went negative`);
  }
  if (debitPending < 0n) {
    throw new Error(`ledger: account ${prepared.debit.id} has negative pending`);
  }
  if (!prepared.isPending && result.credit_available_fen === null) {
    throw new Error('ledger: posted transfer without credit balance');
  }
}

function newTransfer(prepared: PreparedTransfer, now: Date): Transfer {
  return {
    transferId: prepared.request.transferId,
    siteId: prepared.siteId,
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
    amountFen: fen(row.amount_fen),
    kind: row.kind,
    memo: row.memo,
    isPending: row.is_pending,
    status: row.status,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

function entryOf(row: store.EntryLegRow): Entry {
  return {
    id: row.id,
    leg: row.leg,
    transferId: row.transfer_id,
    phase: row.phase,
    accountId: row.account_id,
    bucket: row.bucket,
    amountFen: fen(row.amount_fen),
    balanceAfterFen: fen(row.balance_after_fen),
    createdAt: row.created_at,
  };
}

/** Members have one balance row; a system account's traffic spreads over its shards at random. */
function pickShard(account: store.AccountRow): number {
  return account.shardCount === 1 ? 0 : Math.floor(Math.random() * account.shardCount);
}

interface AccountCache {
  ensure(ref: AccountRef): Promise<store.AccountRow>;
  find(ref: AccountRef): Promise<store.AccountRow | undefined>;
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
    const problem = accountRefProblem(ref);
    if (problem) {
      throw validationError('account', problem);
    }
    const identity = identityOf(ref);
    const key = identityKey(identity);
    const hit = cached.get(key);
    if (hit) {
      return hit;
    }
    const account = isCreated
      ? await store.upsertAccount(db, identity, shardCountOf(identity.kind), new Date(clock.now()))
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
  };
}

function assertTransferRequest(request: TransferRequest): void {
  assertTransferId(request.transferId);
  if (typeof request.amountFen !== 'bigint' || request.amountFen <= 0n) {
    throw validationError('amountFen', '必须为正整数（分）');
  }
  if (!/^[a-z_]{1,32}$/.test(request.kind)) {
    throw validationError('kind', '无效');
  }
  if ((request.memo ?? '').length > memoLengthMax) {
    throw validationError('memo', `不能超过 ${memoLengthMax} 字`);
  }
  if (request.debitAccount.siteId !== request.creditAccount.siteId) {
    throw validationError('creditAccount', '必须与出账账户属于同一站点');
  }
}

function assertTransferId(transferId: string): void {
  if (!transferIdPattern.test(transferId)) {
    throw validationError('transferId', '须为 1-64 位字母、数字或 _:.-');
  }
}

function assertPage(page: { pageNum: number; pageSize: number }): void {
  if (!Number.isSafeInteger(page.pageNum) || page.pageNum < 1) {
    throw validationError('pageNum', '必须为正整数');
  }
  if (!Number.isSafeInteger(page.pageSize) || page.pageSize < 1 || page.pageSize > pageSizeMax) {
    throw validationError('pageSize', `必须在 1-${pageSizeMax} 之间`);
  }
}

function ignoreAppError(error: unknown): undefined {
  if (error instanceof AppError) {
    return undefined;
  }
  throw error;
}

async function settle(work: Promise<TransferReceipt>): Promise<LedgerOutcome> {
  try {
    return { isOk: true, receipt: await work };
  } catch (error) {
    if (error instanceof AppError) {
      return { isOk: false, error };
    }
    throw error;
  }
}

/**
 * Deadlock and serialization failures abort a statement or transaction whole, so nothing was
 * applied and it may run again. A batch locks rows in command order, not id order, so on
 * PostgreSQL it can deadlock with a concurrent transfer; either side may be the one aborted.
 */
const abortedStates: ReadonlySet<string> = new Set(['40P01', '40001']);

async function withRetry<T>(work: () => Promise<T>, retriedStates: ReadonlySet<string>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const state = sqlStateOf(error);
      if (attempt >= attemptsMax || state === undefined || !retriedStates.has(state)) {
        throw error;
      }
      // Colliding transactions retried at once tend to collide again: wait a random, growing while.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

export function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) {
    return undefined;
  }
  const code: unknown = Reflect.get(error, 'code');
  return typeof code === 'string' ? code : undefined;
}

function assertNever(value: never): never {
  throw new Error(`ledger: unexpected outcome ${String(value)}`);
}
