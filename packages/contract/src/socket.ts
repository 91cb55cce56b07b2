import { z } from 'zod';
import { callerIdSchema } from './cashier.ts';
import { betStatuses } from './constants.ts';
import { venueCodeSchema } from './venue.ts';

/** Socket message ids of spec section 7. Frames are `{ msgId, msgData }`. */
export const MsgId = {
  heartbeat: 0,
  login: 10001,
  joinRoom: 10002,
  broadcastRoom: 10003,
  speechStatus: 10004,
  msgShield: 10005,
  roomStatus: 10006,
  chatVipLevel: 10007,
  broadcastJoin: 10008,
  allRoomMaintain: 10009,
  shareBetRecord: 10010,
  chatHistory: 10011,
  leaveRoom: 10012,
  score: 10014,
  gift: 10017,
} as const;

/**
 * Ids of our own, in a range of their own beside the spec's: the frame that carries a flush
 * window's broadcasts, feed subscriptions, and the live feeds of the game engines.
 */
export const FeedMsgId = {
  /** Server to client: several frames coalesced into one socket write (`socketBatchSchema`). */
  batch: 20000,
  /** Live in-play odds of a match; topic `odds:<matchId>`. */
  odds: 20001,
  /** A lottery draw result; topic `draw:<gameCode>`. */
  lotteryDraw: 20002,
  /** A live table round (baccarat and the like); topic `table:<tableId>`. */
  tableRound: 20003,
  /** The sportsbook (20020-20029): a match's score, clock, 封盘 or prices changed; topic `match:<matchId>`. */
  sportsbookMatch: 20020,
  /** The sportsbook: one feed pass's changes to a sport's matches, main markets only; topic `board:<sport>`. */
  sportsbookBoard: 20021,
  /** The sportsbook, to the member's own sockets: one of his bets settled (`sportsbookBetEventSchema`). */
  sportsbookBet: 20022,
  /** Client to server: start receiving feed topics (`feedSubscribeSchema`). */
  subscribe: 20010,
  /** Client to server: stop receiving feed topics. */
  unsubscribe: 20011,
} as const;

export type MsgId = (typeof MsgId)[keyof typeof MsgId] | (typeof FeedMsgId)[keyof typeof FeedMsgId];

/** What a client sends. */
export interface SocketFrame<T = unknown> {
  msgId: MsgId;
  msgData: T;
}

/**
 * What the server sends: the spec's frame plus the envelope's code and message, so a refusal
 * reads like an API error (code 6000 for success and for every broadcast). A refusal's
 * `msgData` is `{ reason }` (`chatRefusalReasons`), so clients never parse the message text.
 */
export interface ServerFrame<T = unknown> extends SocketFrame<T> {
  code: number;
  message: string;
}

export const clientFrameSchema = z.object({
  msgId: z.number().int(),
  msgData: z.unknown().optional(),
});

export const serverFrameSchema = z.object({
  msgId: z.number().int(),
  code: z.number().int(),
  message: z.string(),
  msgData: z.unknown(),
});

/** msgId 20000: the frames of one flush window, in publish order. */
export const socketBatchSchema = z.object({ frames: z.array(serverFrameSchema) });

export const socketHandshakePath = '/stream/ws/v1/handshake';
/**
 * Site naming-list entry that holds the chat socket host. An empty value means the site's own
 * origin (the client turns http(s) into ws(s)); otherwise it is an origin such as
 * `wss://chat.example.com`.
 */
export const chatSocketNamingId = 51;

/** Spec section 9: the client sends a heartbeat every 5 s and reconnects 5 times, 3 s apart. */
export const socketTiming = {
  heartbeatIntervalMs: 5000,
  reconnectAttemptsMax: 5,
  reconnectDelayMs: 3000,
  /** The server drops a socket that sent nothing for three heartbeats. */
  silentDropMs: 15_000,
  /** Broadcasts to a topic are coalesced for this long before one write per socket. */
  flushWindowMs: 50,
} as const;

/**
 * Close codes the server uses (4000-4999 is the application range of RFC 6455). Before closing
 * a socket whose session ended, the server sends a 10001 frame carrying the end's code (6001,
 * 10104, 10105 or 10004), which the client handles as an auth error.
 */
