import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const financeKeys = {
  wallet: ['finance', 'wallet'],
  channels: ['finance', 'channels'],
  accounts: ['member', 'withdrawAccounts'],
  audit: ['finance', 'audit'],
  withdrawals: ['finance', 'withdrawals'],
  records: ['finance', 'records'],
  deposits: ['finance', 'deposits'],
  member: ['finance', 'member'],
} as const;

export const walletQuery = queryOptions({
  queryKey: financeKeys.wallet,
  queryFn: ({ signal }) => callRoute('walletSummary', undefined, { signal }),
});

export function useWallet() {
  return useQuery(walletQuery);
}

export function useDepositChannels() {
  return useQuery({
    queryKey: financeKeys.channels,
    queryFn: ({ signal }) => callRoute('depositChannels', undefined, { signal }),
    staleTime: 60_000,
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
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['finance'] }),
      queryClient.invalidateQueries({ queryKey: financeKeys.accounts }),
    ]);
}
