import {
  type allRoomMaintainSchema,
  type broadcastJoinSchema,
  type ChatLoginData,
  type ChatMessage,
  type chatHistoryDataSchema,
  chatSocketNamingId,
  type chatVipLevelDataSchema,
  FeedMsgId,
  type feedEventSchema,
  type joinRoomResultSchema,
  MsgId,
  type msgShieldDataSchema,
  type NamingEntry,
  type roomStatusDataSchema,
  type ServerFrame,
  type SportsbookBetEvent,
  socketHandshakePath,
  socketTiming,
  type speechStatusDataSchema,
} from '@site/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callRoute, reportApiFailure } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { deviceUuid } from './device.ts';
import { namingListQuery } from './site-data.ts';
import { readToken } from './token.ts';

/** Spec section 4: 0 closed, 1 open. */
export type SocketStatus = 0 | 1;

/** What each message id carries from the server when it succeeds (code 6000). */
export interface InboundData {
  [MsgId.heartbeat]: Record<string, never>;
  [MsgId.login]: ChatLoginData;
  [MsgId.joinRoom]: z.infer<typeof joinRoomResultSchema>;
  [MsgId.broadcastRoom]: ChatMessage;
  [MsgId.speechStatus]: z.infer<typeof speechStatusDataSchema>;
  [MsgId.msgShield]: z.infer<typeof msgShieldDataSchema>;
  [MsgId.roomStatus]: z.infer<typeof roomStatusDataSchema>;
  [MsgId.chatVipLevel]: z.infer<typeof chatVipLevelDataSchema>;
  [MsgId.broadcastJoin]: z.infer<typeof broadcastJoinSchema>;
  [MsgId.allRoomMaintain]: z.infer<typeof allRoomMaintainSchema>;
  [MsgId.shareBetRecord]: ChatMessage;
  [MsgId.chatHistory]: z.infer<typeof chatHistoryDataSchema>;
  [MsgId.leaveRoom]: { roomId: number };
  [MsgId.score]: ChatMessage;
  [MsgId.gift]: ChatMessage;
  [FeedMsgId.odds]: z.infer<typeof feedEventSchema>;
  [FeedMsgId.lotteryDraw]: z.infer<typeof feedEventSchema>;
  [FeedMsgId.tableRound]: z.infer<typeof feedEventSchema>;
  [FeedMsgId.sportsbookMatch]: z.infer<typeof feedEventSchema>;
  [FeedMsgId.sportsbookBoard]: z.infer<typeof feedEventSchema>;
  /** To the member's own sockets, not a feed topic. */
  [FeedMsgId.sportsbookBet]: SportsbookBetEvent;
  [FeedMsgId.subscribe]: { topics: string[] };
  [FeedMsgId.unsubscribe]: { topics: string[] };
}
export type InboundMsgId = keyof InboundData;

/** A frame as a listener gets it: the data when it succeeded, the refusal (code, Chinese message) when not. */
export type Inbound<Id extends InboundMsgId> =
  | { isOk: true; msgId: Id; data: InboundData[Id] }
  | { isOk: false; msgId: Id; error: ApiError };

/** The part of the browser's WebSocket the client uses; tests pass a fake. */
export type WebSocketLike = Pick<
  WebSocket,
  'readyState' | 'onopen' | 'onclose' | 'onerror' | 'onmessage' | 'send' | 'close'
>;

export interface SocketDeps {
  /** The handshake URL: the host of naming-list entry 51 plus the handshake path. */
  resolveUrl(): Promise<string>;
  open(url: string): WebSocketLike;
  hasToken(): boolean;
  /** The login message's data: a fresh token from GET /site/api/v1/user/member/jwt and the device uuid. */
  fetchLogin(): Promise<{ token: string; body: string }>;
  /** A refusal of login that ends the session (6001, 10004, 10104, 10105) goes to the app's auth handling. */
  onAuthError(error: ApiError): void;
  requestTimeoutMs?: number;
}

export interface SocketState {
  status: SocketStatus;
  isLoggedIn: boolean;
  /** The room this socket is in: cleared whenever the socket closes. */
  roomId: number | undefined;
  loginData: ChatLoginData | undefined;
  /** Reconnect attempts since the last open. */
  retryCount: number;
}

const initialState: SocketState = {
  status: 0,
  isLoggedIn: false,
  roomId: undefined,
  loginData: undefined,
  retryCount: 0,
};

const openReadyState = 1;
const successCode = 6000;
const requestTimeoutMsDefault = 10_000;
const sessionEndCodes = new Set([6001, 10004, 10104, 10105]);

/** Chat socket host: entry 51 of the site naming list. */
export function chatSocketHost(list: readonly NamingEntry[]): string | undefined {
  return list.find((entry) => entry.id === chatSocketNamingId)?.value;
}

