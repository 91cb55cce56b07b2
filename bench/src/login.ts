import os from 'node:os';
import { hash } from '@node-rs/argon2';
import { basePathOf, clientVersion, headerNames, routes, signRequest } from '@site/contract';
import autocannon from 'autocannon';
import { argon2Options } from '../../apps/server/src/member/passwords.ts';
import { startBenchNode } from './bench-node.ts';
import { printTable } from './harness.ts';

const memberCount = 48;
const floodSize = 500;
const password = 'Bench-Password-2026';
const hashConcurrency = Math.max(2, os.availableParallelism());

interface Player {
  username: string;
  ip: string;
  deviceUuid: string;
}

const playerOf = (index: number): Player => ({
  username: `bench${String(index).padStart(4, '0')}`,
  ip: `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  deviceUuid: `bench-device-${String(index).padStart(4, '0')}`,
});

async function headersFor(method: string, url: string, player: Player): Promise<Record<string, string>> {
  const timestamp = String(Date.now());
  return {
    'content-type': 'application/json',
    'x-forwarded-for': player.ip,
    [headerNames.clientType]: 'web',
    [headerNames.version]: clientVersion,
    [headerNames.siteId]: '9001',
    [headerNames.deviceUuid]: player.deviceUuid,
    [headerNames.timestamp]: timestamp,
    [headerNames.sign]: await signRequest({
      method,
      basePath: basePathOf(url) ?? '',
      timestamp,
      deviceUuid: player.deviceUuid,
    }),
  };
}

const startApp = () => startBenchNode({ trustProxyHops: 1 });

/** Raw argon2id: the same parameters, `hashConcurrency` hashes in flight, no app around them. */
async function measureHashRate(count: number) {
  const startedAt = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await hash(`bench-password-${next}`, argon2Options);
    }
  };
  await Promise.all(Array.from({ length: hashConcurrency }, worker));
  return (count * 1000) / (performance.now() - startedAt);
}

async function registerPlayers(services: Awaited<ReturnType<typeof startApp>>['services']) {
  const players = Array.from({ length: memberCount }, (_, index) => playerOf(index));
  await Promise.all(
    players.map((player) =>
      services.members.register(
        { siteId: 9001, deviceUuid: player.deviceUuid, clientType: 'web', ip: player.ip, headers: {} },
        {
          username: player.username,
          password,
          confirmPassword: password,
          isAdultConfirmed: true,
          isRemember: false,
          referralCodes: {},
        },
      ),
    ),
  );
  return players;
}

/** autocannon over valid logins, each request as the next player; counts the envelope codes. */
async function measureLogins(baseUrl: string, players: Player[], durationSeconds: number) {
  const prepared = await Promise.all(
    players.map(async (player) => ({
      headers: await headersFor('POST', routes.login.path, player),
      body: JSON.stringify({ username: player.username, password }),
    })),
  );
  const codes = new Map<number, number>();
  let turn = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: 8,
    duration: durationSeconds,
    requests: [
      {
        method: 'POST',
        path: routes.login.path,
        setupRequest: (request) => {
          const next = prepared[turn % prepared.length];
          turn += 1;
          return { ...request, headers: next?.headers, body: next?.body };
        },
        onResponse: (_status, body) => {
          const code = (JSON.parse(body) as { code: number }).code;
          codes.set(code, (codes.get(code) ?? 0) + 1);
        },
      },
    ],
  });
  return { result, codes };
}

async function preInfoLoad(baseUrl: string, durationSeconds: number) {
  const headers = await headersFor('POST', routes.preInfo.path, playerOf(9_999));
  return autocannon({
    url: `${baseUrl}${routes.preInfo.path}`,
    method: 'POST',
    headers,
    body: JSON.stringify({ platformType: 6 }),
    connections: 4,
    duration: durationSeconds,
  });
}

/** 500 wrong-password logins at once, each from its own address, against registered names. */
async function flood(baseUrl: string) {
  const attempts = await Promise.all(
    Array.from({ length: floodSize }, async (_, index) => {
      const attacker = {
        ...playerOf(index % memberCount),
        ip: `10.99.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      };
      return {
        headers: await headersFor('POST', routes.login.path, attacker),
        body: JSON.stringify({ username: attacker.username, password: `wrong-${index}` }),
      };
    }),
  );
  const startedAt = performance.now();
  const answers = await Promise.all(
    attempts.map(async (attempt) => {
      try {
        const response = await fetch(`${baseUrl}${routes.login.path}`, { method: 'POST', ...attempt });
        return ((await response.json()) as { code: number }).code;
      } catch {
        return -1;
      }
    }),
  );
  const codes = new Map<number, number>();
  for (const code of answers) {
    codes.set(code, (codes.get(code) ?? 0) + 1);
  }
  return { codes, durationMs: performance.now() - startedAt };
}

const codeSummary = (codes: Map<number, number>) =>
  [...codes.entries()].map(([code, count]) => `${code}×${count}`).join(' ');

export async function runLoginBench(): Promise<void> {
  const app = await startApp();
  try {
    const players = await registerPlayers(app.services);
    const hashesPerSecond = await measureHashRate(200);
    await measureLogins(app.baseUrl, players, 2);
    const logins = await measureLogins(app.baseUrl, players, 8);
    await preInfoLoad(app.baseUrl, 2);
    const baseline = await preInfoLoad(app.baseUrl, 6);
    const during = preInfoLoad(app.baseUrl, 6);
    // Let the preInfo load settle before the flood starts, so its p99 covers the flood.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const flooded = await flood(app.baseUrl);
    const duringFlood = await during;
    const afterFlood = await fetch(`${app.baseUrl}${routes.preInfo.path}`, {
      method: 'POST',
      headers: await headersFor('POST', routes.preInfo.path, playerOf(9_998)),
      body: '{}',
    });

    printTable([
      {
        measure: `raw argon2id hash rate (m=19456 KiB, t=2, ${hashConcurrency} in flight)`,
        value: `${hashesPerSecond.toFixed(1)} hashes/s`,
      },
      {
        measure: 'valid logins through the app (8 connections)',
        value: `${logins.result.requests.average.toFixed(1)} logins/s`,
      },
      {
        measure: 'valid login latency p50 / p99',
        value: `${logins.result.latency.p50} / ${logins.result.latency.p99} ms`,
      },
      {
        measure: 'logins / raw hashes',
        value: (logins.result.requests.average / hashesPerSecond).toFixed(2),
      },
      { measure: 'login answers', value: codeSummary(logins.codes) },
      {
        measure: 'preInfo p99 without flood',
        value: `${baseline.latency.p99} ms (${Math.round(baseline.requests.average)} req/s)`,
      },
      {
        measure: `preInfo p99 during ${floodSize} parallel wrong logins`,
        value: `${duringFlood.latency.p99} ms (${Math.round(duringFlood.requests.average)} req/s, ${duringFlood.errors} errors, ${duringFlood.timeouts} timeouts)`,
      },
      {
        measure: 'flood answered in',
        value: `${Math.round(flooded.durationMs)} ms: ${codeSummary(flooded.codes)}`,
      },
      { measure: 'server after the flood', value: `preInfo HTTP ${afterFlood.status}` },
    ]);
  } finally {
    await app.close();
  }
}
