/**
 * A server for a benchmark, in its own process so the load generator does not share its event
 * loop: `bare` is a plain Fastify route returning static JSON (the baseline), `floor` the least
 * an API answer can cost (`listenFloor`), `app` is the real app on a fresh PGlite data dir with
 * demo data, `web` the same serving the web build in apps/web/dist; `chat` and `ws-bare` are the
 * chat bench's (chat-servers.ts). Prints `port=N` once listening.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@site/contract';
import Fastify from 'fastify';
import { createRequestGuard } from '../../apps/server/src/http/guard.ts';
import { OneLinePerRequest, openLogDestination } from '../../apps/server/src/http/request-log.ts';
import { registerSecurityHeaders } from '../../apps/server/src/http/security-headers.ts';
import { systemClock } from '../../apps/server/src/stores/clock.ts';
import { webDistDirDefault } from '../../apps/web/budget.ts';
import { startBenchNode } from './bench-node.ts';
import { listenBareWs, listenChatNode } from './chat-servers.ts';

const kind = process.argv[2];

async function listenBare() {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: 6000, message: '成功', data: { title: 'bare' } }));
  return app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * Bare Fastify doing only what no API answer can go without, with the app's own parts: security
 * headers, the header and signature checks of the request guard (its site and block lookups
 * answer at once), one log line per request, and `answer` (the JSON the app answered preInfo
 * with) serialised anew each time. The rate limiter, the stores, validation and the envelope are
 * left out: no preInfo on this machine could come nearer to bare Fastify than this.
 */
async function listenFloor(answer: string) {
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'bench-floor-'));
  const logStream = openLogDestination(path.join(logDir, 'node.log'));
  const app = Fastify({
    logger: { level: 'info', stream: logStream },
    logController: new OneLinePerRequest(),
  });
  registerSecurityHeaders(app);
  const guard = createRequestGuard(app, {
    clock: systemClock,
    defaultSiteId: 0,
    isKnownSite: async () => true,
    assertAccessAllowed: async () => {},
  })(routes.preInfo);
  if (!guard) {
    throw new Error('preInfo is expected to have a request guard');
  }
  const body: unknown = JSON.parse(answer);
  app.post(routes.preInfo.path, { onRequest: guard }, async () => body);
  process.once('SIGTERM', () => {
    const isLogWritten = once(logStream, 'close');
    logStream.end();
    void isLogWritten.then(() => rm(logDir, { recursive: true, force: true })).finally(() => process.exit(0));
  });
  return app.listen({ port: 0, host: '127.0.0.1' });
}

async function listenApp() {
  const node = await startBenchNode(kind === 'web' ? { webDistDir: webDistDirDefault } : {});
  // The parent ends this process with SIGTERM; remove the temporary data dir on the way out.
  process.once('SIGTERM', () => void node.close().finally(() => process.exit(0)));
  return node.baseUrl;
}

const print = (line: string) => process.stdout.write(`${line}\n`);
if (kind === 'chat') {
  await listenChatNode(print);
} else if (kind === 'ws-bare') {
  await listenBareWs(print);
} else {
  const address =
    kind === 'bare'
      ? await listenBare()
      : kind === 'floor'
        ? await listenFloor(process.argv[3] ?? '{}')
        : await listenApp();
  print(`port=${new URL(address).port}`);
}
