import type { AdminVenueLaunchSortKey, Fen, SortRequest } from '@site/contract';
import type { Db } from '../db/database.ts';
import { fetchPage, orderByKey, type PageRequest } from '../db/paging.ts';
import type { VenueLaunchesTable, VenuesTable } from './tables.ts';

/** The only file that writes SQL for the venue tables. */

export type VenueRow = VenuesTable;

export async function listVenues(db: Db, siteId: number): Promise<VenueRow[]> {
  return db
    .selectFrom('venues')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('sort_order')
    .orderBy('code')
    .execute();
}

/** Adds the venues a site lacks; venues it has keep whatever staff set. */
export async function insertMissingVenues(db: Db, rows: ReadonlyArray<VenueRow>) {
  if (rows.length > 0) {
    await db
      .insertInto('venues')
      .values([...rows])
      .onConflict((conflict) => conflict.columns(['site_id', 'code']).doNothing())
      .execute();
  }
}

export type VenueChange = Pick<
  VenueRow,
  | 'name'
  | 'logo'
  | 'state'
  | 'maintenance_message'
  | 'maintenance_until'
  | 'sort_order'
  | 'demo_allowed'
  | 'updated_at'
>;

export async function updateVenue(db: Db, siteId: number, code: string, change: Partial<VenueChange>) {
  return db
    .updateTable('venues')
    .set(change)
    .where('site_id', '=', siteId)
    .where('code', '=', code)
    .returningAll()
    .executeTakeFirst();
}

export type NewLaunch = Omit<VenueLaunchesTable, 'id' | 'params'> & { params: string };

export async function insertLaunch(db: Db, row: NewLaunch): Promise<bigint> {
  const inserted = await db
    .insertInto('venue_launches')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findLaunchByToken(db: Db, tokenHash: string) {
  return db.selectFrom('venue_launches').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findLaunchByRequestId(db: Db, requestId: string) {
  return db.selectFrom('venue_launches').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function insertDemoWallet(db: Db, launchId: bigint, balanceFen: Fen) {
  await db
    .insertInto('venue_demo_wallets')
    .values({ launch_id: launchId, balance_fen: balanceFen })
    .execute();
}

export async function demoBalance(db: Db, launchId: bigint): Promise<Fen | undefined> {
  const row = await db
    .selectFrom('venue_demo_wallets')
    .select('balance_fen')
    .where('launch_id', '=', launchId)
    .executeTakeFirst();
  return row?.balance_fen;
}

const launchSortColumns: Record<AdminVenueLaunchSortKey, string> = {
  createdAt: 'venue_launches.created_at',
  venueCode: 'venue_launches.venue_code',
  movedAmount: 'venue_launches.moved_fen',
};

export interface LaunchFilter {
  siteId: number;
  venueCode?: string | undefined;
  memberId?: bigint | undefined;
  result?: 'ok' | 'refused' | undefined;
  isDemo?: boolean | undefined;
}

export async function searchLaunches(
  db: Db,
  filter: LaunchFilter,
  page: PageRequest,
  sort: SortRequest<AdminVenueLaunchSortKey>,
) {
  let query = db.selectFrom('venue_launches').where('venue_launches.site_id', '=', filter.siteId);
  if (filter.venueCode !== undefined) {
    query = query.where('venue_launches.venue_code', '=', filter.venueCode);
  }
  if (filter.memberId !== undefined) {
    query = query.where('venue_launches.member_id', '=', filter.memberId);
  }
  if (filter.result !== undefined) {
    query = query.where('venue_launches.result', '=', filter.result);
  }
  if (filter.isDemo !== undefined) {
    query = query.where('venue_launches.is_demo', '=', filter.isDemo);
  }
  return fetchPage(
    query,
    (filtered) =>
      orderByKey(
        filtered.select([
          'venue_launches.id',
          'venue_launches.created_at',
          'venue_launches.venue_code',
          'venue_launches.member_id',
          'venue_launches.is_demo',
          'venue_launches.ip',
          'venue_launches.device',
          'venue_launches.result',
          'venue_launches.code',
          'venue_launches.message',
          'venue_launches.moved_fen',
        ]),
        sort,
        {
          columns: launchSortColumns,
          tiebreak: 'venue_launches.id',
          byDefault: (rows) => rows.orderBy('venue_launches.id', 'desc'),
        },
      ),
    page,
  );
}
