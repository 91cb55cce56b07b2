import { FeedMsgId, MsgId, socketTiming } from '@site/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import {
  chatSocketHost,
  createSocketClient,
  handshakeUrl,
  type SocketDeps,
  type WebSocketLike,
} from './socket.ts';

/** A WebSocket the test opens, answers and closes by hand. */
class FakeSocket implements WebSocketLike {
  readyState: WebSocket['readyState'] = 0;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onerror: WebSocketLike['onerror'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  readonly sent: Array<{ msgId: number; msgData: unknown }> = [];
  closedWith: number | undefined;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as { msgId: number; msgData: unknown });
  }
  close(code?: number): void {
    this.closedWith = code;
    this.readyState = 3;
  }
  /** The server accepted the connection. */
  accept(): void {
    this.readyState = 1;
    this.onopen?.call(this as never, new Event('open'));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.call(this as never, new CloseEvent('close', { code: 1006 }));
  }
  fail(): void {
    this.readyState = 3;
    this.onerror?.call(this as never, new Event('error'));
    this.onclose?.call(this as never, new CloseEvent('close', { code: 1006 }));
  }
  receive(frame: { msgId: number; code?: number; message?: string; msgData: unknown }): void {
    const data = JSON.stringify({ code: 6000, message: '成功', ...frame });
    this.onmessage?.call(this as never, new MessageEvent('message', { data }));
  }
  sentIds(): number[] {
    return this.sent.map((frame) => frame.msgId);
  }
}

const loginData = {
  memberId: 7,
  nickname: 'ab***',
  vipLevel: 0,
  speechStatus: 0,
  mutedUntil: null,
  vipMin: 0,
  vipMax: 99,
  shieldedMemberIds: [],
};

let sockets: FakeSocket[];
let hasToken: boolean;
let authErrors: ApiError[];

function makeClient(overrides: Partial<SocketDeps> = {}) {
  return createSocketClient({
    resolveUrl: async () => 'ws://site.test/stream/ws/v1/handshake?clientType=web',
    open: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    hasToken: () => hasToken,
    fetchLogin: async () => ({ token: 'socket-token', body: 'device-1' }),
    onAuthError: (error) => authErrors.push(error),
    ...overrides,
  });
}

/** Lets the promise callbacks (URL, login token) run. */
const flush = () => vi.advanceTimersByTimeAsync(0);

function latest(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) {
    throw new Error('no socket opened');
  }
  return socket;
}

async function openLoggedIn(client: ReturnType<typeof makeClient>) {
  await client.connect();
  latest().accept();
  await flush();
  latest().receive({ msgId: MsgId.login, msgData: loginData });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  hasToken = true;
  authErrors = [];
});
afterEach(() => vi.useRealTimers());

