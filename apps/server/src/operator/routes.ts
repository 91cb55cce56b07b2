import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { OperatorService } from './service.ts';

/** The operator API; each route's access names the permission it needs. */
export function registerOperatorRoutes(route: RegisterRoute, operators: OperatorService) {
  const { memberRisk } = operators;
  route(routes.adminLogin, async ({ body }, request) => operators.login(body, request.ip));
  route(routes.adminLogout, async (_input, request) => {
    await operators.logout(request);
    return null;
  });
  route(routes.adminBlock, async ({ body, principal }) => {
    await memberRisk.block(principal.siteId, body.kind, body.value, body.reason);
    return null;
  });
  route(routes.adminUnblock, async ({ body, principal }) => {
    await memberRisk.unblock(principal.siteId, body.kind, body.value);
    return null;
  });
  route(routes.adminBlockList, async ({ principal }) => memberRisk.blocks(principal.siteId));
  route(routes.adminMemberLoginHistory, async ({ body, principal }) =>
    memberRisk.loginHistory(principal.siteId, body.username, body),
  );
  route(routes.adminOutbox, async ({ query, principal }) => memberRisk.outbox(principal.siteId, query));
}
