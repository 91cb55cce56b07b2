import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const memberInfoQuery = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: ({ signal }) => callRoute('memberInfo', {}, { signal }),
  retry: false,
});

export function useMemberInfo() {
  return useQuery(memberInfoQuery);
}

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
