import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/** The member's wallet summary: one query for the header, the home page, the hub and the money pages. */
export const walletQuery = queryOptions({
  queryKey: ['finance', 'wallet'],
  queryFn: ({ signal }) => callRoute('walletSummary', undefined, { signal }),
});

export function useWallet() {
  return useQuery(walletQuery);
}
