import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import autocannon from 'autocannon';
import { adminQuery, type DatabaseTarget } from '../../apps/server/src/db/database.ts';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * Starts `bench/src/serve.ts <kind> [args]` in a child process and resolves with its port, and
 * what it printed up to then (a server may print its set-up before its port).
 */
export async function startServerProcess(
  kind: string,
  args: string[] = [],
): Promise<{ port: number; child: ChildProcess; output: string }> {
  const script = path.resolve(import.meta.dirname, 'serve.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /port=(\d+)/.exec(output);
      if (match?.[1]) {
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server ${kind} exited with ${code}`)));
  });
  return { port, child, output };
}

export async function runLoad(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ connections: 16, duration: 8, ...options });
  return {
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function printTable(rows: Record<string, string | number>[]) {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => String(row[column]).length)),
  );
  const line = (values: string[]) =>
    values.map((value, index) => value.padEnd(widths[index] ?? 0)).join('  ');
  process.stdout.write(`${line(columns)}\n${line(widths.map((width) => '-'.repeat(width)))}\n`);
  for (const row of rows) {
    process.stdout.write(`${line(columns.map((column) => String(row[column])))}\n`);
  }
}

export type Engine = 'PGlite' | 'PostgreSQL';

const defaultPostgresUrl = 'postgres://root@127.0.0.1:5432/test';

/**
 * Runs `bench` on PGlite in a directory of its own, then on PostgreSQL (DATABASE_URL, or the local
 * one) in a schema of its own when one answers; each is removed afterwards. Answers what each run
 * answered, in that order.
 */
export async function onEachEngine<T>(
  name: string,
  bench: (engine: Engine, target: DatabaseTarget) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  try {
    results.push(await bench('PGlite', { kind: 'pglite', dataDir }));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL ?? defaultPostgresUrl;
  const schema = `bench_${name}_${process.pid}`;
  const unavailable = await adminQuery(url, `create schema ${schema}`).then(
    () => undefined,
    (error: unknown) => String(error),
  );
  if (unavailable) {
    process.stdout.write(`PostgreSQL unavailable at ${url}: ${unavailable}\n`);
    return results;
  }
  try {
    results.push(await bench('PostgreSQL', { kind: 'postgres', url, schema, poolSize: 16 }));
  } finally {
    await adminQuery(url, `drop schema ${schema} cascade`);
  }
  return results;
}

/** One operation of a load; `worker` is the caller's index, from 0 to the number in flight. */
export type Step = (worker: number) => Promise<void>;

/** Operations done, the time they took together, and each one's latency. */
export interface Total {
  done: number;
  ms: number;
  latencies: number[];
}

/** `inFlight` workers repeating `step` until the deadline; each step's latency is kept. */
export async function measure(step: Step, inFlight: number, durationMs: number): Promise<Total> {
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: inFlight }, async (_, worker) => {
      while (performance.now() < deadline) {
        const stepStartedAt = performance.now();
        await step(worker);
        latencies.push(performance.now() - stepStartedAt);
      }
    }),
  );
  return { done: latencies.length, ms: performance.now() - startedAt, latencies };
}

/**
 * `players` workers each repeating `step` with a think time between steps, drawn from an
 * exponential distribution of mean `thinkMs` (players act at random moments, as people do), until
 * the deadline; each step's latency is kept. Where `measure` saturates the system, this asks what
 * a step costs a player while that many play.
 */
export async function measurePaced(
  step: Step,
  players: number,
  thinkMs: number,
  durationMs: number,
): Promise<Total> {
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const latencies: number[] = [];
  // A player whose think time runs past the deadline waits for it and places nothing more: were it
  // woken at the deadline instead, timers firing a little early would wake every such player at
  // once and end each slice in a burst that no player load makes.
  const thinks = async () => {
    const wakeAt = performance.now() - Math.log(1 - Math.random()) * thinkMs;
    await setTimeout(Math.min(wakeAt, deadline) - performance.now());
    return wakeAt < deadline;
  };
  await Promise.all(
    Array.from({ length: players }, async (_, worker) => {
      while (await thinks()) {
        const stepStartedAt = performance.now();
        await step(worker);
        latencies.push(performance.now() - stepStartedAt);
      }
    }),
  );
  return { done: latencies.length, ms: performance.now() - startedAt, latencies };
}

/**
 * Warms each step up, then runs the steps in turn, slice after slice, and adds each one's slices
 * up: load from anything else on the machine falls on every step alike, so their ratios hold.
 * Workers step back to back, or with think times when `thinkMs` is given.
 */
export async function measureInSlices<Name extends string>(
  steps: Record<Name, Step>,
  options: {
    inFlight: number;
    warmUpMs: number;
    sliceMs: number;
    sliceCount: number;
    /** Each of the `inFlight` workers thinks this long on average between steps (`measurePaced`). */
    thinkMs?: number;
  },
): Promise<Record<Name, Total>> {
  const named = Object.entries(steps) as Array<[Name, Step]>;
  const { thinkMs } = options;
  const run = (step: Step, durationMs: number) =>
    thinkMs === undefined
      ? measure(step, options.inFlight, durationMs)
      : measurePaced(step, options.inFlight, thinkMs, durationMs);
  for (const [, step] of named) {
    await run(step, options.warmUpMs);
  }
  const totals = {} as Record<Name, Total>;
  for (const [name] of named) {
    totals[name] = { done: 0, ms: 0, latencies: [] };
  }
  for (let slice = 0; slice < options.sliceCount; slice += 1) {
    for (const [name, step] of named) {
      const total = totals[name];
      const done = await run(step, options.sliceMs);
      total.done += done.done;
      total.ms += done.ms;
      for (const latency of done.latencies) {
        total.latencies.push(latency);
      }
    }
  }
  return totals;
}

export const perSecond = (total: Total) => (total.done * 1000) / total.ms;

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) {
    return 0;
  }
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
