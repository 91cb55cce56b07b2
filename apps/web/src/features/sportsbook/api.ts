import type { SportsbookMatchFilter, SportsbookPlaceBody, SportsbookSport } from '@site/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';

/** How often live prices and scores are asked again while their socket feed is not live. */
export const livePollMs = 4_000;
/** Pre-match lists and counts move slowly; a live socket feed still gets read this often. */
export const boardPollMs = 30_000;

export const sportsbookKeys = {
  all: ['sportsbook'] as const,
  leagues: () => [...sportsbookKeys.all, 'leagues'] as const,
  matches: (
    filter: SportsbookMatchFilter,
    sport: SportsbookSport | undefined,
    leagueCode: string | undefined,
  ) => [...sportsbookKeys.all, 'matches', filter, sport ?? 'all', leagueCode ?? 'all'] as const,
  match: (matchId: string) => [...sportsbookKeys.all, 'match', matchId] as const,
  bets: (status: 'unsettled' | 'settled') => [...sportsbookKeys.all, 'bets', status] as const,
};

export function useSportsbookLeagues() {
  return useQuery({
    queryKey: sportsbookKeys.leagues(),
    queryFn: ({ signal }) => callRoute('sportsbookLeagues', undefined, { signal }),
    refetchInterval: boardPollMs,
  });
}

const matchPageSize = 50;

export function useSportsbookMatches(
  filter: SportsbookMatchFilter,
  sport: SportsbookSport | undefined,
  leagueCode: string | undefined,
  isLive = false,
) {
  return useQuery({
    queryKey: sportsbookKeys.matches(filter, sport, leagueCode),
    queryFn: ({ signal }) =>
      callRoute(
        'sportsbookMatches',
        {
          filter,
          pageNum: 1,
          pageSize: matchPageSize,
          ...(sport ? { sport } : {}),
          ...(leagueCode ? { leagueCode } : {}),
        },
        { signal },
      ),
    placeholderData: keepPreviousData,
    // Today's list holds matches that go live: asked again often enough to lock them in time,
    // unless the board's socket feed tells of kick-offs.
    refetchInterval: filter === 'early' || isLive ? boardPollMs : livePollMs,
  });
}

export function useSportsbookMatch(matchId: string, isLive = false) {
  return useQuery({
    queryKey: sportsbookKeys.match(matchId),
    queryFn: ({ signal }) => callRoute('sportsbookMatch', { matchId }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.status === 'finished' || query.state.data?.status === 'cancelled'
        ? false
        : isLive
          ? boardPollMs
          : livePollMs,
  });
}

export function useSportsbookBets(status: 'unsettled' | 'settled', isEnabled: boolean) {
  return useQuery({
    queryKey: sportsbookKeys.bets(status),
    queryFn: ({ signal }) => callRoute('sportsbookBets', { status, pageNum: 1, pageSize: 50 }, { signal }),
    enabled: isEnabled,
    refetchInterval: status === 'unsettled' ? 10_000 : false,
  });
}

export function usePlaceSlip() {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();
  return useMutation({
    mutationFn: (body: SportsbookPlaceBody) => callRoute('sportsbookPlace', body, { isSilent: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...sportsbookKeys.all, 'bets'] }),
        refreshMoney(),
      ]),
  });
}
