import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { headerNames, routes } from '@site/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminQuery, type DatabaseTarget, type Db, openDatabase } from '../db/database.ts';
import { migrations } from '../migrations.ts';
import { type StaffCredentials, signInStaff } from '../operator/test-support.ts';
import { systemClock } from '../stores/clock.ts';
import { signedHeaders } from '../testing.ts';
import { reconcileLedger } from './reconcile.ts';
import { transferIds } from './transfer-ids.ts';

/**
 * kill -9 of the real server under load. `apps/server/src/main.ts` runs as `npm start` runs it,
 * on a fresh DATA_DIR (PGlite) or, with TEST_STORES=external, on a PostgreSQL schema of its own.
 * Concurrent HTTP clients move money (operator adjustments, member wallet <-> venue transfers);
 * every answer 6000 is an acknowledged operation. The server is killed mid-load, restarted on
 * the crashed data, killed again, and restarted once more. Then:
 *  - every acknowledged adjustment answers a replay with isReplay (over the API);
 *  - every acknowledged operation is in the ledger tables, with its side rows;
 *  - every operation not acknowledged is there in full or not at all;
 *  - the ledger reconciles with no problem.
 * On PGlite this is also the durability check after COMMIT (fsync off, but no acknowledged
 * transfer may be lost when only the process dies). The ledger-level crash.test.ts covers the
 * pending / post / void phases and batches, which no HTTP flow reaches yet.
 */
const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.DATABASE_URL);
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const mainScript = path.join(repoRoot, 'apps/server/src/main.ts');
const createOperatorScript = path.join(repoRoot, 'apps/server/src/operator/create-operator.ts');
const siteId = 9001;
const killRounds = 2;
const loadMs = 1_500;
const acksBeforeKillMin = 40;
const memberCount = 6;
const operatorWorkerCount = 3;
const password = 'Corr3ct-Horse-Battery';
const operatorName = 'crash_op';

type Operation =
  | { kind: 'adjustment'; id: string; memberId: number; direction: 'credit' | 'debit'; amount: string }
  | { kind: 'venue'; id: string; memberId: number; direction: 'in' | 'out' };

interface Attempt {
  operation: Operation;
  /** 'acked': answered 6000; 'refused': answered another code; 'unknown': no answer (killed). */
  outcome: 'acked' | 'refused' | 'unknown';
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

let serverEnv: NodeJS.ProcessEnv;
let target: DatabaseTarget;
let cleanUp: () => Promise<void>;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crash-http-'));
  const base: NodeJS.ProcessEnv = { ...process.env };
  // The node's own stores: in-process cache and sessions, so no shared Redis keys are touched.
  delete base.REDIS_URL;
  delete base.DATABASE_URL;
  serverEnv = {
    ...base,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000000',
    // Each test member registers from an address of its own (three registrations per IP are free).
    TRUST_PROXY_HOPS: '1',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-app'),
  };
  if (isExternal) {
    const url = process.env.DATABASE_URL ?? '';
    const schema = `crash_http_${randomBytes(5).toString('hex')}`;
    await adminQuery(url, `create schema ${schema}`);
    const schemaUrl = new URL(url);
    schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
    serverEnv.DATABASE_URL = schemaUrl.toString();
    target = { kind: 'postgres', url, schema, poolSize: 2 };
    cleanUp = async () => {
      await adminQuery(url, `drop schema ${schema} cascade`);
      await rm(dataDir, { recursive: true, force: true });
    };
  } else {
    target = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  for (const child of running) {
    child.kill('SIGKILL');
  }
  await cleanUp?.();
});

it('keeps every acknowledged operation through kill -9 of the HTTP server', {
  timeout: 240_000,
}, async () => {
  const operatorCredentials = await createOperator();
  const attempts: Attempt[] = [];
  for (let round = 0; round < killRounds; round += 1) {
    const server = await startServer();
    const roundAttempts = await loadUntilKilled(server, operatorCredentials, round);
    attempts.push(...roundAttempts);
    expect(server.child.signalCode, 'the server must die by SIGKILL mid-load').toBe('SIGKILL');
    expect(roundAttempts.filter((attempt) => attempt.outcome === 'acked').length).toBeGreaterThanOrEqual(
      acksBeforeKillMin,
    );
  }

  // Restarted on the crashed data: it serves, and answers every acknowledged adjustment as a replay.
  const server = await startServer();
  const operator = await operatorLogin(server.baseUrl, operatorCredentials);
  const ackedAdjustments = attempts.filter(
    (attempt) => attempt.outcome === 'acked' && attempt.operation.kind === 'adjustment',
  );
  const notReplayed: string[] = [];
  await inParallel(ackedAdjustments, 6, async ({ operation }) => {
    if (operation.kind !== 'adjustment') {
      return;
    }
    const answer = await call<{ isReplay: boolean }>(server.baseUrl, routes.adminAdjust.path, {
      token: operator,
      body: adjustmentBody(operation),
    });
    if (answer.code !== 6000 || !answer.data.isReplay) {
      notReplayed.push(`${operation.id}: ${answer.code} ${answer.message}`);
    }
  });
  expect(notReplayed).toEqual([]);
  await stopServer(server);

  const db = await openDatabase(target, migrations);
  try {
    expect(await problemsOf(db, attempts)).toEqual([]);
    const report = await reconcileLedger(db);
    expect(report.problems).toEqual([]);
  } finally {
    await db.destroy();
  }
});

