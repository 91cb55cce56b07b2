import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { IdentityService } from './service.ts';

export function registerIdentityRoutes(route: RegisterRoute, identity: IdentityService) {
  const { review } = identity;
  route(routes.identityStatus, async ({ principal }) => identity.status(principal));
  route(routes.identitySubmit, async ({ body, principal }) => identity.submit(principal, body));
  route(routes.adminIdentityList, async ({ body, principal }) => review.list(principal.siteId, body));
  route(routes.adminIdentityApprove, async ({ body, principal }) => review.approve(principal, body));
  route(routes.adminIdentityReject, async ({ body, principal }) => review.reject(principal, body));
  route(routes.adminIdentityRule, async ({ principal }) => review.rule(principal.siteId));
  route(routes.adminIdentityRuleSet, async ({ body, principal }) => review.setRule(principal, body));
}
