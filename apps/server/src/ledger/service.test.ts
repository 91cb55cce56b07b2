import { type Fen, fen } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Stores } from '../stores/stores.ts';
import { createTestClock, openTestStores } from '../testing.ts';
import type { AccountRef } from './accounts.ts';
import { reconcileLedger } from './reconcile.ts';
import { createLedgerService, LedgerRefusal, type LedgerService, refusalOf } from './service.ts';
import { transferIds } from './transfer-ids.ts';

const siteId = 9001;
const sandbox: AccountRef = { kind: 'external', siteId, name: 'sandbox_gateway' };
const house: AccountRef = { kind: 'house', siteId, name: 'game' };

let stores: Stores;
let ledger: LedgerService;
let nextMemberId = 1n;
let nextTransferNumber = 1;

const newMember = (): AccountRef => ({ kind: 'member_main', siteId, memberId: nextMemberId++ });
const newTransferId = () => transferIds.named(`t-${nextTransferNumber++}`);
const id = transferIds.named;

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
  expect(error).toBeInstanceOf(LedgerRefusal);
  return refusalOf(error);
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
      transferId: id('bet-1'),
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
    expect(refusal).toBe('insufficientFunds');
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
      transferId: id('withdraw-42'),
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
      expect(await refusalFrom(ledger.transfer({ ...request, ...changed }))).toBe('transferIdReused');
    }
    expect(await availableOf(member)).toBe(600n);
  });

  it('reserves a pending transfer, then posts or voids it exactly once', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const bet = (transferId: string) =>
      ledger.transfer({
        transferId: id(transferId),
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(300n),
        kind: 'bet',
        isPending: true,
      });
    expect((await bet('bet-a')).transfer.status).toBe('pending');
    await bet('bet-b');
    expect(await ledger.balance(member)).toEqual({ availableFen: 400n, pendingFen: 600n });
    expect((await ledger.post(id('bet-a'))).transfer.status).toBe('posted');
    expect((await ledger.post(id('bet-a'))).isReplay).toBe(true);
    expect((await ledger.void(id('bet-b'))).transfer.status).toBe('voided');
    expect((await ledger.void(id('bet-b'))).isReplay).toBe(true);
    expect(await ledger.balance(member)).toEqual({ availableFen: 700n, pendingFen: 0n });
    expect(await refusalFrom(ledger.void(id('bet-a')))).toBe('transferAlreadyPosted');
    expect(await refusalFrom(ledger.post(id('bet-b')))).toBe('transferAlreadyVoided');
    expect(await refusalFrom(ledger.post(id('no-such-bet')))).toBe('transferNotFound');
    const reserved = await refusalFrom(
      bet('bet-c')
        .then(() => bet('bet-d'))
        .then(() => bet('bet-e')),
    );
    expect(reserved).toBe('insufficientFunds');
  });

  it('treats a malformed request from our own code as a bug, before touching money', async () => {
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
      { amountFen: fen(0n) },
      { amountFen: fen(-5n) },
      { creditAccount: member },
      { creditAccount: { kind: 'house', siteId: 9002, name: 'game' } as const },
      { debitAccount: { kind: 'member_main', siteId, memberId: 0n } as const },
      { creditAccount: { kind: 'venue', siteId, venueCode: '' } as const },
      { memo: '长'.repeat(201) },
    ];
    for (const change of malformed) {
      const error = await ledger.transfer({ ...valid, ...change }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(LedgerRefusal);
    }
    for (const text of ['', 'has space', 'x'.repeat(65)]) {
      expect(() => transferIds.named(text)).toThrow(/transfer id/);
    }
    expect(await availableOf(member)).toBe(1_000n);
  });

  it('runs a batch in one transaction with an outcome per command', async () => {
    const member = newMember();
    const outcomes = await ledger.batch([
      {
        op: 'transfer',
        request: {
          transferId: id('batch-1'),
          debitAccount: sandbox,
          creditAccount: member,
          amountFen: fen(500n),
          kind: 'deposit',
        },
      },
      {
        op: 'transfer',
        request: {
          transferId: id('batch-2'),
          debitAccount: member,
          creditAccount: house,
          amountFen: fen(600n),
          kind: 'bet',
        },
      },
      {
        op: 'transfer',
        request: {
          transferId: id('batch-3'),
          debitAccount: member,
          creditAccount: house,
          amountFen: fen(200n),
          kind: 'bet',
          isPending: true,
        },
      },
      { op: 'post', transferId: id('batch-3') },
      { op: 'void', transferId: id('batch-3') },
      {
        op: 'transfer',
        request: {
          transferId: id('batch-1'),
          debitAccount: sandbox,
          creditAccount: member,
          amountFen: fen(500n),
          kind: 'deposit',
        },
      },
    ]);
    expect(outcomes.map((outcome) => (outcome.isOk ? outcome.receipt.isReplay : outcome.refusal))).toEqual([
      false,
      'insufficientFunds',
      false,
      false,
      'transferAlreadyPosted',
      true,
    ]);
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
          transferId: id(`drain-${index}`),
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
          transferId: id('deposit-once'),
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
      transferId: id('contested'),
      debitAccount: member,
      creditAccount: house,
      amountFen: fen(900n),
      kind: 'bet',
      isPending: true,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        index % 2 === 0 ? ledger.post(id('contested')) : ledger.void(id('contested')),
      ),
    );
    const firsts = results.filter((result) => result.status === 'fulfilled' && !result.value.isReplay);
    expect(firsts).toHaveLength(1);
    const balance = await ledger.balance(member);
    expect(balance.pendingFen).toBe(0n);
    expect([0n, 900n]).toContain(balance.availableFen);
  });
});

