import { type Fen, fen } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../app-error.ts';
import type { Stores } from '../stores/stores.ts';
import { createTestClock, openTestStores } from '../testing.ts';
import type { AccountRef } from './accounts.ts';
import { reconcileLedger } from './reconcile.ts';
import { createLedgerService, type LedgerService, refusalOf } from './service.ts';

const siteId = 9001;
const sandbox: AccountRef = { kind: 'external', siteId, name: 'sandbox_gateway' };
const house: AccountRef = { kind: 'house', siteId, name: 'game' };

let stores: Stores;
let ledger: LedgerService;
let nextMemberId = 1n;
let nextTransferNumber = 1;

const newMember = (): AccountRef => ({ kind: 'member_main', siteId, memberId: nextMemberId++ });
const newTransferId = () => `t-${nextTransferNumber++}`;

async function fund(member: AccountRef, amountFen: bigint) {
  await ledger.transfer({
    transferId: newTransferId(),
    debitAccount: sandbox,
    creditAccount: member,
    amountFen: fen(amountFen),
    kind: 'deposit',
  });
}

async function availableOf(account: AccountRef): Promise<Fen> {
  return (await ledger.balance(account)).availableFen;
}

async function refusalFrom(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, reason: refusalOf(error) };
}

beforeAll(async () => {
  stores = await openTestStores(createTestClock());
  ledger = createLedgerService({ db: stores.db, clock: createTestClock() });
});

afterAll(async () => {
  // Whatever the tests did, the ledger must still reconcile.
  const report = await reconcileLedger(stores.db);
  await stores.close();
  expect(report.problems).toEqual([]);
  expect(report.grandTotalFen).toBe(0n);
});

