/**
 * `npm run bench -- chat`: opens up to 10,000 sockets to one node, each signed in and in one
 * room, then 50 speakers send 20 messages a second for 10 s. Prints the server's memory per
 * socket, messages delivered per second and the delivery p99, next to a bare `ws` server that
 * broadcasts in the same flush windows, measured in the same run. The machine is shared: the
 * figures are noisy.
 */
import { type ChildProcess, execSync } from 'node:child_process';
import { MsgId, socketHandshakePath, socketTiming } from '@site/contract';
import { WebSocket } from 'ws';
import { type ChatBenchSetup, chatBenchSpeakerCount } from './chat-servers.ts';
import { printTable, startServerProcess } from './harness.ts';

/** `npm run bench -- chat 2000` measures fewer sockets, for a quick look. */
const socketCountWanted = Number(process.argv[3] ?? 10_000);
const messagesPerSecond = 20;
const sendSeconds = 10;
const connectConcurrency = 200;
/** Every socket counts its deliveries; one in this many also reads them for latency. */
const latencySampleEvery = 20;

interface Figures {
  sockets: number;
  memoryPerSocketKb: number;
  rssGrowthMb: number;
  deliveredPerSecond: number;
  deliveryP99Ms: number;
}

const heartbeatFrame = JSON.stringify({ msgId: MsgId.heartbeat, msgData: {} });

interface MemoryUsage {
  rss: number;
  heapUsed: number;
  external: number;
}

/** Asks the server for its memory after a full collection (see `reportMemoryOnSignal`). */
function memoryOf(child: ChildProcess): Promise<MemoryUsage> {
  return new Promise((resolve) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /memory=(\{.*\})\n/.exec(output);
      if (match?.[1]) {
        child.stdout?.off('data', onData);
        resolve(JSON.parse(match[1]) as MemoryUsage);
      }
    };
    child.stdout?.on('data', onData);
    child.kill('SIGUSR2');
  });
}

/** The JS heap and the buffers outside it; `rss` shows the process as a whole. */
const heldBytes = (memory: MemoryUsage) => memory.heapUsed + memory.external;

/** How many sockets this process may open, leaving room for the server side and files. */
function socketsPossible(): { count: number; why: string | undefined } {
  const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
  // The bench and the server are separate processes: each holds one descriptor per socket.
  const possible = Number.isFinite(limit) ? limit - 200 : socketCountWanted;
  if (possible >= socketCountWanted) {
    return { count: socketCountWanted, why: undefined };
  }
  return { count: Math.max(100, possible), why: `ulimit -n is ${limit}` };
}

interface Reader {
  socket: WebSocket;
}

function connect(
  url: string,
  opened: WebSocket[],
  onOpen: (socket: WebSocket) => Promise<void>,
): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('error', reject);
    socket.once('open', () => {
      opened.push(socket);
      onOpen(socket).then(() => resolve(socket), reject);
    });
  });
}

/** Sends a frame and waits for the answer with the same msgId; fails on a refusal. */
function request(socket: WebSocket, msgId: number, msgData: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: WebSocket.RawData) => {
      const frame = JSON.parse(data.toString()) as { msgId: number; code: number; message: string };
      if (frame.msgId === msgId) {
        socket.off('message', onMessage);
        if (frame.code === 6000) {
          resolve();
        } else {
          reject(new Error(`${msgId} refused: ${frame.code} ${frame.message}`));
        }
      }
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ msgId, msgData }));
  });
}

async function openAll(count: number, open: (index: number) => Promise<WebSocket>): Promise<Reader[]> {
  const readers: Reader[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      readers.push({ socket: await open(index) });
    }
  };
  await Promise.all(Array.from({ length: connectConcurrency }, worker));
  return readers;
}

const textMarker = Buffer.from('"kind":"text"');
/** Counts in the raw bytes: decoding 10,000 sockets' frames would make the bench the bottleneck. */
const countOf = (data: Buffer, marker: Buffer) => {
  let count = 0;
  for (let at = data.indexOf(marker); at !== -1; at = data.indexOf(marker, at + marker.length)) {
    count += 1;
  }
  return count;
};

