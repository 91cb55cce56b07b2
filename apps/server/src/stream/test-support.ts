import { FeedMsgId, MsgId, routes, type ServerFrame, socketHandshakePath } from '@site/contract';
import { WebSocket } from 'ws';
import type { authClient } from '../session/test-support.ts';

/** What a raw socket received: every frame (batches unpacked, in order), and how it closed. */
export interface TestSocket {
  readonly socket: WebSocket;
  readonly frames: ServerFrame[];
  /** How many socket writes carried a batch frame (20000). */
  readonly batchWrites: () => number;
  send(msgId: number, msgData?: unknown): void;
  /** The first frame (from now on, or already received after `since`) that matches. */
  next(msgId: number, matches?: (frame: ServerFrame) => boolean, since?: number): Promise<ServerFrame>;
  /** Sends and waits for the answer with the same msgId. */
  request(msgId: number, msgData?: unknown): Promise<ServerFrame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

const waitMs = 5_000;

export async function openTestSocket(baseUrl: string, query = 'clientType=web'): Promise<TestSocket> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${socketHandshakePath}?${query}`);
  const frames: ServerFrame[] = [];
  const waiters = new Set<() => void>();
  let batches = 0;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as ServerFrame;
    if (frame.msgId === FeedMsgId.batch) {
      batches += 1;
      frames.push(...(frame.msgData as { frames: ServerFrame[] }).frames);
    } else {
      frames.push(frame);
    }
    for (const wake of waiters) {
      wake();
    }
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (
    msgId: number,
    matches: (frame: ServerFrame) => boolean = () => true,
    since = frames.length,
  ) =>
    new Promise<ServerFrame>((resolve, reject) => {
      const look = () => {
        const found = frames.slice(since).find((frame) => frame.msgId === msgId && matches(frame));
        if (found) {
          waiters.delete(look);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(
          new Error(`no frame ${msgId} within ${waitMs} ms; got ${JSON.stringify(frames.slice(since))}`),
        );
      }, waitMs);
      waiters.add(look);
      look();
    });
  const send = (msgId: number, msgData: unknown = {}) => socket.send(JSON.stringify({ msgId, msgData }));
  return {
    socket,
    frames,
    batchWrites: () => batches,
    send,
    next,
    request(msgId, msgData) {
      const since = frames.length;
      send(msgId, msgData);
      return next(msgId, () => true, since);
    },
    closed,
    close: () => socket.close(),
  };
}

/** A member's socket, logged in with a fresh socket token from the jwt route. */
export async function loggedInSocket(
  baseUrl: string,
  client: ReturnType<typeof authClient>,
  member: { token: string; device: string },
) {
  const jwt = await client.call<{ token: string }>('GET', routes.memberJwt.path, {
    token: member.token,
    device: member.device,
  });
  const socket = await openTestSocket(baseUrl);
  const login = await socket.request(MsgId.login, { token: jwt.data.token, body: member.device });
  if (login.code !== 6000) {
    throw new Error(`socket login refused with ${login.code}: ${login.message}`);
  }
  return { socket, login };
}
