import type { Db } from '../db/database.ts';
import type { SiteService } from '../site/service.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';
import type { OutboxChannel, OutboxPurpose } from './tables.ts';

export type { OutboxChannel, OutboxPurpose } from './tables.ts';
export type OutboxService = ReturnType<typeof createOutboxService>;

/** A code on its way to a member's phone or e-mail. */
export interface OutboxCode {
  siteId: number;
  channel: OutboxChannel;
  recipient: string;
  purpose: OutboxPurpose;
  code: string;
}

const purposeTexts: Record<OutboxPurpose, string> = {
  password_reset: '您正在找回密码',
  device_verification: '您正在新设备上登录',
};

/**
 * The sandbox SMS / e-mail sender: messages land in the outbox table, which the operator API
 * reads. Password reset (member part) and new-device codes (session part) both send through it.
 */
export function createOutboxService(deps: { db: Db; clock: Clock; sites: SiteService }) {
  return {
    async sendCode(message: OutboxCode): Promise<void> {
      const site = await deps.sites.preInfo(message.siteId, '');
      const title = site.SiteBaseConfigVo.title.split(/\s/)[0] ?? '';
      await store.insertOutboxMessage(deps.db, {
        siteId: message.siteId,
        channel: message.channel,
        recipient: message.recipient,
        purpose: message.purpose,
        body: `【${title}】${purposeTexts[message.purpose]}，验证码 ${message.code}，5分钟内有效。如非本人操作，请忽略并尽快修改密码。`,
        at: new Date(deps.clock.now()),
      });
    },

    async page(siteId: number, page: { pageNum: number; pageSize: number }) {
      const result = await store.pageOutbox(deps.db, siteId, page.pageNum, page.pageSize);
      return {
        list: result.rows.map((row) => ({
          id: Number(row.id),
          channel: row.channel,
          recipient: row.recipient,
          purpose: row.purpose,
          body: row.body,
          createdAt: row.created_at.toISOString(),
        })),
        total: result.total,
        pageNum: page.pageNum,
        pageSize: page.pageSize,
      };
    },
  };
}
