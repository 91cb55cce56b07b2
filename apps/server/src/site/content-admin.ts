import type {
  AdminNotice,
  AdminStationAd,
  AdminSuspensionIcon,
  NamingEntry,
  NamingSaveInput,
  NoticeCreateInput,
  NoticeUpdateInput,
  SiteSettings,
  SiteSettingsInput,
  StationAdCreateInput,
  StationAdUpdateInput,
  SuspensionIconCreateInput,
  SuspensionIconUpdateInput,
} from '@site/contract';
import { validationError } from '../app-error.ts';
import type { AuditEntry, AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { OperatorPrincipal } from '../http/access.ts';
import type { Clock } from '../stores/clock.ts';
import * as store from './store.ts';

type Site = NonNullable<store.SiteRow>;
type Edit<T> = { result: T; entry: Omit<AuditEntry, 'siteId'> };

/** A kind of row the console lists and edits one by one: notices, banner ads, floating icons. */
interface ContentKind<Row, Fields, Shown> {
  /** The audit log's name for it: `site.<noun>_create` …, target `<noun>:<id>`. */
  noun: string;
  missing: string;
  lock(tx: Db, siteId: number, id: number): Promise<Row | undefined>;
  insert(tx: Db, siteId: number, fields: Fields): Promise<Row>;
  update(tx: Db, siteId: number, id: number, patch: Partial<Fields>): Promise<Row>;
  remove(tx: Db, siteId: number, id: number): Promise<void>;
  present(row: Row): Shown;
}

export type SiteContentAdmin = ReturnType<typeof createSiteContentAdmin>;

/**
 * What staff change of a site: settings, notices, banner ads, floating icons and the naming list.
 * Each change and its audit entry (before and after) commit in one transaction on the site the
 * request names; then `changed` drops every node's snapshot, so members see it at once.
 */
export function createSiteContentAdmin(deps: {
  db: Db;
  clock: Clock;
  audit: AuditLog;
  changed: (siteId: number) => Promise<void>;
}) {
  const edit = async <T>(actor: OperatorPrincipal, work: (tx: Db) => Promise<Edit<T>>): Promise<T> => {
    const result = await deps.db.transaction().execute(async (tx) => {
      const { result, entry } = await work(tx);
      await deps.audit.record(actor, { ...entry, siteId: actor.siteId }, tx);
      return result;
    });
    await deps.changed(actor.siteId);
    return result;
  };

  /** Create, update and delete of one content kind, each audited with the row before and after. */
  const editorOf = <Row extends { id: number }, Fields, Shown>(kind: ContentKind<Row, Fields, Shown>) => {
    const locked = async (tx: Db, actor: OperatorPrincipal, id: number) => {
      const row = await kind.lock(tx, actor.siteId, id);
      if (!row) {
        throw validationError('id', kind.missing);
      }
      return row;
    };
    const entryOf = (verb: string, id: number, before: Shown | null, after: Shown | null) => ({
      action: `site.${kind.noun}_${verb}`,
      target: `${kind.noun}:${id}`,
      before,
      after,
    });
    return {
      create: (actor: OperatorPrincipal, fields: Fields) =>
        edit(actor, async (tx) => {
          const row = await kind.insert(tx, actor.siteId, fields);
          const shown = kind.present(row);
          return { result: shown, entry: entryOf('create', row.id, null, shown) };
        }),
      update: (actor: OperatorPrincipal, id: number, patch: Partial<Fields>) =>
        edit(actor, async (tx) => {
          const before = kind.present(await locked(tx, actor, id));
          const after = kind.present(await kind.update(tx, actor.siteId, id, patch));
          return { result: after, entry: entryOf('update', id, before, after) };
        }),
      remove: (actor: OperatorPrincipal, id: number) =>
        edit(actor, async (tx) => {
          const before = kind.present(await locked(tx, actor, id));
          await kind.remove(tx, actor.siteId, id);
          return { result: null, entry: entryOf('delete', id, before, null) };
        }),
    };
  };

  const notices = editorOf({
    noun: 'notice',
    missing: '公告不存在',
    lock: store.lockNotice,
    insert: store.insertNotice,
    update: store.updateNotice,
    remove: store.deleteNotice,
    present: presentNotice,
  });
  const stationAds = editorOf({
    noun: 'ad',
    missing: '广告不存在',
    lock: store.lockStationAd,
    insert: store.insertStationAd,
    update: store.updateStationAd,
    remove: store.deleteStationAd,
    present: presentStationAd,
  });
  const suspensionIcons = editorOf({
    noun: 'icon',
    missing: '浮动图标不存在',
    lock: store.lockSuspensionIcon,
    insert: store.insertSuspensionIcon,
    update: store.updateSuspensionIcon,
    remove: store.deleteSuspensionIcon,
    present: presentSuspensionIcon,
  });

  return {
    async settings(siteId: number): Promise<SiteSettings> {
      const site = await store.findSite(deps.db, siteId);
      if (!site) {
        throw validationError('site-id', '站点不存在');
      }
      return presentSettings(site);
    },

    saveSettings: (actor: OperatorPrincipal, input: SiteSettingsInput) =>
      edit(actor, async (tx): Promise<Edit<SiteSettings>> => {
        const before = await store.findSite(tx, actor.siteId, { forUpdate: true });
        const after = before && (await store.updateSite(tx, actor.siteId, sitePatchOf(input)));
        if (!before || !after) {
          throw validationError('site-id', '站点不存在');
        }
        const { updatedAt: _before, ...beforeShown } = presentSettings(before);
        const { updatedAt: _after, ...afterShown } = presentSettings(after);
        return {
          result: presentSettings(after),
          entry: {
            action: 'site.settings',
            target: `site:${actor.siteId}`,
            before: beforeShown,
            after: afterShown,
          },
        };
      }),

    async notices(
      siteId: number,
      query: { category?: number | undefined; pageNum: number; pageSize: number },
    ) {
      const { list, total } = await store.listNotices(deps.db, siteId, query);
      return { list: list.map(presentNotice), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },
    createNotice: (actor: OperatorPrincipal, input: NoticeCreateInput) =>
      notices.create(actor, {
        category: input.category,
        title: input.title,
        content: input.content,
        published_at: input.publishedAt ? new Date(input.publishedAt) : new Date(deps.clock.now()),
        is_active: input.isActive,
      }),
    updateNotice: (actor: OperatorPrincipal, input: NoticeUpdateInput) =>
      notices.update(
        actor,
        input.id,
        definedOnly({
          category: input.category,
          title: input.title,
          content: input.content,
          published_at: input.publishedAt === undefined ? undefined : new Date(input.publishedAt),
          is_active: input.isActive,
        }),
      ),
    deleteNotice: (actor: OperatorPrincipal, id: number) => notices.remove(actor, id),

    stationAds: async (siteId: number) => (await store.listStationAds(deps.db, siteId)).map(presentStationAd),
    createStationAd: (actor: OperatorPrincipal, input: StationAdCreateInput) =>
      stationAds.create(actor, {
        title: input.title,
        image_url: input.imageUrl,
        link_url: input.linkUrl,
        sort: input.sort,
        is_active: input.isActive,
      }),
    updateStationAd: (actor: OperatorPrincipal, input: StationAdUpdateInput) =>
      stationAds.update(
        actor,
        input.id,
        definedOnly({
          title: input.title,
          image_url: input.imageUrl,
          link_url: input.linkUrl,
          sort: input.sort,
          is_active: input.isActive,
        }),
      ),
    deleteStationAd: (actor: OperatorPrincipal, id: number) => stationAds.remove(actor, id),

    suspensionIcons: async (siteId: number) =>
      (await store.listSuspensionIcons(deps.db, siteId)).map(presentSuspensionIcon),
    createSuspensionIcon: (actor: OperatorPrincipal, input: SuspensionIconCreateInput) =>
      suspensionIcons.create(actor, {
        display_equipment: input.displayEquipment,
        title: input.title,
        icon_url: input.iconUrl,
        link_url: input.linkUrl,
        sort: input.sort,
        is_active: input.isActive,
      }),
    updateSuspensionIcon: (actor: OperatorPrincipal, input: SuspensionIconUpdateInput) =>
      suspensionIcons.update(
        actor,
        input.id,
        definedOnly({
          display_equipment: input.displayEquipment,
          title: input.title,
          icon_url: input.iconUrl,
          link_url: input.linkUrl,
          sort: input.sort,
          is_active: input.isActive,
        }),
      ),
    deleteSuspensionIcon: (actor: OperatorPrincipal, id: number) => suspensionIcons.remove(actor, id),

    namingEntries: (siteId: number): Promise<NamingEntry[]> => store.listNamingEntries(deps.db, siteId),
    saveNamingEntry: (actor: OperatorPrincipal, input: NamingSaveInput) =>
      edit(actor, async (tx): Promise<Edit<NamingEntry>> => {
        const before = (await store.lockNamingEntry(tx, actor.siteId, input.id)) ?? null;
        const after = await store.upsertNamingEntry(tx, actor.siteId, input);
        const entry = { action: 'site.naming_save', target: `naming:${input.id}`, before, after };
        return { result: after, entry };
      }),
    deleteNamingEntry: (actor: OperatorPrincipal, id: number) =>
      edit(actor, async (tx): Promise<Edit<null>> => {
        const before = await store.lockNamingEntry(tx, actor.siteId, id);
        if (!before) {
          throw validationError('id', '命名项不存在');
        }
        await store.deleteNamingEntry(tx, actor.siteId, id);
        return {
          result: null,
          entry: { action: 'site.naming_delete', target: `naming:${id}`, before, after: null },
        };
      }),
  };
}

/** The fields an update sent: an absent one keeps its column as it is. */
function definedOnly<T extends Record<string, unknown>>(
  fields: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

function sitePatchOf(input: SiteSettingsInput): store.SitePatch {
  return {
    title: input.title,
    webLogoTitleUrl: input.webLogoTitleUrl,
    // The spec's maintenance status: 0 sends members to the maintenance page.
    maintainStatus: input.isUnderMaintenance ? 0 : 1,
    maintainStartAt: input.maintainStartTime ? new Date(input.maintainStartTime) : null,
    maintainEndAt: input.maintainEndTime ? new Date(input.maintainEndTime) : null,
    maintainMessage: input.maintainMessage,
    stopLogin: input.stopLogin,
    stopRegister: input.stopRegister,
  };
}

function presentSettings(site: Site): SiteSettings {
  return {
    siteId: site.id,
    title: site.title,
    webLogoTitleUrl: site.web_logo_title_url,
    isUnderMaintenance: site.maintain_status === 0,
    maintainStartTime: site.maintain_start_at?.toISOString() ?? null,
    maintainEndTime: site.maintain_end_at?.toISOString() ?? null,
    maintainMessage: site.maintain_message,
    stopLogin: site.stop_login,
    stopRegister: site.stop_register,
    updatedAt: site.updated_at.toISOString(),
  };
}

function presentNotice(row: store.NoticeRow): AdminNotice {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    content: row.content,
    publishedAt: row.published_at.toISOString(),
    isActive: row.is_active,
  };
}

function presentStationAd(row: store.StationAdRow): AdminStationAd {
  return {
    id: row.id,
    title: row.title,
    imageUrl: row.image_url,
    linkUrl: row.link_url,
    sort: row.sort,
    isActive: row.is_active,
  };
}

function presentSuspensionIcon(row: store.SuspensionIconRow): AdminSuspensionIcon {
  return {
    id: row.id,
    displayEquipment: row.display_equipment === '2' ? '2' : '1',
    title: row.title,
    iconUrl: row.icon_url,
    linkUrl: row.link_url,
    sort: row.sort,
    isActive: row.is_active,
  };
}
