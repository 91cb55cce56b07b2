import { routes } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import type { OperatorService } from '../auth/operators.ts';
import type { AuthService } from '../auth/service.ts';
import { registerRoute } from '../http/route.ts';

/** The operator API: every route but login starts with `requireOperator` (10004 otherwise). */
export function registerAdminRoutes(app: FastifyInstance, operators: OperatorService, auth: AuthService) {
  registerRoute(app, routes.adminLogin, async ({ body }, request) => operators.login(body, request.ip));
  registerRoute(app, routes.adminLogout, async (_input, request) => {
    await operators.logout(request);
    return null;
  });
  registerRoute(app, routes.adminBlock, async ({ body }, request) => {
    await operators.requireOperator(request);
    await auth.operator.block(request.siteId, body.kind, body.value, body.reason);
    return null;
  });
  registerRoute(app, routes.adminUnblock, async ({ body }, request) => {
    await operators.requireOperator(request);
    await auth.operator.unblock(request.siteId, body.kind, body.value);
    return null;
  });
  registerRoute(app, routes.adminBlockList, async (_input, request) => {
    await operators.requireOperator(request);
    return auth.operator.blocks(request.siteId);
  });
  registerRoute(app, routes.adminMemberLoginHistory, async ({ body }, request) => {
    await operators.requireOperator(request);
    return auth.operator.loginHistory(request.siteId, body.username, body);
  });
  registerRoute(app, routes.adminOutbox, async ({ query }, request) => {
    await operators.requireOperator(request);
    return auth.operator.outbox(request.siteId, query);
  });
}
