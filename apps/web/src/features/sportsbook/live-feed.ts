import {
  FeedMsgId,
  type SportsbookBoardEvent,
  type SportsbookMatch,
  type SportsbookMatchEvent,
  type SportsbookSport,
  sportsbookBoardTopic,
  sportsbookMatchTopic,
} from '@site/contract';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useFeedTopics } from '../../lib/feed-topics.ts';
import { sharedSocket } from '../../lib/socket.ts';
import { useRefreshMoney } from '../../lib/wallet.ts';
import { sportsbookKeys } from './api.ts';
import { applyBoardEvents, applyMatchEvent } from './live-updates.ts';

const matchListsKey = [...sportsbookKeys.all, 'matches'] as const;

/**
 * Reads a query again when its feed comes back after a gap (the socket dropped and reopened):
 * events of the gap were missed. Not on the first subscription: the page has just read it.
 */
function useResyncAfterGap(isLive: boolean, queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const hasBeenLive = useRef(false);
  const wasLive = useRef(false);
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (isLive && !wasLive.current && hasBeenLive.current) {
      void queryClient.invalidateQueries({ queryKey: JSON.parse(keyText) as QueryKey });
    }
    hasBeenLive.current ||= isLive;
    wasLive.current = isLive;
  }, [isLive, keyText, queryClient]);
}

/** Applies a match event to the match page's copy; reads it again when the event cannot finish it. */
export function patchMatch(queryClient: QueryClient, event: SportsbookMatchEvent) {
  const queryKey = sportsbookKeys.match(event.matchId);
  let isComplete = true;
  queryClient.setQueryData<SportsbookMatch>(queryKey, (cached) => {
    if (!cached) {
      return cached;
    }
    const applied = applyMatchEvent(cached, event, 'all');
    isComplete = applied.isComplete;
    return applied.value;
  });
  if (!isComplete) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Applies a board event to every list of matches held; a match that kicked off or ended moves lists. */
export function patchBoard(queryClient: QueryClient, event: SportsbookBoardEvent) {
  let isComplete = !event.matches.some((match) => match.changes.includes('status'));
  queryClient.setQueriesData<{ list: SportsbookMatch[] }>({ queryKey: matchListsKey }, (cached) => {
    if (!cached) {
      return cached;
    }
    const applied = applyBoardEvents(cached, event.matches);
    isComplete &&= applied.isComplete;
    return applied.value;
  });
  if (!isComplete) {
    void queryClient.invalidateQueries({ queryKey: matchListsKey });
    void queryClient.invalidateQueries({ queryKey: sportsbookKeys.leagues() });
  }
}

/**
 * The match page's live score, prices and 封盘 over the shared socket, applied to its query's
 * copy. Answers whether the feed is live: the page polls while it is not.
 */
export function useLiveMatch(matchId: string): boolean {
  const queryClient = useQueryClient();
  const topics = useMemo(() => [sportsbookMatchTopic(matchId)], [matchId]);
  const isLive = useFeedTopics(FeedMsgId.sportsbookMatch, topics, (feed) => {
    const event = feed.data as unknown as SportsbookMatchEvent;
    if (event.matchId === matchId) {
      patchMatch(queryClient, event);
    }
  });
  useResyncAfterGap(isLive, sportsbookKeys.match(matchId));
  return isLive;
}

/** A sport's board over the shared socket, applied to the lists of matches held. */
export function useLiveBoard(sport: SportsbookSport): boolean {
  const queryClient = useQueryClient();
  const topics = useMemo(() => [sportsbookBoardTopic(sport)], [sport]);
  const isLive = useFeedTopics(FeedMsgId.sportsbookBoard, topics, (feed) => {
    const event = feed.data as unknown as SportsbookBoardEvent;
    if (event.sport === sport) {
      patchBoard(queryClient, event);
    }
  });
  useResyncAfterGap(isLive, matchListsKey);
  return isLive;
}

/**
 * A member's bets as they settle: the server tells the member's own sockets, and the bets and
 * the balance are read again. The bets keep their polling besides.
 */
export function useLiveBets() {
  const queryClient = useQueryClient();
  const socket = sharedSocket(queryClient);
  const refreshMoney = useRefreshMoney();
  const refreshMoneyRef = useRef(refreshMoney);
  refreshMoneyRef.current = refreshMoney;
  useEffect(() => {
    const stopListening = socket.subscribe(FeedMsgId.sportsbookBet, (inbound) => {
      if (inbound.isOk) {
        void queryClient.invalidateQueries({ queryKey: [...sportsbookKeys.all, 'bets'] });
        void refreshMoneyRef.current();
      }
    });
    // Logs in on open when the member holds a token: the server then sends his own events.
    void socket.connect();
    return stopListening;
  }, [socket, queryClient]);
}
