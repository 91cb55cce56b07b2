import type { Db } from '../db/database.ts';
import type { OutboxChannel, OutboxPurpose } from './tables.ts';

/** The only file that writes SQL for the outbox table. */
export async function insertOutboxMessage(
  db: Db,
  message: {
    siteId: number;
    channel: OutboxChannel;
    recipient: string;
    purpose: OutboxPurpose;
    body: string;
    at: Date;
  },
) {
  await db
    .insertInto('outbox_messages')
    .values({
      site_id: message.siteId,
      channel: message.channel,
      recipient: message.recipient,
      purpose: message.purpose,
      body: message.body,
      created_at: message.at,
    })
    .execute();
}

export async function pageOutbox(db: Db, siteId: number, pageNum: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db
      .selectFrom('outbox_messages')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('site_id', '=', siteId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.count) };
}
