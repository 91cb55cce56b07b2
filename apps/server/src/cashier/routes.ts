import { routes } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { OperatorService } from '../auth/operators.ts';
import type { AuthService } from '../auth/service.ts';
import { registerRoute } from '../http/route.ts';
import type { OperatorRef } from './context.ts';
import { registerSandboxGateway } from './sandbox-gateway.ts';
import type { CashierService } from './service.ts';

/** Member cashier routes start with `requireMember`, operator ones with `requireOperator` (10004). */
export function registerCashierRoutes(
  app: FastifyInstance,
  cashier: CashierService,
  auth: AuthService,
  operators: OperatorService,
) {
  const member = (request: FastifyRequest) => auth.requireMember(request);
  const operator = async (request: FastifyRequest): Promise<OperatorRef> => ({
    ...(await operators.requireOperator(request)),
    siteId: request.siteId,
  });

  registerRoute(app, routes.depositChannels, async (_input, request) => {
    await member(request);
    return cashier.channels(request.siteId);
  });
  registerRoute(app, routes.depositCreate, async ({ body }, request) =>
    cashier.createDeposit(await member(request), body),
  );
  registerRoute(app, routes.depositList, async ({ body }, request) =>
    cashier.memberDeposits(await member(request), body),
  );
  registerRoute(app, routes.depositCallbackSandbox, async ({ body }) => cashier.gatewayCallback(body));
  registerRoute(app, routes.adminDepositList, async ({ body }, request) => {
    await operator(request);
    return cashier.siteDeposits(request.siteId, body);
  });
  registerRoute(app, routes.adminDepositConfirm, async ({ body }, request) =>
    cashier.confirmDeposit(await operator(request), body),
  );
  registerRoute(app, routes.adminDepositReject, async ({ body }, request) =>
    cashier.rejectDeposit(await operator(request), body),
  );

  registerRoute(app, routes.fundsPasswordSet, async ({ body }, request) => {
    await cashier.setFundsPassword(await member(request), body);
    return null;
  });
  registerRoute(app, routes.fundsPasswordChange, async ({ body }, request) => {
    await cashier.changeFundsPassword(await member(request), body);
    return null;
  });

  registerRoute(app, routes.withdrawAccountBanks, async () => cashier.banks());
  registerRoute(app, routes.withdrawAccountList, async (_input, request) =>
    cashier.withdrawAccounts(await member(request)),
  );
  registerRoute(app, routes.withdrawAccountAdd, async ({ body }, request) =>
    cashier.addWithdrawAccount(await member(request), body),
  );
  registerRoute(app, routes.withdrawAccountDelete, async ({ body }, request) => {
    await cashier.deleteWithdrawAccount(await member(request), body.id);
    return null;
  });

  registerRoute(app, routes.withdrawApply, async ({ body }, request) =>
    cashier.applyWithdrawal(await member(request), body),
  );
  registerRoute(app, routes.withdrawList, async ({ body }, request) =>
    cashier.memberWithdrawals(await member(request), body),
  );
  registerRoute(app, routes.adminWithdrawList, async ({ body }, request) => {
    await operator(request);
    return cashier.siteWithdrawals(request.siteId, body);
  });
  registerRoute(app, routes.adminWithdrawApprove, async ({ body }, request) =>
    cashier.reviewWithdrawal(await operator(request), body, 'approved'),
  );
  registerRoute(app, routes.adminWithdrawReject, async ({ body }, request) =>
    cashier.reviewWithdrawal(await operator(request), body, 'rejected'),
  );

  registerRoute(app, routes.auditSummary, async (_input, request) =>
    cashier.auditSummary(await member(request)),
  );
  registerRoute(app, routes.venueTransfer, async ({ body }, request) =>
    cashier.transferVenue(await member(request), body),
  );
  registerRoute(app, routes.venueRecall, async ({ body }, request) =>
    cashier.recallAll(await member(request), body.transferId),
  );
  registerRoute(app, routes.autoTransfer, async ({ body }, request) =>
    cashier.setAutoTransfer(await member(request), body.isAutoTransfer),
  );
  registerRoute(app, routes.walletSummary, async (_input, request) =>
    cashier.walletSummary(await member(request)),
  );
  registerRoute(app, routes.transactionRecords, async ({ body }, request) =>
    cashier.transactionRecords(await member(request), body),
  );
  registerRoute(app, routes.bonusWallet, async (_input, request) =>
    cashier.bonusWallet(await member(request)),
  );
  registerRoute(app, routes.bonusRecords, async ({ body }, request) =>
    cashier.bonusRecords(await member(request), body),
  );
  registerRoute(app, routes.bonusConvert, async ({ body }, request) =>
    cashier.convertBonus(await member(request), body),
  );
  registerRoute(app, routes.adminAdjust, async ({ body }, request) =>
    cashier.adjustBalance(await operator(request), body),
  );
  registerRoute(app, routes.adminCashierActions, async ({ body }, request) => {
    await operator(request);
    return cashier.pageOperatorActions(request.siteId, body);
  });
  registerSandboxGateway(app, cashier);
}
