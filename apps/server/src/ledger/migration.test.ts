import { fen } from '@site/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Db, migrate, openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrations.ts';
import { systemClock } from '../stores/clock.ts';
import { type AccountRef, identityOf, shardCountOf } from './accounts.ts';
import { ledgerEntryPairsMigration } from './migration.ts';
import { reconcileLedger } from './reconcile.ts';
import { createLedgerService } from './service.ts';
import { upsertAccount } from './store.ts';

/**
 * A database written before 0006 (two entry rows per movement) keeps every balance, every
 * balance-after and every transfer when 0006 folds its entries into one row per movement.
 */
const siteId = 9001;
let db: Db;

beforeAll(async () => {
  db = await openDatabase(
    { kind: 'pglite' },
    migrations.filter((migration) => migration.id !== ledgerEntryPairsMigration.id),
  );
});

afterAll(async () => {
  await db.destroy();
});

it('folds the entry legs written before 0006 into one row per movement', async () => {
  const now = new Date();
  const account = (ref: AccountRef) => upsertAccount(db, identityOf(ref), shardCountOf(ref.kind), now);
  const memberRef: AccountRef = { kind: 'member_main', siteId, memberId: 1n };
  const houseRef: AccountRef = { kind: 'house', siteId, name: 'game' };
  const sandbox = await account({ kind: 'external', siteId, name: 'sandbox' });
  const house = await account(houseRef);
  const member = await account(memberRef);
  const oldTransfer = (id: string, debit: bigint, credit: bigint, amount: bigint, isPending: boolean) =>
    sql`select outcome from ledger_transfer(${id}, ${siteId}, ${debit}, 0::smallint, ${credit}, 0::smallint,
      ${amount}, 'adjustment', '', ${isPending}, ${now})`.execute(db);
  await oldTransfer('deposit', sandbox.id, member.id, 10_000n, false);
  await oldTransfer('bet-won', member.id, house.id, 1_000n, true);
  await oldTransfer('bet-void', member.id, house.id, 500n, true);
  await oldTransfer('bet-open', member.id, house.id, 300n, true);
  await sql`select outcome from ledger_post('bet-won', ${now})`.execute(db);
  await sql`select outcome from ledger_void('bet-void', ${now})`.execute(db);
  await oldTransfer('payout', house.id, member.id, 2_000n, false);
  const legsBefore = await sql<{ n: bigint }>`select count(*)::int8 n from ledger_entries`.execute(db);
  expect(legsBefore.rows[0]?.n).toBe(14n);

  await migrate(db);

  const report = await reconcileLedger(db);
  expect(report.problems).toEqual([]);
  expect(report.entries).toBe(7n);
  const ledger = createLedgerService({ db, clock: systemClock });
  expect(await ledger.balance(memberRef)).toEqual({ availableFen: 10_700n, pendingFen: 300n });
  const page = await ledger.entries(memberRef, { pageNum: 1, pageSize: 20 });
  const available = page.list.filter((entry) => entry.bucket === 'available');
  expect(available.map((entry) => [entry.transferId, entry.amountFen, entry.balanceAfterFen])).toEqual([
    ['payout', 2_000n, 10_700n],
    ['bet-void', 500n, 8_700n],
    ['bet-open', -300n, 8_200n],
    ['bet-void', -500n, 8_500n],
    ['bet-won', -1_000n, 9_000n],
    ['deposit', 10_000n, 10_000n],
  ]);
  // New movements continue the folded history.
  await ledger.transfer({
    transferId: 'after',
    debitAccount: memberRef,
    creditAccount: houseRef,
    amountFen: fen(700n),
    kind: 'bet',
  });
  expect((await reconcileLedger(db)).problems).toEqual([]);
});