export const socketCloseCodes = {
  /** The session ended: login elsewhere (6001), blocked (10104), password changed (10105), logged out (10004). */
  sessionEnded: 4001,
  /** Nothing heard for `silentDropMs`. */
  silent: 4002,
  /** The client did not read its frames fast enough; its send buffer passed the bound. */
  slowConsumer: 4003,
  /** A frame that is not JSON `{ msgId, msgData }`, or too large. */
  badFrame: 4004,
} as const;

// Client to server payloads.

/** 10001: `token` from GET /site/api/v1/user/member/jwt, `body` the device uuid the token was issued to. */
export const socketLoginSchema = z.object({
  token: z.string().min(1).max(2048),
  body: z.string().min(1).max(64),
});

const roomIdSchema = z.int32().positive();

export const roomRefSchema = z.object({ roomId: roomIdSchema });

/** 10003: text into a room. */
export const chatSendSchema = z.object({
  roomId: roomIdSchema,
  content: z.string().min(1).max(2000),
});

/** 10005 from a member: hide (or show again) another member's messages for himself. */
export const msgShieldRequestSchema = z.object({
  memberId: z.int().positive(),
  isShielded: z.boolean(),
});

/** 10010: share one of the sender's own bets into a room. */
export const shareBetRequestSchema = z.object({
  roomId: roomIdSchema,
  /** A bet id is unique within its venue. */
  venueCode: venueCodeSchema,
  betId: z.string().min(1).max(64),
});

/** 10011: older messages of a room, newest first, before `beforeId` when given. */
export const chatHistoryRequestSchema = z.object({
  roomId: roomIdSchema,
  beforeId: z.int().positive().optional(),
  limit: z.int().min(1).max(100).default(30),
});

/**
 * 10017: a gift from the catalogue to a member of the room. `giftOrderId` is made by the client,
 * kept across retries (the idempotency key of the money movement); `price` is the catalogue
 * price the client showed: another price answers 301220.
 */
export const giftRequestSchema = z.object({
  roomId: roomIdSchema,
  giftCode: z.string().min(1).max(32),
  toMemberId: z.int().positive(),
  price: z.string().regex(/^\d{1,12}\.\d{2}$/),
  giftOrderId: callerIdSchema,
});

/** 20010 / 20011: feed topics such as `odds:123`, `draw:ffc`, `table:b1`, `match:<matchId>`, `board:football`. */
export const feedTopicSchema = z.string().regex(/^(odds|draw|table|match|board):[A-Za-z0-9_-]{1,64}$/);
export const feedSubscribeSchema = z.object({ topics: z.array(feedTopicSchema).min(1).max(50) });

// Server to client payloads.

/** Speech status of a member in chat: 0 may speak, 1 muted until `mutedUntil`, 2 banned. */
export const speechStatuses = { normal: 0, muted: 1, banned: 2 } as const;
export type SpeechStatus = (typeof speechStatuses)[keyof typeof speechStatuses];

const isoTime = z.string().describe('ISO-8601 UTC time');

/**
 * 10001 answer, the spec's chat login data: `speechStatus`, and `vipMin` / `vipMax`, the
 * lowest and highest VIP level the site's rooms span (badges scale to them); `vipLevel` is the
 * member's own.
 */
export const chatLoginDataSchema = z.object({
  memberId: z.number().int(),
  nickname: z.string(),
  vipLevel: z.number().int(),
  speechStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  mutedUntil: isoTime.nullable(),
  vipMin: z.number().int(),
  vipMax: z.number().int(),
  shieldedMemberIds: z.array(z.number().int()),
});
export type ChatLoginData = z.infer<typeof chatLoginDataSchema>;

