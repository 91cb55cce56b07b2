import { type SportsbookPlaceBody, siteIdDefault } from '@site/contract';
import type { DatabaseTarget } from '../../apps/server/src/db/database.ts';
import type { AccountRef } from '../../apps/server/src/ledger/accounts.ts';
import type { SportsbookService } from '../../apps/server/src/sportsbook/service.ts';
import type { Clock } from '../../apps/server/src/stores/clock.ts';
import { openServiceNode } from './bench-node.ts';
import {
  type Engine,
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
 * Sportsbook bet placements per second, with each placement's p50/p99 latency, for 200 players
 * (each a distinct funded member) through `sportsbook.place` of a real node: pre-match slips of
 * 10.00 on the open main markets of the simulated board, picked from its match list at their odds
 * then, taking any price the book has moved to since (as the book moves prices while liability
 * builds), one in `parlayEvery` a two-match parlay (legs checked, bet, legs and member totals
 * written, the stake taken through the seamless wallet). Next to it, in alternating slices of the
 * same run on the same database: the ledger's bare transfer rate (one checked single-statement
 * transfer per operation, from the same players). Two loads: saturation, each player with its
 * next placement in flight at once (how many the node takes); then each player thinking between
 * placements (BETS_BENCH_THINK_MS on average, 5 s: a busier player than any real one), which is
 * what a placement costs a player while 200 play. Then every placed bet is looked up and the
 * ledger reconciled. The clock is the bench's own and stands still, so the fixtures the feed
 * passes put on the board stay before kick-off. On PGlite, then on PostgreSQL (DATABASE_URL, or a
 * local one) when one answers. BETS_BENCH_PLAYERS, BETS_BENCH_SLICES, BETS_BENCH_SLICE_MS and
 * BETS_BENCH_PACED_SLICE_MS make a run smaller.
 */
const sizes = () => ({
  players: Number(process.env.BETS_BENCH_PLAYERS ?? 200),
  thinkMs: Number(process.env.BETS_BENCH_THINK_MS ?? 5_000),
  sliceCount: Number(process.env.BETS_BENCH_SLICES ?? 6),
  sliceMs: Number(process.env.BETS_BENCH_SLICE_MS ?? 1_500),
  /** Thinking players place ~40 bets/s: longer slices give the p99 a few thousand samples. */
  pacedSliceMs: Number(process.env.BETS_BENCH_PACED_SLICE_MS ?? 4_000),
  warmUpMs: Number(process.env.BETS_BENCH_WARM_UP_MS ?? 1_000),
});
/** Each feed pass puts the next ten minutes of the schedule on the board. */
const feedPasses = 9;
const parlayEvery = 10;
const stake = '10';
const siteId = siteIdDefault;
const venueAccount: AccountRef = { kind: 'venue', siteId, venueCode: 'IMTY' };

type Leg = SportsbookPlaceBody['legs'][number];

export async function runBetsBench(): Promise<void> {
  await onEachEngine('bets', benchEngine);
}

