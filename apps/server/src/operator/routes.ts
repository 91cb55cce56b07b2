import { routes } from '@site/contract';
import type { OperatorService } from '../auth/operators.ts';
import type { AuthService } from '../auth/service.ts';
import type { RegisterRoute } from '../http/route.ts';

/** The operator API; each route's access names the permission it needs. */
export function registerAdminRoutes(route: RegisterRoute, operators: OperatorService, auth: AuthService) {
  route(routes.adminLogin, async ({ body }, request) => operators.login(body, request.ip));
  route(routes.adminLogout, async (_input, request) => {
    await operators.logout(request);
    return null;
  });
  route(routes.adminBlock, async ({ body, principal }) => {
    await auth.operator.block(principal.siteId, body.kind, body.value, body.reason);
    return null;
  });
  route(routes.adminUnblock, async ({ body, principal }) => {
    await auth.operator.unblock(principal.siteId, body.kind, body.value);
    return null;
  });
  route(routes.adminBlockList, async ({ principal }) => auth.operator.blocks(principal.siteId));
  route(routes.adminMemberLoginHistory, async ({ body, principal }) =>
    auth.operator.loginHistory(principal.siteId, body.username, body),
  );
  route(routes.adminOutbox, async ({ query, principal }) => auth.operator.outbox(principal.siteId, query));
}
