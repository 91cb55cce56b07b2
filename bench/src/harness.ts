import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  errors: number;
}

/**
 * Starts `bench/src/serve.ts <kind>` in a child process and resolves with its port, and what it
 * printed up to then (a server may print its set-up before its port).
 */
export async function startServerProcess(
  kind: string,
): Promise<{ port: number; child: ChildProcess; output: string }> {
  const script = path.resolve(import.meta.dirname, 'serve.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, kind], {
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
