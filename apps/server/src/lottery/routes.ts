import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { LotteryService } from './service.ts';

export function registerLotteryRoutes(route: RegisterRoute, lottery: LotteryService) {
  route(routes.lotteryHall, async (_input, request) => lottery.hall(request.siteId));
  route(routes.lotteryPlays, async ({ body }, request) => lottery.plays(request.siteId, body));
  route(routes.lotteryResults, async ({ body }, request) => lottery.results(request.siteId, body));
  route(routes.lotteryBet, async ({ body, principal }) => lottery.place(principal, body));
  route(routes.lotteryTickets, async ({ body, principal }) => lottery.tickets(principal, body));
  route(routes.lotteryChaseStart, async ({ body, principal }) => lottery.startChase(principal, body));
  route(routes.lotteryChases, async ({ body, principal }) => lottery.chases(principal, body));
  route(routes.lotteryChaseCancel, async ({ body, principal }) => lottery.cancelChase(principal, body));
  route(routes.adminLotteryCancel, async ({ body, principal }) => lottery.cancelIssue(principal, body));
  route(routes.adminLotteryGames, async ({ principal }) => lottery.admin.games(principal.siteId));
  route(routes.adminLotteryGameUpdate, async ({ body, principal }) =>
    lottery.admin.updateGame(principal, body),
  );
  route(routes.adminLotteryDraws, async ({ body, principal }) => lottery.admin.draws(principal.siteId, body));
  route(routes.adminLotteryLiability, async ({ body, principal }) =>
    lottery.admin.liability(principal.siteId, body),
  );
  route(routes.adminLotteryTickets, async ({ body, principal }) =>
    lottery.admin.tickets(principal.siteId, body),
  );
}