describe('ledger unit of work', () => {
  const noteTable = sql.raw('ledger_test_notes');

  beforeAll(async () => {
    await sql`create table ${noteTable} (transfer_id text primary key)`.execute(stores.db);
  });

  /** A domain's own write beside its movement, skipped on a replay as the cashier does. */
  const moveWithNote = (member: AccountRef, transferId: string, amountFen: bigint) =>
    ledger.atomically([member, house], async (tx, money) => {
      const receipt = await money.transfer({
        transferId: id(transferId),
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(amountFen),
        kind: 'bet',
      });
      if (!receipt.isReplay) {
        await sql`insert into ${noteTable} values (${transferId})`.execute(tx);
      }
      return receipt;
    });

  const notesOf = async (transferId: string) =>
    (await sql`select 1 from ${noteTable} where transfer_id = ${transferId}`.execute(stores.db)).rows.length;

  it('applies one of two concurrent units with the same transfer id; the other replays it', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const receipts = await Promise.all([
      moveWithNote(member, 'uow-race', 600n),
      moveWithNote(member, 'uow-race', 600n),
    ]);
    expect(receipts.map((receipt) => receipt.isReplay).sort()).toEqual([false, true]);
    expect(await availableOf(member)).toBe(400n);
    expect(await notesOf('uow-race')).toBe(1);
  });

  it('rolls back the domain writes with a refusal thrown inside', async () => {
    const member = newMember();
    await fund(member, 1_000n);
    const refused = ledger.atomically([member, house], async (tx, money) => {
      await sql`insert into ${noteTable} values ('uow-refused')`.execute(tx);
      await money.transfer({
        transferId: id('uow-refused-1'),
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(700n),
        kind: 'bet',
      });
      return money.transfer({
        transferId: id('uow-refused-2'),
        debitAccount: member,
        creditAccount: house,
        amountFen: fen(700n),
        kind: 'bet',
      });
    });
    expect(await refusalFrom(refused)).toBe('insufficientFunds');
    expect(await notesOf('uow-refused')).toBe(0);
    expect(await availableOf(member)).toBe(1_000n);
    expect(await ledger.transferById(id('uow-refused-1'))).toBeUndefined();
  });

  it('refuses, as a bug, an account the unit did not name before its transaction', async () => {
    const member = newMember();
    await fund(member, 100n);
    const unnamed = ledger.atomically([member], (_tx, money) =>
      money.transfer({
        transferId: newTransferId(),
        debitAccount: member,
        creditAccount: { kind: 'house', siteId, name: 'unnamed' },
        amountFen: fen(1n),
        kind: 'bet',
      }),
    );
    await expect(unnamed).rejects.toThrow(/not named to atomically/);
    expect(await availableOf(member)).toBe(100n);
  });
});

describe('derived balances', () => {
  it('reads a house balance the same before and after a checkpoint, and after later movements', async () => {
    const payer: AccountRef = { kind: 'house', siteId, name: 'checkpointed' };
    const member = newMember();
    const pay = (amountFen: bigint, isPending = false) =>
      ledger.transfer({
        transferId: newTransferId(),
        debitAccount: payer,
        creditAccount: member,
        amountFen: fen(amountFen),
        kind: 'payout',
        isPending,
      });
    await pay(500n);
    const open = await pay(200n, true);
    const before = await ledger.balance(payer);
    expect(before).toEqual({ availableFen: -700n, pendingFen: 200n });
    await ledger.checkpoint();
    expect(await ledger.balance(payer)).toEqual(before);
    await ledger.post(id(open.transfer.transferId));
    await pay(50n);
    expect(await ledger.balance(payer)).toEqual({ availableFen: -750n, pendingFen: 0n });
    expect(await availableOf(member)).toBe(750n);
    expect((await reconcileLedger(stores.db)).problems).toEqual([]);
  });
});

