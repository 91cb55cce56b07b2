import type { LotteryBetBody, LotteryChaseStartBody, LotteryDraw, LotteryUnit } from '@site/contract';
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
import { useIsLive } from './live-draws.ts';
import { lotteryKeys } from './lottery-keys.ts';

export { lotteryKeys };

/**
 * How often an open hall page asks again: the countdowns run on the client in between. While the
 * draw events come over the socket they say when to ask, and polling is only the safety net.
 */
export const hallPollMs = 3_000;
export const hallPollLiveMs = 30_000;
/** How often results, tickets and chases waiting for a draw are asked again, without and with the socket. */
const waitingPollMs = 5_000;
const waitingPollLiveMs = 20_000;

/** The hall's games as pages that show no countdown need them: names and types. */
export function useLotteryGames() {
  return useQuery(lotteryHallQuery);
}

/** The hall, asked again often without the socket's draw events and seldom with them. */
export function useLotteryHall(isLive: boolean) {
  return useQuery({ ...lotteryHallQuery, refetchInterval: isLive ? hallPollLiveMs : hallPollMs });
}

/** While an issue is past its draw time but not yet drawn, its page is asked for again shortly. */
function whileDrawIsDue(draws: readonly LotteryDraw[], isLive: boolean): number | false {
  const isDrawDue = draws.some((draw) => draw.numbers === null && Date.parse(draw.drawAt) <= Date.now());
  return isDrawDue ? (isLive ? waitingPollLiveMs : 2_000) : false;
}

/** A game's newest issues, asked again whenever the issue on sale changes (its predecessor draws then). */
export function useRecentDraws(gameCode: string, issueOnSale: string | undefined, pageSize: number) {
  const isLive = useIsLive();
  return useQuery({
    queryKey: [...lotteryKeys.results(gameCode), 'recent', pageSize, issueOnSale],
    queryFn: ({ signal }) => callRoute('lotteryResults', { gameCode, pageNum: 1, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileDrawIsDue(query.state.data?.list ?? [], isLive),
  });
}

/** 开奖记录: results pages, newest first, read anew when the issue on sale changes. */
export function useResultPages(gameCode: string, issueOnSale: string | undefined, pageSize: number) {
  const isLive = useIsLive();
  return useInfiniteQuery({
    queryKey: [...lotteryKeys.results(gameCode), 'pages', pageSize, issueOnSale],
    queryFn: ({ pageParam, signal }) =>
      callRoute('lotteryResults', { gameCode, pageNum: pageParam, pageSize }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => whileDrawIsDue(query.state.data?.pages[0]?.list ?? [], isLive),
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
  const isLive = useIsLive();
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
      const isWaiting = tickets.some((ticket) => ticket.status === 'open' || ticket.status === 'placing');
      return isWaiting ? (isLive ? waitingPollLiveMs : waitingPollMs) : false;
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

/** 我的追号: the member's chases of this game, newest first, asked again while one is running. */
export function useMyChases(gameCode: string, isEnabled: boolean) {
  const isLive = useIsLive();
  return useInfiniteQuery({
    queryKey: lotteryKeys.chases(gameCode),
    queryFn: ({ pageParam, signal }) =>
      callRoute('lotteryChases', { gameCode, pageNum: pageParam, pageSize: 10 }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
    enabled: isEnabled,
    refetchInterval: (query) => {
      const chases = query.state.data?.pages.flatMap((page) => page.list) ?? [];
      const isRunning = chases.some((chase) => chase.status === 'running');
      return isRunning ? (isLive ? waitingPollLiveMs : waitingPollMs) : false;
    },
  });
}

/** After a chase starts or stops: its tickets, the chases and the balance are read again. */
function useRefreshChases() {
  const queryClient = useQueryClient();
  const refreshMoney = useRefreshMoney();
  return (gameCode: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: lotteryKeys.chases(gameCode) }),
      queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(gameCode) }),
      refreshMoney(),
    ]);
}

/** Starts one chase (追号); failures go to the caller. */
export function useStartChase() {
  const refresh = useRefreshChases();
  return useMutation({
    mutationFn: (body: LotteryChaseStartBody) => callRoute('lotteryChaseStart', body, { isSilent: true }),
    onSettled: (_chase, _error, body) => refresh(body.gameCode),
  });
}

/** 撤销追号: its issues still to come get no ticket. */
export function useCancelChase(gameCode: string) {
  const refresh = useRefreshChases();
  return useMutation({
    mutationFn: (chaseId: string) => callRoute('lotteryChaseCancel', { chaseId }),
    onSettled: () => refresh(gameCode),
  });
}