describe('ledger transfers', () => {
  it('moves money and writes entries with balance-after', async () => {
    const member = newMember();
    await fund(member, 10_000n);
    const receipt = await ledger.transfer({
      transferId: 'bet-1',
      debitAccount: member,
      creditAccount: house,
      amountFen: fen(2_500n),
      kind: 'bet',
      memo: '下注',
    });
    expect(receipt.isReplay).toBe(false);
    expect(receipt.transfer).toMatchObject({ status: 'posted', amountFen: 2_500n, memo: '下注' });
    expect(await ledger.balance(member)).toEqual({ availableFen: 7_500n, pendingFen: 0n });
    const page = await ledger.entries(member, { pageNum: 1, pageSize: 10 });
    expect(page.total).toBe(2);
    expect(page.list.map((entry) => [entry.amountFen, entry.balanceAfterFen])).toEqual([
      [-2_500n, 7_500n],
      [10_000n, 10_000n],
    ]);
    expect((await ledger.entries(member, { pageNum: 2, pageSize: 1 })).list[0]?.transferId).not.toBe('bet-1');
  });

  it('refuses a member debit beyond the balance, while house and external go negative', async () => {
    const member = newMember();
    await fund(member, 100n);
    const refusal = await refusalFrom(
      ledger.transfer({
        transferId: newTransferId(),
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(101n),
        kind: 'bet',
      }),
    );
    expect(refusal).toEqual({ code: 10001, reason: 'insufficientFunds' });
    expect(await availableOf(member)).toBe(100n);
    const payer: AccountRef = { kind: 'house', siteId, name: 'promotions' };
    await ledger.transfer({
      transferId: newTransferId(),
      debitAccount: payer,
      creditAccount: { kind: 'member_bonus', siteId, memberId: 1_000n },
      amountFen: fen(300n),
      kind: 'bonus',
    });
    expect(await availableOf(payer)).toBe(-300n);
    expect(await availableOf(sandbox)).toBeLessThan(0n);
  });

  it('answers a repeated transfer id with the first result and refuses it with other data', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const request = {
      transferId: 'withdraw-42',
      debitAccount: member,
      creditAccount: {
        kind: 'member_withdrawal_hold',
        siteId,
        memberId: (member as { memberId: bigint }).memberId,
      },
      amountFen: fen(400n),
      kind: 'withdrawal_hold',
    } as const;
    const first = await ledger.transfer(request);
    const again = await ledger.transfer(request);
    expect(again.isReplay).toBe(true);
    expect(again.transfer).toEqual({ ...first.transfer, createdAt: again.transfer.createdAt });
    expect(await availableOf(member)).toBe(600n);
    for (const changed of [
      { amountFen: fen(401n) },
      { memo: 'x' },
      { kind: 'bet' as const },
      { isPending: true },
    ]) {
      expect(await refusalFrom(ledger.transfer({ ...request, ...changed }))).toEqual({
        code: 10003,
        reason: 'transferIdReused',
      });
    }
    expect(await availableOf(member)).toBe(600n);
  });

  it('reserves a pending transfer, then posts or voids it exactly once', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const bet = (transferId: string) =>
      ledger.transfer({
        transferId,
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(300n),
        kind: 'bet',
        isPending: true,
      });
    expect((await bet('bet-a')).transfer.status).toBe('pending');
    await bet('bet-b');
    expect(await ledger.balance(member)).toEqual({ availableFen: 400n, pendingFen: 600n });
    expect((await ledger.post('bet-a')).transfer.status).toBe('posted');
    expect((await ledger.post('bet-a')).isReplay).toBe(true);
    expect((await ledger.void('bet-b')).transfer.status).toBe('voided');
    expect((await ledger.void('bet-b')).isReplay).toBe(true);
    expect(await ledger.balance(member)).toEqual({ availableFen: 700n, pendingFen: 0n });
    expect(await refusalFrom(ledger.void('bet-a'))).toEqual({ code: 10001, reason: 'transferAlreadyPosted' });
    expect(await refusalFrom(ledger.post('bet-b'))).toEqual({ code: 10001, reason: 'transferAlreadyVoided' });
    expect(await refusalFrom(ledger.post('no-such-bet'))).toEqual({
      code: 10003,
      reason: 'transferNotFound',
    });
    const reserved = await refusalFrom(
      bet('bet-c')
        .then(() => bet('bet-d'))
        .then(() => bet('bet-e')),
    );
    expect(reserved.reason).toBe('insufficientFunds');
  });

  it('refuses malformed requests with 10003 before touching money', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const valid = {
      transferId: newTransferId(),
      debitAccount: member,
      creditAccount: house,
      amountFen: fen(1n),
      kind: 'bet',
    } as const;
    const malformed = [
      { transferId: '' },
      { transferId: 'has space' },
      { transferId: 'x'.repeat(65) },
      { amountFen: fen(0n) },
      { amountFen: fen(-5n) },
      { creditAccount: member },
      { creditAccount: { kind: 'house', siteId: 9002, name: 'game' } as const },
      { debitAccount: { kind: 'member_main', siteId, memberId: 0n } as const },
      { creditAccount: { kind: 'venue', siteId, venueCode: '' } as const },
      { memo: '长'.repeat(201) },
    ];
    for (const change of malformed) {
      expect((await refusalFrom(ledger.transfer({ ...valid, ...change }))).code).toBe(10003);
    }
    expect(await availableOf(member)).toBe(1_000n);
  });

  it('runs a batch in one transaction with an outcome per command', async () => {
    const member = newMember();
    const outcomes = await ledger.batch([
      {
        op: 'transfer',
        request: {
          transferId: 'batch-1',
          debitAccount: sandbox,
          creditAccount: member,
          amountFen: fen(500n),
          kind: 'deposit',
        },
      },
      {
        op: 'transfer',
        request: {
          transferId: 'batch-2',
          debitAccount: member,
          creditAccount: house,
          amountFen: fen(600n),
          kind: 'bet',
        },
      },
      {
        op: 'transfer',
        request: {
          transferId: 'batch-3',
          debitAccount: member,
          creditAccount: house,
          amountFen: fen(200n),
          kind: 'bet',
          isPending: true,
        },
      },
      { op: 'post', transferId: 'batch-3' },
      { op: 'void', transferId: 'batch-3' },
      {
        op: 'transfer',
        request: {
          transferId: 'batch-1',
          debitAccount: sandbox,
          creditAccount: member,
          amountFen: fen(500n),
          kind: 'deposit',
        },
      },
    ]);
    expect(
      outcomes.map((outcome) => (outcome.isOk ? outcome.receipt.isReplay : refusalOf(outcome.error))),
    ).toEqual([false, 'insufficientFunds', false, false, 'transferAlreadyPosted', true]);
    expect(await ledger.balance(member)).toEqual({ availableFen: 300n, pendingFen: 0n });
  });
});

