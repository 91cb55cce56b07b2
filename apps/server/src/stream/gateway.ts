import type { Writable } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import {
  clientFrameSchema,
  errorMessages,
  FeedMsgId,
  feedSubscribeSchema,
  MsgId,
  type ServerFrame,
  socketCloseCodes,
  socketHandshakePath,
  socketLoginSchema,
  socketTiming,
} from '@site/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { AppError } from '../app-error.ts';
import type { MemberPrincipal } from '../http/access.ts';
import type { SessionEnded } from '../session/ended-events.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import { createPresence } from './presence.ts';
import { createTopics, type TopicSubscriber } from './topics.ts';
import { encodeTextMessage } from './wire.ts';

/** One client socket on this node. */
export interface SocketConnection extends TopicSubscriber {
  /** The site of the handshake (`siteId` query), then of the member's session. */
  siteId: number;
  readonly ip: string;
  member: MemberPrincipal | undefined;
  readonly topics: Set<string>;
  lastHeardAtMs: number;
  /** Sends one frame to this socket alone. */
  send(frame: ServerFrame): void;
  close(code: number, reason: string): void;
}

/** Answers a frame with the data of its reply, or undefined to send none. */
export type FrameHandler = (connection: SocketConnection, msgData: unknown) => Promise<unknown>;

export interface GatewayDeps {
  pubsub: PubSub;
  clock: Clock;
  defaultSiteId: number;
  sessions: {
    authenticateSocket(token: string, deviceUuid: string): Promise<MemberPrincipal>;
    onSessionEnded(handler: (event: SessionEnded) => void): Promise<() => Promise<void>>;
    isSessionEndedBy(event: SessionEnded, memberId: bigint, sessionId: bigint): boolean;
  };
  assertAccessAllowed(caller: { siteId: number; deviceUuid: string; ip: string }): Promise<void>;
  /** Bytes a socket may have queued unsent; past this it is dropped (a slow reader). */
  sendBufferMaxBytes?: number;
  /** Topics whose subscriber count covers every node (chat rooms' online counts). */
  sharedCountPrefixes: ReadonlyArray<string>;
}

const frameBytesMax = 16 * 1024;
const framesQueuedMax = 64;
const sendBufferMaxBytesDefault = 1024 * 1024;

export const memberTopic = (memberId: bigint) => `member:${memberId}`;

/**
 * Feed topics named per site (a lottery game's code is its site's): a client subscribes to
 * `draw:SSC1` and hears its own site's, the site of its handshake or of its login.
 */
const siteFeedPrefixes: ReadonlyArray<string> = ['draw:'];
const siteTopicOf = (siteId: number, topic: string) => `site:${siteId}:${topic}`;
const feedTopicOf = (connection: SocketConnection, topic: string) =>
  siteFeedPrefixes.some((prefix) => topic.startsWith(prefix)) ? siteTopicOf(connection.siteId, topic) : topic;

export function frameOf(msgId: number, msgData: unknown): ServerFrame {
  return { msgId: msgId as ServerFrame['msgId'], code: 6000, message: errorMessages[6000], msgData };
}

function refusalFrame(msgId: number, error: AppError): ServerFrame {
  return {
    msgId: msgId as ServerFrame['msgId'],
    code: error.code,
    message: error.message,
    msgData: error.data,
  };
}

/** Reads a client payload with its contract schema; a bad one answers 10003 naming the field. */
export function parsePayload<T extends z.ZodType>(schema: T, msgData: unknown): z.output<T> {
  const parsed = schema.safeParse(msgData ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'msgData';
    throw new AppError(10003, `参数错误：${field} ${issue?.message ?? ''}`.trim(), {
      reason: 'invalid',
      field,
    });
  }
  return parsed.data;
}

/**
 * The live socket gateway (spec sections 4, 7 and 9): one WebSocket per client at
 * `/stream/ws/v1/handshake`, JSON frames `{ msgId, msgData }`, heartbeats, login with the
 * member's socket token, topics fanned out across nodes, and sockets closed at once when their
 * session ends on any node. Domains (chat, the game feeds) add their message handlers.
 */
