import { formatFen } from '@site/contract';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrations } from '../migrations.ts';
import { databaseTargetOf } from '../node.ts';
import { type ReconcileReport, reconcileLedger } from './reconcile.ts';

/**
 * `npm run reconcile`: checks every ledger invariant over the whole database the node would
 * open (DATABASE_URL, else PGlite under DATA_DIR), prints the totals, exits 1 on any mismatch.
 */
const config = loadConfig();
const db = await openDatabase(databaseTargetOf(config), migrations);
try {
  const report = await reconcileLedger(db);
  process.stdout.write(renderReport(report));
  process.exitCode = report.problems.length === 0 ? 0 : 1;
} finally {
  await db.destroy();
}

function renderReport(report: ReconcileReport): string {
  const lines = ['account kind            accounts        available (yuan)          pending (yuan)'];
  for (const kind of report.kinds) {
    lines.push(
      `${kind.kind.padEnd(22)} ${String(kind.accounts).padStart(9)} ${formatFen(kind.availableFen).padStart(23)} ${formatFen(kind.pendingFen).padStart(23)}`,
    );
  }
  lines.push('', 'transfer status        transfers           amount (yuan)');
  for (const status of report.statuses) {
    lines.push(
      `${status.status.padEnd(22)} ${String(status.transfers).padStart(9)} ${formatFen(status.amountFen).padStart(23)}`,
    );
  }
  lines.push('', `entries: ${report.entries}`, `sum of all balances: ${formatFen(report.grandTotalFen)}`);
  lines.push(
    report.problems.length === 0
      ? 'reconcile: OK, every invariant holds'
      : `reconcile: ${report.problems.length} MISMATCH(ES)\n${report.problems.map((p) => `  - ${p}`).join('\n')}`,
  );
  return `${lines.join('\n')}\n`;
}
