import { fen, siteIdDefault } from '@site/contract';
import type { DatabaseTarget } from '../../apps/server/src/db/database.ts';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import type { LedgerService } from '../../apps/server/src/ledger/service.ts';
import { transferIds } from '../../apps/server/src/ledger/transfer-ids.ts';
import type { SeamlessWallet } from '../../apps/server/src/seamless/service.ts';
import { openServiceNode } from './bench-node.ts';
import {
  measureInSlices,
  onEachEngine,
  percentile,
  perSecond,
  printTable,
  type Step,
  type Total,
} from './harness.ts';
import { bareTransfer, fundMembers, memberAccount } from './ledger-baseline.ts';

/**
 * Seamless wallet rounds (a debit, then the credit that settles it) per second, with each round's
 * p50/p99 latency, at `concurrentRounds` rounds in flight, through the wallet service of a real
 * node on PGlite (bet record, idempotency record, turnover audit and ledger in one transaction per
 * call). Next to it, in alternating slices of the same run on the same database: the ledger's bare
 * transfer rate (one checked single-statement transfer per operation) and the bare ledger round
 * (the same three money moves a round makes, reserve, post and payout, with nothing else).
 * Two loads: saturation, each of the 200 with its next round in flight at once (how many the node
 * takes); then each player thinking ~5 s between rounds (exponential, as at a busy table), which
 * is what a round costs a venue while 200 play. On PGlite, then on PostgreSQL (DATABASE_URL, or a
 * local one) when one answers.
 */
const concurrentRounds = 200;
const thinkMs = 5_000;
const sliceCount = 6;
const sliceMs = 1_500;
/** Thinking players play ~40 rounds/s: longer slices give the p99 a few thousand samples. */
const pacedSliceMs = 4_000;
const warmUpMs = 1_000;
const memberCount = 1_000;
const siteId = siteIdDefault;
const venueCode = 'IMTY';
const venueAccount: AccountRef = { kind: 'venue', siteId, venueCode };

export async function runWalletBench(): Promise<void> {
  await onEachEngine('wallet', benchEngine);
}

async function benchEngine(engine: string, target: DatabaseTarget): Promise<void> {
  const node = await openServiceNode(target);
  try {
    const { ledger, seamless } = node.services;
    await fundMembers(ledger, memberCount);
    const steps = {
      seamless: seamlessRound(seamless),
      transfer: bareTransfer(ledger, () => memberAccount(randomMember()), venueAccount),
      round: bareRound(ledger),
    };
    const totals = await measureInSlices(steps, {
      inFlight: concurrentRounds,
      warmUpMs,
      sliceMs,
      sliceCount,
    });
    const paced = await measureInSlices(steps, {
      inFlight: concurrentRounds,
      thinkMs,
      warmUpMs,
      sliceMs: pacedSliceMs,
      sliceCount,
    });
    const row = (label: string, unit: string, total: Total) => ({
      [`measured (${engine})`]: label,
      'per second': `${Math.round(perSecond(total))} ${unit}`,
      'p50 ms': percentile(total.latencies, 0.5).toFixed(1),
      'p99 ms': percentile(total.latencies, 0.99).toFixed(1),
    });
    printTable([
      row('seamless debit + credit', 'rounds', totals.seamless),
      row('bare ledger transfer (baseline)', 'transfers', totals.transfer),
      row('bare ledger round: reserve, post, payout (baseline)', 'rounds', totals.round),
      row(`seamless debit + credit, players thinking ~${thinkMs} ms`, 'rounds', paced.seamless),
      row(`bare ledger transfer, players thinking ~${thinkMs} ms`, 'transfers', paced.transfer),
      row(`bare ledger round, players thinking ~${thinkMs} ms`, 'rounds', paced.round),
    ]);
    const seamlessRate = perSecond(totals.seamless);
    process.stdout.write(
      [
        '',
        `${concurrentRounds} players: first each with its next round in flight at once (saturation), then each playing again after a think time of ~${thinkMs} ms (exponential)`,
        `p99 of a seamless round: ${percentile(totals.seamless.latencies, 0.99).toFixed(1)} ms saturated, ${percentile(paced.seamless.latencies, 0.99).toFixed(1)} ms with think times (target under 100 ms)`,
        `seamless rounds / bare ledger transfers = ${(seamlessRate / perSecond(totals.transfer)).toFixed(2)} (target at least 0.50)`,
        `seamless rounds / bare ledger rounds    = ${(seamlessRate / perSecond(totals.round)).toFixed(2)}`,
        '',
      ].join('\n'),
    );
  } finally {
    await node.close();
  }
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