describe('socket client (spec section 4)', () => {
  it('is closed (status 0) until the socket opens, then status 1', async () => {
    const client = makeClient();
    expect(client.getState().status).toBe(0);
    await client.connect();
    expect(client.getState().status).toBe(0);
    latest().accept();
    expect(client.getState().status).toBe(1);
  });

  it('on open sends login with the jwt token and the device uuid, and marks logged in on the answer', async () => {
    const client = makeClient();
    await client.connect();
    latest().accept();
    await flush();
    expect(latest().sent).toEqual([
      { msgId: MsgId.login, msgData: { token: 'socket-token', body: 'device-1' } },
    ]);
    expect(client.getState().isLoggedIn).toBe(false);
    latest().receive({ msgId: MsgId.login, msgData: loginData });
    expect(client.getState()).toMatchObject({ isLoggedIn: true, loginData });
  });

  it('on open starts the heartbeat: id 0 with empty data every 5000 ms', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    const socket = latest();
    socket.sent.length = 0;
    await vi.advanceTimersByTimeAsync(socketTiming.heartbeatIntervalMs - 1);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual([{ msgId: MsgId.heartbeat, msgData: {} }]);
    await vi.advanceTimersByTimeAsync(socketTiming.heartbeatIntervalMs * 2);
    expect(socket.sentIds()).toEqual([0, 0, 0]);
  });

  it('logs in only when not logged in', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    await client.login();
    await flush();
    expect(
      latest()
        .sentIds()
        .filter((id) => id === MsgId.login),
    ).toHaveLength(1);
  });

  it('a heartbeat clears the login flag once the token is gone', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    hasToken = false;
    expect(client.getState().isLoggedIn).toBe(true);
    await vi.advanceTimersByTimeAsync(socketTiming.heartbeatIntervalMs);
    expect(client.getState()).toMatchObject({ isLoggedIn: false, loginData: undefined });
    // The socket stays open for public feeds.
    expect(client.getState().status).toBe(1);
  });

  it('on close: status 0, the room cleared, and with a token a reconnect 3000 ms later', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    const joining = client.joinRoom(3);
    latest().receive({ msgId: MsgId.joinRoom, msgData: { room: { roomId: 3 } } });
    await joining;
    expect(client.getState().roomId).toBe(3);

    latest().drop();
    expect(client.getState()).toMatchObject({ status: 0, roomId: undefined, retryCount: 1 });
    // The heartbeat stopped with the socket.
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs - 1);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[0]?.sentIds().filter((id) => id === MsgId.heartbeat)).toEqual([]);
  });

  it('an error counts as a close, once: one reconnect scheduled, not two', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    latest().fail();
    expect(client.getState()).toMatchObject({ status: 0, retryCount: 1 });
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs);
    expect(sockets).toHaveLength(2);
  });

  it('gives up after 5 reconnect attempts, and an open resets the retry count', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    latest().drop();
    for (let attempt = 1; attempt <= socketTiming.reconnectAttemptsMax; attempt += 1) {
      await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs);
      expect(sockets).toHaveLength(1 + attempt);
      latest().fail();
    }
    expect(client.getState().retryCount).toBe(socketTiming.reconnectAttemptsMax);
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs * 3);
    expect(sockets).toHaveLength(1 + socketTiming.reconnectAttemptsMax);

    // A later connect that opens starts counting again.
    await client.connect();
    latest().accept();
    expect(client.getState().retryCount).toBe(0);
  });

  it('a reconnected socket logs in again', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    latest().drop();
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs);
    latest().accept();
    await flush();
    expect(latest().sentIds()).toEqual([MsgId.login]);
  });

  it('on close without a token: the login flag cleared, no reconnect', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    hasToken = false;
    latest().drop();
    expect(client.getState()).toMatchObject({ status: 0, isLoggedIn: false, retryCount: 0 });
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs * 2);
    expect(sockets).toHaveLength(1);
  });

  it('an explicit close resets everything and does not reconnect', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    const joining = client.joinRoom(5);
    latest().receive({ msgId: MsgId.joinRoom, msgData: {} });
    await joining;
    client.close();
    expect(latest().closedWith).toBe(1000);
    expect(client.getState()).toEqual({
      status: 0,
      isLoggedIn: false,
      roomId: undefined,
      loginData: undefined,
      retryCount: 0,
    });
    // The socket's late close event changes nothing.
    latest().drop();
    await vi.advanceTimersByTimeAsync(socketTiming.reconnectDelayMs * 2);
    expect(sockets).toHaveLength(1);
    expect(
      latest()
        .sentIds()
        .filter((id) => id === MsgId.heartbeat),
    ).toEqual([]);
  });

  it('does not log in without a token; login() after sign-in does', async () => {
    hasToken = false;
    const client = makeClient();
    await client.connect();
    latest().accept();
    await flush();
    expect(latest().sent).toEqual([]);
    hasToken = true;
    await client.login();
    expect(latest().sentIds()).toEqual([MsgId.login]);
  });
});