/** What the ledger and the cashier tables hold of each attempted operation, checked against its outcome. */
async function problemsOf(db: Db, attempts: Attempt[]): Promise<string[]> {
  const problems: string[] = [];
  for (const { operation, outcome } of attempts) {
    const transfer = await db
      .selectFrom('ledger_transfers')
      .select(['id', 'status'])
      .where(
        'id',
        '=',
        operation.kind === 'adjustment'
          ? transferIds.adjustment(siteId, operation.id)
          : transferIds.venueTransfer(BigInt(operation.memberId), operation.id),
      )
      .executeTakeFirst();
    const entries = await db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('transfer_id', '=', transfer?.id ?? '')
      .executeTakeFirstOrThrow();
    const parts: Record<string, boolean> = {
      transfer: transfer?.status === 'posted',
      entries: Number(entries.count) === 1,
    };
    if (operation.kind === 'adjustment') {
      const action = await db
        .selectFrom('audit_log')
        .select('id')
        .where('action', '=', 'cashier.adjustment')
        .where('target', '=', operation.id)
        .executeTakeFirst();
      parts.operatorAction = action !== undefined;
      if (operation.direction === 'credit') {
        const requirement = await db
          .selectFrom('cashier_turnover_requirements')
          .select('id')
          .where('source', '=', 'adjustment')
          .where('source_ref', '=', operation.id)
          .executeTakeFirst();
        parts.turnoverRequirement = requirement !== undefined;
      }
    }
    const present = Object.values(parts);
    const isWhole = present.every(Boolean);
    const isAbsent = transfer === undefined && present.every((part) => !part);
    const describe = `${operation.kind} ${operation.id} (${outcome}): ${JSON.stringify(parts)}`;
    if (outcome === 'acked' && !isWhole) {
      problems.push(`acknowledged but not all there: ${describe}`);
    } else if (outcome === 'refused' && !isAbsent) {
      problems.push(`refused but stored: ${describe}`);
    } else if (!isWhole && !isAbsent) {
      problems.push(`half there: ${describe}`);
    }
  }
  return problems;
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<void>;
  output: () => string;
}

/** Starts main.ts as `npm start` does (node --import tsx) on a free port and waits for /healthz. */
async function startServer(): Promise<Server> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce();
    } catch (error) {
      // Another process may take the probed port before the server binds it: try another.
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) {
        throw error;
      }
    }
  }
}

