import { routes } from '@site/contract';
import type { RegisterRoute } from '../http/route.ts';
import type { CashierService } from './service.ts';

export function registerCashierRoutes(route: RegisterRoute, cashier: CashierService) {
  route(routes.depositChannels, async ({ principal }) => cashier.channels(principal.siteId));
  route(routes.depositCreate, async ({ body, principal }) => cashier.createDeposit(principal, body));
  route(routes.depositList, async ({ body, principal }) => cashier.memberDeposits(principal, body));
  route(routes.depositCallbackSandbox, async ({ body }) => cashier.gatewayCallback(body));
  route(routes.adminDepositList, async ({ body, principal }) => cashier.siteDeposits(principal.siteId, body));
  route(routes.adminDepositConfirm, async ({ body, principal }) => cashier.confirmDeposit(principal, body));
  route(routes.adminDepositReject, async ({ body, principal }) => cashier.rejectDeposit(principal, body));
  route(routes.adminDepositChannels, async ({ principal }) => cashier.siteChannels(principal.siteId));
  route(routes.adminDepositChannelUpdate, async ({ body, principal }) =>
    cashier.updateChannel(principal, body),
  );

  route(routes.fundsPasswordSet, async ({ body, principal }) => {
    await cashier.setFundsPassword(principal, body);
    return null;
  });
  route(routes.fundsPasswordChange, async ({ body, principal }) => {
    await cashier.changeFundsPassword(principal, body);
    return null;
  });

  route(routes.withdrawAccountBanks, async () => cashier.banks());
  route(routes.withdrawAccountList, async ({ principal }) => cashier.withdrawAccounts(principal));
  route(routes.withdrawAccountAdd, async ({ body, principal }) =>
    cashier.addWithdrawAccount(principal, body),
  );
  route(routes.withdrawAccountDelete, async ({ body, principal }) => {
    await cashier.deleteWithdrawAccount(principal, body.id);
    return null;
  });

  route(routes.withdrawInfo, async ({ principal }) => cashier.withdrawInfo(principal.siteId));
  route(routes.adminWithdrawFee, async ({ principal }) => (await cashier.withdrawInfo(principal.siteId)).fee);
  route(routes.adminWithdrawFeeSet, async ({ body, principal }) => cashier.setWithdrawFee(principal, body));
  route(routes.withdrawApply, async ({ body, principal }) => cashier.applyWithdrawal(principal, body));
  route(routes.withdrawList, async ({ body, principal }) => cashier.memberWithdrawals(principal, body));
  route(routes.adminWithdrawList, async ({ body, principal }) =>
    cashier.siteWithdrawals(principal.siteId, body),
  );
  route(routes.adminWithdrawHold, async ({ body, principal }) =>
    cashier.holdWithdrawal(principal, body.orderNo),
  );
  route(routes.adminWithdrawRelease, async ({ body, principal }) => {
    await cashier.releaseWithdrawal(principal, body.orderNo);
    return null;
  });
  route(routes.adminWithdrawApprove, async ({ body, principal }) =>
    cashier.reviewWithdrawal(principal, body, 'approved'),
  );
  route(routes.adminWithdrawReject, async ({ body, principal }) =>
    cashier.reviewWithdrawal(principal, body, 'rejected'),
  );

  route(routes.auditSummary, async ({ principal }) => cashier.auditSummary(principal));
  route(routes.adminTurnoverAudit, async ({ body, principal }) =>
    cashier.staffAuditView(principal.siteId, body.username),
  );
  route(routes.venueTransfer, async ({ body, principal }) => cashier.transferVenue(principal, body));
  route(routes.venueRecall, async ({ body, principal }) => cashier.recallAll(principal, body.transferId));
  route(routes.autoTransfer, async ({ body, principal }) =>
    cashier.setAutoTransfer(principal, body.isAutoTransfer),
  );
  route(routes.walletSummary, async ({ principal }) => cashier.walletSummary(principal));
  route(routes.transactionRecords, async ({ body, principal }) =>
    cashier.transactionRecords(principal, body),
  );
  route(routes.bonusWallet, async ({ principal }) => cashier.bonusWallet(principal));
  route(routes.bonusRecords, async ({ body, principal }) => cashier.bonusRecords(principal, body));
  route(routes.bonusConvert, async ({ body, principal }) => cashier.convertBonus(principal, body));
  route(routes.adminAdjust, async ({ body, principal }) => cashier.adjustBalance(principal, body));
  route(routes.adminAdjustRequests, async ({ body, principal }) =>
    cashier.adjustmentRequests(principal.siteId, body),
  );
  route(routes.adminAdjustApprove, async ({ body, principal }) =>
    cashier.approveAdjustment(principal, body.adjustmentId),
  );
  route(routes.adminAdjustReject, async ({ body, principal }) => {
    await cashier.rejectAdjustment(principal, body);
    return null;
  });
  route(routes.adminAdjustRule, async ({ principal }) => cashier.adjustmentRule(principal.siteId));
  route(routes.adminAdjustRuleSet, async ({ body, principal }) => cashier.setAdjustmentRule(principal, body));
  route(routes.adminCashierActions, async ({ body, principal }) =>
    cashier.pageOperatorActions(principal.siteId, body),
  );
}
