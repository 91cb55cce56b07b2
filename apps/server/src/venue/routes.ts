import { headerNames, routes } from '@site/contract';
import type { FastifyRequest } from 'fastify';
import type { MemberPrincipal } from '../http/access.ts';
import type { RegisterRoute } from '../http/route.ts';
import type { LaunchCaller, MemberCaller, VenueService } from './service.ts';

/** Who launches, from the request the guard already checked. */
function callerOf(request: FastifyRequest): LaunchCaller {
  const clientType = request.headers[headerNames.clientType];
  const origin = request.headers.origin;
  return {
    siteId: request.siteId,
    ip: request.ip,
    clientType: typeof clientType === 'string' ? clientType.slice(0, 16) : '',
    origin: typeof origin === 'string' ? origin.slice(0, 200) : '',
  };
}

const memberCallerOf = (request: FastifyRequest, member: MemberPrincipal): MemberCaller => ({
  ...callerOf(request),
  siteId: member.siteId,
  memberId: member.memberId,
});

export function registerVenueRoutes(route: RegisterRoute, venues: VenueService) {
  route(routes.venueList, async ({ body }, request) => venues.list(request.siteId, body.category));
  route(routes.venueLaunch, async ({ body, principal }, request) =>
    venues.launch(memberCallerOf(request, principal), body),
  );
  route(routes.venueLeave, async ({ body, principal }, request) =>
    venues.leave(memberCallerOf(request, principal), body),
  );
  route(routes.venuePlatformCount, async ({ body, principal }, request) =>
    venues.platformCount(memberCallerOf(request, principal), body.requestId),
  );
  route(routes.venueDemoList, async (_input, request) => venues.demoList(request.siteId));
  route(routes.venueDemoLaunch, async ({ body }, request) => venues.demoLaunch(callerOf(request), body));
  route(routes.adminVenueList, async ({ principal }) => venues.adminList(principal.siteId));
  route(routes.adminVenueUpdate, async ({ body, principal }) => venues.adminUpdate(principal, body));
  route(routes.adminVenueLaunches, async ({ body, principal }) => venues.launches(principal.siteId, body));
}
