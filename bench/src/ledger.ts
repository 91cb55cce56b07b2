import { fen } from '@site/contract';
import { sql } from 'kysely';
import { type DatabaseTarget, type Db, openDatabase } from '../../apps/server/src/db/database.ts';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import { createLedgerService, type LedgerService } from '../../apps/server/src/ledger/service.ts';
import { transferIds } from '../../apps/server/src/ledger/transfer-ids.ts';
import { migrations } from '../../apps/server/src/migrations.ts';
import { systemClock } from '../../apps/server/src/stores/clock.ts';
import { onEachEngine, printTable } from './harness.ts';

/**
 * Ledger transfers/s next to a bare conditional-update loop (`update … where balance + delta
 * >= 0` on a plain table, one statement per iteration) on the same database in the same run:
 * the bare loop is the floor of what one checked money movement costs on that engine.
 */
const measureMs = 6_000;
const sliceCount = 6;
const warmUpMs = 800;
const memberCount = 1_000;
const batchSize = 100;
const siteId = 9001;
const house: AccountRef = { kind: 'house', siteId, name: 'game' };
const member = (index: number): AccountRef => ({ kind: 'member_main', siteId, memberId: BigInt(1 + index) });

type Row = Record<string, string | number>;

export async function runLedgerBench(): Promise<void> {
  const rows = await onEachEngine('ledger', (engine, target) =>
    benchEngine(engine, target, [1, 16], engine === 'PGlite'),
  );
  printTable(rows.flat());
}

async function benchEngine(
  engine: string,
  target: DatabaseTarget,
  connections: number[],
  isBatched: boolean,
) {
  const db = await openDatabase(target, migrations);
  try {
    const ledger = createLedgerService({ db, clock: systemClock });
    await prepare(db, ledger);
    const rows: Row[] = [];
    for (const workers of connections) {
      rows.push(await compare(engine, `${workers}`, workers, transferOnce(ledger), bareOnce(db)));
    }
    if (isBatched) {
      rows.push(await compare(engine, `1, batches of ${batchSize}`, 1, transferBatch(ledger), bareBatch(db)));
    }
    return rows;
  } finally {
    await db.destroy();
  }
}

/**
 * Ledger and bare loop run in alternating slices, so load from anything else on the machine
 * falls on both alike and the ratio stays meaningful.
 */
async function compare(engine: string, label: string, workers: number, ledgerStep: Step, bareStep: Step) {
  await measure(workers, ledgerStep, warmUpMs);
  await measure(workers, bareStep, warmUpMs);
  const totals = { ledger: { done: 0, ms: 0 }, bare: { done: 0, ms: 0 } };
  for (let slice = 0; slice < sliceCount; slice += 1) {
    accumulate(totals.ledger, await measure(workers, ledgerStep, measureMs / sliceCount));
    accumulate(totals.bare, await measure(workers, bareStep, measureMs / sliceCount));
  }
  const transfersPerSecond = (totals.ledger.done * 1000) / totals.ledger.ms;
  const barePerSecond = (totals.bare.done * 1000) / totals.bare.ms;
  return {
    engine,
    connections: label,
    'transfers/s': Math.round(transfersPerSecond),
    'bare conditional-update loop/s': Math.round(barePerSecond),
    ratio: (transfersPerSecond / barePerSecond).toFixed(2),
  };
}

function accumulate(total: { done: number; ms: number }, slice: { done: number; ms: number }): void {
  total.done += slice.done;
  total.ms += slice.ms;
}

/** One step of a loop; resolves to how many operations it completed. */
type Step = () => Promise<number>;

async function measure(
  workers: number,
  step: Step,
  durationMs: number,
): Promise<{ done: number; ms: number }> {
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  let done = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < deadline) {
        // Read `done` after the await: `done += await step()` would add to a stale value.
        const completed = await step();
        done += completed;
      }
    }),
  );
  return { done, ms: performance.now() - startedAt };
}

let transferNumber = 0;
const randomMember = () => member(Math.floor(Math.random() * memberCount));

/** Bets and payouts between random members and the house account, half each way. */
function nextRequest() {
  transferNumber += 1;
  const isBet = transferNumber % 2 === 0;
  const player = randomMember();
  return {
    transferId: transferIds.named(`bench-${process.pid}-${transferNumber}`),
    debitAccount: isBet ? player : house,
    creditAccount: isBet ? house : player,
    amountFen: fen(1n),
    kind: isBet ? ('bet' as const) : ('payout' as const),
  };
}

function transferOnce(ledger: LedgerService): Step {
  return async () => {
    await ledger.transfer(nextRequest());
    return 1;
  };
}

function transferBatch(ledger: LedgerService): Step {
  return async () => {
    const commands = Array.from({ length: batchSize }, () => ({
      op: 'transfer' as const,
      request: nextRequest(),
    }));
    await ledger.batch(commands);
    return batchSize;
  };
}

function bareOnce(db: Db): Step {
  return async () => {
    await bareUpdate(db);
    return 1;
  };
}

function bareBatch(db: Db): Step {
  return async () => {
    await db.transaction().execute(async (tx) => {
      for (let index = 0; index < batchSize; index += 1) {
        await bareUpdate(tx);
      }
    });
    return batchSize;
  };
}

async function bareUpdate(db: Db): Promise<void> {
  const id = 1 + Math.floor(Math.random() * memberCount);
  const delta = Math.random() < 0.5 ? -1 : 1;
  await sql`update bench_bare_accounts set balance_fen = balance_fen + ${delta}
    where id = ${id} and balance_fen + ${delta} >= 0`.execute(db);
}

/** Funds every member (creating the accounts) and the bare loop's table. */
async function prepare(db: Db, ledger: LedgerService): Promise<void> {
  const sandbox: AccountRef = { kind: 'external', siteId, name: 'sandbox' };
  for (let start = 0; start < memberCount; start += batchSize) {
    await ledger.batch(
      Array.from({ length: batchSize }, (_, offset) => ({
        op: 'transfer' as const,
        request: {
          transferId: transferIds.named(`bench-fund-${process.pid}-${start + offset}`),
          debitAccount: sandbox,
          creditAccount: member(start + offset),
          amountFen: fen(1_000_000n),
          kind: 'deposit' as const,
        },
      })),
    );
  }
  await sql`create table bench_bare_accounts (id integer primary key, balance_fen bigint not null check (balance_fen >= 0))`.execute(
    db,
  );
  await sql`insert into bench_bare_accounts select g, 1000000 from generate_series(1, ${memberCount}) g`.execute(
    db,
  );
}
