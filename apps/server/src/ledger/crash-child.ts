import { fen } from '@site/contract';
import { type DatabaseTarget, openDatabase } from '../db/database.ts';
import { migrations } from '../migrations.ts';
import { systemClock } from '../stores/clock.ts';
import type { AccountRef } from './accounts.ts';
import { createLedgerService, type LedgerService } from './service.ts';
import { transferIds } from './transfer-ids.ts';

/**
 * Load for the kill -9 test (crash.test.ts): moves money on the database named by
 * LEDGER_CRASH_TARGET until killed, and writes `ack <transferId> <status>` to stdout only after
 * the movement committed. Pipes are synchronous on Linux, so an ack the parent read was written
 * after the commit returned.
 */
const target = JSON.parse(process.env.LEDGER_CRASH_TARGET ?? '') as DatabaseTarget;
const round = process.env.LEDGER_CRASH_ROUND ?? '0';
const workerCount = 4;
const siteId = 9001;
const sandbox: AccountRef = { kind: 'external', siteId, name: 'sandbox' };
const house: AccountRef = { kind: 'house', siteId, name: 'game' };
const member = (index: number): AccountRef => ({
  kind: 'member_main',
  siteId,
  memberId: BigInt(1 + (index % 20)),
});

const db = await openDatabase(target, migrations);
const ledger = createLedgerService({ db, clock: systemClock });
process.stdout.write('ready\n');

const ack = (transferId: string, status: string) => process.stdout.write(`ack ${transferId} ${status}\n`);

async function work(ledger: LedgerService, worker: number): Promise<never> {
  for (let step = 0; ; step += 1) {
    const id = `r${round}-w${worker}-${step}`;
    const account = member(worker * 7 + step);
    await ledger.transfer({
      transferId: transferIds.named(`${id}-in`),
      debitAccount: sandbox,
      creditAccount: account,
      amountFen: fen(1_000n),
      kind: 'deposit',
    });
    ack(`${id}-in`, 'posted');
    const bet = await ledger.transfer({
      transferId: transferIds.named(`${id}-bet`),
      debitAccount: account,
      creditAccount: house,
      amountFen: fen(600n),
      kind: 'bet',
      isPending: true,
    });
    ack(bet.transfer.transferId, 'pending');
    const betId = transferIds.named(`${id}-bet`);
    await (step % 2 === 0 ? ledger.post(betId) : ledger.void(betId));
    ack(`${id}-bet`, step % 2 === 0 ? 'posted' : 'voided');
    const outcomes = await ledger.batch(
      [0, 1, 2].map((leg) => ({
        op: 'transfer' as const,
        request: {
          transferId: transferIds.named(`${id}-b${leg}`),
          debitAccount: house,
          creditAccount: member(step + leg),
          amountFen: fen(10n),
          kind: 'payout' as const,
        },
      })),
    );
    for (const [leg, outcome] of outcomes.entries()) {
      if (outcome.isOk) {
        ack(`${id}-b${leg}`, 'posted');
      }
    }
  }
}

await Promise.all(Array.from({ length: workerCount }, (_, worker) => work(ledger, worker)));
