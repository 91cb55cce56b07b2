import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/** The member's wallet summary: one query for the header, the home page, the hub and the money pages. */
export const walletQuery = queryOptions({
  queryKey: ['finance', 'wallet'],
  queryFn: ({ signal }) => callRoute('walletSummary', undefined, { signal }),
});

export function useWallet() {
  return useQuery(walletQuery);
}

/** The member's payout accounts (withdrawal page, account lists): money moves may change them. */
export const withdrawAccountsKey = ['member', 'withdrawAccounts'] as const;

/** After money moved: every money query (wallet, records, audit) and the payout accounts read again. */
export function useRefreshMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['finance'] }),
      queryClient.invalidateQueries({ queryKey: withdrawAccountsKey }),
    ]);
}
