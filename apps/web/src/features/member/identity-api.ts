import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const identityStatusQuery = queryOptions({
  queryKey: ['member', 'identity'],
  queryFn: ({ signal }) => callRoute('identityStatus', undefined, { signal }),
  retry: false,
});

export function useIdentityStatus() {
  return useQuery(identityStatusQuery);
}
