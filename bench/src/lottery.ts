import { fen, siteIdDefault } from '@site/contract';
import type { DatabaseTarget } from '../../apps/server/src/db/database.ts';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import type { LedgerService } from '../../apps/server/src/ledger/service.ts';
import { transferIds } from '../../apps/server/src/ledger/transfer-ids.ts';
import type { Clock } from '../../apps/server/src/stores/clock.ts';
import { openServiceNode } from './bench-node.ts';
import { type Engine, onEachEngine, printTable } from './harness.ts';
import { fundMembers, memberAccount } from './ledger-baseline.ts';

/**
 * Settling one lottery issue: 100,000 real tickets from 10,000 members on PostgreSQL (a tenth of
 * that on PGlite, whose placing runs at about a hundred tickets a second), placed
 * through the hall (stakes taken by the seamless wallet), then the draw cycle's pass that draws
 * the issue and settles every ticket, timed. Next to it, on the same database in the same run:
 * the ledger's batch transfer rate (`ledger.batch` of `batchSize` transfers, one transaction per
 * batch), the floor of what paying a ticket out costs. On PGlite, then on PostgreSQL
 * (DATABASE_URL, or a local one) when one answers. The clock is the bench's own, so the issue
 * stays on sale while the tickets are placed.
 */
const drawSize = {
  PGlite: { tickets: 10_000, members: 1_000 },
  PostgreSQL: { tickets: 100_000, members: 10_000 },
};
const placingInFlight = 32;
const batchSize = 100;
const baselineMs = 5_000;
const siteId = siteIdDefault;
const gameCode = 'SSC1';

type Row = Record<string, string | number>;

export async function runLotteryBench(): Promise<void> {
  printTable((await onEachEngine('lottery', benchEngine)).flat());
}

async function benchEngine(engine: Engine, target: DatabaseTarget): Promise<Row[]> {
  const ticketCount = Number(process.env.LOTTERY_BENCH_TICKETS ?? drawSize[engine].tickets);
  const memberCount = Number(process.env.LOTTERY_BENCH_MEMBERS ?? drawSize[engine].members);
  // Beijing 12:00:30: SSC1's issue 0721 is on sale.
  let nowMs = Date.UTC(2026, 10, 25, 4, 0, 30);
  const clock: Clock = { now: () => nowMs };
  const node = await openServiceNode(target, clock);
  try {
    const { ledger, lottery } = node.services;
    await fundMembers(ledger, memberCount);
    await lottery.tick();
    const issue = (await lottery.hall(siteId)).find((game) => game.code === gameCode)?.issue;
    if (!issue) {
      throw new Error(`lottery bench: ${gameCode} has no issue on sale`);
    }
    const placingStartedAt = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: placingInFlight }, async () => {
        for (let index = next++; index < ticketCount; index = next++) {
          await lottery.place(
            { siteId, memberId: BigInt(1 + (index % memberCount)), sessionId: 0n },
            {
              gameCode,
              issueNo: issue.issueNo,
              playId: 'ssc_position',
              // One digit of the first ball: a note of 2.00, won one time in ten.
              selection: [[index % 10], [], [], [], []],
              unit: 'yuan',
              multiplier: 1,
              ticketId: `bench-${index}`,
            },
          );
        }
      }),
    );
    const placingMs = performance.now() - placingStartedAt;

    nowMs = Date.parse(issue.closesAt);
    await lottery.tick();
    nowMs = Date.parse(issue.drawAt);
    const settlingStartedAt = performance.now();
    await lottery.tick();
    const settlingMs = performance.now() - settlingStartedAt;
    const settled = (await lottery.results(siteId, { gameCode, pageNum: 1, pageSize: 10 })).list.find(
      (draw) => draw.issueNo === issue.issueNo,
    );
    if (settled?.status !== 'settled') {
      throw new Error(`lottery bench: issue ${issue.issueNo} ended ${settled?.status ?? 'missing'}`);
    }
    const report = await ledger.reconcile();
    if (report.problems.length > 0) {
      throw new Error(`lottery bench: the ledger does not reconcile: ${JSON.stringify(report.problems)}`);
    }

    const batchRate = await ledgerBatchRate(ledger, memberCount);
    const settleRate = (ticketCount * 1000) / settlingMs;
    return [
      {
        engine,
        measured: `place ${ticketCount} tickets (${memberCount} members, ${placingInFlight} in flight)`,
        'per second': Math.round((ticketCount * 1000) / placingMs),
        ratio: '',
      },
      {
        engine,
        measured: `draw and settle the issue (${ticketCount} tickets)`,
        'per second': Math.round(settleRate),
        ratio: `${(settleRate / batchRate).toFixed(2)} of the baseline (target 0.80)`,
      },
      {
        engine,
        measured: `ledger.batch of ${batchSize} transfers (baseline)`,
        'per second': Math.round(batchRate),
        ratio: '',
      },
    ];
  } finally {
    await node.close();
  }
}

/** Transfers per second through `ledger.batch`, one batch after another, member to house. */
async function ledgerBatchRate(ledger: LedgerService, memberCount: number): Promise<number> {
  const house: AccountRef = { kind: 'house', siteId, name: 'game' };
  let transfers = 0;
  let batch = 0;
  const startedAt = performance.now();
  while (performance.now() - startedAt < baselineMs) {
    batch += 1;
    await ledger.batch(
      Array.from({ length: batchSize }, (_, offset) => ({
        op: 'transfer' as const,
        request: {
          transferId: transferIds.named(`bench-lb-${batch}-${offset}`),
          debitAccount: memberAccount((batch * batchSize + offset) % memberCount),
          creditAccount: house,
          amountFen: fen(1n),
          kind: 'bet' as const,
        },
      })),
    );
    transfers += batchSize;
  }
  return (transfers * 1000) / (performance.now() - startedAt);
}
