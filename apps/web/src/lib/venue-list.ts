import type { GameCategory } from '@site/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/**
 * One category's venues with its live and total counts; staff change them at any time. The game
 * pages list them, and the sportsbook names the venue it was launched from.
 */
export function venueListQuery(category: GameCategory) {
  return queryOptions({
    queryKey: ['games', 'venues', category] as const,
    queryFn: ({ signal }) => callRoute('venueList', { category }, { signal }),
    staleTime: 30_000,
  });
}

export function useVenueList(category: GameCategory) {
  return useQuery(venueListQuery(category));
}
