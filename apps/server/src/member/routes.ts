import { routes } from '@site/contract';
import type { MemberPrincipal } from '../http/access.ts';
import type { RegisterRoute } from '../http/route.ts';
import type { MemberService } from './service.ts';

/** The money the member profile shows, answered by the cashier. */
export interface ProfileWallet {
  lockMoney(member: MemberPrincipal): Promise<string>;
}

export function registerMemberRoutes(route: RegisterRoute, members: MemberService, wallet: ProfileWallet) {
  route(routes.register, async ({ body }, request) => members.register(request, body));
  // The profile is the member's; the money held for it is the cashier's, asked only when wanted.
  route(routes.memberInfo, async ({ body, principal }) => {
    const [member, lockMoney] = await Promise.all([
      members.memberInfo(principal),
      body.withLockMoney === undefined ? undefined : wallet.lockMoney(principal),
    ]);
    return lockMoney === undefined ? member : { ...member, lockMoney };
  });
  route(routes.changePassword, async ({ body, principal }, request) => {
    await members.changePassword(request, principal, body);
    return null;
  });
  route(routes.forgotPasswordSend, async ({ body }, request) => members.sendPasswordResetCode(request, body));
  route(routes.forgotPasswordReset, async ({ body }, request) => {
    await members.resetPassword(request, body);
    return null;
  });
  route(routes.totpSetup, async ({ principal }) => members.setupTotp(principal));
  route(routes.totpEnable, async ({ body, principal }) => {
    await members.enableTotp(principal, body.code);
    return null;
  });
  route(routes.totpDisable, async ({ body, principal }) => {
    await members.disableTotp(principal, body);
    return null;
  });
}
