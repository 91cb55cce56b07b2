import { createCipheriv, randomBytes } from 'node:crypto';
import {
  type DividendLead,
  type NamingEntry,
  type Notice,
  type PopActivity,
  type PreInfo,
  type StationAd,
  type SuspensionIcon,
  secFixedId,
  type VvPretty,
  type WebTerminal,
} from '@site/contract';
import { AppError, validationError } from '../app-error.ts';
import type { AuditLog } from '../audit/service.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Clock } from '../stores/clock.ts';
import type { PubSub } from '../stores/pubsub.ts';
import { createSiteContentAdmin } from './content-admin.ts';
import * as store from './store.ts';

/** How long a node serves a site's content from memory; changes also invalidate at once. */
export const siteSnapshotTtlMs = 10_000;
const siteChangedChannel = 'site-changed';

type Site = NonNullable<store.SiteRow>;
interface SiteSnapshot {
  site: Site;
  content: store.SiteContent;
  vvPrettyCiphertext: string;
}

export type SiteService = Awaited<ReturnType<typeof createSiteService>>;
export type NewSiteInput = Omit<Database['sites'], 'updated_at' | 'disable_phones' | 'vv_key' | 'vv_iv'> & {
  disable_phones: string[];
};

/**
 * Site configuration and pre-login content. Every request of every visitor reads it, so each
 * node keeps a snapshot per site in memory and drops it when any node publishes a change.
 */
export async function createSiteService(deps: { db: Db; pubsub: PubSub; clock: Clock; audit: AuditLog }) {
  // Unknown site ids are remembered too, so made-up ids cannot send every request to the database.
  const snapshots = new Map<number, { loadedAtMs: number; result: Promise<SiteSnapshot> }>();
  const unsubscribe = await deps.pubsub.subscribe(siteChangedChannel, (message) => {
    snapshots.delete(Number(message));
  });

  const loadSnapshot = async (siteId: number): Promise<SiteSnapshot> => {
    const site = await store.findSite(deps.db, siteId);
    if (!site) {
      throw validationError('site-id', '站点不存在');
    }
    const content = await store.readSiteContent(deps.db, siteId);
    return { site, content, vvPrettyCiphertext: encryptVvPretty(site) };
  };

  const snapshot = (siteId: number): Promise<SiteSnapshot> => {
    const now = deps.clock.now();
    const cached = snapshots.get(siteId);
    if (cached && now - cached.loadedAtMs < siteSnapshotTtlMs) {
      return cached.result;
    }
    const entry = { loadedAtMs: now, result: loadSnapshot(siteId) };
    snapshots.set(siteId, entry);
    entry.result.catch((error: unknown) => {
      // A database failure is not an answer worth keeping: the next request tries again.
      if (!(error instanceof AppError) && snapshots.get(siteId) === entry) {
        snapshots.delete(siteId);
      }
    });
    return entry.result;
  };

  /** Drops the site's snapshot here and, through pub/sub, on every other node. */
  const changed = async (siteId: number) => {
    snapshots.delete(siteId);
    await deps.pubsub.publish(siteChangedChannel, String(siteId));
  };

  const published = <T extends { published_at: Date }>(rows: T[]) =>
    rows.filter((row) => row.published_at.getTime() <= deps.clock.now());

  return {
    /** Whether the site exists; unknown site ids are refused before any route runs. */
    exists: async (siteId: number): Promise<boolean> =>
      snapshot(siteId).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) {
            return false;
          }
          throw error;
        },
      ),

    async preInfo(siteId: number, ip: string): Promise<PreInfo> {
      return presentPreInfo((await snapshot(siteId)).site, ip);
    },

    async secKey(siteId: number, id: string) {
      if (id !== secFixedId) {
        throw validationError('id', '密钥不存在');
      }
      const { site } = await snapshot(siteId);
      return { key: site.vv_key, iv: site.vv_iv };
    },

    async vvPretty(siteId: number) {
      return { data: (await snapshot(siteId)).vvPrettyCiphertext };
    },

    async notices(siteId: number, category: number): Promise<Notice[]> {
      const { content } = await snapshot(siteId);
      return published(content.notices)
        .filter((notice) => notice.category === category)
        .map((notice) => ({
          id: notice.id,
          category: notice.category,
          title: notice.title,
          content: notice.content,
          publishedAt: notice.published_at.toISOString(),
        }));
    },

    async unreadNoticeCount(siteId: number, readAt: Date | undefined): Promise<number> {
      const { content } = await snapshot(siteId);
      return published(content.notices).filter((notice) => !readAt || notice.published_at > readAt).length;
    },

    async stationAds(siteId: number): Promise<StationAd[]> {
      return (await snapshot(siteId)).content.stationAds.map((ad) => ({
        id: ad.id,
        title: ad.title,
        imageUrl: ad.image_url,
        linkUrl: ad.link_url,
      }));
    },

    async suspensionIcons(siteId: number, displayEquipment: string): Promise<SuspensionIcon[]> {
      return (await snapshot(siteId)).content.suspensionIcons
        .filter((icon) => icon.display_equipment === displayEquipment)
        .map((icon) => ({ id: icon.id, title: icon.title, iconUrl: icon.icon_url, linkUrl: icon.link_url }));
    },

    async popActivities(siteId: number): Promise<PopActivity[]> {
      const now = deps.clock.now();
      return (await snapshot(siteId)).content.popActivities
        .filter(
          (activity) =>
            activity.starts_at.getTime() <= now && (!activity.ends_at || activity.ends_at.getTime() > now),
        )
        .map((activity) => ({
          id: activity.id,
          title: activity.title,
          imageUrl: activity.image_url,
          linkUrl: activity.link_url,
        }));
    },

    async dividendLead(siteId: number): Promise<DividendLead> {
      const { site } = await snapshot(siteId);
      return {
        isShow: site.dividend_lead_content.length > 0,
        title: site.dividend_lead_title,
        content: site.dividend_lead_content,
        linkUrl: site.dividend_lead_link_url,
      };
    },

    async webTerminal(siteId: number, platform: string): Promise<WebTerminal> {
      const { site } = await snapshot(siteId);
      return {
        platform,
        h5Url: site.h5_url,
        pcUrl: site.pc_url,
        androidUrl: site.android_url,
        iosUrl: site.ios_url,
        isPwaEnabled: site.is_pwa_enabled,
      };
    },

    async namingList(siteId: number): Promise<NamingEntry[]> {
      return (await snapshot(siteId)).content.namingEntries;
    },

    /** A change to a site outside the console (tests, commands); every node drops its snapshot. */
    async update(siteId: number, patch: store.SitePatch): Promise<void> {
      if (!(await store.updateSite(deps.db, siteId, patch))) {
        throw validationError('site-id', '站点不存在');
      }
      await changed(siteId);
    },

    /** What staff edit in the console (站点), audited; members see each change at once. */
    admin: createSiteContentAdmin({ db: deps.db, clock: deps.clock, audit: deps.audit, changed }),

    async create(site: NewSiteInput): Promise<void> {
      await store.insertSite(deps.db, {
        ...site,
        vv_key: randomBytes(32).toString('base64'),
        vv_iv: randomBytes(16).toString('base64'),
      });
      await changed(site.id);
    },

    async close() {
      await unsubscribe();
    },
  };
}

