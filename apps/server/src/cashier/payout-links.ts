import type { CashierContext, MemberRef } from './context.ts';
import * as store from './store.ts';
import { accountLabel } from './withdraw-accounts.ts';

/**
 * Payout accounts shared between members, for risk staff. Numbers never leave the cashier in
 * full: a shared number is shown as its bank or kind and last four digits.
 */

/** Other members of the site who bound a payout account number this member bound too. */
export async function payoutAccountsSharedWith(ctx: CashierContext, member: MemberRef, limit: number) {
  const [rows, own] = await Promise.all([
    store.payoutAccountsSharedWith(ctx.db, member.siteId, member.memberId, limit),
    store.listWithdrawAccountsEver(ctx.db, member.memberId),
  ]);
  const labels = new Map(own.map((account) => [account.account_number, accountLabel(account)]));
  return rows.map((row) => ({
    value: labels.get(row.account_number) ?? `尾号${row.account_number.slice(-4)}`,
    memberId: row.member_id,
    lastUsedAt: row.last_used_at,
  }));
}

/** The site's payout account numbers bound by more than one member, most members first. */
export async function sharedPayoutAccounts(
  ctx: CashierContext,
  siteId: number,
  page: { pageNum: number; pageSize: number },
  membersShown: number,
) {
  const { list, total } = await store.pageSharedPayoutAccounts(ctx.db, siteId, page, membersShown);
  return {
    list: list.map((row) => ({
      key: `payout-${row.first_id}`,
      value: accountLabel(row),
      memberCount: Number(row.member_count),
      memberIds: row.member_ids.map((id) => BigInt(id)),
      lastUsedAt: row.last_used_at,
    })),
    total,
  };
}
