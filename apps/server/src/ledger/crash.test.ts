import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, type DatabaseTarget, openDatabase } from '../db/database.ts';
import { migrations } from '../migrations.ts';
import { reconcileLedger } from './reconcile.ts';
import * as store from './store.ts';

/**
 * kill -9 under load: a child process moves money and acknowledges each committed transfer
 * on stdout; it is killed mid-load, the database reopened (after crash recovery on PGlite) and
 * every acknowledged transfer must be there with at least the acknowledged status, and the
 * ledger must reconcile. Three rounds, each starting on the previous round's crashed files.
 * This drives the ledger directly, to reach pending / post / void and batches; crash-http.test.ts
 * kills the HTTP server itself under load.
 */
const roundCount = 3;
const acksBeforeKill = 400;
const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.DATABASE_URL);
const childScript = path.join(import.meta.dirname, 'crash-child.ts');

let target: DatabaseTarget;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  if (isExternal) {
    const url = process.env.DATABASE_URL ?? '';
    const schema = `crash_${process.pid}_${Date.now()}`;
    await adminQuery(url, `create schema ${schema}`);
    target = { kind: 'postgres', url, schema, poolSize: 4 };
    cleanUp = () => adminQuery(url, `drop schema ${schema} cascade`);
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'ledger-crash-'));
    target = { kind: 'pglite', dataDir };
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await cleanUp();
});

it('keeps every acknowledged transfer through kill -9 under load', { timeout: 240_000 }, async () => {
  const acknowledged = new Map<string, string>();
  for (let round = 0; round < roundCount; round += 1) {
    const roundAcks = await runChildUntilKilled(round, acknowledged);
    expect(roundAcks).toBeGreaterThanOrEqual(acksBeforeKill);
    const db = await openDatabase(target, migrations);
    try {
      const missing: string[] = [];
      for (const [transferId, status] of acknowledged) {
        const row = await store.findTransfer(db, transferId);
        if (!row || !isAtLeast(row.status, status)) {
          missing.push(`${transferId}: acknowledged ${status}, found ${row?.status ?? 'nothing'}`);
        }
      }
      expect(missing, `round ${round}`).toEqual([]);
      const report = await reconcileLedger(db);
      expect(report.problems, `round ${round}`).toEqual([]);
    } finally {
      await db.destroy();
    }
  }
});

/** A pending transfer acknowledged may since have been posted or voided; nothing else may differ. */
function isAtLeast(found: string, acknowledged: string): boolean {
  return found === acknowledged || (acknowledged === 'pending' && found !== 'pending');
}

async function runChildUntilKilled(round: number, acknowledged: Map<string, string>): Promise<number> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, LEDGER_CRASH_TARGET: JSON.stringify(target), LEDGER_CRASH_ROUND: String(round) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let roundAcks = 0;
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const [word, transferId, status] = line.split(' ');
    if (word !== 'ack' || !transferId || !status) {
      continue;
    }
    acknowledged.set(transferId, status);
    roundAcks += 1;
    if (roundAcks === acksBeforeKill + round * 97) {
      kill(child);
    }
  }
  await exited;
  expect(child.signalCode, 'the child must die by SIGKILL mid-load, not finish').toBe('SIGKILL');
  return roundAcks;
}

function kill(child: ChildProcess): void {
  child.kill('SIGKILL');
}
