import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { MemberView } from './member-view.ts';
import type { OperatorService } from './service.ts';

/** The operator API; each route's access names the permission it needs. */
export function registerOperatorRoutes(
  route: RegisterRoute,
  operators: OperatorService,
  memberView: MemberView,
) {
  const { memberRisk } = operators;
  route(routes.adminLogin, async ({ body }, request) =>
    operators.login(body, { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' }),
  );
  route(routes.adminLogout, async (_input, request) => {
    await operators.logout(request);
    return null;
  });
  route(routes.adminBlock, async ({ body, principal }) => {
    await memberRisk.block(principal, body.kind, body.value, body.reason);
    return null;
  });
  route(routes.adminUnblock, async ({ body, principal }) => {
    await memberRisk.unblock(principal, body.kind, body.value);
    return null;
  });
  route(routes.adminBlockList, async ({ principal }) => memberRisk.blocks(principal.siteId));
  route(routes.adminMemberLoginHistory, async ({ body, principal }) =>
    memberRisk.loginHistory(principal.siteId, body.username, body),
  );
  route(routes.adminStaffList, async () => operators.listStaff());
  route(routes.adminStaffCreate, async ({ body, principal }) => operators.createStaff(principal, body));
  route(routes.adminStaffUpdate, async ({ body, principal }) => operators.updateStaff(principal, body));
  route(routes.adminStaffLogout, async ({ body, principal }) => {
    await operators.logoutStaff(principal, body.id);
    return null;
  });
  route(routes.adminStaffLoginHistory, async ({ body }) => operators.staffLoginHistory(body));
  route(routes.adminStaffResetPassword, async ({ body, principal }) =>
    operators.resetStaffPassword(principal, body.id),
  );
  route(routes.adminStaffResetTotp, async ({ body, principal }) => {
    await operators.resetStaffTotp(principal, body.id);
    return null;
  });
  route(routes.adminAuditList, async ({ body, principal }) => operators.auditSearch(principal, body));
  route(routes.adminMemberSearch, async ({ body, principal }) => memberView.search(principal.siteId, body));
  route(routes.adminMemberDetail, async ({ body, principal }) =>
    memberView.detail(principal.siteId, body.username),
  );
  route(routes.adminMemberNote, async ({ body, principal }) => memberView.addNote(principal, body));
  route(routes.adminMemberResetPassword, async ({ body, principal }) =>
    memberRisk.resetPassword(principal, body),
  );
  route(routes.adminMemberLogout, async ({ body, principal }) => memberRisk.forceLogout(principal, body));
  route(routes.adminMemberDeposits, async ({ body, principal }) =>
    memberView.deposits(principal.siteId, body),
  );
  route(routes.adminMemberWithdrawals, async ({ body, principal }) =>
    memberView.withdrawals(principal.siteId, body),
  );
  route(routes.adminMemberLedger, async ({ body, principal }) => memberView.ledger(principal.siteId, body));
  route(routes.adminLinkedAccounts, async ({ body, principal }) =>
    memberView.linked.ofMember(principal.siteId, body.username),
  );
  route(routes.adminSharedAccess, async ({ body, principal }) =>
    memberView.linked.shared(principal.siteId, body),
  );
  route(routes.adminOutbox, async ({ query, principal }) => memberRisk.outbox(principal.siteId, query));
}