describe('ledger races', () => {
  it('lets exactly one of 50 concurrent debits of the full balance succeed', async () => {
    const member = newMember();
    await fund(member, 5_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        ledger.transfer({
          transferId: `drain-${index}`,
          debitAccount: member,
          creditAccount: house,
          amountFen: fen(5_000n),
          kind: 'bet',
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const reasons = results.flatMap((result) =>
      result.status === 'rejected' ? [refusalOf(result.reason)] : [],
    );
    expect(reasons).toEqual(Array.from({ length: 49 }, () => 'insufficientFunds'));
    expect(await ledger.balance(member)).toEqual({ availableFen: 0n, pendingFen: 0n });
  });

  it('applies 50 concurrent replays of one transfer id once', async () => {
    const member = newMember();
    const receipts = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger.transfer({
          transferId: 'deposit-once',
          debitAccount: sandbox,
          creditAccount: member,
          amountFen: fen(777n),
          kind: 'deposit',
        }),
      ),
    );
    expect(receipts.filter((receipt) => !receipt.isReplay)).toHaveLength(1);
    expect(await availableOf(member)).toBe(777n);
    const entries = await ledger.entries(member, { pageNum: 1, pageSize: 100 });
    expect(entries.total).toBe(1);
  });

  it('keeps 50 concurrent posts and voids of one reservation to a single resolution', async () => {
    const member = newMember();
    await fund(member, 900n);
    await ledger.transfer({
      transferId: 'contested',
      debitAccount: member,
      creditAccount: house,
      amountFen: fen(900n),
      kind: 'bet',
      isPending: true,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0 ? ledger.post('contested') : ledger.void('contested'),
      ),
    );
    const firsts = results.filter((result) => result.status === 'fulfilled' && !result.value.isReplay);
    expect(firsts).toHaveLength(1);
    const balance = await ledger.balance(member);
    expect(balance.pendingFen).toBe(0n);
    expect([0n, 900n]).toContain(balance.availableFen);
  });
});

describe('ledger schema', () => {
  it('refuses a negative member balance, a malformed entry and a reused id in the database itself', async () => {
    const member = newMember();
    await fund(member, 100n);
    const accountId = await ledger.accountId(member);
    const entry = (phase: string, creditAccountId: bigint, amountFen: bigint) =>
      sql`insert into ledger_entries (transfer_id, phase, debit_account_id, debit_shard, debit_bucket,
        debit_balance_after_fen, credit_account_id, credit_shard, credit_bucket, credit_balance_after_fen,
        amount_fen, created_at)
        select id, ${phase}, ${accountId}, 0, 'available', 0, ${creditAccountId}, 0, 'pending', 0, ${amountFen}, now()
        from ledger_transfers limit 1`;
    const attempts = [
      sql`update ledger_balances set available_fen = -1 where account_id = ${accountId}`,
      sql`update ledger_balances set pending_fen = -1 where account_id = ${accountId}`,
      sql`update ledger_balances set may_go_negative = true where account_id = ${accountId}`,
      sql`insert into ledger_transfers (id, site_id, debit_account_id, debit_shard, credit_account_id, credit_shard,
        amount_fen, kind, is_pending, status, created_at, resolved_at)
        select id, site_id, debit_account_id, debit_shard, credit_account_id, credit_shard, amount_fen, kind,
          is_pending, status, created_at, resolved_at from ledger_transfers limit 1`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(stores.db)).rejects.toThrow();
    }
    // A reservation moving money to another account, a post into a pending bucket, no amount.
    for (const attempt of [
      entry('reserve', accountId + 1n, 5n),
      entry('post', accountId + 1n, 5n),
      entry('void', accountId, 0n),
    ]) {
      await expect(attempt.execute(stores.db)).rejects.toThrow(/violates check constraint/);
    }
    expect(await availableOf(member)).toBe(100n);
  });
});
