import type { AuditSortKey, SortRequest } from '@site/contract';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';

/** The only file that writes SQL for the audit log. */

export interface AuditRow {
  at: Date;
  operatorId: bigint;
  operatorUsername: string;
  siteId: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  reason: string;
}

export async function insertEntry(db: Db, entry: AuditRow) {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at,
      operator_id: entry.operatorId,
      operator_username: entry.operatorUsername,
      site_id: entry.siteId,
      action: entry.action,
      target: entry.target,
      before: entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === null ? null : JSON.stringify(entry.after),
      reason: entry.reason,
    })
    .execute();
}

export interface AuditFilter {
  /** The sites whose entries to search; `null` in the list also takes entries of no site. */
  siteIds: ReadonlyArray<number | null>;
  operatorUsername?: string;
  action?: string;
  /** Actions of one area: `cashier.` takes every cashier action. */
  actionPrefix?: string;
  target?: string;
  from?: Date;
  to?: Date;
}

const auditSortColumns = {
  at: 'at',
  operatorUsername: 'operator_username',
  action: 'action',
} as const satisfies Record<AuditSortKey, keyof Database['audit_log']>;

export async function searchEntries(
  db: Db,
  filter: AuditFilter,
  page: PageRequest,
  sort: SortRequest<AuditSortKey> = {},
) {
  let query = db.selectFrom('audit_log').where((eb) => {
    const sites = filter.siteIds.filter((siteId): siteId is number => siteId !== null);
    const ofSites = sites.length > 0 ? [eb('site_id', 'in', sites)] : [];
    const ofNoSite = filter.siteIds.includes(null) ? [eb('site_id', 'is', null)] : [];
    return eb.or([...ofSites, ...ofNoSite]);
  });
  if (filter.operatorUsername) {
    query = query.where('operator_username', '=', filter.operatorUsername);
  }
  if (filter.action) {
    query = query.where('action', '=', filter.action);
  }
  if (filter.actionPrefix) {
    query = query.where('action', 'like', `${filter.actionPrefix.replace(/[\\%_]/g, '\\$&')}%`);
  }
  if (filter.target) {
    query = query.where('target', '=', filter.target);
  }
  if (filter.from) {
    query = query.where('at', '>=', filter.from);
  }
  if (filter.to) {
    query = query.where('at', '<', filter.to);
  }
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(filtered.selectAll(), sort, {
        columns: auditSortColumns,
        tiebreak: 'id',
        byDefault: (rows) => rows.orderBy('id', 'desc'),
      }),
    page,
  );
}