describe('socket client frames', () => {
  it('unpacks a batch (20000) into its frames, in order, refusals included', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    const seen: unknown[] = [];
    client.subscribe(MsgId.broadcastRoom, (inbound) =>
      seen.push(inbound.isOk ? inbound.data : inbound.error.message),
    );
    latest().receive({
      msgId: FeedMsgId.batch,
      msgData: {
        frames: [
          { msgId: MsgId.broadcastRoom, code: 6000, message: '成功', msgData: { messageId: 1 } },
          { msgId: MsgId.broadcastJoin, code: 6000, message: '成功', msgData: {} },
          { msgId: MsgId.broadcastRoom, code: 6000, message: '成功', msgData: { messageId: 2 } },
        ],
      },
    });
    latest().receive({ msgId: MsgId.broadcastRoom, code: 6501, message: '发言过于频繁', msgData: {} });
    expect(seen).toEqual([{ messageId: 1 }, { messageId: 2 }, '发言过于频繁']);
  });

  it('request resolves with the answer, rejects a refusal with its code, and fails on a closed socket', async () => {
    const client = makeClient();
    await openLoggedIn(client);
    const history = client.request(MsgId.chatHistory, { roomId: 1 });
    latest().receive({ msgId: MsgId.chatHistory, msgData: { roomId: 1, list: [], hasMore: false } });
    await expect(history).resolves.toEqual({ roomId: 1, list: [], hasMore: false });

    const join = client.request(MsgId.joinRoom, { roomId: 9 });
    latest().receive({
      msgId: MsgId.joinRoom,
      code: 10003,
      message: '聊天室不存在',
      msgData: { reason: 'noRoom' },
    });
    await expect(join).rejects.toMatchObject({
      code: 10003,
      message: '聊天室不存在',
      data: { reason: 'noRoom' },
    });

    client.close();
    await expect(client.request(MsgId.roomStatus, {})).rejects.toBeInstanceOf(ApiError);
  });

  it('a request no answer reaches times out', async () => {
    const client = makeClient({ requestTimeoutMs: 1000 });
    await openLoggedIn(client);
    const rooms = client.request(MsgId.roomStatus, {});
    const outcome = expect(rooms).rejects.toMatchObject({ kind: 'timeout' });
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });

  it('a login refused for a session that ended goes to the auth handling', async () => {
    const client = makeClient();
    await client.connect();
    latest().accept();
    await flush();
    latest().receive({ msgId: MsgId.login, code: 6001, message: '您的账号已在其他设备登录', msgData: null });
    expect(client.getState().isLoggedIn).toBe(false);
    expect(authErrors.map((error) => error.code)).toEqual([6001]);
  });
});

describe('chatSocketHost', () => {
  it('reads entry 51 of the naming list', () => {
    expect(
      chatSocketHost([
        { id: 50, value: 'x' },
        { id: 51, value: 'wss://chat.site.test' },
      ] as never),
    ).toBe('wss://chat.site.test');
    expect(chatSocketHost([{ id: 50, value: 'x' }] as never)).toBeUndefined();
  });
});

describe('handshakeUrl', () => {
  it('uses the page origin for an empty entry 51, else the entry, as ws(s)', () => {
    expect(handshakeUrl('', 'https://m.site.test')).toBe(
      'wss://m.site.test/stream/ws/v1/handshake?clientType=web',
    );
    expect(handshakeUrl(undefined, 'http://127.0.0.1:3000')).toBe(
      'ws://127.0.0.1:3000/stream/ws/v1/handshake?clientType=web',
    );
    expect(handshakeUrl('wss://chat.site.test/', 'https://m.site.test')).toBe(
      'wss://chat.site.test/stream/ws/v1/handshake?clientType=web',
    );
    expect(handshakeUrl('https://chat.site.test', 'https://m.site.test')).toBe(
      'wss://chat.site.test/stream/ws/v1/handshake?clientType=web',
    );
  });
});
