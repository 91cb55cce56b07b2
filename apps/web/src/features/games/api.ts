import type { GameCategory } from '@site/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';

export const gameKeys = {
  all: ['games'],
  venues: (category: GameCategory) => ['games', 'venues', category] as const,
  demo: ['games', 'demo'],
  platformCount: (isSignedIn: boolean) => ['games', 'platformCount', isSignedIn] as const,
  bets: ['games', 'bets'],
} as const;

/** One category's venues with its live and total counts; staff change them at any time. */
export function venueListQuery(category: GameCategory) {
  return queryOptions({
    queryKey: gameKeys.venues(category),
    queryFn: ({ signal }) => callRoute('venueList', { category }, { signal }),
    staleTime: 30_000,
  });
}

export function useVenueList(category: GameCategory) {
  return useQuery(venueListQuery(category));
}

export function useDemoVenues() {
  return useQuery({
    queryKey: gameKeys.demo,
    queryFn: ({ signal }) => callRoute('venueDemoList', undefined, { signal }),
    staleTime: 30_000,
  });
}
