import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { LotteryService } from './service.ts';

export function registerLotteryRoutes(route: RegisterRoute, lottery: LotteryService) {
  route(routes.lotteryHall, async (_input, request) => lottery.hall(request.siteId));
  route(routes.lotteryPlays, async ({ body }, request) => lottery.plays(request.siteId, body));
  route(routes.lotteryResults, async ({ body }, request) => lottery.results(request.siteId, body));
  route(routes.lotteryBet, async ({ body, principal }) => lottery.place(principal, body));
  route(routes.lotteryTickets, async ({ body, principal }) => lottery.tickets(principal, body));
  route(routes.adminLotteryCancel, async ({ body, principal }) => lottery.cancelIssue(principal, body));
}
