import {
  chatHistoryRequestSchema,
  chatSendSchema,
  giftRequestSchema,
  MsgId,
  msgShieldRequestSchema,
  roomRefSchema,
  shareBetRequestSchema,
} from '@site/contract';
import type { MemberPrincipal } from '../http/access.ts';
import { type Gateway, parsePayload, type SocketConnection } from '../stream/gateway.ts';
import { chatRefusal } from './refusals.ts';
import { type ChatService, roomTopic, siteChatTopic } from './service.ts';

const memberOf = (connection: SocketConnection): MemberPrincipal => {
  if (!connection.member) {
    throw chatRefusal('notLoggedIn');
  }
  return connection.member;
};

/** A room's messages reach only the sockets that joined it. */
const assertInRoom = (connection: SocketConnection, roomId: number) => {
  if (!connection.topics.has(roomTopic(roomId))) {
    throw chatRefusal('notInRoom');
  }
};

/** The chat's message ids on the gateway (spec section 7); every one needs a logged-in socket. */
export function registerChatSocket(gateway: Gateway, chat: ChatService) {
  const member = { isMemberOnly: true };
  gateway.setLoginData(async (connection) => {
    const principal = memberOf(connection);
    await gateway.subscribe(connection, siteChatTopic(principal.siteId));
    return chat.loginData(principal);
  });

  gateway.on(
    MsgId.roomStatus,
    async (connection) => ({ rooms: await chat.rooms(memberOf(connection).siteId) }),
    member,
  );
  gateway.on(
    MsgId.joinRoom,
    async (connection, msgData) => {
      const { roomId } = parsePayload(roomRefSchema, msgData);
      const joined = await chat.join(memberOf(connection), roomId);
      await gateway.subscribe(connection, roomTopic(roomId));
      return joined;
    },
    member,
  );
  gateway.on(
    MsgId.leaveRoom,
    async (connection, msgData) => {
      const { roomId } = parsePayload(roomRefSchema, msgData);
      await gateway.unsubscribe(connection, roomTopic(roomId));
      return { roomId };
    },
    member,
  );
  gateway.on(
    MsgId.broadcastRoom,
    async (connection, msgData) => {
      const { roomId, content } = parsePayload(chatSendSchema, msgData);
      assertInRoom(connection, roomId);
      // The room's broadcast carries the message to the sender too: no separate answer.
      await chat.send(memberOf(connection), roomId, content);
      return undefined;
    },
    member,
  );
  gateway.on(
    MsgId.shareBetRecord,
    async (connection, msgData) => {
      const { roomId, venueCode, betId } = parsePayload(shareBetRequestSchema, msgData);
      assertInRoom(connection, roomId);
      await chat.shareBet(memberOf(connection), roomId, { venueCode, betId });
      return undefined;
    },
    member,
  );
  gateway.on(
    MsgId.gift,
    async (connection, msgData) => {
      const request = parsePayload(giftRequestSchema, msgData);
      assertInRoom(connection, request.roomId);
      const { message, isReplay } = await chat.gift(memberOf(connection), request);
      // A replay was broadcast the first time: only the sender hears it again.
      return isReplay ? message : undefined;
    },
    member,
  );
  gateway.on(
    MsgId.chatHistory,
    async (connection, msgData) =>
      chat.history(memberOf(connection), parsePayload(chatHistoryRequestSchema, msgData)),
    member,
  );
  gateway.on(
    MsgId.msgShield,
    async (connection, msgData) => {
      const { memberId, isShielded } = parsePayload(msgShieldRequestSchema, msgData);
      return chat.shield(memberOf(connection), memberId, isShielded);
    },
    member,
  );
  gateway.on(MsgId.speechStatus, async (connection) => chat.speechOf(memberOf(connection).memberId), member);
  gateway.on(MsgId.chatVipLevel, async (connection) => chat.vipLevel(memberOf(connection)), member);
  gateway.on(
    MsgId.score,
    async () => {
      throw chatRefusal('systemOnly');
    },
    member,
  );
}
