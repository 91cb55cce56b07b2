import type { PubSub } from '../stores/pubsub.ts';

const sessionEndedChannel = 'session-ended';

/**
 * A member's sessions ended: the socket gateway of every node closes the sockets signed in on
 * them with `code`. Either the named `sessionIds` ended, or every session of the member but
 * `keptSessionId`.
 */
export interface SessionEnded {
  memberId: bigint;
  code: 6001 | 10104 | 10105 | 10004;
  sessionIds?: bigint[];
  keptSessionId?: bigint;
}

/**
 * Sessions ended inside a caller's transaction: how many, and the announcement the caller makes
 * once that transaction has committed (a rolled-back end closes nobody's socket).
 */
export interface EndedSessions {
  count: number;
  announce(): Promise<void>;
}

interface WireEvent {
  memberId: string;
  code: SessionEnded['code'];
  sessionIds?: string[];
  keptSessionId?: string;
}

export interface SessionEndedEvents {
  publish(event: SessionEnded): Promise<void>;
  subscribe(handler: (event: SessionEnded) => void): Promise<() => Promise<void>>;
}

export function createSessionEndedEvents(pubsub: PubSub): SessionEndedEvents {
  return {
    async publish(event) {
      const wire: WireEvent = {
        memberId: String(event.memberId),
        code: event.code,
        ...(event.sessionIds ? { sessionIds: event.sessionIds.map(String) } : {}),
        ...(event.keptSessionId !== undefined ? { keptSessionId: String(event.keptSessionId) } : {}),
      };
      await pubsub.publish(sessionEndedChannel, JSON.stringify(wire));
    },
    subscribe: (handler) =>
      pubsub.subscribe(sessionEndedChannel, (message) => {
        const wire = JSON.parse(message) as WireEvent;
        handler({
          memberId: BigInt(wire.memberId),
          code: wire.code,
          ...(wire.sessionIds ? { sessionIds: wire.sessionIds.map((id) => BigInt(id)) } : {}),
          ...(wire.keptSessionId !== undefined ? { keptSessionId: BigInt(wire.keptSessionId) } : {}),
        });
      }),
  };
}

/** Whether a socket signed in on `sessionId` belongs to the sessions that ended. */
export function isSessionEndedBy(event: SessionEnded, memberId: bigint, sessionId: bigint): boolean {
  if (event.memberId !== memberId) {
    return false;
  }
  return event.sessionIds ? event.sessionIds.includes(sessionId) : event.keptSessionId !== sessionId;
}
