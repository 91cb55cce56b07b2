import type { Generated } from 'kysely';

/** Tables owned by the outbox: the codes the sandbox SMS / e-mail sender would deliver. */
export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
}

export type OutboxChannel = 'sms' | 'email';
export type OutboxPurpose = 'password_reset' | 'device_verification';

export interface OutboxMessagesTable {
  id: Generated<bigint>;
  site_id: number;
  channel: OutboxChannel;
  recipient: string;
  purpose: OutboxPurpose;
  body: string;
  created_at: Date;
}

declare module '../db/schema.ts' {
  interface Database extends OutboxTables {}
}
