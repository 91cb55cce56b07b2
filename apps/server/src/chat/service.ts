import {
  type ChatLoginData,
  type ChatMessage,
  type ChatRoom,
  type ChatScore,
  type ChatSettings,
  chatGifts,
  chatRoomSchema,
  chatSafetyNotice,
  chatTextWidthMax,
  type Fen,
  formatFen,
  type GiftRecord,
  type giftRecordQuerySchema,
  type giftRequestSchema,
  MsgId,
  parseYuan,
  reportTimeZone,
  type SharedBet,
  type SortRequest,
  textWidth,
} from '@site/contract';
import type { z } from 'zod';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { MemberPrincipal, OperatorPrincipal } from '../http/access.ts';
import type { AccountRef } from '../ledger/accounts.ts';
import { type LedgerService, refusalOf } from '../ledger/service.ts';
import { transferIds } from '../ledger/transfer-ids.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';
import { textProblemOf } from './filters.ts';
import { chatRefusal } from './refusals.ts';
import * as store from './store.ts';
import type { StoredGift } from './tables.ts';

/** What the chat publishes through: the socket gateway's topics, on every node. */
export interface ChatPublisher {
  publish(topic: string, msgId: number, msgData: unknown): Promise<void>;
  publishToMember(memberId: bigint, msgId: number, msgData: unknown): Promise<void>;
  subscriberCount(topic: string): number;
}

/** A bet of the member, as the bet records present it; undefined when it is not the member's. */
/** One of the member's own bets as a room shows it; undefined for a bet that is not the member's. */
export type SharedBetOf = (
  siteId: number,
  memberId: bigint,
  bet: { venueCode: string; betId: string },
) => Promise<SharedBet | undefined>;

export interface ChatDeps {
  db: Db;
  clock: Clock;
  security: SecurityStateStore;
  ledger: LedgerService;
  audit: AuditLog;
  publisher: ChatPublisher;
  members: {
    findById(memberId: bigint): Promise<{ id: bigint; site_id: number; username: string } | undefined>;
    findByUsername(siteId: number, username: string): Promise<{ id: bigint; username: string } | undefined>;
    summariesOf(siteId: number, memberIds: ReadonlyArray<bigint>): Promise<Map<bigint, { username: string }>>;
  };
  /** The member's VIP level; there is no VIP domain yet, so the composition root answers 0 for all. */
  vipLevelOf(memberId: bigint): Promise<number>;
  /** From the bet records; undefined until that domain exists, and then 10010 finds no bet. */
  sharedBetOf: SharedBetOf;
}

export const roomTopicPrefix = 'room:';
export const roomTopic = (roomId: number) => `${roomTopicPrefix}${roomId}`;
export const siteChatTopic = (siteId: number) => `chat:${siteId}`;

const rateWindowMs = 10_000;
const historyOnJoin = 30;
const joinAnnounceEveryMs = 60_000;
const defaultSettings = {
  banned_words: [] as string[],
  gift_recipient: 'member' as const,
  messages_per_10s: 5,
  is_all_maintenance: false,
};

const beijingTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: reportTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const beijingTimeOf = (iso: string | null) => (iso === null ? '' : beijingTime.format(new Date(iso)));

/** How a member shows in the room: the username with its middle hidden. */
export function nicknameOf(username: string): string {
  return username.length <= 4
    ? `${username.slice(0, 1)}***`
    : `${username.slice(0, 2)}***${username.slice(-2)}`;
}

function presentRoom(row: store.RoomRow): ChatRoom {
  return chatRoomSchema.parse({
    roomId: row.id,
    name: row.name,
    vipMin: row.vip_min,
    vipMax: row.vip_max,
    isMaintenance: row.is_maintenance,
    sort: row.sort,
  });
}

function joinedResult(room: store.RoomRow, history: ChatMessage[], refusal: Error | undefined) {
  return {
    room: presentRoom(room),
    history,
    safetyNotice: chatSafetyNotice,
    canSpeak: refusal === undefined,
    speakRefusal: refusal?.message ?? null,
  };
}

