import { errorMessages, FeedMsgId, type ServerFrame, socketTiming } from '@site/contract';
import type { PubSub } from '../stores/pubsub.ts';
import { encodeTextMessage } from './wire.ts';

/** What a topic delivers to: one socket of this node. */
export interface TopicSubscriber {
  /**
   * Writes a WebSocket message already framed (`encodeTextMessage`), shared by every subscriber
   * and never modified; the subscriber drops itself when it cannot keep up.
   */
  write(message: Buffer): void;
}

interface LocalTopic {
  subscribers: Set<TopicSubscriber>;
  /** Serialised frames received since the last flush, in publish order. */
  pending: string[];
  timer: NodeJS.Timeout | undefined;
  /** Resolves once this node listens to the topic's channel; undefined after the last subscriber left. */
  listening: Promise<() => Promise<void>>;
}

const channelOf = (topic: string) => `stream:${topic}`;
const batchPrefix = `{"msgId":${FeedMsgId.batch},"code":6000,"message":"${errorMessages[6000]}","msgData":{"frames":[`;

/**
 * Topics across nodes. A publish goes to the pub/sub channel of its topic (Redis between nodes,
 * in-process on one); each node listens to a topic's channel only while one of its sockets
 * subscribes, gathers what arrives for `flushWindowMs`, and then writes one payload per socket:
 * the frame alone, or a batch frame (20000) carrying all of them. Frames are serialised once per
 * publish; the payload is serialised and framed as a WebSocket message once per flush, and that
 * same buffer is written to every socket.
 */
export function createTopics(pubsub: PubSub, flushWindowMs: number = socketTiming.flushWindowMs) {
  const topics = new Map<string, LocalTopic>();

  const flush = (topic: LocalTopic) => {
    topic.timer = undefined;
    const frames = topic.pending;
    topic.pending = [];
    if (frames.length === 0) {
      return;
    }
    const message = encodeTextMessage(
      frames.length === 1 ? (frames[0] as string) : `${batchPrefix}${frames.join(',')}]}}`,
    );
    for (const subscriber of topic.subscribers) {
      subscriber.write(message);
    }
  };

  const received = (topic: LocalTopic, message: string) => {
    topic.pending.push(message);
    topic.timer ??= setTimeout(() => flush(topic), flushWindowMs);
  };

  return {
    async subscribe(name: string, subscriber: TopicSubscriber): Promise<void> {
      let topic = topics.get(name);
      if (!topic) {
        const created: LocalTopic = {
          subscribers: new Set(),
          pending: [],
          timer: undefined,
          listening: pubsub.subscribe(channelOf(name), (message) => received(created, message)),
        };
        topic = created;
        topics.set(name, created);
      }
      topic.subscribers.add(subscriber);
      await topic.listening;
    },

    async unsubscribe(name: string, subscriber: TopicSubscriber): Promise<void> {
      const topic = topics.get(name);
      if (!topic?.subscribers.delete(subscriber) || topic.subscribers.size > 0) {
        return;
      }
      topics.delete(name);
      clearTimeout(topic.timer);
      const stopListening = await topic.listening;
      await stopListening();
    },

    /** To every subscriber of the topic on every node. */
    publish: (name: string, frame: ServerFrame) => pubsub.publish(channelOf(name), JSON.stringify(frame)),

    subscriberCount: (name: string) => topics.get(name)?.subscribers.size ?? 0,

    async close() {
      const open = [...topics.values()];
      topics.clear();
      for (const topic of open) {
        clearTimeout(topic.timer);
        await (await topic.listening)();
      }
    },
  };
}

export type Topics = ReturnType<typeof createTopics>;
