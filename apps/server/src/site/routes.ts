import { headerNames, routes } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { validationError } from '../app-error.ts';
import { registerRoute } from '../http/route.ts';
import type { Clock } from '../stores/clock.ts';
import type { SiteService } from './service.ts';

const terminalPlatforms = ['h5', 'pc', 'android', 'ios'];

export function registerSiteRoutes(app: FastifyInstance, sites: SiteService, clock: Clock) {
  registerRoute(app, routes.preInfo, async (_input, request) => sites.preInfo(request.siteId, request.ip));
  registerRoute(app, routes.secKey, async ({ params }, request) => sites.secKey(request.siteId, params.id));
  registerRoute(app, routes.vvPretty, async (_input, request) => sites.vvPretty(request.siteId));
  registerRoute(app, routes.noticeList, async ({ body }, request) =>
    sites.notices(request.siteId, body.category),
  );
  registerRoute(app, routes.stationAdList, async (_input, request) => sites.stationAds(request.siteId));
  registerRoute(app, routes.suspensionIcon, async ({ body }, request) =>
    sites.suspensionIcons(request.siteId, body.displayEquipment),
  );
  registerRoute(app, routes.dividendLead, async (_input, request) => sites.dividendLead(request.siteId));
  registerRoute(app, routes.webTerminal, async (_input, request) => {
    const platform = request.headers[headerNames.platform] ?? 'h5';
    if (typeof platform !== 'string' || !terminalPlatforms.includes(platform)) {
      throw validationError(headerNames.platform, `只能是 ${terminalPlatforms.join(' / ')}`);
    }
    return sites.webTerminal(request.siteId, platform);
  });
  registerRoute(app, routes.namingList, async (_input, request) => sites.namingList(request.siteId));
  registerRoute(app, routes.popInfo, async (_input, request) => sites.popActivities(request.siteId));
  registerRoute(app, routes.counter, async ({ query }, request) => ({
    unreadNoticeCount: await sites.unreadNoticeCount(
      request.siteId,
      query.noticeReadAt ? new Date(query.noticeReadAt) : undefined,
    ),
    serverTime: new Date(clock.now()).toISOString(),
  }));
}