function presentPreInfo(site: Site, ip: string): PreInfo {
  return {
    SiteBaseConfigVo: { title: site.title, webLogoTitleUrl: site.web_logo_title_url },
    address: site.address,
    disablePhones: site.disable_phones,
    globePhoneNumber: site.globe_phone_number,
    ip,
    maintainConfig: {
      status: site.maintain_status === 0 ? 0 : 1,
      startTime: site.maintain_start_at?.toISOString() ?? null,
      endTime: site.maintain_end_at?.toISOString() ?? null,
      message: site.maintain_message,
    },
    siteFestivalSkin: site.festival_skin,
    siteVideoActiveUrl: site.video_active_url,
    siteVideoSkinOpen: site.video_skin_open,
    stopLogin: site.stop_login,
    stopRegister: site.stop_register,
  };
}

/** vvPretty travels AES-256-CBC encrypted with the key and iv that `/sec/{id}` hands out. */
function encryptVvPretty(site: Site): string {
  const payload: VvPretty = {
    customerServiceUrl: site.customer_service_url,
    customerServiceInsteadUrl: site.customer_service_instead_url,
    downloadUrl: site.download_url,
    sponsorTitle: site.sponsor_title,
  };
  const cipher = createCipheriv(
    'aes-256-cbc',
    Buffer.from(site.vv_key, 'base64'),
    Buffer.from(site.vv_iv, 'base64'),
  );
  return Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]).toString('base64');
}
