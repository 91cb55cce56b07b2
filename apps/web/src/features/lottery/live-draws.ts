import { FeedMsgId, type LotteryDrawEvent, lotteryDrawTopic } from '@site/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { useFeedTopics } from '../../lib/feed-topics.ts';
import { lotteryHallQuery } from '../../lib/lottery-hall.ts';
import { lotteryKeys } from './lottery-keys.ts';

/**
 * The draw cycle moves chases on right after it announces an issue settled and the next one open
 * (a win ends its chase, the next issue's ticket is placed): the member's chases, tickets and
 * balance are read once more this long after such an event.
 */
export const chaseAdvanceDelayMs = 1_500;

/** Whether the page's games get their draw events over the socket: polling slows down while they do. */
export const LiveDrawsContext = createContext(false);

export function useIsLive(): boolean {
  return useContext(LiveDrawsContext);
}

/** What one event makes stale: the hall and results always; the member's side when money moved. */
export function refreshForDrawEvent(queryClient: QueryClient, event: LotteryDrawEvent): boolean {
  const { gameCode } = event.draw;
  void queryClient.invalidateQueries({ queryKey: lotteryHallQuery.queryKey });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.results(gameCode) });
  if (event.event === 'drawn' || event.event === 'closed') {
    return false;
  }
  refreshMemberSide(queryClient, gameCode);
  return true;
}

function refreshMemberSide(queryClient: QueryClient, gameCode: string) {
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets(gameCode) });
  void queryClient.invalidateQueries({ queryKey: lotteryKeys.chases(gameCode) });
  // The wallet summary (walletQuery and the money records under it).
  void queryClient.invalidateQueries({ queryKey: ['finance'] });
}

/**
 * Listens to the draw events of `gameCodes` over the shared socket and reads again what each one
 * changes. Answers whether the events are coming in now.
 */
export function useLiveDraws(gameCodes: readonly string[]): boolean {
  const queryClient = useQueryClient();
  const codesKey = gameCodes.join(' ');
  const topics = useMemo(
    () => (codesKey === '' ? [] : codesKey.split(' ').map(lotteryDrawTopic)),
    [codesKey],
  );
  const followUps = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const timers = followUps.current;
    return () => {
      for (const timer of timers.values()) {
        clearTimeout(timer);
      }
      timers.clear();
    };
  }, []);
  return useFeedTopics(FeedMsgId.lotteryDraw, topics, (feed) => {
    const event = feed.data as unknown as LotteryDrawEvent;
    if (!refreshForDrawEvent(queryClient, event)) {
      return;
    }
    const { gameCode } = event.draw;
    clearTimeout(followUps.current.get(gameCode));
    followUps.current.set(
      gameCode,
      setTimeout(() => {
        followUps.current.delete(gameCode);
        refreshMemberSide(queryClient, gameCode);
      }, chaseAdvanceDelayMs),
    );
  });
}