async function startServerOnce(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: { ...serverEnv, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const output = captureOutput(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        return { child, baseUrl, exited, output };
      }
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within 90 s:\n${output()}`);
    }
    await sleep(200);
  }
}

async function stopServer(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
  expect(server.child.exitCode, server.output()).toBe(0);
}

/** The last lines the child wrote, for the failure message; the pipes are drained so it never blocks. */
function captureOutput(child: ChildProcess): () => string {
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - 40));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => lines.join('\n');
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') {
    throw new Error('no free port');
  }
  return address.port;
}

/** `npm run operator:create` on the same data, before the server holds it; returns the password. */
async function createOperator(): Promise<StaffCredentials> {
  const child = spawn(process.execPath, ['--import', 'tsx', createOperatorScript, operatorName], {
    cwd: repoRoot,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const match = /password \(shown once\): (\S+)/.exec(stdout);
  if (exitCode !== 0 || !match?.[1]) {
    throw new Error(`operator:create failed (${exitCode}):\n${stdout}\n${stderr}`);
  }
  return { username: operatorName, password: match[1] };
}

async function call<T>(
  baseUrl: string,
  urlPath: string,
  options: { body?: object; token?: string; ip?: string; device?: string } = {},
): Promise<Envelope<T>> {
  const headers = await signedHeaders('POST', urlPath, systemClock, {
    [headerNames.deviceUuid]: options.device ?? 'crash-device-operator',
    ...(options.token ? { [headerNames.token]: options.token } : {}),
  });
  const response = await fetch(`${baseUrl}${urlPath}`, {
    method: 'POST',
    headers: {
      ...headers,
      'content-type': 'application/json',
      'x-forwarded-for': options.ip ?? '192.0.2.1',
    },
    body: JSON.stringify(options.body ?? {}),
    signal: AbortSignal.timeout(30_000),
  });
  return (await response.json()) as Envelope<T>;
}

function operatorLogin(baseUrl: string, operator: StaffCredentials): Promise<string> {
  return signInStaff((body) => call(baseUrl, routes.adminLogin.path, { body }), operator, systemClock);
}

function adjustmentBody(operation: Extract<Operation, { kind: 'adjustment' }>) {
  return {
    memberId: operation.memberId,
    direction: operation.direction,
    amount: operation.amount,
    reason: '崩溃测试调整',
    adjustmentId: operation.id,
    turnoverMultiple: operation.direction === 'credit' ? 1 : 0,
  };
}

/**
 * One round: members register, the operator funds them, then operator and member clients move
 * money concurrently; after `loadMs` (and enough acknowledgements) the server gets SIGKILL while
 * requests are in flight. Returns every attempt with its outcome.
 */
async function loadUntilKilled(
  server: Server,
  operatorCredentials: StaffCredentials,
  round: number,
): Promise<Attempt[]> {
  const tag = randomBytes(3).toString('hex');
  const operator = await operatorLogin(server.baseUrl, operatorCredentials);
  const members = await Promise.all(
    Array.from({ length: memberCount }, async (_, index) => {
      const ip = `10.${round + 1}.${index + 1}.1`;
      const device = `crash-device-${round}-${index}`;
      const username = `crash${round}m${index}${tag}`;
      const answer = await call<{ token: string; member: { memberId: number } }>(
        server.baseUrl,
        routes.register.path,
        {
          body: { username, password, confirmPassword: password, isAdultConfirmed: true },
          ip,
          device,
        },
      );
      if (answer.code !== 6000) {
        throw new Error(`registration refused: ${answer.code} ${answer.message}`);
      }
      return { token: answer.data.token, memberId: answer.data.member.memberId, ip, device };
    }),
  );

  const attempts: Attempt[] = [];
  let ackCount = 0;
  let isKilled = false;
  const attempt = async (operation: Operation, send: () => Promise<Envelope<unknown>>) => {
    const record: Attempt = { operation, outcome: 'unknown' };
    attempts.push(record);
    try {
      const answer = await send();
      record.outcome = answer.code === 6000 ? 'acked' : 'refused';
      ackCount += answer.code === 6000 ? 1 : 0;
    } catch {
      // No answer: the server died with the request in flight.
    }
  };
  const adjust = (operation: Extract<Operation, { kind: 'adjustment' }>) =>
    attempt(operation, () =>
      call(server.baseUrl, routes.adminAdjust.path, { token: operator, body: adjustmentBody(operation) }),
    );

  for (const member of members) {
    await adjust({
      kind: 'adjustment',
      id: `adj-${tag}-fund-${member.memberId}`,
      memberId: member.memberId,
      direction: 'credit',
      amount: '500.00',
    });
  }

  const operatorWorker = async (worker: number) => {
    for (let step = 0; !isKilled; step += 1) {
      const member = members[(worker + step) % members.length];
      if (!member) {
        return;
      }
      await adjust({
        kind: 'adjustment',
        id: `adj-${tag}-w${worker}-${step}`,
        memberId: member.memberId,
        direction: step % 3 === 2 ? 'debit' : 'credit',
        amount: '1.00',
      });
    }
  };
  const memberWorker = async (member: (typeof members)[number]) => {
    for (let step = 0; !isKilled; step += 1) {
      const direction = step % 2 === 0 ? 'in' : 'out';
      const operation: Operation = {
        kind: 'venue',
        id: `vt-${tag}-${member.memberId}-${step}`,
        memberId: member.memberId,
        direction,
      };
      await attempt(operation, () =>
        call(server.baseUrl, routes.venueTransfer.path, {
          token: member.token,
          ip: member.ip,
          device: member.device,
          body: { venueCode: 'ZR', direction, amount: '1.00', transferId: operation.id },
        }),
      );
    }
  };

  const workers = [
    ...Array.from({ length: operatorWorkerCount }, (_, worker) => operatorWorker(worker)),
    ...members.map(memberWorker),
  ];
  const startedAt = Date.now();
  const giveUpAt = startedAt + 60_000;
  while ((Date.now() - startedAt < loadMs || ackCount < acksBeforeKillMin) && Date.now() < giveUpAt) {
    await sleep(25);
  }
  // Workers start nothing new from here; the requests in flight meet the kill.
  isKilled = true;
  server.child.kill('SIGKILL');
  await server.exited;
  await Promise.all(workers);
  return attempts;
}

async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const item = items[next];
        next += 1;
        if (item !== undefined) {
          await work(item);
        }
      }
    }),
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
