/**
 * A server for a benchmark, in its own process so the load generator does not share its event
 * loop: `bare` is a plain Fastify route returning static JSON (the baseline), `app` is the real
 * app on a fresh PGlite data dir with demo data, `web` the same serving the web build in
 * apps/web/dist; `chat` and `ws-bare` are the chat bench's (chat-servers.ts). Prints `port=N` once
 * listening.
 */
import Fastify from 'fastify';
import { webDistDirDefault } from '../../apps/web/budget.ts';
import { startBenchNode } from './bench-node.ts';
import { listenBareWs, listenChatNode } from './chat-servers.ts';

const kind = process.argv[2];

async function listenBare() {
  const app = Fastify({ logger: false });
  app.post('/bare', async () => ({ code: 6000, message: '成功', data: { title: 'bare' } }));
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
  const address = kind === 'bare' ? await listenBare() : await listenApp();
  print(`port=${new URL(address).port}`);
}
