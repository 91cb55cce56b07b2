import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { AuthService } from './service.ts';

export function registerAuthRoutes(route: RegisterRoute, auth: AuthService) {
  route(routes.captcha, async () => auth.captcha());
  route(routes.register, async ({ body }, request) => auth.register(request, body));
  route(routes.login, async ({ body }, request) => auth.login(request, body));
  route(routes.logout, async (_input, request) => {
    await auth.logout(request);
    return null;
  });
  route(routes.deviceVerify, async ({ body }, request) => auth.finishDeviceVerification(request, body));
  route(routes.deviceVerifyResend, async ({ body }, request) => auth.resendDeviceCode(request, body.ticket));
  route(routes.memberInfo, async ({ body, principal }) =>
    auth.memberInfo(principal, body.withLockMoney !== undefined),
  );
  route(routes.memberJwt, async ({ principal }, request) => auth.socketToken(request, principal));
  route(routes.changePassword, async ({ body, principal }, request) => {
    await auth.changePassword(request, principal, body);
    return null;
  });
  route(routes.forgotPasswordSend, async ({ body }, request) => auth.sendPasswordResetCode(request, body));
  route(routes.forgotPasswordReset, async ({ body }, request) => {
    await auth.resetPassword(request, body);
    return null;
  });
  route(routes.totpSetup, async ({ principal }) => auth.setupTotp(principal));
  route(routes.totpEnable, async ({ body, principal }) => {
    await auth.enableTotp(principal, body.code);
    return null;
  });
  route(routes.totpDisable, async ({ body, principal }) => {
    await auth.disableTotp(principal, body);
    return null;
  });
  route(routes.loginHistory, async ({ query, principal }) => auth.loginHistory(principal, query));
}