export const chatRoomSchema = z.object({
  roomId: z.number().int(),
  name: z.string(),
  vipMin: z.number().int(),
  vipMax: z.number().int(),
  isMaintenance: z.boolean(),
  sort: z.number().int(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A shared bet as the room sees it: the sender's own bet, with its result. */
export const sharedBetSchema = z.object({
  betId: z.string(),
  venueName: z.string(),
  gameName: z.string(),
  betContent: z.string(),
  amount: z.string(),
  payout: z.string().nullable(),
  status: z.enum(betStatuses),
  placedAt: isoTime,
});
export type SharedBet = z.infer<typeof sharedBetSchema>;

export const chatGiftSchema = z.object({
  giftCode: z.string(),
  giftName: z.string(),
  price: z.string(),
  toMemberId: z.number().int(),
  toNickname: z.string(),
});

/** 10014: a live score posted into a room. */
export const chatScoreSchema = z.object({
  matchName: z.string().min(1).max(60),
  homeTeam: z.string().min(1).max(40),
  awayTeam: z.string().min(1).max(40),
  homeScore: z.int().min(0).max(999),
  awayScore: z.int().min(0).max(999),
});
export type ChatScore = z.infer<typeof chatScoreSchema>;

const chatMessageBase = {
  messageId: z.number().int(),
  roomId: z.number().int(),
  /** null for messages of the system (scores, notices). */
  memberId: z.number().int().nullable(),
  nickname: z.string(),
  vipLevel: z.number().int(),
  createdAt: isoTime,
};

/** A message as a room shows it (10003, 10010, 10014, 10017 broadcasts; 10011 and history). */
export const chatMessageSchema = z.discriminatedUnion('kind', [
  z.object({ ...chatMessageBase, kind: z.literal('text'), content: z.string() }),
  z.object({ ...chatMessageBase, kind: z.literal('bet'), bet: sharedBetSchema }),
  z.object({ ...chatMessageBase, kind: z.literal('gift'), gift: chatGiftSchema }),
  z.object({ ...chatMessageBase, kind: z.literal('score'), score: chatScoreSchema }),
]);
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** 10002 answer. `canSpeak` false comes with the reason (VIP range, muted, banned, maintenance). */
export const joinRoomResultSchema = z.object({
  room: chatRoomSchema,
  history: z.array(chatMessageSchema),
  safetyNotice: z.string(),
  canSpeak: z.boolean(),
  speakRefusal: z.string().nullable(),
});

/** 10004 push (and answer to an empty 10004): the member's own speech status. */
export const speechStatusDataSchema = z.object({
  speechStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  mutedUntil: isoTime.nullable(),
  reason: z.string(),
});

/** 10005: a member's own shield list (answer), or a message an operator withdrew (broadcast). */
export const msgShieldDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), shieldedMemberIds: z.array(z.number().int()) }),
  z.object({ kind: z.literal('withdrawn'), roomId: z.number().int(), messageId: z.number().int() }),
]);

/** 10006: the site's rooms (answer to an empty 10006), or one room that changed (broadcast). */
export const roomStatusDataSchema = z.object({ rooms: z.array(chatRoomSchema) });

/** 10007: the member's VIP level. */
export const chatVipLevelDataSchema = z.object({ vipLevel: z.number().int() });

/** 10008 broadcast: someone entered the room. */
export const broadcastJoinSchema = z.object({
  roomId: z.number().int(),
  memberId: z.number().int(),
  nickname: z.string(),
  vipLevel: z.number().int(),
});

/** 10009 broadcast: every room of the site into or out of maintenance. */
export const allRoomMaintainSchema = z.object({ isMaintenance: z.boolean(), message: z.string() });

/** 10011 answer. */
export const chatHistoryDataSchema = z.object({
  roomId: z.number().int(),
  list: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

/** 20001-20003, 20020-20021: one event of a feed topic; each engine documents its `data`. */
export const feedEventSchema = z.object({ topic: feedTopicSchema, data: z.record(z.string(), z.unknown()) });

/**
 * Why the chat refused a frame, in `msgData.reason` of the refusal; the code and Chinese message
 * are in the frame. `notLoggedIn` answers 10004.
 */
export const chatRefusalReasons = [
  'notLoggedIn',
  'invalid',
  'noRoom',
  'notInRoom',
  'roomMaintenance',
  'allMaintenance',
  'vipLevel',
  'muted',
  'banned',
  'tooFast',
  'tooLong',
  'bannedWord',
  'contactDetails',
  'betNotFound',
  'giftUnknown',
  'giftPriceChanged',
  'giftToSelf',
  'giftReceiverNotInSite',
  'insufficientFunds',
  'giftIdReused',
  'systemOnly',
] as const;
export type ChatRefusalReason = (typeof chatRefusalReasons)[number];
