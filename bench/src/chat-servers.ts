/**
 * The two servers of the chat bench, each run by serve.ts in its own process: `chat`, the real
 * node with members ready to sign in to the socket, and `ws-bare`, a plain `ws` server that
 * coalesces and broadcasts in the same flush windows (the baseline). Each prints `port=N`; the
 * chat node first prints `setup=<json>` with the socket tokens.
 */

import v8 from 'node:v8';
import vm from 'node:vm';
import { errorMessages, FeedMsgId, MsgId, socketHandshakePath, socketTiming } from '@site/contract';
import { WebSocketServer } from 'ws';
import { startBenchNode } from './bench-node.ts';

export const chatBenchSpeakerCount = 50;

/**
 * On SIGUSR2: a full garbage collection, then `memory=<json>` (process.memoryUsage()), so the
 * bench reads what the sockets hold rather than garbage not yet collected.
 */
function reportMemoryOnSignal(print: (line: string) => void) {
  v8.setFlagsFromString('--expose-gc');
  const collectGarbage = vm.runInNewContext('gc') as () => void;
  process.on('SIGUSR2', () => {
    collectGarbage();
    print(`memory=${JSON.stringify(process.memoryUsage())}`);
  });
}
const password = 'Bench-Password-2026';

export interface ChatBenchSetup {
  roomId: number;
  reader: { token: string; device: string };
  speakers: Array<{ token: string; device: string }>;
}

/** The real node: one reader member (every reading socket signs in as it) and the speakers. */
export async function listenChatNode(print: (line: string) => void) {
  reportMemoryOnSignal(print);
  const node = await startBenchNode();
  process.once('SIGTERM', () => void node.close().finally(() => process.exit(0)));
  const { services } = node;
  const signedIn = async (index: number) => {
    const device = `bench-chat-device-${String(index).padStart(4, '0')}`;
    const caller = {
      siteId: 9001,
      deviceUuid: device,
      clientType: 'web' as const,
      ip: `10.88.0.${index + 1}`,
      headers: {},
    };
    const login = await services.members.register(caller, {
      username: `chat${String(index).padStart(4, '0')}`,
      password,
      confirmPassword: password,
      isAdultConfirmed: true,
      isRemember: false,
      referralCodes: {},
    });
    const principal = await services.sessions.authenticateMember({
      ...caller,
      headers: { token: login.token },
    });
    return { token: services.sessions.socketToken(caller, principal).token, device };
  };
  const reader = await signedIn(0);
  const speakers = [];
  for (let index = 1; index <= chatBenchSpeakerCount; index += 1) {
    speakers.push(await signedIn(index));
  }
  const [hall] = await services.chat.rooms(9001);
  print(`setup=${JSON.stringify({ roomId: hall?.roomId ?? 0, reader, speakers } satisfies ChatBenchSetup)}`);
  print(`port=${new URL(node.baseUrl).port}`);
}

/** The baseline: every text a client sends goes to every socket, coalesced per flush window. */
export async function listenBareWs(print: (line: string) => void) {
  reportMemoryOnSignal(print);
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: socketHandshakePath });
  let pending: string[] = [];
  let isFlushScheduled = false;
  const flush = () => {
    isFlushScheduled = false;
    const payload =
      pending.length === 1
        ? (pending[0] as string)
        : JSON.stringify({
            msgId: FeedMsgId.batch,
            code: 6000,
            message: errorMessages[6000],
            msgData: { frames: pending.map((frame) => JSON.parse(frame)) },
          });
    pending = [];
    for (const client of server.clients) {
      client.send(payload);
    }
  };
  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { msgId: number; msgData: { content?: string } };
      if (frame.msgId === MsgId.broadcastRoom) {
        pending.push(
          JSON.stringify({
            msgId: MsgId.broadcastRoom,
            code: 6000,
            message: errorMessages[6000],
            msgData: { kind: 'text', content: frame.msgData.content },
          }),
        );
        if (!isFlushScheduled) {
          isFlushScheduled = true;
          setTimeout(flush, socketTiming.flushWindowMs);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  print(`port=${typeof address === 'object' && address ? address.port : 0}`);
}