export async function createGateway(deps: GatewayDeps) {
  const topics = createTopics(deps.pubsub);
  const presence = await createPresence({
    pubsub: deps.pubsub,
    sharedPrefixes: deps.sharedCountPrefixes,
    localCount: topics.subscriberCount,
  });
  const connections = new Set<SocketConnection>();
  const byMember = new Map<bigint, Set<SocketConnection>>();
  const handlers = new Map<number, { handler: FrameHandler; isMemberOnly: boolean }>();
  let loginData: (connection: SocketConnection) => Promise<unknown> = async () => ({});
  const sendBufferMaxBytes = deps.sendBufferMaxBytes ?? sendBufferMaxBytesDefault;

  const stopKicks = await deps.sessions.onSessionEnded((event) => {
    for (const connection of byMember.get(event.memberId) ?? []) {
      const member = connection.member;
      if (member && deps.sessions.isSessionEndedBy(event, member.memberId, member.sessionId)) {
        connection.send(refusalFrame(MsgId.login, new AppError(event.code)));
        connection.close(socketCloseCodes.sessionEnded, String(event.code));
      }
    }
  });

  const on = (msgId: number, handler: FrameHandler, options: { isMemberOnly: boolean }) => {
    handlers.set(msgId, { handler, isMemberOnly: options.isMemberOnly });
  };

  const subscribe = async (connection: SocketConnection, topic: string) => {
    if (!connection.topics.has(topic)) {
      connection.topics.add(topic);
      await topics.subscribe(topic, connection);
      presence.changed(topic);
      // The socket may have closed while this node started listening: its close found no topic yet.
      if (!connections.has(connection)) {
        await unsubscribe(connection, topic);
      }
    }
  };
  const unsubscribe = async (connection: SocketConnection, topic: string) => {
    if (connection.topics.delete(topic)) {
      await topics.unsubscribe(topic, connection);
      presence.changed(topic);
    }
  };

  on(MsgId.heartbeat, async () => ({}), { isMemberOnly: false });
  on(
    MsgId.login,
    async (connection, msgData) => {
      if (!connection.member) {
        const { token, body } = parsePayload(socketLoginSchema, msgData);
        const principal = await deps.sessions.authenticateSocket(token, body);
        await deps.assertAccessAllowed({ siteId: principal.siteId, deviceUuid: body, ip: connection.ip });
        connection.member = principal;
        connection.siteId = principal.siteId;
        let members = byMember.get(principal.memberId);
        if (!members) {
          members = new Set();
          byMember.set(principal.memberId, members);
        }
        members.add(connection);
        await subscribe(connection, memberTopic(principal.memberId));
      }
      return loginData(connection);
    },
    { isMemberOnly: false },
  );
  on(
    FeedMsgId.subscribe,
    async (connection, msgData) => {
      const { topics: wanted } = parsePayload(feedSubscribeSchema, msgData);
      for (const topic of wanted) {
        await subscribe(connection, feedTopicOf(connection, topic));
      }
      return { topics: wanted };
    },
    { isMemberOnly: false },
  );
  on(
    FeedMsgId.unsubscribe,
    async (connection, msgData) => {
      const { topics: unwanted } = parsePayload(feedSubscribeSchema, msgData);
      for (const topic of unwanted) {
        await unsubscribe(connection, feedTopicOf(connection, topic));
      }
      return { topics: unwanted };
    },
    { isMemberOnly: false },
  );

  const dispatch = async (connection: SocketConnection, raw: string, log: FastifyBaseLogger) => {
    let frame: z.output<typeof clientFrameSchema>;
    try {
      frame = clientFrameSchema.parse(JSON.parse(raw));
    } catch {
      connection.close(socketCloseCodes.badFrame, 'bad frame');
      return;
    }
    connection.lastHeardAtMs = deps.clock.now();
    const entry = handlers.get(frame.msgId);
    try {
      if (!entry) {
        throw new AppError(10003, '参数错误：msgId 不支持', { reason: 'invalid', field: 'msgId' });
      }
      if (entry.isMemberOnly && !connection.member) {
        throw new AppError(10004, '请先登录', { reason: 'notLoggedIn' });
      }
      const reply = await entry.handler(connection, frame.msgData);
      if (reply !== undefined) {
        connection.send(frameOf(frame.msgId, reply));
      }
    } catch (error) {
      if (error instanceof AppError) {
        connection.send(refusalFrame(frame.msgId, error));
        return;
      }
      log.error({ err: error, msgId: frame.msgId }, 'socket frame failed');
      connection.send(refusalFrame(frame.msgId, new AppError(10001)));
    }
  };

  /**
   * `stream` is the TCP socket under `socket`: our messages, framed once (`encodeTextMessage`),
   * are written to it directly, in order with what `ws` itself writes there (its close frames and
   * pongs), as `ws` never holds a message back without compression.
   */
  const accept = (
    socket: WebSocket,
    stream: Writable,
    siteId: number,
    ip: string,
    log: FastifyBaseLogger,
  ) => {
    const connection: SocketConnection = {
      siteId,
      ip,
      member: undefined,
      topics: new Set(),
      lastHeardAtMs: deps.clock.now(),
      write(message) {
        if (socket.readyState !== socket.OPEN) {
          return;
        }
        // A reader that falls this far behind is dropped rather than buffered without bound.
        if (socket.bufferedAmount > sendBufferMaxBytes) {
          socket.terminate();
          return;
        }
        stream.write(message);
      },
      send(frame) {
        this.write(encodeTextMessage(JSON.stringify(frame)));
      },
      close(code, reason) {
        socket.close(code, reason);
      },
    };
    connections.add(connection);
    let turn: Promise<void> = Promise.resolve();
    let queued = 0;
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        connection.close(socketCloseCodes.badFrame, 'binary frame');
        return;
      }
      // One frame at a time per socket, in order (a join before the text that follows it); a
      // client that queues more than `framesQueuedMax` unanswered frames is dropped.
      if (queued >= framesQueuedMax) {
        socket.terminate();
        return;
      }
      queued += 1;
      turn = turn
        .then(() => dispatch(connection, data.toString(), log))
        .finally(() => {
          queued -= 1;
        });
    });
    // A protocol error (an oversized frame, say) closes the socket; unheard, it would end the process.
    socket.on('error', (error) => log.debug({ err: error }, 'socket error'));
    socket.on('close', () => {
      connections.delete(connection);
      if (connection.member) {
        const members = byMember.get(connection.member.memberId);
        members?.delete(connection);
        if (members?.size === 0) {
          byMember.delete(connection.member.memberId);
        }
      }
      for (const topic of connection.topics) {
        void topics.unsubscribe(topic, connection);
      }
      connection.topics.clear();
    });
  };

  /** Closes the sockets that sent nothing, not even a heartbeat, for `silentDropMs`. */
  const dropSilent = () => {
    const silentSince = deps.clock.now() - socketTiming.silentDropMs;
    for (const connection of connections) {
      if (connection.lastHeardAtMs < silentSince) {
        connection.close(socketCloseCodes.silent, 'silent');
      }
    }
  };
  const sweeper = setInterval(dropSilent, socketTiming.heartbeatIntervalMs);
  sweeper.unref();

  return {
    /** Adds the WebSocket route to the app. */
    async register(app: FastifyInstance) {
      // In a scope of its own: the plugin's request hooks then run for the handshake only, not on
      // every HTTP request of the app.
      await app.register(async (scope) => {
        // No compression: messages are framed once and written straight to the TCP socket (`accept`).
        await scope.register(fastifyWebsocket, {
          options: { maxPayload: frameBytesMax, perMessageDeflate: false },
        });
        scope.get(socketHandshakePath, { websocket: true }, (socket, request) => {
          const query = request.query as Record<string, unknown>;
          const siteId = /^[1-9][0-9]{0,8}$/.test(String(query.siteId))
            ? Number(query.siteId)
            : deps.defaultSiteId;
          // The upgrade's socket, which `ws` took over.
          accept(socket, request.raw.socket, siteId, request.ip ?? 'unknown', request.log);
        });
      });
    },
    /** Handles a client message id; `isMemberOnly` ones answer 10004 before login. */
    on,
    /** The data a login answers (the chat's login data). */
    setLoginData(provider: (connection: SocketConnection) => Promise<unknown>) {
      loginData = provider;
    },
    subscribe,
    unsubscribe,
    /** To every subscriber of `topic` on every node, coalesced per flush window. */
    publish: (topic: string, msgId: number, msgData: unknown) =>
      topics.publish(topic, frameOf(msgId, msgData)),
    /** To the subscribers of a site's feed topic (`draw:SSC1` of that site), on every node. */
    publishToSite: (siteId: number, topic: string, msgId: number, msgData: unknown) =>
      topics.publish(siteTopicOf(siteId, topic), frameOf(msgId, msgData)),
    /** To every socket of the member, on every node. */
    publishToMember: (memberId: bigint, msgId: number, msgData: unknown) =>
      topics.publish(memberTopic(memberId), frameOf(msgId, msgData)),
    /** Subscribers on every node for shared topics (see `sharedCountPrefixes`), else on this one. */
    subscriberCount: presence.count,
    connectionCount: () => connections.size,
    dropSilent,
    async close() {
      clearInterval(sweeper);
      await stopKicks();
      await presence.close();
      for (const connection of connections) {
        connection.close(1001, 'server closing');
      }
      await topics.close();
    },
  };
}

export type Gateway = Awaited<ReturnType<typeof createGateway>>;
