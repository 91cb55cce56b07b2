import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { IdentityService } from './service.ts';

export function registerIdentityRoutes(route: RegisterRoute, identity: IdentityService) {
  route(routes.identityStatus, async ({ principal }) => identity.status(principal));
  route(routes.identitySubmit, async ({ body, principal }) => identity.submit(principal, body));
}
