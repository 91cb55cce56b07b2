import { routes } from '@site/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../http/route.ts';
import type { AuthService } from './service.ts';

export function registerAuthRoutes(app: FastifyInstance, auth: AuthService) {
  registerRoute(app, routes.captcha, async () => auth.captcha());
  registerRoute(app, routes.register, async ({ body }, request) => auth.register(request, body));
  registerRoute(app, routes.login, async ({ body }, request) => auth.login(request, body));
  registerRoute(app, routes.logout, async (_input, request) => {
    await auth.logout(request);
    return null;
  });
  registerRoute(app, routes.deviceVerify, async ({ body }, request) =>
    auth.finishDeviceVerification(request, body),
  );
  registerRoute(app, routes.deviceVerifyResend, async ({ body }, request) =>
    auth.resendDeviceCode(request, body.ticket),
  );
  registerRoute(app, routes.memberInfo, async ({ body }, request) =>
    auth.memberInfo(request, body.withLockMoney !== undefined),
  );
  registerRoute(app, routes.memberJwt, async (_input, request) => auth.socketToken(request));
  registerRoute(app, routes.changePassword, async ({ body }, request) => {
    await auth.changePassword(request, body);
    return null;
  });
  registerRoute(app, routes.forgotPasswordSend, async ({ body }, request) =>
    auth.sendPasswordResetCode(request, body),
  );
  registerRoute(app, routes.forgotPasswordReset, async ({ body }, request) => {
    await auth.resetPassword(request, body);
    return null;
  });
  registerRoute(app, routes.totpSetup, async (_input, request) => auth.setupTotp(request));
  registerRoute(app, routes.totpEnable, async ({ body }, request) => {
    await auth.enableTotp(request, body.code);
    return null;
  });
  registerRoute(app, routes.totpDisable, async ({ body }, request) => {
    await auth.disableTotp(request, body);
    return null;
  });
  registerRoute(app, routes.loginHistory, async ({ query }, request) => auth.loginHistory(request, query));
}
