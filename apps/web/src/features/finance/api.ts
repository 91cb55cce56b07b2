import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { walletQuery, withdrawAccountsKey } from '../../lib/wallet.ts';

export const financeKeys = {
  wallet: walletQuery.queryKey,
  channels: ['finance', 'channels'],
  accounts: withdrawAccountsKey,
  audit: ['finance', 'audit'],
  withdrawals: ['finance', 'withdrawals'],
  withdrawInfo: ['finance', 'withdrawInfo'],
  records: ['finance', 'records'],
  deposits: ['finance', 'deposits'],
  member: ['finance', 'member'],
} as const;

export function useDepositChannels() {
  return useQuery({
    queryKey: financeKeys.channels,
    queryFn: ({ signal }) => callRoute('depositChannels', undefined, { signal }),
    // Staff switch channels and change their limits at any time: each visit asks again.
    refetchOnMount: 'always',
  });
}

export function useWithdrawAccounts() {
  return useQuery({
    queryKey: financeKeys.accounts,
    queryFn: ({ signal }) => callRoute('withdrawAccountList', undefined, { signal }),
  });
}

export function useAuditSummary() {
  return useQuery({
    queryKey: financeKeys.audit,
    queryFn: ({ signal }) => callRoute('auditSummary', undefined, { signal }),
  });
}

/** Limits and the site's fee rule: the page shows 手续费 and 实际到账 as the server will charge them. */
export function useWithdrawInfo() {
  return useQuery({
    queryKey: financeKeys.withdrawInfo,
    queryFn: ({ signal }) => callRoute('withdrawInfo', undefined, { signal }),
    staleTime: 60_000,
  });
}

export function useWithdrawals() {
  return useQuery({
    queryKey: financeKeys.withdrawals,
    queryFn: ({ signal }) => callRoute('withdrawList', { pageNum: 1, pageSize: 100 }, { signal }),
  });
}

export function useFinanceMember() {
  return useQuery({
    queryKey: financeKeys.member,
    queryFn: ({ signal }) => callRoute('memberInfo', {}, { signal }),
  });
}

/** After money moves every balance view is stale. */
