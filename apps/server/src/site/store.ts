import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export type SiteRow = Awaited<ReturnType<typeof findSite>>;

export async function findSite(db: Db, siteId: number) {
  return db.selectFrom('sites').selectAll().where('id', '=', siteId).executeTakeFirst();
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

export async function updateSite(db: Db, siteId: number, patch: SitePatch): Promise<boolean> {
  const result = await db
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
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
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