/** `wss://host` from a naming value (an origin or empty for this site), with the handshake path. */
export function handshakeUrl(host: string | undefined, pageOrigin: string): string {
  const origin = host?.trim() ? host.trim().replace(/\/+$/, '') : pageOrigin;
  return `${origin.replace(/^http/, 'ws')}${socketHandshakePath}?clientType=web`;
}

function toInbound(frame: ServerFrame): Inbound<InboundMsgId> {
  const msgId = frame.msgId as InboundMsgId;
  return frame.code === successCode
    ? { isOk: true, msgId, data: frame.msgData as InboundData[InboundMsgId] }
    : {
        isOk: false,
        msgId,
        error: new ApiError('business', frame.code, frame.message, undefined, frame.msgData),
      };
}

function isServerFrame(value: unknown): value is ServerFrame {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ServerFrame).msgId === 'number' &&
    typeof (value as ServerFrame).code === 'number'
  );
}

/**
 * One socket for the whole client (spec sections 4 and 9), carrying the chat and the live feeds:
 * a general subscribe/publish client over `{ msgId, msgData }` frames. Listeners subscribe per
 * message id; `request` sends and waits for the answer of the same id. The rules of section 4:
 * - on open: status 1, the heartbeat starts (id 0, empty data, every 5 s), login is sent, the
 *   retry count resets;
 * - on close or error: status 0, the room is cleared; with a token it reconnects (at most 5
 *   times, 3 s apart); without one the login flag is cleared;
 * - an explicit `close()` resets everything and does not reconnect;
 * - login is sent only when not logged in; a heartbeat clears the login flag when the token is gone.
 */
