import { randomBytes } from 'node:crypto';
import { fen } from '@site/contract';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { adminQuery, type DatabaseTarget, type Db, migrate, openDatabase } from '../db/database.ts';
import type { Migration } from '../db/migrations.ts';
import { migrations } from '../migrations.ts';
import { systemClock } from '../stores/clock.ts';
import { type AccountRef, identityOf, isMemberKind } from './accounts.ts';
import { ledgerDerivedBalancesMigration, ledgerEntryPairsMigration } from './migration.ts';
import { reconcileLedger } from './reconcile.ts';
import { createLedgerService } from './service.ts';
import { transferIds } from './transfer-ids.ts';

/**
 * A database written by an older release keeps every balance, every member balance-after and
 * every transfer when the later migrations reshape it, and new movements continue its history.
 * On PGlite, and with TEST_STORES=external on PostgreSQL too (a schema of its own per test).
 */
const siteId = 9001;
const memberRef: AccountRef = { kind: 'member_main', siteId, memberId: 1n };
const holdRef: AccountRef = { kind: 'member_withdrawal_hold', siteId, memberId: 1n };
const houseRef: AccountRef = { kind: 'house', siteId, name: 'game' };
const sandboxRef: AccountRef = { kind: 'external', siteId, name: 'sandbox' };
const id = transferIds.named;
const now = new Date();
const externalUrl = process.env.TEST_STORES === 'external' ? process.env.DATABASE_URL : undefined;
let db: Db | undefined;
let dropSchema: (() => Promise<void>) | undefined;

afterEach(async () => {
  await db?.destroy();
  await dropSchema?.();
});

/** A database migrated up to, not including, `before`. */
async function openBefore(before: Migration): Promise<Db> {
  let target: DatabaseTarget = { kind: 'pglite' };
  if (externalUrl) {
    const schema = `migration_${randomBytes(6).toString('hex')}`;
    await adminQuery(externalUrl, `create schema ${schema}`);
    dropSchema = () => adminQuery(externalUrl, `drop schema ${schema} cascade`);
    target = { kind: 'postgres', url: externalUrl, schema, poolSize: 2 };
  }
  db = await openDatabase(target, migrations.slice(0, migrations.indexOf(before)));
  return db;
}

/** An account as releases before 0008 created it: sharded system accounts, a balance row per shard. */
async function oldAccount(db: Db, ref: AccountRef): Promise<bigint> {
  const identity = identityOf(ref);
  const shardCount = isMemberKind(ref.kind) ? 1 : 8;
  const { rows } = await sql<{ id: bigint }>`insert into ledger_accounts (site_id, kind, member_id, code,
      shard_count, created_at) values (${identity.siteId}, ${identity.kind}, ${identity.memberId}, ${identity.code},
      ${shardCount}, ${now}) returning id`.execute(db);
  const accountId = rows[0]?.id ?? 0n;
  await sql`insert into ledger_balances (account_id, shard, may_go_negative)
    select ${accountId}, g, ${!isMemberKind(ref.kind)} from generate_series(0, ${shardCount - 1}) g`.execute(
    db,
  );
  return accountId;
}

/** The transfer, post and void functions of 0003 and 0006, which share their signatures. */
function oldLedger(db: Db) {
  return {
    transfer: (
      transferId: string,
      debit: { id: bigint; shard: number },
      credit: { id: bigint; shard: number },
      amountFen: bigint,
      isPending: boolean,
    ) =>
      sql`select outcome from ledger_transfer(${transferId}, ${siteId}, ${debit.id}, ${debit.shard}::smallint,
        ${credit.id}, ${credit.shard}::smallint, ${amountFen}, 'adjustment', '', ${isPending}, ${now})`.execute(
        db,
      ),
    post: (transferId: string) => sql`select outcome from ledger_post(${transferId}, ${now})`.execute(db),
    void: (transferId: string) => sql`select outcome from ledger_void(${transferId}, ${now})`.execute(db),
  };
}

async function availableLegs(ledger: ReturnType<typeof createLedgerService>, ref: AccountRef) {
  const page = await ledger.entries(ref, { pageNum: 1, pageSize: 50 });
  return page.list
    .filter((entry) => entry.bucket === 'available')
    .map((entry) => [entry.transferId, entry.amountFen, entry.balanceAfterFen]);
}

