import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { BetService } from './service.ts';

export function registerBetRoutes(route: RegisterRoute, bets: BetService) {
  route(routes.betRecords, async ({ body, principal }) => bets.memberRecords(principal, body));
  route(routes.adminBets, async ({ body, principal }) => bets.adminSearch(principal.siteId, body));
  route(routes.adminBetSettings, async ({ principal }) => bets.settings(principal.siteId));
  route(routes.adminBetSettingsUpdate, async ({ body, principal }) => bets.updateSettings(principal, body));
}
