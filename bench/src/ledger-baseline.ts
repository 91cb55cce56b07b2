import { fen, siteIdDefault } from '@site/contract';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import type { LedgerService } from '../../apps/server/src/ledger/service.ts';
import { transferIds } from '../../apps/server/src/ledger/transfer-ids.ts';
import type { Step } from './harness.ts';

/** The money benches' members and their baseline: the ledger's bare transfer, one per operation. */

const fundBatch = 100;

/** Member `index` (from 0) of the default site, its main wallet: member id `1 + index`. */
export const memberAccount = (index: number): AccountRef => ({
  kind: 'member_main',
  siteId: siteIdDefault,
  memberId: BigInt(1 + index),
});

/** Gives members 0 to `memberCount` 1,000,000.00 each, `ledger.batch` of a hundred at a time. */
export async function fundMembers(ledger: LedgerService, memberCount: number): Promise<void> {
  const sandbox: AccountRef = { kind: 'external', siteId: siteIdDefault, name: 'sandbox' };
  for (let start = 0; start < memberCount; start += fundBatch) {
    await ledger.batch(
      Array.from({ length: Math.min(fundBatch, memberCount - start) }, (_, offset) => ({
        op: 'transfer' as const,
        request: {
          transferId: transferIds.named(`bench-fund-${start + offset}`),
          debitAccount: sandbox,
          creditAccount: memberAccount(start + offset),
          amountFen: fen(100_000_000n),
          kind: 'deposit' as const,
        },
      })),
    );
  }
}

let transferCount = 0;

/** One checked single-statement transfer of 0.01 per step, from the worker's member of choice. */
export function bareTransfer(
  ledger: LedgerService,
  debitAccountOf: (worker: number) => AccountRef,
  creditAccount: AccountRef,
): Step {
  return async (worker) => {
    transferCount += 1;
    await ledger.transfer({
      transferId: transferIds.named(`bench-t-${process.pid}-${transferCount}`),
      debitAccount: debitAccountOf(worker),
      creditAccount,
      amountFen: fen(1n),
      kind: 'bet',
    });
  };
}
