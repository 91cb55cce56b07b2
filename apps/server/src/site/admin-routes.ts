import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { SiteService } from './service.ts';

/** The console's 站点 pages: each call acts on the site the request names, as its staff may. */
export function registerSiteAdminRoutes(route: RegisterRoute, sites: SiteService) {
  const { admin } = sites;
  route(routes.adminSiteSettings, async ({ principal }) => admin.settings(principal.siteId));
  route(routes.adminSiteSettingsSet, async ({ body, principal }) => admin.saveSettings(principal, body));

  route(routes.adminNoticeList, async ({ body, principal }) => admin.notices(principal.siteId, body));
  route(routes.adminNoticeCreate, async ({ body, principal }) => admin.createNotice(principal, body));
  route(routes.adminNoticeUpdate, async ({ body, principal }) => admin.updateNotice(principal, body));
  route(routes.adminNoticeDelete, async ({ body, principal }) => admin.deleteNotice(principal, body.id));

  route(routes.adminAdList, async ({ principal }) => admin.stationAds(principal.siteId));
  route(routes.adminAdCreate, async ({ body, principal }) => admin.createStationAd(principal, body));
  route(routes.adminAdUpdate, async ({ body, principal }) => admin.updateStationAd(principal, body));
  route(routes.adminAdDelete, async ({ body, principal }) => admin.deleteStationAd(principal, body.id));

  route(routes.adminIconList, async ({ principal }) => admin.suspensionIcons(principal.siteId));
  route(routes.adminIconCreate, async ({ body, principal }) => admin.createSuspensionIcon(principal, body));
  route(routes.adminIconUpdate, async ({ body, principal }) => admin.updateSuspensionIcon(principal, body));
  route(routes.adminIconDelete, async ({ body, principal }) =>
    admin.deleteSuspensionIcon(principal, body.id),
  );

  route(routes.adminNamingList, async ({ principal }) => admin.namingEntries(principal.siteId));
  route(routes.adminNamingSave, async ({ body, principal }) => admin.saveNamingEntry(principal, body));
  route(routes.adminNamingDelete, async ({ body, principal }) => admin.deleteNamingEntry(principal, body.id));
}