/** Listens to every reader: all count deliveries, a sample notes each message's delay. */
function listen(readers: Reader[], sentAt: Map<string, number>) {
  let delivered = 0;
  const delaysMs: number[] = [];
  readers.forEach((reader, index) => {
    reader.socket.removeAllListeners('message');
    const isSampled = index % latencySampleEvery === 0;
    reader.socket.on('message', (data: Buffer) => {
      delivered += countOf(data, textMarker);
      if (isSampled) {
        const receivedAt = performance.now();
        for (const match of data.toString().matchAll(/压测#(\d+)/g)) {
          const sent = sentAt.get(match[1] ?? '');
          if (sent !== undefined) {
            delaysMs.push(receivedAt - sent);
          }
        }
      }
    });
  });
  return { delivered: () => delivered, delaysMs };
}

/** 20 messages a second, round robin over the speakers (each stays inside the per-member rate). */
async function speak(speakers: WebSocket[], roomId: number, sentAt: Map<string, number>) {
  const total = messagesPerSecond * sendSeconds;
  for (let sequence = 0; sequence < total; sequence += 1) {
    const speaker = speakers[sequence % speakers.length] as WebSocket;
    sentAt.set(String(sequence), performance.now());
    speaker.send(
      JSON.stringify({ msgId: MsgId.broadcastRoom, msgData: { roomId, content: `压测#${sequence}` } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000 / messagesPerSecond));
  }
  // Let the last flush windows arrive.
  await new Promise((resolve) => setTimeout(resolve, 2000));
}

function p99Of(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN;
}

async function measure(kind: 'chat' | 'ws-bare', count: number): Promise<Figures> {
  const server = await startServerProcess(kind);
  const url = `ws://127.0.0.1:${server.port}${socketHandshakePath}?clientType=web`;
  // Every open socket beats every 5 s, as a client does, or the node drops it as silent.
  const opened: WebSocket[] = [];
  const heartbeats = setInterval(() => {
    for (const socket of opened) {
      socket.send(heartbeatFrame);
    }
  }, socketTiming.heartbeatIntervalMs);
  try {
    const setupLine = /setup=(.*)/.exec(server.output)?.[1];
    const setup = setupLine ? (JSON.parse(setupLine) as ChatBenchSetup) : undefined;
    const signIn = async (socket: WebSocket, account: { token: string; device: string } | undefined) => {
      if (setup && account) {
        await request(socket, MsgId.login, { token: account.token, body: account.device });
        await request(socket, MsgId.joinRoom, { roomId: setup.roomId });
      }
    };
    const speakers = await openAll(setup ? setup.speakers.length : chatBenchSpeakerCount, (index) =>
      connect(url, opened, (socket) => signIn(socket, setup?.speakers[index])),
    );
    // The first collection after start-up frees the database's start-up buffers: read after it.
    await memoryOf(server.child);
    const before = await memoryOf(server.child);
    const readers = await openAll(count, () =>
      connect(url, opened, (socket) => signIn(socket, setup?.reader)),
    );
    const after = await memoryOf(server.child);

    const sentAt = new Map<string, number>();
    const heard = listen(readers, sentAt);
    const startedAt = performance.now();
    await speak(
      speakers.map((speaker) => speaker.socket),
      setup?.roomId ?? 0,
      sentAt,
    );
    const seconds = (performance.now() - startedAt) / 1000;

    for (const reader of [...readers, ...speakers]) {
      reader.socket.terminate();
    }
    return {
      sockets: readers.length,
      memoryPerSocketKb:
        Math.round(((heldBytes(after) - heldBytes(before)) / 1024 / readers.length) * 10) / 10,
      rssGrowthMb: Math.round((after.rss - before.rss) / 1024 / 1024),
      deliveredPerSecond: Math.round(heard.delivered() / seconds),
      deliveryP99Ms: Math.round(p99Of(heard.delaysMs)),
    };
  } finally {
    clearInterval(heartbeats);
    server.child.kill('SIGTERM');
  }
}

export async function runChatBench() {
  const { count, why } = socketsPossible();
  if (why) {
    process.stdout.write(`${why}; measuring ${count} sockets instead of ${socketCountWanted}\n`);
  }
  const bare = await measure('ws-bare', count);
  const chat = await measure('chat', count);
  const row = (name: string, figures: Figures) => ({
    server: name,
    sockets: figures.sockets,
    'memory/socket KB': figures.memoryPerSocketKb,
    'memory total MB': Math.round((figures.memoryPerSocketKb * figures.sockets) / 1024),
    'RSS growth MB': figures.rssGrowthMb,
    'delivered msg/s': figures.deliveredPerSecond,
    'p99 ms': figures.deliveryP99Ms,
  });
  printTable([row('bare ws, same flush window', bare), row('chat node (gateway + chat)', chat)]);
  process.stdout.write(
    `aim: 10,000 sockets under 300 MB, p99 under 250 ms, at ${messagesPerSecond} messages/s in one room; a shared 2-core machine, so the figures are noisy\n`,
  );
}
