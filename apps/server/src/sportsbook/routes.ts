import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { SportsbookService } from './service.ts';

export function registerSportsbookRoutes(route: RegisterRoute, sportsbook: SportsbookService) {
  route(routes.sportsbookLeagues, async () => sportsbook.leagues());
  route(routes.sportsbookMatches, async ({ body }) => sportsbook.matches(body));
  route(routes.sportsbookMatch, async ({ body }) => sportsbook.match(body.matchId));
  route(routes.sportsbookPlace, async ({ body, principal }) => sportsbook.place(principal, body));
  route(routes.sportsbookBets, async ({ body, principal }) => sportsbook.bets(principal, body));
  route(routes.adminSportsbookBets, async ({ body, principal }) =>
    sportsbook.admin.bets(principal.siteId, body),
  );
}