export function presentMessage(row: store.MessageRow): ChatMessage {
  const base = {
    messageId: Number(row.id),
    roomId: row.room_id,
    memberId: row.member_id === null ? null : Number(row.member_id),
    nickname: row.nickname,
    vipLevel: row.vip_level,
    createdAt: row.created_at.toISOString(),
  };
  const body = row.body;
  if (row.kind === 'text' || body === null) {
    return { ...base, kind: 'text', content: row.content };
  }
  if ('bet' in body) {
    return { ...base, kind: 'bet', bet: body.bet };
  }
  if ('gift' in body) {
    const { priceFen, toMemberId, ...gift } = body.gift;
    return {
      ...base,
      kind: 'gift',
      gift: { ...gift, price: formatFen(BigInt(priceFen)), toMemberId: Number(toMemberId) },
    };
  }
  return { ...base, kind: 'score', score: body.score };
}

/**
 * The chat room: rooms with a VIP range, speech rules, message filters, shields, history,
 * shared bets, gifts and scores, and the console's moderation. Every broadcast goes through
 * the publisher, so it reaches the room's sockets on every node.
 */
export function createChatService(deps: ChatDeps) {
  const now = () => new Date(deps.clock.now());
  const settingsOf = async (siteId: number) => (await store.findSettings(deps.db, siteId)) ?? defaultSettings;

  const speakerOf = async (principal: MemberPrincipal) => {
    const member = await deps.members.findById(principal.memberId);
    if (!member) {
      throw chatRefusal('notLoggedIn');
    }
    return { nickname: nicknameOf(member.username), vipLevel: await deps.vipLevelOf(principal.memberId) };
  };

  const speechOf = (memberId: bigint) => speechNow(deps, memberId);

  const roomOf = async (siteId: number, roomId: number) => {
    const room = await store.findRoom(deps.db, siteId, roomId);
    if (!room) {
      throw chatRefusal('noRoom');
    }
    return room;
  };

  /** Why the member may not speak in the room now, or undefined. */
  const speakRefusalOf = async (principal: MemberPrincipal, room: store.RoomRow, vipLevel: number) => {
    if ((await settingsOf(principal.siteId)).is_all_maintenance) {
      return chatRefusal('allMaintenance');
    }
    if (room.is_maintenance) {
      return chatRefusal('roomMaintenance');
    }
    const speech = await speechOf(principal.memberId);
    if (speech.speechStatus === 2) {
      return chatRefusal('banned');
    }
    if (speech.speechStatus === 1) {
      return chatRefusal('muted', `您已被禁言至 ${beijingTimeOf(speech.mutedUntil)}（北京时间）`);
    }
    if (vipLevel < room.vip_min || vipLevel > room.vip_max) {
      return chatRefusal(
        'vipLevel',
        `本聊天室仅限 VIP${room.vip_min}-VIP${room.vip_max} 发言，您可以查看消息`,
      );
    }
    return undefined;
  };

  /** The checks every message passes before it is written: room, speech, VIP, rate. */
  const admitSpeaker = async (principal: MemberPrincipal, roomId: number) => {
    const room = await roomOf(principal.siteId, roomId);
    const speaker = await speakerOf(principal);
    const refusal = await speakRefusalOf(principal, room, speaker.vipLevel);
    if (refusal) {
      throw refusal;
    }
    const settings = await settingsOf(principal.siteId);
    const sent = await deps.security.increment(`chat-rate:${principal.memberId}`, rateWindowMs);
    if (sent > settings.messages_per_10s) {
      throw chatRefusal('tooFast');
    }
    return { room, speaker, settings };
  };

  const post = async (message: store.NewMessage) => {
    const row = await store.insertMessage(deps.db, message);
    const presented = presentMessage(row);
    await deps.publisher.publish(roomTopic(message.room_id), msgIdOfKind(presented), presented);
    return presented;
  };

  const messageFrom = (
    principal: MemberPrincipal,
    roomId: number,
    speaker: { nickname: string; vipLevel: number },
  ) => ({
    site_id: principal.siteId,
    room_id: roomId,
    member_id: principal.memberId,
    nickname: speaker.nickname,
    vip_level: speaker.vipLevel,
    created_at: now(),
  });

  return {
    speechOf,
    async loginData(principal: MemberPrincipal): Promise<ChatLoginData> {
      const [speaker, speech, rooms, shields] = await Promise.all([
        speakerOf(principal),
        speechOf(principal.memberId),
        store.listRooms(deps.db, principal.siteId),
        store.listShields(deps.db, principal.memberId),
      ]);
      return {
        memberId: Number(principal.memberId),
        nickname: speaker.nickname,
        vipLevel: speaker.vipLevel,
        speechStatus: speech.speechStatus,
        mutedUntil: speech.mutedUntil,
        vipMin: rooms.length === 0 ? 0 : Math.min(...rooms.map((room) => room.vip_min)),
        vipMax: rooms.length === 0 ? 0 : Math.max(...rooms.map((room) => room.vip_max)),
        shieldedMemberIds: shields.map(Number),
      };
    },

    rooms: async (siteId: number) => (await store.listRooms(deps.db, siteId)).map(presentRoom),

    vipLevel: async (principal: MemberPrincipal) => ({ vipLevel: await deps.vipLevelOf(principal.memberId) }),

    /** Entering a room: its last messages, the safety notice, whether the member may speak; 10008 to the room. */
    async join(principal: MemberPrincipal, roomId: number) {
      const room = await roomOf(principal.siteId, roomId);
      const speaker = await speakerOf(principal);
      const [refusal, history] = await Promise.all([
        speakRefusalOf(principal, room, speaker.vipLevel),
        this.history(principal, { roomId, limit: historyOnJoin }),
      ]);
      // A member announced once a minute per room: reconnects and many tabs do not flood it.
      const isAnnounced = await deps.security.claim(
        `chat-join:${roomId}:${principal.memberId}`,
        '1',
        joinAnnounceEveryMs,
      );
      if (isAnnounced) {
        await deps.publisher.publish(roomTopic(roomId), MsgId.broadcastJoin, {
          roomId,
          memberId: Number(principal.memberId),
          nickname: speaker.nickname,
          vipLevel: speaker.vipLevel,
        });
      }
      return joinedResult(room, history.list, refusal);
    },

    /** 10003: a text into the room, after every rule. */
    async send(principal: MemberPrincipal, roomId: number, content: string) {
      const text = content.trim();
      if (text.length === 0) {
        throw chatRefusal('invalid', '请输入消息内容');
      }
      if (textWidth(text) > chatTextWidthMax) {
        throw chatRefusal('tooLong');
      }
      const { speaker, settings } = await admitSpeaker(principal, roomId);
      const problem = textProblemOf(text, settings.banned_words);
      if (problem) {
        throw chatRefusal(problem);
      }
      return post({ ...messageFrom(principal, roomId, speaker), kind: 'text', content: text, body: null });
    },

    /** 10010: one of the sender's own bets, with its result. */
    async shareBet(principal: MemberPrincipal, roomId: number, shared: { venueCode: string; betId: string }) {
      const { speaker } = await admitSpeaker(principal, roomId);
      const bet = await deps.sharedBetOf(principal.siteId, principal.memberId, shared);
      if (!bet) {
        throw chatRefusal('betNotFound');
      }
      return post({
        ...messageFrom(principal, roomId, speaker),
        kind: 'bet',
        content: '',
        body: JSON.stringify({ bet }),
      });
    },

    /**
     * 10017: the sender pays the gift's price from the main wallet to the receiver's (or to the
     * house, per site setting) in one ledger unit of work with the message; the gift order id
     * makes a retry answer the first gift instead of paying twice.
     */
    async gift(principal: MemberPrincipal, request: z.output<typeof giftRequestSchema>) {
      const catalogued = chatGifts.find((gift) => gift.giftCode === request.giftCode);
      if (!catalogued) {
        throw chatRefusal('giftUnknown');
      }
      if (catalogued.price !== request.price) {
        throw chatRefusal('giftPriceChanged');
      }
      const toMemberId = BigInt(request.toMemberId);
      if (toMemberId === principal.memberId) {
        throw chatRefusal('giftToSelf');
      }
      const earlier = await store.findGiftMessage(deps.db, principal.memberId, request.giftOrderId);
      if (earlier) {
        return { message: presentMessage(earlier), isReplay: true };
      }
      const receiver = await deps.members.findById(toMemberId);
      if (receiver?.site_id !== principal.siteId) {
        throw chatRefusal('giftReceiverNotInSite');
      }
      const { speaker, settings } = await admitSpeaker(principal, request.roomId);
      const priceFen = parseYuan(catalogued.price) as Fen;
      const from: AccountRef = {
        kind: 'member_main',
        siteId: principal.siteId,
        memberId: principal.memberId,
      };
      const to: AccountRef =
        settings.gift_recipient === 'member'
          ? { kind: 'member_main', siteId: principal.siteId, memberId: toMemberId }
          : { kind: 'house', siteId: principal.siteId, name: 'chat_gift' };
      const body = {
        gift: {
          giftCode: catalogued.giftCode,
          giftName: catalogued.giftName,
          priceFen: String(priceFen),
          toMemberId: String(toMemberId),
          toNickname: nicknameOf(receiver.username),
        },
      };
      const outcome = await moveGiftMoney(deps, { principal, request, from, to, priceFen }, async (tx) => {
        const row = await store.insertMessage(tx, {
          ...messageFrom(principal, request.roomId, speaker),
          kind: 'gift',
          content: '',
          body: JSON.stringify(body),
        });
        await store.insertGiftOrder(tx, {
          memberId: principal.memberId,
          giftOrderId: request.giftOrderId,
          messageId: row.id,
          toMemberId,
          isToHouse: to.kind === 'house',
          createdAt: row.created_at,
        });
        return row;
      });
      if (outcome === 'replay') {
        const first = await store.findGiftMessage(deps.db, principal.memberId, request.giftOrderId);
        if (!first) {
          throw chatRefusal('giftIdReused');
        }
        return { message: presentMessage(first), isReplay: true };
      }
      const message = presentMessage(outcome);
      await deps.publisher.publish(roomTopic(request.roomId), MsgId.gift, message);
      return { message, isReplay: false };
    },

    /** 10011 and joining: the room's latest visible messages, newest first. */
    async history(
      principal: MemberPrincipal,
      request: { roomId: number; beforeId?: number | undefined; limit: number },
    ) {
      await roomOf(principal.siteId, request.roomId);
      const shields = await store.listShields(deps.db, principal.memberId);
      const rows = await store.recentMessages(
        deps.db,
        request.roomId,
        shields,
        request.beforeId === undefined ? undefined : BigInt(request.beforeId),
        request.limit + 1,
      );
      return {
        roomId: request.roomId,
        list: rows.slice(0, request.limit).map(presentMessage),
        hasMore: rows.length > request.limit,
      };
    },

    /** POST /stream/api/v1/history. */
    async historyPage(
      principal: MemberPrincipal,
      query: { roomId: number; pageNum: number; pageSize: number },
    ) {
      await roomOf(principal.siteId, query.roomId);
      const shields = await store.listShields(deps.db, principal.memberId);
      const { list, total } = await store.pageMessages(deps.db, query.roomId, shields, query);
      return { list: list.map(presentMessage), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    /** /mine/record/giftRecord: the member's gifts one way, with the other member's nickname. */
    async giftRecords(principal: MemberPrincipal, query: z.output<typeof giftRecordQuerySchema>) {
      const { list, total } = await store.giftOrders(
        deps.db,
        {
          memberId: principal.memberId,
          direction: query.direction,
          startTime: query.startTime === undefined ? undefined : new Date(query.startTime),
          endTime: query.endTime === undefined ? undefined : new Date(query.endTime),
        },
        query,
      );
      return {
        list: list.map((row): GiftRecord => {
          const gift = (row.body as { gift: StoredGift }).gift;
          return {
            giftOrderId: row.gift_order_id,
            giftCode: gift.giftCode,
            giftName: gift.giftName,
            price: formatFen(BigInt(gift.priceFen)),
            direction: query.direction,
            counterpartNickname: query.direction === 'sent' ? gift.toNickname : row.nickname,
            roomName: row.room_name,
            isCredited: !row.is_to_house,
            createdAt: row.created_at.toISOString(),
          };
        }),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /** 10005 from a member: hide or show another member's messages for himself. */
    async shield(principal: MemberPrincipal, memberId: number, isShielded: boolean) {
      const other = BigInt(memberId);
      if (other !== principal.memberId) {
        if (isShielded) {
          const target = await deps.members.findById(other);
          if (target?.site_id !== principal.siteId) {
            throw chatRefusal('invalid', '会员不存在');
          }
          await store.addShield(deps.db, principal.memberId, other, now());
        } else {
          await store.removeShield(deps.db, principal.memberId, other);
        }
      }
      const shields = await store.listShields(deps.db, principal.memberId);
      return { kind: 'member' as const, shieldedMemberIds: shields.map(Number) };
    },

    admin: createChatAdmin(deps, { settingsOf, post }),
  };
}

export type ChatService = ReturnType<typeof createChatService>;

function msgIdOfKind(message: ChatMessage): number {
  switch (message.kind) {
    case 'text':
      return MsgId.broadcastRoom;
    case 'bet':
      return MsgId.shareBetRecord;
    case 'gift':
      return MsgId.gift;
    case 'score':
      return MsgId.score;
    default: {
      const unhandled: never = message;
      throw new Error(`unhandled chat message ${JSON.stringify(unhandled)}`);
    }
  }
}

/** The gift's movement with the message in one transaction; 'replay' when the ledger already holds it. */
async function moveGiftMoney(
  deps: ChatDeps,
  gift: {
    principal: MemberPrincipal;
    request: { giftOrderId: string };
    from: AccountRef;
    to: AccountRef;
    priceFen: Fen;
  },
  write: (tx: Db) => Promise<store.MessageRow>,
): Promise<store.MessageRow | 'replay'> {
  try {
    return await deps.ledger.atomically([gift.from, gift.to], async (tx, money) => {
      const receipt = await money.transfer({
        transferId: transferIds.chatGift(gift.principal.memberId, gift.request.giftOrderId),
        debitAccount: gift.from,
        creditAccount: gift.to,
        amountFen: gift.priceFen,
        kind: 'gift',
        memo: 'chat gift',
      });
      return receipt.isReplay ? 'replay' : write(tx);
    });
  } catch (error) {
    switch (refusalOf(error)) {
      case 'insufficientFunds':
        throw chatRefusal('insufficientFunds');
      case 'transferIdReused':
        throw chatRefusal('giftIdReused');
      default:
        throw error;
    }
  }
}

type SpeechBody = {
  username: string;
  status: 'normal' | 'muted' | 'banned';
  mutedMinutes?: number | undefined;
  reason: string;
};
type LogQuery = {
  pageNum: number;
  pageSize: number;
  roomId?: number | undefined;
  username?: string | undefined;
  keyword?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
} & SortRequest<'createdAt'>;

/** The console's chat pages: rooms, maintenance, speech, withdrawals, settings, scores and the log; each change audited. */
function createChatAdmin(
  deps: ChatDeps,
  shared: {
    settingsOf(
      siteId: number,
    ): Promise<typeof defaultSettings | NonNullable<Awaited<ReturnType<typeof store.findSettings>>>>;
    post(message: store.NewMessage): Promise<ChatMessage>;
  },
) {
  const now = () => new Date(deps.clock.now());
  const withOnline = (room: ChatRoom) => ({
    ...room,
    onlineCount: deps.publisher.subscriberCount(roomTopic(room.roomId)),
  });
  const roomsOf = async (siteId: number) => (await store.listRooms(deps.db, siteId)).map(presentRoom);
  const presentSettings = (settings: Awaited<ReturnType<typeof shared.settingsOf>>): ChatSettings => ({
    bannedWords: settings.banned_words,
    giftRecipient: settings.gift_recipient,
    messagesPer10s: settings.messages_per_10s,
  });
  const memberOf = async (siteId: number, username: string) => {
    const member = await deps.members.findByUsername(siteId, username);
    if (!member) {
      throw chatRefusal('invalid', '会员不存在');
    }
    return member;
  };

  return {
    rooms: async (siteId: number) => (await roomsOf(siteId)).map(withOnline),

    async saveRoom(
      operator: OperatorPrincipal,
      body: {
        roomId?: number | undefined;
        name: string;
        vipMin: number;
        vipMax: number;
        isMaintenance: boolean;
        sort: number;
      },
    ) {
      const values = {
        name: body.name,
        vip_min: body.vipMin,
        vip_max: body.vipMax,
        is_maintenance: body.isMaintenance,
        sort: body.sort,
      };
      const before =
        body.roomId === undefined ? undefined : await store.findRoom(deps.db, operator.siteId, body.roomId);
      if (body.roomId !== undefined && !before) {
        throw chatRefusal('noRoom');
      }
      const row =
        body.roomId === undefined
          ? await store.insertRoom(deps.db, operator.siteId, values, now())
          : await store.updateRoom(deps.db, operator.siteId, body.roomId, values);
      if (!row) {
        throw chatRefusal('noRoom');
      }
      const room = presentRoom(row);
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'chat.room_save',
        target: `room:${room.roomId}`,
        before: before ? presentRoom(before) : null,
        after: room,
      });
      await deps.publisher.publish(siteChatTopic(operator.siteId), MsgId.roomStatus, { rooms: [room] });
      return withOnline(room);
    },

    async maintainAll(operator: OperatorPrincipal, isMaintenance: boolean) {
      const before = await shared.settingsOf(operator.siteId);
      await store.saveSettings(deps.db, operator.siteId, { is_all_maintenance: isMaintenance }, now());
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'chat.maintain_all',
        target: 'chat',
        before: { isMaintenance: before.is_all_maintenance },
        after: { isMaintenance },
      });
      await deps.publisher.publish(siteChatTopic(operator.siteId), MsgId.allRoomMaintain, {
        isMaintenance,
        message: isMaintenance ? '聊天室维护中，请稍后再来' : '聊天室已恢复',
      });
      return null;
    },

    async setSpeech(operator: OperatorPrincipal, body: SpeechBody) {
      const member = await memberOf(operator.siteId, body.username);
      const before = await speechNow(deps, member.id);
      if (body.status === 'normal') {
        await store.deleteSpeech(deps.db, member.id);
      } else {
        const mutedUntil =
          body.status === 'muted' ? new Date(deps.clock.now() + (body.mutedMinutes ?? 0) * 60_000) : null;
        await store.saveSpeech(
          deps.db,
          {
            member_id: member.id,
            site_id: operator.siteId,
            status: body.status,
            muted_until: mutedUntil,
            reason: body.reason,
          },
          now(),
        );
      }
      const after = await speechNow(deps, member.id);
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'chat.speech',
        target: member.username,
        before,
        after,
        reason: body.reason,
      });
      await deps.publisher.publishToMember(member.id, MsgId.speechStatus, after);
      return { memberId: Number(member.id), speechStatus: after.speechStatus, mutedUntil: after.mutedUntil };
    },

    async restrictions(siteId: number) {
      const rows = await store.listRestrictions(deps.db, siteId, now());
      const members = await deps.members.summariesOf(
        siteId,
        rows.map((row) => row.member_id),
      );
      return rows.map((row) => ({
        memberId: Number(row.member_id),
        username: members.get(row.member_id)?.username ?? '',
        speechStatus: row.status === 'banned' ? (2 as const) : (1 as const),
        mutedUntil: row.muted_until?.toISOString() ?? null,
        reason: row.reason,
        updatedAt: row.updated_at.toISOString(),
      }));
    },

    async withdraw(operator: OperatorPrincipal, messageId: number, reason: string) {
      const message = await store.findMessage(deps.db, operator.siteId, BigInt(messageId));
      if (!message) {
        throw chatRefusal('invalid', '消息不存在');
      }
      if (await store.withdrawMessage(deps.db, message.id, reason, now())) {
        await deps.audit.record(operator, {
          siteId: operator.siteId,
          action: 'chat.withdraw',
          target: `message:${messageId}`,
          before: presentMessage(message),
          after: null,
          reason,
        });
        await deps.publisher.publish(roomTopic(message.room_id), MsgId.msgShield, {
          kind: 'withdrawn',
          roomId: message.room_id,
          messageId,
        });
      }
      return null;
    },

    settings: async (siteId: number) => presentSettings(await shared.settingsOf(siteId)),

    async saveSettings(operator: OperatorPrincipal, body: ChatSettings) {
      const before = presentSettings(await shared.settingsOf(operator.siteId));
      const bannedWords = [...new Set(body.bannedWords)];
      await store.saveSettings(
        deps.db,
        operator.siteId,
        {
          banned_words: bannedWords,
          gift_recipient: body.giftRecipient,
          messages_per_10s: body.messagesPer10s,
        },
        now(),
      );
      const after = presentSettings(await shared.settingsOf(operator.siteId));
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'chat.settings',
        target: 'chat',
        before,
        after,
      });
      return after;
    },

    /** 10014: a live score into a room, from the console (and later the sportsbook's feed). */
    async postScore(operator: OperatorPrincipal, body: ChatScore & { roomId: number }) {
      const { roomId, ...score } = body;
      if (!(await store.findRoom(deps.db, operator.siteId, roomId))) {
        throw chatRefusal('noRoom');
      }
      const message = await shared.post({
        site_id: operator.siteId,
        room_id: roomId,
        member_id: null,
        nickname: '比分播报',
        vip_level: 0,
        created_at: now(),
        kind: 'score',
        content: '',
        body: JSON.stringify({ score }),
      });
      await deps.audit.record(operator, {
        siteId: operator.siteId,
        action: 'chat.score',
        target: `room:${roomId}`,
        before: null,
        after: message,
      });
      return null;
    },

    async log(siteId: number, query: LogQuery) {
      const member =
        query.username === undefined ? undefined : await deps.members.findByUsername(siteId, query.username);
      if (query.username !== undefined && !member) {
        return { list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
      }
      const { list, total } = await store.searchLog(
        deps.db,
        siteId,
        {
          roomId: query.roomId,
          memberId: member?.id,
          keyword: query.keyword,
          startTime: query.startTime === undefined ? undefined : new Date(query.startTime),
          endTime: query.endTime === undefined ? undefined : new Date(query.endTime),
        },
        query,
        query,
      );
      const memberIds = [...new Set(list.flatMap((row) => (row.member_id === null ? [] : [row.member_id])))];
      const usernames = await deps.members.summariesOf(siteId, memberIds);
      return {
        list: list.map((row) => ({
          message: presentMessage(row),
          username: row.member_id === null ? null : (usernames.get(row.member_id)?.username ?? null),
          isWithdrawn: row.withdrawn_at !== null,
          withdrawnReason: row.withdrawn_reason,
        })),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /** A fresh install's rooms: a hall for everyone and one for VIP members; nothing when the site has rooms. */
    async seedRooms(siteId: number) {
      if ((await store.listRooms(deps.db, siteId)).length > 0) {
        return;
      }
      const at = now();
      await store.insertRoom(
        deps.db,
        siteId,
        { name: '聊天大厅', vip_min: 0, vip_max: 99, is_maintenance: false, sort: 0 },
        at,
      );
      await store.insertRoom(
        deps.db,
        siteId,
        { name: 'VIP专属', vip_min: 1, vip_max: 99, is_maintenance: false, sort: 1 },
        at,
      );
    },
  };
}

/** 0 normal, 1 muted (until `mutedUntil`), 2 banned; a mute that ran out is normal. */
async function speechNow(deps: ChatDeps, memberId: bigint) {
  const row = await store.findSpeech(deps.db, memberId);
  if (row?.status === 'banned') {
    return { speechStatus: 2 as const, mutedUntil: null, reason: row.reason };
  }
  if (row?.muted_until && row.muted_until.getTime() > deps.clock.now()) {
    return { speechStatus: 1 as const, mutedUntil: row.muted_until.toISOString(), reason: row.reason };
  }
  return { speechStatus: 0 as const, mutedUntil: null, reason: '' };
}
