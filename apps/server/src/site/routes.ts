import { headerNames, routes } from '@site/contract';
import { validationError } from '../app-error.ts';
import type { RegisterRoute } from '../http/route.ts';
import type { Clock } from '../stores/clock.ts';
import type { SiteService } from './service.ts';

const terminalPlatforms = ['h5', 'pc', 'android', 'ios'];

export function registerSiteRoutes(route: RegisterRoute, sites: SiteService, clock: Clock) {
  route(routes.preInfo, async (_input, request) => sites.preInfo(request.siteId, request.ip));
  route(routes.secKey, async ({ params }, request) => sites.secKey(request.siteId, params.id));
  route(routes.vvPretty, async (_input, request) => sites.vvPretty(request.siteId));
  route(routes.noticeList, async ({ body }, request) => sites.notices(request.siteId, body.category));
  route(routes.stationAdList, async (_input, request) => sites.stationAds(request.siteId));
  route(routes.suspensionIcon, async ({ body }, request) =>
    sites.suspensionIcons(request.siteId, body.displayEquipment),
  );
  route(routes.dividendLead, async (_input, request) => sites.dividendLead(request.siteId));
  route(routes.webTerminal, async (_input, request) => {
    const platform = request.headers[headerNames.platform] ?? 'h5';
    if (typeof platform !== 'string' || !terminalPlatforms.includes(platform)) {
      throw validationError(headerNames.platform, `只能是 ${terminalPlatforms.join(' / ')}`);
    }
    return sites.webTerminal(request.siteId, platform);
  });
  route(routes.namingList, async (_input, request) => sites.namingList(request.siteId));
  route(routes.popInfo, async (_input, request) => sites.popActivities(request.siteId));
  route(routes.counter, async ({ query }, request) => ({
    unreadNoticeCount: await sites.unreadNoticeCount(
      request.siteId,
      query.noticeReadAt ? new Date(query.noticeReadAt) : undefined,
    ),
    serverTime: new Date(clock.now()).toISOString(),
  }));
}
