import type { SortRequest } from '@site/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { ChatMessagesTable, ChatRoomsTable } from './tables.ts';

/** The only file that writes SQL for the chat tables. */
type Executor = Db | Transaction<Database>;

export type RoomRow = Awaited<ReturnType<typeof listRooms>>[number];
export type MessageRow = Awaited<ReturnType<typeof findMessage>> & object;
export type NewMessage = Omit<ChatMessagesTable, 'id' | 'withdrawn_at' | 'withdrawn_reason' | 'body'> & {
  body: string | null;
};

const roomColumns = ['id', 'site_id', 'name', 'vip_min', 'vip_max', 'is_maintenance', 'sort'] as const;
const messageColumns = [
  'id',
  'site_id',
  'room_id',
  'member_id',
  'nickname',
  'vip_level',
  'kind',
  'content',
  'body',
  'created_at',
  'withdrawn_at',
  'withdrawn_reason',
] as const;

export function listRooms(db: Db, siteId: number) {
  return db
    .selectFrom('chat_rooms')
    .select(roomColumns)
    .where('site_id', '=', siteId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findRoom(db: Db, siteId: number, roomId: number) {
  return db
    .selectFrom('chat_rooms')
    .select(roomColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', roomId)
    .executeTakeFirst();
}

type RoomValues = Pick<ChatRoomsTable, 'name' | 'vip_min' | 'vip_max' | 'is_maintenance' | 'sort'>;

export function insertRoom(db: Db, siteId: number, room: RoomValues, at: Date) {
  return db
    .insertInto('chat_rooms')
    .values({ ...room, site_id: siteId, created_at: at })
    .returning(roomColumns)
    .executeTakeFirstOrThrow();
}

export function updateRoom(db: Db, siteId: number, roomId: number, room: RoomValues) {
  return db
    .updateTable('chat_rooms')
    .set(room)
    .where('site_id', '=', siteId)
    .where('id', '=', roomId)
    .returning(roomColumns)
    .executeTakeFirst();
}

export function findSettings(db: Db, siteId: number) {
  return db
    .selectFrom('chat_settings')
    .select(['banned_words', 'gift_recipient', 'messages_per_10s', 'is_all_maintenance'])
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

export async function saveSettings(
  db: Db,
  siteId: number,
  settings: {
    banned_words?: string[];
    gift_recipient?: 'member' | 'house';
    messages_per_10s?: number;
    is_all_maintenance?: boolean;
  },
  at: Date,
) {
  const { banned_words, ...rest } = settings;
  const values = {
    ...rest,
    ...(banned_words ? { banned_words: JSON.stringify(banned_words) } : {}),
    updated_at: at,
  };
  await db
    .insertInto('chat_settings')
    .values({
      site_id: siteId,
      banned_words: JSON.stringify(banned_words ?? []),
      gift_recipient: rest.gift_recipient ?? 'member',
      messages_per_10s: rest.messages_per_10s ?? 5,
      is_all_maintenance: rest.is_all_maintenance ?? false,
      updated_at: at,
    })
    .onConflict((conflict) => conflict.column('site_id').doUpdateSet(values))
    .execute();
}

export function insertMessage(db: Executor, message: NewMessage) {
  return db.insertInto('chat_messages').values(message).returning(messageColumns).executeTakeFirstOrThrow();
}

export function findMessage(db: Db, siteId: number, messageId: bigint) {
  return db
    .selectFrom('chat_messages')
    .select(messageColumns)
    .where('site_id', '=', siteId)
    .where('id', '=', messageId)
    .executeTakeFirst();
}

export async function withdrawMessage(db: Db, messageId: bigint, reason: string, at: Date) {
  const result = await db
    .updateTable('chat_messages')
    .set({ withdrawn_at: at, withdrawn_reason: reason })
    .where('id', '=', messageId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A room's visible messages, newest first: not withdrawn, none of the shielded members. */
function visibleMessages(db: Db, roomId: number, shieldedMemberIds: ReadonlyArray<bigint>) {
  let query = db.selectFrom('chat_messages').where('room_id', '=', roomId).where('withdrawn_at', 'is', null);
  if (shieldedMemberIds.length > 0) {
    query = query.where((eb) =>
      eb.or([eb('member_id', 'is', null), eb('member_id', 'not in', [...shieldedMemberIds])]),
    );
  }
  return query;
}

export function recentMessages(
  db: Db,
  roomId: number,
  shieldedMemberIds: ReadonlyArray<bigint>,
  beforeId: bigint | undefined,
  limit: number,
) {
  let query = visibleMessages(db, roomId, shieldedMemberIds).select(messageColumns);
  if (beforeId !== undefined) {
    query = query.where('id', '<', beforeId);
  }
  return query.orderBy('id', 'desc').limit(limit).execute();
}

export function pageMessages(
  db: Db,
  roomId: number,
  shieldedMemberIds: ReadonlyArray<bigint>,
  page: { pageNum: number; pageSize: number },
) {
  return fetchPage(
    visibleMessages(db, roomId, shieldedMemberIds),
    (query) => query.select(messageColumns).orderBy('id', 'desc'),
    page,
  );
}

export interface LogFilter {
  roomId?: number | undefined;
  memberId?: bigint | undefined;
  keyword?: string | undefined;
  startTime?: Date | undefined;
  endTime?: Date | undefined;
}

export function searchLog(
  db: Db,
  siteId: number,
  filter: LogFilter,
  page: { pageNum: number; pageSize: number },
  sort: SortRequest<'createdAt'>,
) {
  let query = db.selectFrom('chat_messages').where('site_id', '=', siteId);
  if (filter.roomId !== undefined) {
    query = query.where('room_id', '=', filter.roomId);
  }
  if (filter.memberId !== undefined) {
    query = query.where('member_id', '=', filter.memberId);
  }
  if (filter.keyword !== undefined) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    query = query.where(sql<boolean>`(content ilike ${pattern} or body::text ilike ${pattern})`);
  }
  if (filter.startTime !== undefined) {
    query = query.where('created_at', '>=', filter.startTime);
  }
  if (filter.endTime !== undefined) {
    query = query.where('created_at', '<', filter.endTime);
  }
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(filtered.select(messageColumns), sort, {
        columns: { createdAt: 'created_at' },
        tiebreak: 'id',
        byDefault: (ordered) => ordered.orderBy('id', 'desc'),
      }),
    page,
  );
}

export function findSpeech(db: Db, memberId: bigint) {
  return db
    .selectFrom('chat_speech')
    .select(['status', 'muted_until', 'reason'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function saveSpeech(
  db: Db,
  row: {
    member_id: bigint;
    site_id: number;
    status: 'muted' | 'banned';
    muted_until: Date | null;
    reason: string;
  },
  at: Date,
) {
  const values = { status: row.status, muted_until: row.muted_until, reason: row.reason, updated_at: at };
  await db
    .insertInto('chat_speech')
    .values({ ...row, updated_at: at })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet(values))
    .execute();
}

export async function deleteSpeech(db: Db, memberId: bigint) {
  await db.deleteFrom('chat_speech').where('member_id', '=', memberId).execute();
}

/** Restrictions in force at `now` (a mute that ran out is over). */
export function listRestrictions(db: Db, siteId: number, now: Date) {
  return db
    .selectFrom('chat_speech')
    .select(['member_id', 'status', 'muted_until', 'reason', 'updated_at'])
    .where('site_id', '=', siteId)
    .where((eb) => eb.or([eb('status', '=', 'banned'), eb('muted_until', '>', now)]))
    .orderBy('updated_at', 'desc')
    .limit(500)
    .execute();
}

export async function listShields(db: Db, memberId: bigint): Promise<bigint[]> {
  const rows = await db
    .selectFrom('chat_shields')
    .select('shielded_member_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => row.shielded_member_id);
}

export async function addShield(db: Db, memberId: bigint, shieldedMemberId: bigint, at: Date) {
  await db
    .insertInto('chat_shields')
    .values({ member_id: memberId, shielded_member_id: shieldedMemberId, created_at: at })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
}

export async function removeShield(db: Db, memberId: bigint, shieldedMemberId: bigint) {
  await db
    .deleteFrom('chat_shields')
    .where('member_id', '=', memberId)
    .where('shielded_member_id', '=', shieldedMemberId)
    .execute();
}

export async function findGiftMessage(db: Db, memberId: bigint, giftOrderId: string) {
  return db
    .selectFrom('chat_gift_orders')
    .innerJoin('chat_messages', 'chat_messages.id', 'chat_gift_orders.message_id')
    .select(messageColumns.map((column) => `chat_messages.${column}` as const))
    .where('chat_gift_orders.member_id', '=', memberId)
    .where('chat_gift_orders.gift_order_id', '=', giftOrderId)
    .executeTakeFirst();
}

export async function insertGiftOrder(
  tx: Executor,
  order: {
    memberId: bigint;
    giftOrderId: string;
    messageId: bigint;
    toMemberId: bigint;
    isToHouse: boolean;
    createdAt: Date;
  },
) {
  await tx
    .insertInto('chat_gift_orders')
    .values({
      member_id: order.memberId,
      gift_order_id: order.giftOrderId,
      message_id: order.messageId,
      to_member_id: order.toMemberId,
      is_to_house: order.isToHouse,
      created_at: order.createdAt,
    })
    .execute();
}

/** A member's gift orders one way, newest first, each with its message (sender and gift) and room. */
export function giftOrders(
  db: Db,
  filter: {
    memberId: bigint;
    direction: 'sent' | 'received';
    startTime?: Date | undefined;
    endTime?: Date | undefined;
  },
  page: { pageNum: number; pageSize: number },
) {
  const own = filter.direction === 'sent' ? 'chat_gift_orders.member_id' : 'chat_gift_orders.to_member_id';
  let query = db
    .selectFrom('chat_gift_orders')
    .innerJoin('chat_messages', 'chat_messages.id', 'chat_gift_orders.message_id')
    .innerJoin('chat_rooms', 'chat_rooms.id', 'chat_messages.room_id')
    .where(own, '=', filter.memberId);
  if (filter.startTime && filter.endTime) {
    query = query
      .where('chat_gift_orders.created_at', '>=', filter.startTime)
      .where('chat_gift_orders.created_at', '<', filter.endTime);
  }
  return fetchPage(
    query,
    (rows) =>
      rows
        .select([
          'chat_gift_orders.gift_order_id',
          'chat_gift_orders.created_at',
          'chat_gift_orders.is_to_house',
          'chat_messages.nickname',
          'chat_messages.body',
          'chat_rooms.name as room_name',
        ])
        .orderBy('chat_gift_orders.created_at', 'desc')
        .orderBy('chat_gift_orders.message_id', 'desc'),
    page,
  );
}
