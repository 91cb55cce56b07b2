import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { SportsbookService } from './service.ts';

export function registerSportsbookRoutes(route: RegisterRoute, sportsbook: SportsbookService) {
  route(routes.sportsbookLeagues, async () => sportsbook.leagues());
  route(routes.sportsbookMatches, async ({ body }) => sportsbook.matches(body));
  route(routes.sportsbookMatch, async ({ body }) => sportsbook.match(body.matchId));
  route(routes.sportsbookPlace, async ({ body, principal }) => sportsbook.place(principal, body));
  route(routes.sportsbookBets, async ({ body, principal }) => sportsbook.bets(principal, body));
  route(routes.sportsbookCashOutQuote, async ({ body, principal }) =>
    sportsbook.cashOut.quote(principal, body.betId),
  );
  route(routes.sportsbookCashOut, async ({ body, principal }) => sportsbook.cashOut.take(principal, body));
  route(routes.adminSportsbookBets, async ({ body, principal }) =>
    sportsbook.admin.bets(principal.siteId, body),
  );
  route(routes.adminSportsbookLiability, async ({ body }) => sportsbook.admin.liability(body));
  route(routes.adminSportsbookSettings, async () => sportsbook.admin.settings());
  route(routes.adminSportsbookSettingsUpdate, async ({ body, principal }) =>
    sportsbook.admin.updateSettings(principal, body),
  );
  registerSportsbookAdminRoutes(route, sportsbook);
}

/** The console's result corrections and 封盘 (admin.ts); the node always wires them. */
function registerSportsbookAdminRoutes(route: RegisterRoute, sportsbook: SportsbookService) {
  const desk = () => {
    if (!sportsbook.results) {
      throw new Error('sportsbook: result corrections need the ledger and the audit log');
    }
    return sportsbook.results;
  };
  route(routes.adminSportsbookMatches, async ({ body }) => desk().matches(body));
  route(routes.adminSportsbookResult, async ({ body, principal }) => desk().correctResult(principal, body));
  route(routes.adminSportsbookHold, async ({ body, principal }) => desk().hold(principal, body));
  route(routes.adminSportsbookReceivables, async ({ body, principal }) =>
    desk().receivables(principal.siteId, body),
  );
}
