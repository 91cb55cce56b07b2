import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/** Fan-out of small messages between the parts of one node, or between nodes over Redis. */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export function createMemoryPubSub(): PubSub {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    async subscribe(channel, handler) {
      emitter.on(channel, handler);
      return async () => {
        emitter.off(channel, handler);
      };
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis needs a dedicated connection for subscriptions; `publisher` is the shared one. */
export function createRedisPubSub(publisher: Redis, prefix: string): PubSub {
  const subscriber = publisher.duplicate();
  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      handler(message);
    }
  });
  return {
    async publish(channel, message) {
      await publisher.publish(prefix + channel, message);
    },
    async subscribe(channel, handler) {
      const key = prefix + channel;
      let channelHandlers = handlers.get(key);
      if (!channelHandlers) {
        channelHandlers = new Set();
        handlers.set(key, channelHandlers);
        await subscriber.subscribe(key);
      }
      channelHandlers.add(handler);
      return async () => {
        channelHandlers.delete(handler);
        if (channelHandlers.size === 0) {
          handlers.delete(key);
          await subscriber.unsubscribe(key);
        }
      };
    },
    async close() {
      handlers.clear();
      subscriber.disconnect();
    },
  };
}
