import { type PlatformCount, platformCountKeys } from '@site/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { readToken } from '../../lib/token.ts';
import { venueListQuery } from '../../lib/venue-list.ts';
import { gameKeys } from './api.ts';
import { loadPlatformCount, platformCountRefreshMs } from './platform-count.ts';

/** The request id of the member's last OB launch: the count service needs a live one. */
let obRequestId: string | undefined;
/** The count service's last answer, shown while the next read runs. */
let storedCounts: PlatformCount | undefined;

/** Called with each launch answer of an OB venue. */
export function rememberObRequestId(requestId: string | undefined): void {
  if (requestId) {
    obRequestId = requestId;
  }
}

/** The figures the server keeps per category, from its public venue lists. */
async function cachedCounts(queryClient: QueryClient): Promise<PlatformCount> {
  const lists = await Promise.all(
    platformCountKeys.map((category) => queryClient.fetchQuery(venueListQuery(category))),
  );
  return Object.fromEntries(lists.map((list) => [list.category, list.counts])) as PlatformCount;
}

/** A preload launch of the first open OB sport venue: no money moves, a fresh request id comes back. */
async function relaunchOb(queryClient: QueryClient): Promise<string | undefined> {
  const sports = await queryClient.fetchQuery(venueListQuery('TY'));
  const ob = sports.list.find((venue) => venue.flavour === 'OB' && venue.state === 'open');
  if (!ob) {
    return undefined;
  }
  const launch = await callRoute('venueLaunch', { enName: ob.code, isPreload: true }, { isSilent: true });
  rememberObRequestId(launch.resource.requestId);
  return obRequestId;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** TY DZ DJ ZR CP QP live and total figures, read at start and every 60 s (spec sections 4 and 9). */
export function usePlatformCount(isSignedIn: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: gameKeys.platformCount(isSignedIn),
    queryFn: () =>
      loadPlatformCount({
        hasToken: () => readToken() !== undefined,
        requestId: () => obRequestId,
        count: (requestId) => callRoute('venuePlatformCount', { requestId }, { isSilent: true }),
        cache: () => cachedCounts(queryClient),
        relaunch: () => relaunchOb(queryClient),
        store: (counts) => {
          storedCounts = counts;
        },
        wait,
      }),
    placeholderData: () => storedCounts,
    refetchInterval: platformCountRefreshMs,
  });
}
