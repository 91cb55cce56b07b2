import { randomUUID } from 'node:crypto';
import type { PubSub } from '../stores/pubsub.ts';

const presenceChannel = 'stream-presence';
const heartbeatMsDefault = 5_000;
/** Changes within this window travel in one announcement. */
const changeWindowMs = 250;
/** A node unheard for this many heartbeats stopped (crashed or lost its network): it counts no more. */
const missedHeartbeatsAllowed = 3;

interface PresenceMessage {
  node: string;
  /** Subscribers of the node's shared topics; absent when the node is closing. */
  counts?: Record<string, number>;
}

export interface PresenceDeps {
  pubsub: PubSub;
  /** Topics whose count is shared across nodes (chat rooms); per-member topics never are. */
  sharedPrefixes: ReadonlyArray<string>;
  /** This node's own subscribers of a topic. */
  localCount(topic: string): number;
  heartbeatMs?: number;
}

/**
 * Subscriber counts across the cluster for the shared topics: each node tells the others its own
 * counts shortly after they change and on every heartbeat, so a room's online count is everyone
 * in it on every node. Runs on the process's monotonic clock: it measures node liveness, not
 * business time.
 */
export async function createPresence(deps: PresenceDeps) {
  const node = randomUUID();
  const heartbeatMs = deps.heartbeatMs ?? heartbeatMsDefault;
  const tracked = new Set<string>();
  const others = new Map<string, { counts: Map<string, number>; heardAt: number }>();
  let pending: NodeJS.Timeout | undefined;

  const isShared = (topic: string) => deps.sharedPrefixes.some((prefix) => topic.startsWith(prefix));

  const announce = async () => {
    clearTimeout(pending);
    pending = undefined;
    const counts: Record<string, number> = {};
    for (const topic of tracked) {
      const count = deps.localCount(topic);
      if (count > 0) {
        counts[topic] = count;
      } else {
        tracked.delete(topic);
      }
    }
    await deps.pubsub.publish(presenceChannel, JSON.stringify({ node, counts } satisfies PresenceMessage));
  };
  const announceSoon = () => {
    pending ??= setTimeout(() => void announce().catch(() => undefined), changeWindowMs);
  };

  const stopListening = await deps.pubsub.subscribe(presenceChannel, (raw) => {
    const message = JSON.parse(raw) as PresenceMessage;
    if (message.node === node) {
      return;
    }
    if (!message.counts) {
      others.delete(message.node);
      return;
    }
    const isNew = !others.has(message.node);
    others.set(message.node, { counts: new Map(Object.entries(message.counts)), heardAt: performance.now() });
    // A node that just started hears everyone's counts before the next heartbeat.
    if (isNew) {
      announceSoon();
    }
  });
  const heartbeat = setInterval(() => void announce().catch(() => undefined), heartbeatMs);
  heartbeat.unref();
  announceSoon();

  return {
    /** The gateway calls this whenever a socket subscribes to or leaves a topic. */
    changed(topic: string) {
      if (isShared(topic)) {
        tracked.add(topic);
        announceSoon();
      }
    },

    /** Subscribers of the topic on every live node (this node's own only for unshared topics). */
    count(topic: string): number {
      let count = deps.localCount(topic);
      if (!isShared(topic)) {
        return count;
      }
      const freshSince = performance.now() - heartbeatMs * missedHeartbeatsAllowed;
      for (const [name, other] of others) {
        if (other.heardAt < freshSince) {
          others.delete(name);
        } else {
          count += other.counts.get(topic) ?? 0;
        }
      }
      return count;
    },

    async close() {
      clearInterval(heartbeat);
      clearTimeout(pending);
      await stopListening();
      await deps.pubsub.publish(presenceChannel, JSON.stringify({ node } satisfies PresenceMessage));
    },
  };
}