export function createSocketClient(deps: SocketDeps) {
  let state: SocketState = initialState;
  let socket: WebSocketLike | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let isLoggingIn = false;
  /** Bumped by every connect and close: the events of an older socket are ignored. */
  let generation = 0;
  const listeners = new Map<number, Set<(inbound: Inbound<InboundMsgId>) => void>>();
  const stateListeners = new Set<() => void>();

  const setState = (patch: Partial<SocketState>) => {
    state = { ...state, ...patch };
    for (const listener of stateListeners) {
      listener();
    }
  };

  const rawSend = (msgId: number, msgData: unknown): boolean => {
    if (socket?.readyState !== openReadyState) {
      return false;
    }
    socket.send(JSON.stringify({ msgId, msgData }));
    return true;
  };

  const stopHeartbeat = () => {
    clearInterval(heartbeat);
    heartbeat = undefined;
  };

  const deliver = (frame: ServerFrame) => {
    if (frame.msgId === FeedMsgId.batch) {
      const frames = (frame.msgData as { frames?: unknown } | null)?.frames;
      for (const inner of Array.isArray(frames) ? frames : []) {
        if (isServerFrame(inner)) {
          deliver(inner);
        }
      }
      return;
    }
    const inbound = toInbound(frame);
    if (inbound.msgId === MsgId.login) {
      onLoginAnswer(inbound as Inbound<typeof MsgId.login>);
    }
    for (const listener of listeners.get(frame.msgId) ?? []) {
      listener(inbound);
    }
  };

  const onLoginAnswer = (inbound: Inbound<typeof MsgId.login>) => {
    if (inbound.isOk) {
      setState({ isLoggedIn: true, loginData: inbound.data });
    } else {
      setState({ isLoggedIn: false, loginData: undefined });
      if (sessionEndCodes.has(inbound.error.code)) {
        deps.onAuthError(inbound.error);
      }
    }
  };

  /** Sends 10001 unless this socket is logged in (or logging in) already. */
  const login = async () => {
    if (state.isLoggedIn || isLoggingIn || state.status !== 1 || !deps.hasToken()) {
      return;
    }
    isLoggingIn = true;
    const at = generation;
    try {
      const data = await deps.fetchLogin();
      if (at === generation) {
        rawSend(MsgId.login, data);
      }
    } catch {
      // No socket token now (network, session ended): the next open or sign-in tries again.
    } finally {
      isLoggingIn = false;
    }
  };

  const beat = () => {
    if (!deps.hasToken() && state.isLoggedIn) {
      setState({ isLoggedIn: false, loginData: undefined });
    }
    rawSend(MsgId.heartbeat, {});
  };

  const scheduleReconnect = () => {
    if (reconnectTimer !== undefined || state.retryCount >= socketTiming.reconnectAttemptsMax) {
      return;
    }
    setState({ retryCount: state.retryCount + 1 });
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, socketTiming.reconnectDelayMs);
  };

  const onDown = (at: number) => {
    if (at !== generation) {
      return;
    }
    stopHeartbeat();
    socket = undefined;
    setState({ status: 0, roomId: undefined });
    if (deps.hasToken()) {
      scheduleReconnect();
    } else {
      setState({ isLoggedIn: false, loginData: undefined });
    }
  };

  function subscribe<Id extends InboundMsgId>(
    msgId: Id,
    listener: (inbound: Inbound<Id>) => void,
  ): () => void {
    let set = listeners.get(msgId);
    if (!set) {
      set = new Set();
      listeners.set(msgId, set);
    }
    const entry = listener as (inbound: Inbound<InboundMsgId>) => void;
    set.add(entry);
    return () => set.delete(entry);
  }

  function request<Id extends InboundMsgId>(
    msgId: Id,
    msgData: unknown,
    matches: (inbound: Inbound<Id>) => boolean = () => true,
  ): Promise<InboundData[Id]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new ApiError('timeout', 0, 'timeout'));
      }, deps.requestTimeoutMs ?? requestTimeoutMsDefault);
      const stop = subscribe(msgId, (inbound) => {
        if (!matches(inbound)) {
          return;
        }
        stop();
        clearTimeout(timer);
        if (inbound.isOk) {
          resolve(inbound.data);
        } else {
          reject(inbound.error);
        }
      });
      if (!rawSend(msgId, msgData)) {
        stop();
        clearTimeout(timer);
        reject(new ApiError('network', 0, ''));
      }
    });
  }

  async function connect(): Promise<void> {
    if (socket) {
      return;
    }
    generation += 1;
    const at = generation;
    let url: string;
    try {
      url = await deps.resolveUrl();
    } catch {
      onDown(at);
      return;
    }
    if (at !== generation) {
      return;
    }
    const opened = deps.open(url);
    socket = opened;
    opened.onopen = () => {
      if (at !== generation) {
        return;
      }
      // A new socket has no session on the server until it logs in.
      setState({ status: 1, isLoggedIn: false, loginData: undefined, retryCount: 0 });
      stopHeartbeat();
      heartbeat = setInterval(beat, socketTiming.heartbeatIntervalMs);
      void login();
    };
    opened.onmessage = (event) => {
      if (at !== generation || typeof event.data !== 'string') {
        return;
      }
      try {
        const frame: unknown = JSON.parse(event.data);
        if (isServerFrame(frame)) {
          deliver(frame);
        }
      } catch {
        // Not JSON: nothing a listener could read.
      }
    };
    opened.onerror = () => onDown(at);
    opened.onclose = () => onDown(at);
  }

  return {
    getState: (): SocketState => state,
    /** Re-renders follow this (useSyncExternalStore). */
    subscribeState(listener: () => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /** Opens the socket if it is not open or opening. */
    connect,
    login,
    /** Listens to one message id: answers, refusals and broadcasts alike. */
    subscribe,
    /** Sends a frame; false when the socket is not open. */
    send: rawSend,
    /**
     * Sends and resolves with the first frame of the same id that `matches` (any, by default);
     * a refusal rejects with its ApiError, a closed socket or silence past the timeout with a
     * network error.
     */
    request,
    /** Joins a room (10002): the socket remembers it until it closes or leaves. */
    async joinRoom(roomId: number): Promise<InboundData[typeof MsgId.joinRoom]> {
      const joined = await request(MsgId.joinRoom, { roomId });
      setState({ roomId });
      return joined;
    },
    leaveRoom(roomId: number): void {
      rawSend(MsgId.leaveRoom, { roomId });
      if (state.roomId === roomId) {
        setState({ roomId: undefined });
      }
    },
    /** Ends the socket on purpose: everything resets and nothing reconnects. */
    close(): void {
      generation += 1;
      clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      stopHeartbeat();
      const closing = socket;
      socket = undefined;
      isLoggingIn = false;
      state = initialState;
      closing?.close(1000, 'closed by client');
      for (const listener of stateListeners) {
        listener();
      }
    },
  };
}

export type SocketClient = ReturnType<typeof createSocketClient>;

let shared: SocketClient | undefined;

/**
 * The client's one socket, made on first use (the chat page, later the live feeds): the host from
 * naming-list entry 51, the login token from the jwt route, session-ending refusals handed to the
 * app's auth handling like any API failure.
 */
export function sharedSocket(queryClient: QueryClient): SocketClient {
  shared ??= createSocketClient({
    resolveUrl: async () =>
      handshakeUrl(chatSocketHost(await queryClient.fetchQuery(namingListQuery)), window.location.origin),
    open: (url) => new WebSocket(url),
    hasToken: () => readToken() !== undefined,
    fetchLogin: async () => {
      const { token } = await callRoute('memberJwt', undefined, { isSilent: true });
      return { token, body: deviceUuid() };
    },
    onAuthError: reportApiFailure,
  });
  return shared;
}
