import { FeedMsgId } from '@site/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type InboundData, type SocketClient, sharedSocket } from './socket.ts';

/** The feeds that push events on a topic (20001-20003, 20020-20021). */
export type FeedEventMsgId =
  | typeof FeedMsgId.odds
  | typeof FeedMsgId.lotteryDraw
  | typeof FeedMsgId.tableRound
  | typeof FeedMsgId.sportsbookMatch
  | typeof FeedMsgId.sportsbookBoard;
export type FeedEvent = InboundData[typeof FeedMsgId.lotteryDraw];

/** The most topics one subscribe frame may name (the contract's `feedSubscribeSchema`; no zod on the client). */
const topicsPerFrameMax = 50;

/**
 * The feed topics wanted on one socket, counted per page that wants them: a topic is subscribed
 * (20010) when its first page comes and unsubscribed (20011) when its last one goes, and all of
 * them are subscribed again whenever the socket opens, since a new socket starts with none. A
 * topic counts as live once the server confirmed it on the socket open now.
 */
function createFeedTopics(socket: SocketClient) {
  const counts = new Map<string, number>();
  const confirmed = new Set<string>();
  const listeners = new Set<() => void>();
  let wasOpen = socket.getState().status === 1;

  const changed = () => {
    for (const listener of listeners) {
      listener();
    }
  };

  const sendTopics = (msgId: typeof FeedMsgId.subscribe | typeof FeedMsgId.unsubscribe, topics: string[]) => {
    for (let start = 0; start < topics.length; start += topicsPerFrameMax) {
      socket.send(msgId, { topics: topics.slice(start, start + topicsPerFrameMax) });
    }
  };

  socket.subscribe(FeedMsgId.subscribe, (inbound) => {
    if (!inbound.isOk) {
      return;
    }
    for (const topic of inbound.data.topics) {
      if (counts.has(topic)) {
        confirmed.add(topic);
      }
    }
    changed();
  });
  socket.subscribeState(() => {
    const isOpen = socket.getState().status === 1;
    if (isOpen === wasOpen) {
      return;
    }
    wasOpen = isOpen;
    confirmed.clear();
    if (isOpen) {
      sendTopics(FeedMsgId.subscribe, [...counts.keys()]);
    }
    changed();
  });

  return {
    /** Wants `topics` until the answered function is called; opens the socket if it is closed. */
    acquire(topics: readonly string[]): () => void {
      const added = topics.filter((topic) => {
        const count = counts.get(topic) ?? 0;
        counts.set(topic, count + 1);
        return count === 0;
      });
      if (added.length > 0) {
        sendTopics(FeedMsgId.subscribe, added);
      }
      void socket.connect();
      return () => {
        const removed = topics.filter((topic) => {
          const count = (counts.get(topic) ?? 1) - 1;
          if (count > 0) {
            counts.set(topic, count);
            return false;
          }
          counts.delete(topic);
          confirmed.delete(topic);
          return true;
        });
        if (removed.length > 0) {
          sendTopics(FeedMsgId.unsubscribe, removed);
          changed();
        }
      };
    },
    isLive: (topic: string) => confirmed.has(topic),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type FeedTopics = ReturnType<typeof createFeedTopics>;
const feedTopicsBySocket = new WeakMap<SocketClient, FeedTopics>();

function feedTopicsOf(socket: SocketClient): FeedTopics {
  let feeds = feedTopicsBySocket.get(socket);
  if (!feeds) {
    feeds = createFeedTopics(socket);
    feedTopicsBySocket.set(socket, feeds);
  }
  return feeds;
}

/**
 * Listens to feed `topics` of `msgId` over the client's one socket (the chat's), opening it when
 * needed; `onEvent` gets each event of those topics. Answers whether every topic is live now: a
 * page keeps polling as its fallback while it is not.
 */
export function useFeedTopics(
  msgId: FeedEventMsgId,
  topics: readonly string[],
  onEvent: (event: FeedEvent) => void,
): boolean {
  const socket = sharedSocket(useQueryClient());
  const feeds = feedTopicsOf(socket);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const topicsKey = topics.join(' ');

  useEffect(() => {
    const wanted = topicsKey === '' ? [] : topicsKey.split(' ');
    if (wanted.length === 0) {
      return;
    }
    const release = feeds.acquire(wanted);
    const stopListening = socket.subscribe(msgId, (inbound) => {
      if (inbound.isOk && wanted.includes(inbound.data.topic)) {
        onEventRef.current(inbound.data);
      }
    });
    return () => {
      stopListening();
      release();
    };
  }, [feeds, socket, msgId, topicsKey]);

  const isLiveNow = () => topics.length > 0 && topics.every((topic) => feeds.isLive(topic));
  return useSyncExternalStore(feeds.subscribe, isLiveNow, () => false);
}
