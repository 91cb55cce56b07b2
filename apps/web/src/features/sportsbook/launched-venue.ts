import { venueCodeSchema } from '@site/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { session, storageKeys } from '../../lib/storage.ts';
import { useVenueList } from '../../lib/venue-list.ts';
import type { SportsbookScope } from './sportsbook-paths.ts';

const keyOf = (scope: SportsbookScope) => `${storageKeys.sportsbookVenuePrefix}${scope}`;

/**
 * The 体育 or 电竞 venue the member launched the book from (the launch address names it in
 * `?venue=`), kept for the visit as the member moves between the book's pages: its wallet takes the
 * stakes and its name heads the book. A code the category does not list is forgotten; the book's
 * own venue takes the slip then.
 */
export function useLaunchedVenue(scope: SportsbookScope): { code: string; name: string } | undefined {
  const [params] = useSearchParams();
  const named = venueCodeSchema.safeParse(params.get('venue'));
  const namedCode = named.success ? named.data : undefined;
  useEffect(() => {
    if (namedCode !== undefined) {
      session.set(keyOf(scope), namedCode);
    }
  }, [namedCode, scope]);
  const code = namedCode ?? session.get(keyOf(scope)) ?? undefined;
  const { data } = useVenueList(scope);
  const venue = data?.list.find((candidate) => candidate.code === code);
  return venue ? { code: venue.code, name: venue.name } : undefined;
}