async function benchEngine(engine: Engine, target: DatabaseTarget): Promise<void> {
  const { players, thinkMs, pacedSliceMs, ...slices } = sizes();
  // Beijing 12:00:30: the board fills with the afternoon's fixtures.
  const nowMs = Date.UTC(2026, 10, 25, 4, 0, 30);
  const clock: Clock = { now: () => nowMs };
  const node = await openServiceNode(target, clock);
  try {
    const { ledger, sportsbook } = node.services;
    await fundMembers(ledger, players);
    for (let pass = 0; pass < feedPasses; pass += 1) {
      await sportsbook.tick();
    }
    const picks = await openPicks(sportsbook, nowMs);
    const placed: string[][] = Array.from({ length: players }, () => []);
    const steps = {
      placement: placement(sportsbook, picks, placed),
      transfer: bareTransfer(ledger, memberAccount, venueAccount),
    };
    const totals = await measureInSlices(steps, { inFlight: players, ...slices });
    const paced = await measureInSlices(steps, {
      inFlight: players,
      thinkMs,
      ...slices,
      sliceMs: pacedSliceMs,
    });
    const betCount = await verify(sportsbook, placed);
    const report = await ledger.reconcile();
    if (report.problems.length > 0) {
      throw new Error(`bets bench: the ledger does not reconcile: ${JSON.stringify(report.problems)}`);
    }
    const row = (label: string, unit: string, total: Total) => ({
      [`measured (${engine})`]: label,
      'per second': `${Math.round(perSecond(total))} ${unit}`,
      'p50 ms': percentile(total.latencies, 0.5).toFixed(1),
      'p99 ms': percentile(total.latencies, 0.99).toFixed(1),
    });
    printTable([
      row(`sportsbook placement (1 in ${parlayEvery} a 2-leg parlay)`, 'bets', totals.placement),
      row('bare ledger transfer (baseline)', 'transfers', totals.transfer),
      row(`sportsbook placement, players thinking ~${thinkMs} ms`, 'bets', paced.placement),
      row(`bare ledger transfer, players thinking ~${thinkMs} ms`, 'transfers', paced.transfer),
    ]);
    process.stdout.write(
      [
        '',
        `${players} players on ${picks.length} picks of ${new Set(picks.map((pick) => pick.matchId)).size} matches: first each with its next placement in flight at once (saturation), then each placing again after a think time of ~${thinkMs} ms (exponential)`,
        `p99 of a placement: ${percentile(totals.placement.latencies, 0.99).toFixed(1)} ms saturated, ${percentile(paced.placement.latencies, 0.99).toFixed(1)} ms with think times (aim: p99 under 100 ms)`,
        `placements / bare ledger transfers = ${(perSecond(totals.placement) / perSecond(totals.transfer)).toFixed(2)}`,
        `checked: all ${betCount} bets placed found open; the ledger reconciles`,
        '',
      ].join('\n'),
    );
  } finally {
    await node.close();
  }
}

/** Every pick of the board's open main markets on matches not under way, at its current odds. */
async function openPicks(sportsbook: SportsbookService, nowMs: number): Promise<Leg[]> {
  const board = await sportsbook.matches({ filter: 'today', pageNum: 1, pageSize: 100 });
  const picks = board.list
    .filter(
      (match) => match.status === 'scheduled' && !match.isSuspended && Date.parse(match.kickOffAt) > nowMs,
    )
    .flatMap((match) =>
      match.markets
        .filter((market) => market.status === 'open')
        .flatMap((market) =>
          market.selections.map((selection) => ({
            matchId: match.matchId,
            marketKey: market.key,
            selectionKey: selection.key,
            odds: selection.odds,
          })),
        ),
    );
  if (new Set(picks.map((pick) => pick.matchId)).size < 2) {
    throw new Error(`bets bench: the board has ${picks.length} open picks, on fewer than two matches`);
  }
  return picks;
}

/** Player `worker` places a slip on random picks, and keeps its slip id. */
function placement(sportsbook: SportsbookService, picks: readonly Leg[], placed: string[][]): Step {
  const randomPick = () => picks[Math.floor(Math.random() * picks.length)] as Leg;
  let slipCount = 0;
  return async (worker) => {
    slipCount += 1;
    const slipId = `bench-${process.pid}-${slipCount}`;
    const first = randomPick();
    let body: SportsbookPlaceBody;
    if (slipCount % parlayEvery === 0) {
      let second = randomPick();
      while (second.matchId === first.matchId) {
        second = randomPick();
      }
      body = { kind: 'parlay', slipId, stake, acceptOdds: 'any', legs: [first, second] };
    } else {
      body = { kind: 'single', slipId, stake, acceptOdds: 'any', oddsFormat: 'Europe', legs: [first] };
    }
    const bet = await sportsbook.place({ siteId, memberId: BigInt(1 + worker) }, body);
    if (bet.status !== 'open') {
      throw new Error(`bets bench: slip ${slipId} is ${bet.status}, not open`);
    }
    placed[worker]?.push(slipId);
  };
}

/** Each player's bets, newest first, hold every slip it placed, open; answers how many there are. */
async function verify(sportsbook: SportsbookService, placed: readonly string[][]): Promise<number> {
  let betCount = 0;
  for (const [worker, slipIds] of placed.entries()) {
    const member = { siteId, memberId: BigInt(1 + worker), sessionId: 0n };
    const page = await sportsbook.bets(member, { pageNum: 1, pageSize: Math.max(1, slipIds.length) });
    const open = new Set(page.list.filter((bet) => bet.status === 'open').map((bet) => bet.slipId));
    const missing = slipIds.filter((slipId) => !open.has(slipId));
    if (missing.length > 0) {
      throw new Error(
        `bets bench: member ${member.memberId} lacks ${missing.length} placed bets: ${missing[0]}`,
      );
    }
    betCount += slipIds.length;
  }
  return betCount;
}