describe('ledger schema', () => {
  const accountIdOf = async (transferId: string) =>
    (await ledger.transferById(id(transferId)))?.creditAccountId ?? 0n;

  it('refuses a negative member balance and a second first entry for one transfer id', async () => {
    const member = newMember();
    const funding = newTransferId();
    await ledger.transfer({
      transferId: funding,
      debitAccount: sandbox,
      creditAccount: member,
      amountFen: fen(100n),
      kind: 'deposit',
    });
    const accountId = await accountIdOf(funding);
    const attempts = [
      sql`update ledger_balances set available_fen = -1 where account_id = ${accountId}`,
      sql`update ledger_balances set pending_fen = -1 where account_id = ${accountId}`,
      sql`update ledger_balances set may_go_negative = true where account_id = ${accountId}`,
      sql`insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
          debit_account_id, debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at)
        select transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id, debit_account_id,
          debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at
        from ledger_entries where transfer_id = ${funding}`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(stores.db)).rejects.toThrow();
    }
    expect(await availableOf(member)).toBe(100n);
  });

  it('never updates, deletes or truncates an entry or a checkpoint', async () => {
    const member = newMember();
    await fund(member, 100n);
    await ledger.checkpoint();
    for (const table of ['ledger_entries', 'ledger_checkpoints']) {
      const name = sql.raw(table);
      for (const attempt of [
        sql`update ${name} set created_at = created_at`,
        sql`delete from ${name}`,
        sql`truncate ${name}`,
      ]) {
        await expect(attempt.execute(stores.db)).rejects.toThrow(/immutable/);
      }
    }
    expect(await availableOf(member)).toBe(100n);
  });

  it('refuses an entry that moves no money or negative money', async () => {
    const funding = newTransferId();
    await ledger.transfer({
      transferId: funding,
      debitAccount: sandbox,
      creditAccount: newMember(),
      amountFen: fen(100n),
      kind: 'deposit',
    });
    const accountId = await accountIdOf(funding);
    for (const amountFen of [0n, -5n]) {
      const entry = sql`insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo,
          payee_account_id, debit_account_id, debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at)
        values ('schema-check', 'post', false, ${siteId}, 'bet', '', ${accountId + 1n}, ${accountId},
          'available', ${accountId + 1n}, 'available', ${amountFen}, now())`;
      await expect(entry.execute(stores.db)).rejects.toThrow(/violates check constraint/);
    }
  });
});

describe('reconcile', () => {
  it('reports a malformed entry, one whose legs do not follow its phase, and a checkpoint off its legs', async () => {
    const broken = await openTestStores(createTestClock());
    try {
      const brokenLedger = createLedgerService({ db: broken.db, clock: createTestClock() });
      const member = newMember();
      await brokenLedger.transfer({
        transferId: id('broken-deposit'),
        debitAccount: sandbox,
        creditAccount: member,
        amountFen: fen(100n),
        kind: 'deposit',
      });
      await brokenLedger.checkpoint();
      expect((await reconcileLedger(broken.db)).problems).toEqual([]);
      // A post paying into the payee's pending bucket, and a checkpoint 1 fen off.
      await sql`insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
          debit_account_id, debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at)
        select 'broken-post', 'post', false, site_id, kind, memo, payee_account_id, debit_account_id, 'available',
          credit_account_id, 'pending', 1, created_at from ledger_entries where transfer_id = 'broken-deposit'`.execute(
        broken.db,
      );
      await sql`insert into ledger_entries (transfer_id, phase, is_pending, site_id, kind, memo, payee_account_id,
          debit_account_id, debit_bucket, credit_account_id, credit_bucket, amount_fen, created_at)
        select 'broken reserve', 'reserve', false, site_id, kind, memo, payee_account_id, debit_account_id,
          'available', debit_account_id, 'pending', 1, created_at from ledger_entries
        where transfer_id = 'broken-deposit'`.execute(broken.db);
      await sql`insert into ledger_checkpoints (entry_id, account_id, available_fen, pending_fen, created_at)
        select entry_id + 1, account_id, available_fen + 1, pending_fen, created_at from ledger_checkpoints`.execute(
        broken.db,
      );
      const { problems } = await reconcileLedger(broken.db);
      expect(problems.join('\n')).toMatch(/every entry moves the legs its phase names: 1 rows/);
      expect(problems.join('\n')).toMatch(/every entry is well formed[^\n]*: 1 rows/);
      expect(problems.join('\n')).toMatch(/every checkpoint equals the sum/);
    } finally {
      await broken.close();
    }
  });
});
