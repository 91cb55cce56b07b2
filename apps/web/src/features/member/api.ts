import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const loginHistoryPageSize = 10;

export function useLoginHistory() {
  return useQuery({
    queryKey: ['member', 'loginHistory'],
    queryFn: ({ signal }) =>
      callRoute('loginHistory', undefined, {
        query: { pageNum: '1', pageSize: String(loginHistoryPageSize) },
        signal,
      }),
    retry: false,
  });
}
