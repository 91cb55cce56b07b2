import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { SessionService } from './service.ts';

export function registerSessionRoutes(route: RegisterRoute, sessions: SessionService) {
  route(routes.captcha, async () => sessions.captcha());
  route(routes.login, async ({ body }, request) => sessions.login(request, body));
  route(routes.logout, async (_input, request) => {
    await sessions.logout(request);
    return null;
  });
  route(routes.deviceVerify, async ({ body }, request) => sessions.finishDeviceVerification(request, body));
  route(routes.deviceVerifyResend, async ({ body }, request) =>
    sessions.resendDeviceCode(request, body.ticket),
  );
  route(routes.memberJwt, async ({ principal }, request) => sessions.socketToken(request, principal));
  route(routes.loginHistory, async ({ query, principal }) => sessions.loginHistory(principal, query));
}
