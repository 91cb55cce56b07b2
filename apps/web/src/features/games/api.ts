import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const gameKeys = {
  all: ['games'],
  demo: ['games', 'demo'],
  platformCount: (isSignedIn: boolean) => ['games', 'platformCount', isSignedIn] as const,
  bets: ['games', 'bets'],
} as const;

export function useDemoVenues() {
  return useQuery({
    queryKey: gameKeys.demo,
    queryFn: ({ signal }) => callRoute('venueDemoList', undefined, { signal }),
    staleTime: 30_000,
  });
}
