import type { AuditSortKey, SortRequest } from '@site/contract';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';

/** One staff action as the audit log keeps it. */
export interface AuditEntry {
  /** The site acted on; null for actions of no one site (managing staff). */
  siteId: number | null;
  /** `area.verb`, e.g. `staff.update`, `risk.block`. */
  action: string;
  /** What was acted on: a username, an order number, a block value … */
  target: string;
  /** The state before (null when the action created it) and after (null when it removed it). */
  before: unknown;
  after: unknown;
  reason?: string;
}

/** The staff member who acted. */
export type AuditActor = Pick<OperatorPrincipal, 'operatorId' | 'username'>;

export type AuditLog = ReturnType<typeof createAuditLog>;

/**
 * The audit log: every staff action that changes something records who, when, where, what,
 * before and after, and why. The database refuses to change or delete an entry.
 */
export function createAuditLog(deps: { db: Db; clock: Clock }) {
  return {
    /** Records `entry` on `db`: the caller's transaction when it has one, so both commit together. */
    record: (actor: AuditActor, entry: AuditEntry, db: Db = deps.db) =>
      store.insertEntry(db, {
        at: new Date(deps.clock.now()),
        operatorId: actor.operatorId,
        operatorUsername: actor.username,
        siteId: entry.siteId,
        action: entry.action,
        target: entry.target,
        before: entry.before ?? null,
        after: entry.after ?? null,
        reason: entry.reason ?? '',
      }),

    /** Entries of the viewer's site, newest first; 超级管理员 also sees those of no one site. */
    async search(
      viewer: OperatorPrincipal,
      query: {
        pageNum: number;
        pageSize: number;
        operatorUsername?: string | undefined;
        action?: string | undefined;
        target?: string | undefined;
        startTime?: string | undefined;
        endTime?: string | undefined;
      } & SortRequest<AuditSortKey>,
    ) {
      const page = { pageNum: query.pageNum, pageSize: query.pageSize };
      const { list, total } = await store.searchEntries(
        deps.db,
        {
          siteIds: viewer.role === 'super_admin' ? [viewer.siteId, null] : [viewer.siteId],
          ...(query.operatorUsername ? { operatorUsername: query.operatorUsername } : {}),
          ...(query.action ? { action: query.action } : {}),
          ...(query.target ? { target: query.target } : {}),
          ...(query.startTime && query.endTime
            ? { from: new Date(query.startTime), to: new Date(query.endTime) }
            : {}),
        },
        page,
        { sortBy: query.sortBy, sortOrder: query.sortOrder },
      );
      return { list: list.map(presentEntry), total, ...page };
    },

    /** One area's entries on a site (`cashier.` …), newest first: the area's own record view. */
    async ofSite(siteId: number, actionPrefix: string, page: { pageNum: number; pageSize: number }) {
      const filter = { siteIds: [siteId], actionPrefix };
      const { list, total } = await store.searchEntries(deps.db, filter, page);
      return { list: list.map(presentEntry), total, ...page };
    },
  };
}

function presentEntry(row: Awaited<ReturnType<typeof store.searchEntries>>['list'][number]) {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    operatorUsername: row.operator_username,
    siteId: row.site_id,
    action: row.action,
    target: row.target,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}
