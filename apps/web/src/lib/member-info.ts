import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/** The signed-in member's profile, shared by the member pages and the member centre. */
export const memberInfoQuery = queryOptions({
  queryKey: ['member', 'info'],
  queryFn: ({ signal }) => callRoute('memberInfo', {}, { signal }),
  retry: false,
});

export function useMemberInfo() {
  return useQuery(memberInfoQuery);
}
