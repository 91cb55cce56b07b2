import { routes } from '@site/contract';
import type { MemberPrincipal } from '../http/access.ts';
import type { RegisterRoute } from '../http/route.ts';
import type { AuthService } from './service.ts';

/** The money the member profile shows, answered by the cashier. */
export interface ProfileWallet {
  lockMoney(member: MemberPrincipal): Promise<string>;
}

export function registerAuthRoutes(route: RegisterRoute, auth: AuthService, wallet: ProfileWallet) {
  route(routes.captcha, async () => auth.captcha());
  route(routes.register, async ({ body }, request) => auth.register(request, body));
  route(routes.login, async ({ body }, request) => auth.login(request, body));
  route(routes.logout, async (_input, request) => {
    await auth.logout(request);
    return null;
  });
  route(routes.deviceVerify, async ({ body }, request) => auth.finishDeviceVerification(request, body));
  route(routes.deviceVerifyResend, async ({ body }, request) => auth.resendDeviceCode(request, body.ticket));
  // The profile is the member's; the money held for it is the cashier's, asked only when wanted.
  route(routes.memberInfo, async ({ body, principal }) => {
    const [member, lockMoney] = await Promise.all([
      auth.memberInfo(principal),
      body.withLockMoney === undefined ? undefined : wallet.lockMoney(principal),
    ]);
    return lockMoney === undefined ? member : { ...member, lockMoney };
  });
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
