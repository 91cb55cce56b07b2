import { z } from 'zod';
import { recordQueryWith } from './cashier.ts';
import { pageOf, pageQuery, sortQuery } from './http-schemas.ts';
import { chatMessageSchema, chatRoomSchema, chatScoreSchema } from './socket.ts';

/**
 * Chat rules shared by the server (which enforces them) and the web page (which shows them
 * before sending): the text width counted the spec's way (`textWidth`: above code 255 counts 2).
 */
export const chatTextWidthMax = 200;
export const chatVipLevelMax = 99;

/** Shown in every room on joining (安全提示): the scam this chat sees most. */
export const chatSafetyNotice =
  '安全提示：本平台工作人员不会以任何理由向您索要密码或验证码。凡是在聊天室提供银行卡号、要求私下转账或代充的，均为诈骗，请勿向任何人转账。';

/** The gift catalogue: a gift's price is fixed here, so the client and the server agree on it. */
export const chatGifts = [
  { giftCode: 'flower', giftName: '鲜花', price: '1.00' },
  { giftCode: 'beer', giftName: '啤酒', price: '5.00' },
  { giftCode: 'cake', giftName: '蛋糕', price: '18.00' },
  { giftCode: 'rocket', giftName: '火箭', price: '88.00' },
  { giftCode: 'supercar', giftName: '跑车', price: '520.00' },
] as const;

/** Who a gift's money goes to, per site: the receiving member, or the house. */
export const chatGiftRecipients = ['member', 'house'] as const;

/** POST /stream/api/v1/history: a room's messages, newest first. */
export const chatHistoryQuerySchema = pageQuery.extend({ roomId: z.int32().positive() });
export const chatHistoryPageSchema = pageOf(chatMessageSchema);

/** /mine/record/giftRecord: the member's gifts, sent or received, newest first. */
export const giftRecordQuerySchema = recordQueryWith({ direction: z.enum(['sent', 'received']) });
export const giftRecordSchema = z.object({
  giftOrderId: z.string(),
  giftCode: z.string(),
  giftName: z.string(),
  price: z.string().describe('yuan'),
  direction: z.enum(['sent', 'received']),
  /** The other member: the receiver of a sent gift, the sender of a received one. */
  counterpartNickname: z.string(),
  roomName: z.string(),
  /** The gift's money reached the receiver; false where the site keeps gift money for the house. */
  isCredited: z.boolean(),
  createdAt: z.string(),
});
export type GiftRecord = z.infer<typeof giftRecordSchema>;

// Operator console.

const roomNameSchema = z.string().trim().min(1, '请输入房间名称').max(20, '房间名称最多 20 个字');
const vipLevelSchema = z.int().min(0).max(chatVipLevelMax);

/** Create (without `roomId`) or update a room; `vipMin` may not be above `vipMax`. */
export const adminChatRoomSaveSchema = z
  .object({
    roomId: z.int32().positive().optional(),
    name: roomNameSchema,
    vipMin: vipLevelSchema,
    vipMax: vipLevelSchema,
    isMaintenance: z.boolean(),
    sort: z.int().min(0).max(9999),
  })
  .refine((room) => room.vipMin <= room.vipMax, {
    message: '最低 VIP 等级不能高于最高等级',
    path: ['vipMin'],
  });

export const adminChatRoomSchema = chatRoomSchema.extend({ onlineCount: z.number().int() });

export const adminChatMaintainAllSchema = z.object({ isMaintenance: z.boolean() });

/** Mute for `mutedMinutes`, ban, or restore a member's speech. */
export const adminChatSpeechSchema = z
  .object({
    username: z.string().trim().min(1, '请输入用户名').max(64),
    status: z.enum(['normal', 'muted', 'banned']),
    mutedMinutes: z
      .int()
      .min(1)
      .max(60 * 24 * 30)
      .optional(),
    reason: z.string().trim().min(1, '请填写原因').max(200),
  })
  .refine((body) => body.status !== 'muted' || body.mutedMinutes !== undefined, {
    message: '禁言须填写时长',
    path: ['mutedMinutes'],
  });

export const adminChatSpeechResultSchema = z.object({
  memberId: z.number().int(),
  speechStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  mutedUntil: z.string().nullable(),
});

export const adminChatWithdrawSchema = z.object({
  messageId: z.int().positive(),
  reason: z.string().trim().min(1, '请填写原因').max(200),
});

/** The site's chat settings: banned words (one per entry) and where gift money goes. */
export const adminChatSettingsSchema = z.object({
  bannedWords: z.array(z.string().trim().min(1).max(30)).max(500),
  giftRecipient: z.enum(chatGiftRecipients),
  /** Messages a member may send per 10 seconds. */
  messagesPer10s: z.int().min(1).max(30),
});
export type ChatSettings = z.infer<typeof adminChatSettingsSchema>;

export const adminChatScoreSchema = chatScoreSchema.extend({ roomId: z.int32().positive() });

export const adminChatLogSortKeys = ['createdAt'] as const;

/** Chat log search: any of room, member, words, time range. */
export const adminChatLogQuerySchema = pageQuery.extend({
  roomId: z.int32().positive().optional(),
  username: z.string().trim().min(1).max(64).optional(),
  keyword: z.string().trim().min(1).max(50).optional(),
  startTime: z.iso.datetime().optional(),
  endTime: z.iso.datetime().optional(),
  ...sortQuery(adminChatLogSortKeys),
});

export const adminChatLogEntrySchema = z.object({
  message: chatMessageSchema,
  username: z.string().nullable(),
  isWithdrawn: z.boolean(),
  withdrawnReason: z.string().nullable(),
});

/** Members whose speech is restricted now. */
export const adminChatRestrictionSchema = z.object({
  memberId: z.number().int(),
  username: z.string(),
  speechStatus: z.union([z.literal(1), z.literal(2)]),
  mutedUntil: z.string().nullable(),
  reason: z.string(),
  updatedAt: z.string(),
});
