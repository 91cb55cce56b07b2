import type { LotteryBetBody, LotteryDraw, LotteryUnit } from '@site/contract';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { callRoute } from '../../lib/api-client.ts';
import { lotteryHallQuery } from '../../lib/lottery-hall.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';

export const lotteryKeys = {
  all: ['lottery'],
  plays: (gameCode: string, unit: LotteryUnit) => ['lottery', 'plays', gameCode, unit] as const,
  results: (gameCode: string) => ['lottery', 'results', gameCode] as const,
  tickets: (gameCode: string) => ['lottery', 'tickets', gameCode] as const,
};

/** How often an open hall page asks again: the countdowns run on the client in between. */
export const hallPollMs = 3_000;

/** The hall's games as pages that show no countdown need them: names and types. */
export function useLotteryGames() {
  return useQuery(lotteryHallQuery);
}

export function useLotteryHall() {
  return useQuery({ ...lotteryHallQuery, refetchInterval: hallPollMs });
}

/** While an issue is past its draw time but not yet drawn, its page is asked for again shortly. */
function whileDrawIsDue(draws: readonly LotteryDraw[]): number | false {
  const isDrawDue = draws.some((draw) => draw.numbers === null && Date.parse(draw.drawAt) <= Date.now());
  return isDrawDue ? 2_000 : false;
}

/** A game's newest issues, asked again whenever the issue on sale changes (its predecessor draws then). */
export function useRecentDraws(gameCode: string, issueOnSale: string | undefined, pageSize: number) {
  return useQuery({
    queryKey: [...lotteryKeys.results(gameCode), 'recent', pageSize, issueOnSale],
    queryFn: ({ signal }) => callRoute('lotteryResults', { gameCode, pageNum: 1, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileDrawIsDue(query.state.data?.list ?? []),
  });
}

/** 开奖记录: results pages, newest first, read anew when the issue on sale changes. */
export function useResultPages(gameCode: string, issueOnSale: string | undefined, pageSize: number) {
  return useInfiniteQuery({
    queryKey: [...lotteryKeys.results(gameCode), 'pages', pageSize, issueOnSale],
    queryFn: ({ pageParam, signal }) =>
      callRoute('lotteryResults', { gameCode, pageNum: pageParam, pageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileDrawIsDue(query.state.data?.pages[0]?.list ?? []),
  });
}

export function usePlays(gameCode: string, unit: LotteryUnit) {
  return useQuery({
    queryKey: lotteryKeys.plays(gameCode, unit),
    queryFn: ({ signal }) => callRoute('lotteryPlays', { gameCode, unit }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useMyTickets(gameCode: string, isEnabled: boolean) {
  return useInfiniteQuery({
    queryKey: lotteryKeys.tickets(gameCode),
    queryFn: ({ pageParam, signal }) =>
      callRoute('lotteryTickets', { gameCode, pageNum: pageParam, pageSize: 20 }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    enabled: isEnabled,
    // Tickets waiting for their draw settle a moment after it: look again while there are any.
    refetchInterval: (query) => {
      const tickets = query.state.data?.pages.flatMap((page) => page.list) ?? [];
      return tickets.some((ticket) => ticket.status === 'open' || ticket.status === 'placing')
        ? 5_000
        : false;
    },
  });
}

/** Places one ticket; afterwards the member's tickets, balance and records are read again. */
export function usePlaceTicket() {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();
  return useMutation({
    mutationFn: (body: LotteryBetBody) => callRoute('lotteryBet', body, { isSilent: true }),
    onSettled: (_ticket, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(body.gameCode) }),
        refreshMoney(),
      ]),
  });
}
