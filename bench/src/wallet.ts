import { fen, siteIdDefault } from '@site/contract';
import type { DatabaseTarget } from '../../apps/server/src/db/database.ts';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import type { LedgerService } from '../../apps/server/src/ledger/service.ts';
import { transferIds } from '../../apps/server/src/ledger/transfer-ids.ts';
import { migrations } from '../../apps/server/src/migrations.ts';
import { createNode } from '../../apps/server/src/node.ts';
import type { SeamlessWallet } from '../../apps/server/src/seamless/service.ts';
import { systemClock } from '../../apps/server/src/stores/clock.ts';
import { openStores } from '../../apps/server/src/stores/stores.ts';
import { onEachEngine, printTable } from './harness.ts';

/**
 * Seamless wallet rounds (a debit, then the credit that settles it) per second, with each round's
 * p50/p99 latency, at `concurrentRounds` rounds in flight, through the wallet service of a real
 * node on PGlite (bet record, idempotency record, turnover audit and ledger in one transaction per
 * call). Next to it, in alternating slices of the same run on the same database: the ledger's bare
 * transfer rate (one checked single-statement transfer per operation) and the bare ledger round
 * (the same three money moves a round makes, reserve, post and payout, with nothing else).
 * On PGlite, then on PostgreSQL (DATABASE_URL, or a local one) when one answers.
 */
const concurrentRounds = 200;
const sliceCount = 6;
const sliceMs = 1_500;
const warmUpMs = 1_000;
const memberCount = 1_000;
const fundBatch = 100;
const siteId = siteIdDefault;
const venueCode = 'IMTY';
const venueAccount: AccountRef = { kind: 'venue', siteId, venueCode };
const memberAccount = (index: number): AccountRef => ({
  kind: 'member_main',
  siteId,
  memberId: BigInt(1 + index),
});

type Step = () => Promise<void>;

export async function runWalletBench(): Promise<void> {
  await onEachEngine('wallet', benchEngine);
}

async function benchEngine(engine: string, target: DatabaseTarget): Promise<void> {
  const node = await createNode({
    stores: await openStores({
      migrations,
      database: target,
      redisUrl: undefined,
      keyPrefix: 'bench:',
      clock: systemClock,
    }),
    clock: systemClock,
    defaultSiteId: siteId,
    rateLimitPerMinute: 100_000_000,
    logLevel: 'warn',
    trustProxyHops: 0,
  });
  try {
    const { ledger, seamless } = node.services;
    await fundMembers(ledger);
    const steps = {
      seamless: seamlessRound(seamless),
      transfer: bareTransfer(ledger),
      round: bareRound(ledger),
    };
    for (const step of Object.values(steps)) {
      await measure(step, warmUpMs);
    }
    const totals = {
      seamless: emptyTotal(),
      transfer: emptyTotal(),
      round: emptyTotal(),
    };
    for (let slice = 0; slice < sliceCount; slice += 1) {
      for (const [name, step] of Object.entries(steps) as Array<[keyof typeof steps, Step]>) {
        add(totals[name], await measure(step, sliceMs));
      }
    }
    const rate = (total: Total) => (total.done * 1000) / total.ms;
    const row = (label: string, unit: string, total: Total) => ({
      [`measured (${engine})`]: label,
      'per second': `${Math.round(rate(total))} ${unit}`,
      'p50 ms': percentile(total.latencies, 0.5).toFixed(1),
      'p99 ms': percentile(total.latencies, 0.99).toFixed(1),
    });
    printTable([
      row('seamless debit + credit', 'rounds', totals.seamless),
      row('bare ledger transfer (baseline)', 'transfers', totals.transfer),
      row('bare ledger round: reserve, post, payout (baseline)', 'rounds', totals.round),
    ]);
    const seamlessRate = rate(totals.seamless);
    process.stdout.write(
      [
        '',
        `${concurrentRounds} rounds in flight; p99 of a seamless round ${percentile(totals.seamless.latencies, 0.99).toFixed(1)} ms (target under 100 ms)`,
        `seamless rounds / bare ledger transfers = ${(seamlessRate / rate(totals.transfer)).toFixed(2)} (target at least 0.50)`,
        `seamless rounds / bare ledger rounds    = ${(seamlessRate / rate(totals.round)).toFixed(2)}`,
        '',
      ].join('\n'),
    );
  } finally {
    await node.close();
  }
}

interface Total {
  done: number;
  ms: number;
  latencies: number[];
}

const emptyTotal = (): Total => ({ done: 0, ms: 0, latencies: [] });

function add(total: Total, slice: Total): void {
  total.done += slice.done;
  total.ms += slice.ms;
  total.latencies.push(...slice.latencies);
}

/** `concurrentRounds` workers repeating `step` until the deadline; each step's latency is kept. */
async function measure(step: Step, durationMs: number): Promise<Total> {
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrentRounds }, async () => {
      while (performance.now() < deadline) {
        const stepStartedAt = performance.now();
        await step();
        latencies.push(performance.now() - stepStartedAt);
      }
    }),
  );
  return { done: latencies.length, ms: performance.now() - startedAt, latencies };
}

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `${process.pid}-${sequence}`;
};
const randomMember = () => Math.floor(Math.random() * memberCount);

/** A round as a venue plays it: stake 1.00, then a payout of 0 or 2.00. */
function seamlessRound(seamless: SeamlessWallet): Step {
  const venue = { siteId, venueCode };
  return async () => {
    const betId = `bench-${nextId()}`;
    await seamless.debit(venue, {
      transactionId: `${betId}-d`,
      memberId: BigInt(1 + randomMember()),
      betId,
      roundId: betId,
      gameCode: 'bench',
      amountFen: fen(100n),
      oddsE4: 20_000,
    });
    await seamless.credit(venue, {
      transactionId: `${betId}-c`,
      betId,
      payoutFen: fen(Math.random() < 0.5 ? 0n : 200n),
      isVoid: false,
    });
  };
}

function bareTransfer(ledger: LedgerService): Step {
  return async () => {
    await ledger.transfer({
      transferId: transferIds.named(`bench-t-${nextId()}`),
      debitAccount: memberAccount(randomMember()),
      creditAccount: venueAccount,
      amountFen: fen(1n),
      kind: 'bet',
    });
  };
}

/** The money moves of a round alone: reserve the stake, post it, pay out. */
function bareRound(ledger: LedgerService): Step {
  return async () => {
    const player = memberAccount(randomMember());
    const stakeId = transferIds.named(`bench-s-${nextId()}`);
    await ledger.transfer({
      transferId: stakeId,
      debitAccount: player,
      creditAccount: venueAccount,
      amountFen: fen(100n),
      kind: 'bet',
      isPending: true,
    });
    await ledger.post(stakeId);
    if (Math.random() < 0.5) {
      await ledger.transfer({
        transferId: transferIds.named(`bench-p-${nextId()}`),
        debitAccount: venueAccount,
        creditAccount: player,
        amountFen: fen(200n),
        kind: 'payout',
      });
    }
  };
}

async function fundMembers(ledger: LedgerService): Promise<void> {
  const sandbox: AccountRef = { kind: 'external', siteId, name: 'sandbox' };
  for (let start = 0; start < memberCount; start += fundBatch) {
    await ledger.batch(
      Array.from({ length: fundBatch }, (_, offset) => ({
        op: 'transfer' as const,
        request: {
          transferId: transferIds.named(`bench-fund-${process.pid}-${start + offset}`),
          debitAccount: sandbox,
          creditAccount: memberAccount(start + offset),
          amountFen: fen(100_000_000n),
          kind: 'deposit' as const,
        },
      })),
    );
  }
}