it('folds the entry legs written before 0006 into one row per movement', async () => {
  const db = await openBefore(ledgerEntryPairsMigration);
  const sandbox = { id: await oldAccount(db, sandboxRef), shard: 0 };
  const house = { id: await oldAccount(db, houseRef), shard: 0 };
  const member = { id: await oldAccount(db, memberRef), shard: 0 };
  const old = oldLedger(db);
  await old.transfer('deposit', sandbox, member, 10_000n, false);
  await old.transfer('bet-won', member, house, 1_000n, true);
  await old.transfer('bet-void', member, house, 500n, true);
  await old.transfer('bet-open', member, house, 300n, true);
  await old.post('bet-won');
  await old.void('bet-void');
  await old.transfer('payout', house, member, 2_000n, false);
  const legsBefore = await sql<{ n: bigint }>`select count(*)::int8 n from ledger_entries`.execute(db);
  expect(legsBefore.rows[0]?.n).toBe(14n);

  await migrate(db, migrations);

  const report = await reconcileLedger(db);
  expect(report.problems).toEqual([]);
  expect(report.entries).toBe(7n);
  const ledger = createLedgerService({ db, clock: systemClock });
  expect(await ledger.balance(memberRef)).toEqual({ availableFen: 10_700n, pendingFen: 300n });
  expect(await availableLegs(ledger, memberRef)).toEqual([
    ['payout', 2_000n, 10_700n],
    ['bet-void', 500n, 8_700n],
    ['bet-open', -300n, 8_200n],
    ['bet-void', -500n, 8_500n],
    ['bet-won', -1_000n, 9_000n],
    ['deposit', 10_000n, 10_000n],
  ]);
  // New movements continue the folded history.
  await ledger.transfer({
    transferId: id('after'),
    debitAccount: memberRef,
    creditAccount: houseRef,
    amountFen: fen(700n),
    kind: 'bet',
  });
  expect((await reconcileLedger(db)).problems).toEqual([]);
});

it('derives house and external balances and folds transfers into entries written by 0006', async () => {
  const db = await openBefore(ledgerDerivedBalancesMigration);
  const sandbox = await oldAccount(db, sandboxRef);
  const house = await oldAccount(db, houseRef);
  const member = { id: await oldAccount(db, memberRef), shard: 0 };
  const hold = { id: await oldAccount(db, holdRef), shard: 0 };
  const old = oldLedger(db);
  // House and external traffic spread over several shards, as 0006 wrote it.
  await old.transfer('deposit', { id: sandbox, shard: 5 }, member, 10_000n, false);
  await old.transfer('bet-won', member, { id: house, shard: 1 }, 1_000n, true);
  await old.transfer('bet-void', member, { id: house, shard: 2 }, 500n, true);
  await old.transfer('bet-open', member, { id: house, shard: 3 }, 300n, true);
  await old.post('bet-won');
  await old.void('bet-void');
  await old.transfer('payout', { id: house, shard: 6 }, member, 2_000n, false);
  await old.transfer('house-open', { id: house, shard: 7 }, member, 400n, true);
  await old.transfer('withdraw:W1', member, hold, 1_200n, false);

  await migrate(db, migrations);

  const report = await reconcileLedger(db);
  expect(report.problems).toEqual([]);
  expect(report.entries).toBe(9n);
  expect(report.statuses.map((status) => [status.status, status.transfers])).toEqual([
    ['pending', 2n],
    ['posted', 4n],
    ['voided', 1n],
  ]);
  const ledger = createLedgerService({ db, clock: systemClock });
  expect(await ledger.balance(memberRef)).toEqual({ availableFen: 9_500n, pendingFen: 300n });
  expect(await ledger.balance(holdRef)).toEqual({ availableFen: 1_200n, pendingFen: 0n });
  expect(await ledger.balance(houseRef)).toEqual({ availableFen: -1_400n, pendingFen: 400n });
  expect(await ledger.balance(sandboxRef)).toEqual({ availableFen: -10_000n, pendingFen: 0n });
  expect((await ledger.transferById(id('bet-open')))?.status).toBe('pending');
  expect((await ledger.transferById(id('bet-won')))?.status).toBe('posted');
  expect((await ledger.transferById(id('bet-void')))?.status).toBe('voided');
  expect(await availableLegs(ledger, memberRef)).toEqual([
    ['withdraw:W1', -1_200n, 9_500n],
    ['payout', 2_000n, 10_700n],
    ['bet-void', 500n, 8_700n],
    ['bet-open', -300n, 8_200n],
    ['bet-void', -500n, 8_500n],
    ['bet-won', -1_000n, 9_000n],
    ['deposit', 10_000n, 10_000n],
  ]);

  // An old request replayed answers its first result; old reservations resolve once.
  const replay = await ledger.transfer({
    transferId: id('payout'),
    debitAccount: houseRef,
    creditAccount: memberRef,
    amountFen: fen(2_000n),
    kind: 'adjustment',
  });
  expect(replay.isReplay).toBe(true);
  expect((await ledger.post(id('house-open'))).isReplay).toBe(false);
  expect((await ledger.void(id('bet-open'))).isReplay).toBe(false);
  expect((await ledger.post(id('bet-won'))).isReplay).toBe(true);
  expect(await ledger.balance(memberRef)).toEqual({ availableFen: 10_200n, pendingFen: 0n });
  expect(await ledger.balance(houseRef)).toEqual({ availableFen: -1_400n, pendingFen: 0n });
  expect((await reconcileLedger(db)).problems).toEqual([]);
});
