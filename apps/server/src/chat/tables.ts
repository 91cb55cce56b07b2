import type { ChatScore, SharedBet } from '@site/contract';
import type { ColumnType, Generated } from 'kysely';

/** Tables owned by the chat domain. */
export interface ChatTables {
  chat_rooms: ChatRoomsTable;
  chat_settings: ChatSettingsTable;
  chat_messages: ChatMessagesTable;
  chat_speech: ChatSpeechTable;
  chat_shields: ChatShieldsTable;
  chat_gift_orders: ChatGiftOrdersTable;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  site_id: number;
  name: string;
  vip_min: number;
  vip_max: number;
  is_maintenance: boolean;
  sort: number;
  created_at: Date;
}

export interface ChatSettingsTable {
  site_id: number;
  banned_words: ColumnType<string[], string, string>;
  gift_recipient: 'member' | 'house';
  messages_per_10s: number;
  is_all_maintenance: boolean;
  updated_at: Date;
}

/** A gift as the message keeps it: money in fen as a decimal string (JSON has no bigint). */
export interface StoredGift {
  giftCode: string;
  giftName: string;
  priceFen: string;
  toMemberId: string;
  toNickname: string;
}

export type MessageBody = { bet: SharedBet } | { gift: StoredGift } | { score: ChatScore };

export interface ChatMessagesTable {
  id: Generated<bigint>;
  site_id: number;
  room_id: number;
  member_id: bigint | null;
  nickname: string;
  vip_level: number;
  kind: 'text' | 'bet' | 'gift' | 'score';
  content: string;
  body: ColumnType<MessageBody | null, string | null, string | null>;
  created_at: Date;
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  withdrawn_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ChatSpeechTable {
  member_id: bigint;
  site_id: number;
  status: 'muted' | 'banned';
  muted_until: Date | null;
  reason: string;
  updated_at: Date;
}

export interface ChatShieldsTable {
  member_id: bigint;
  shielded_member_id: bigint;
  created_at: Date;
}

export interface ChatGiftOrdersTable {
  member_id: bigint;
  gift_order_id: string;
  message_id: bigint;
  /** The member the gift was for, even when the site sends its money to the house. */
  to_member_id: bigint;
  /** The site sent the gift's money to the house, not to the member it was for. */
  is_to_house: boolean;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends ChatTables {}
}
