import type { Db } from '../db/database.ts';
import { fetchPage } from '../db/paging.ts';
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
  const { list, total } = await fetchPage(
    db.selectFrom('outbox_messages').where('site_id', '=', siteId),
    (query) => query.selectAll().orderBy('id', 'desc'),
    { pageNum, pageSize },
  );
  return { rows: list, total };
}
