import { type Fen, oddsE4OfText, parseYuan, routes } from '@site/contract';
import { validationError } from '../app-error.ts';
import type { RegisterRoute } from '../http/route.ts';
import type { SeamlessWallet } from './service.ts';

/** A wire amount the contract's pattern already checked. */
function fenOf(amount: string, field: string): Fen {
  const parsed = parseYuan(amount);
  if (parsed === undefined) {
    throw validationError(field, '金额格式错误');
  }
  return parsed;
}

export function registerSeamlessRoutes(route: RegisterRoute, wallet: SeamlessWallet) {
  route(routes.seamlessBalance, async ({ body, principal }) => wallet.balanceOfToken(principal, body.token));
  route(routes.seamlessDebit, async ({ body, principal }) =>
    wallet.debitByToken(principal, body.token, {
      transactionId: body.transactionId,
      betId: body.betId,
      roundId: body.roundId,
      gameCode: body.gameCode,
      amountFen: fenOf(body.amount, 'amount'),
      oddsE4: body.odds === undefined ? null : oddsE4OfText(body.odds),
    }),
  );
  route(routes.seamlessCredit, async ({ body, principal }) =>
    wallet.credit(principal, {
      transactionId: body.transactionId,
      betId: body.betId,
      payoutFen: fenOf(body.payout, 'payout'),
      isVoid: body.isVoid,
    }),
  );
  route(routes.seamlessRollback, async ({ body, principal }) => wallet.rollback(principal, body));
  route(routes.adminSeamlessTransactions, async ({ body, principal }) =>
    wallet.transactions(principal.siteId, body),
  );
}
