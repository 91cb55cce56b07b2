import { routes } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../auth/service.ts';
import { registerRoute } from '../http/route.ts';
import type { IdentityService } from './service.ts';

/** Member-only: each route starts with the auth guard (10004 without a session). */
export function registerIdentityRoutes(app: FastifyInstance, identity: IdentityService, auth: AuthService) {
  registerRoute(app, routes.identityStatus, async (_input, request) =>
    identity.status(await auth.requireMember(request)),
  );
  registerRoute(app, routes.identitySubmit, async ({ body }, request) =>
    identity.submit(await auth.requireMember(request), body),
  );
}
