import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export type SiteRow = Awaited<ReturnType<typeof findSite>>;

export async function findSite(db: Db, siteId: number, options: { forUpdate?: boolean } = {}) {
  const query = db.selectFrom('sites').selectAll().where('id', '=', siteId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function insertSite(
  db: Db,
  site: Omit<Database['sites'], 'updated_at' | 'disable_phones'> & { disable_phones: string[] },
) {
  await db
    .insertInto('sites')
    .values({ ...site, disable_phones: JSON.stringify(site.disable_phones) })
    .execute();
}

export async function countSites(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sites')
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export interface SitePatch {
  title?: string;
  webLogoTitleUrl?: string;
  maintainStatus?: 0 | 1;
  maintainStartAt?: Date | null;
  maintainEndAt?: Date | null;
  maintainMessage?: string;
  stopLogin?: boolean;
  stopRegister?: boolean;
}

/** The site as changed, or undefined when there is no such site. */
export async function updateSite(db: Db, siteId: number, patch: SitePatch) {
  return db
    .updateTable('sites')
    .set({
      ...(patch.title === undefined ? {} : { title: patch.title }),
      ...(patch.webLogoTitleUrl === undefined ? {} : { web_logo_title_url: patch.webLogoTitleUrl }),
      ...(patch.maintainStatus === undefined ? {} : { maintain_status: patch.maintainStatus }),
      ...(patch.maintainStartAt === undefined ? {} : { maintain_start_at: patch.maintainStartAt }),
      ...(patch.maintainEndAt === undefined ? {} : { maintain_end_at: patch.maintainEndAt }),
      ...(patch.maintainMessage === undefined ? {} : { maintain_message: patch.maintainMessage }),
      ...(patch.stopLogin === undefined ? {} : { stop_login: patch.stopLogin }),
      ...(patch.stopRegister === undefined ? {} : { stop_register: patch.stopRegister }),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', siteId)
    .returningAll()
    .executeTakeFirst();
}

/** Everything a site shows before login, read in one go so the service can cache it whole. */
export async function readSiteContent(db: Db, siteId: number) {
  const [notices, stationAds, suspensionIcons, popActivities, namingEntries] = await Promise.all([
    db
      .selectFrom('notices')
      .select(['id', 'category', 'title', 'content', 'published_at'])
      .where('site_id', '=', siteId)
      .where('is_active', '=', true)
      .orderBy('published_at', 'desc')
      .limit(200)
      .execute(),
    db
      .selectFrom('station_ads')
      .select(['id', 'title', 'image_url', 'link_url'])
      .where('site_id', '=', siteId)
      .where('is_active', '=', true)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('suspension_icons')
      .select(['id', 'display_equipment', 'title', 'icon_url', 'link_url'])
      .where('site_id', '=', siteId)
      .where('is_active', '=', true)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('pop_activities')
      .select(['id', 'title', 'image_url', 'link_url', 'starts_at', 'ends_at'])
      .where('site_id', '=', siteId)
      .orderBy('sort')
      .execute(),
    db
      .selectFrom('naming_entries')
      .select(['id', 'name', 'value'])
      .where('site_id', '=', siteId)
      .orderBy('id')
      .execute(),
  ]);
  return { notices, stationAds, suspensionIcons, popActivities, namingEntries };
}

export type SiteContent = Awaited<ReturnType<typeof readSiteContent>>;

export async function insertNotices(
  db: Db,
  rows: ReadonlyArray<Omit<Database['notices'], 'id' | 'is_active'>>,
): Promise<void> {
  if (rows.length > 0) {
    await db.insertInto('notices').values(rows).execute();
  }
}

export async function insertStationAds(
  db: Db,
  rows: ReadonlyArray<Omit<Database['station_ads'], 'id' | 'is_active'>>,
) {
  if (rows.length > 0) {
    await db.insertInto('station_ads').values(rows).execute();
  }
}

export async function insertSuspensionIcons(
  db: Db,
  rows: ReadonlyArray<Omit<Database['suspension_icons'], 'id' | 'is_active'>>,
) {
  if (rows.length > 0) {
    await db.insertInto('suspension_icons').values(rows).execute();
  }
}

export async function insertPopActivities(
  db: Db,
  rows: ReadonlyArray<Omit<Database['pop_activities'], 'id'>>,
) {
  if (rows.length > 0) {
    await db.insertInto('pop_activities').values(rows).execute();
  }
}

export async function insertNamingEntries(db: Db, rows: ReadonlyArray<Database['naming_entries']>) {
  if (rows.length > 0) {
    await db.insertInto('naming_entries').values(rows).execute();
  }
}

// ---- The console's content edits: every query names the site, so no site reaches another's rows.

export type NoticeRow = Selectable<Database['notices']>;
export type StationAdRow = Selectable<Database['station_ads']>;
export type SuspensionIconRow = Selectable<Database['suspension_icons']>;

export type NoticeFields = Omit<NoticeRow, 'id' | 'site_id'>;

export async function listNotices(
  db: Db,
  siteId: number,
  query: { category?: number | undefined; pageNum: number; pageSize: number },
) {
  let filtered = db.selectFrom('notices').where('site_id', '=', siteId);
  if (query.category !== undefined) {
    filtered = filtered.where('category', '=', query.category);
  }
  const [list, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<bigint>().as('count')).executeTakeFirst(),
  ]);
  return { list, total: Number(count?.count ?? 0) };
}

export async function lockNotice(db: Db, siteId: number, id: number) {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertNotice(db: Db, siteId: number, fields: NoticeFields) {
  return db
    .insertInto('notices')
    .values({ ...fields, site_id: siteId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateNotice(db: Db, siteId: number, id: number, patch: Partial<NoticeFields>) {
  return db
    .updateTable('notices')
    .set(patch)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteNotice(db: Db, siteId: number, id: number) {
  await db.deleteFrom('notices').where('site_id', '=', siteId).where('id', '=', id).execute();
}

export type StationAdFields = Omit<StationAdRow, 'id' | 'site_id'>;

export async function listStationAds(db: Db, siteId: number) {
  return db
    .selectFrom('station_ads')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function lockStationAd(db: Db, siteId: number, id: number) {
  return db
    .selectFrom('station_ads')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertStationAd(db: Db, siteId: number, fields: StationAdFields) {
  return db
    .insertInto('station_ads')
    .values({ ...fields, site_id: siteId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStationAd(db: Db, siteId: number, id: number, patch: Partial<StationAdFields>) {
  return db
    .updateTable('station_ads')
    .set(patch)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteStationAd(db: Db, siteId: number, id: number) {
  await db.deleteFrom('station_ads').where('site_id', '=', siteId).where('id', '=', id).execute();
}

export type SuspensionIconFields = Omit<SuspensionIconRow, 'id' | 'site_id'>;

export async function listSuspensionIcons(db: Db, siteId: number) {
  return db
    .selectFrom('suspension_icons')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('display_equipment')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function lockSuspensionIcon(db: Db, siteId: number, id: number) {
  return db
    .selectFrom('suspension_icons')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertSuspensionIcon(db: Db, siteId: number, fields: SuspensionIconFields) {
  return db
    .insertInto('suspension_icons')
    .values({ ...fields, site_id: siteId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSuspensionIcon(
  db: Db,
  siteId: number,
  id: number,
  patch: Partial<SuspensionIconFields>,
) {
  return db
    .updateTable('suspension_icons')
    .set(patch)
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSuspensionIcon(db: Db, siteId: number, id: number) {
  await db.deleteFrom('suspension_icons').where('site_id', '=', siteId).where('id', '=', id).execute();
}

export async function listNamingEntries(db: Db, siteId: number) {
  return db
    .selectFrom('naming_entries')
    .select(['id', 'name', 'value'])
    .where('site_id', '=', siteId)
    .orderBy('id')
    .execute();
}

export async function lockNamingEntry(db: Db, siteId: number, id: number) {
  return db
    .selectFrom('naming_entries')
    .select(['id', 'name', 'value'])
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Adds the entry or replaces the one of that id: two staff saving one id at once leave one row. */
export async function upsertNamingEntry(
  db: Db,
  siteId: number,
  entry: { id: number; name: string; value: string },
) {
  return db
    .insertInto('naming_entries')
    .values({ ...entry, site_id: siteId })
    .onConflict((conflict) =>
      conflict.columns(['site_id', 'id']).doUpdateSet({ name: entry.name, value: entry.value }),
    )
    .returning(['id', 'name', 'value'])
    .executeTakeFirstOrThrow();
}

export async function deleteNamingEntry(db: Db, siteId: number, id: number) {
  await db.deleteFrom('naming_entries').where('site_id', '=', siteId).where('id', '=', id).execute();
}
