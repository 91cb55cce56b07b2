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
export type MsgId = (typeof MsgId)[keyof typeof MsgId];

export interface SocketFrame<T = unknown> {
  msgId: MsgId;
  msgData: T;
}

export const socketHandshakePath = '/stream/ws/v1/handshake';
/** Site naming-list entry that holds the chat socket host. */
export const chatSocketNamingId = 51;
