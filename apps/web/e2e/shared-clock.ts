import { MsgId, socketTiming } from '@site/contract';
import type { BrowserContext, Page, WebSocket } from 'playwright-core';
import type { RunningClock } from '../../server/src/testing.ts';

/** The frame a page's socket sends every heartbeat interval, as the client writes it. */
const heartbeatFrame = JSON.stringify({ msgId: MsgId.heartbeat, msgData: {} });

/**
 * One time for a test server and the browser pages of a test: the server runs on `serverClock`,
 * each page it follows on Playwright's clock set to the server's time, and `advance` jumps them all
 * ahead together. In between both flow with the real time, so the server's draw cycle (a real
 * timer) and the pages' countdowns, polls and request signatures (checked against the server's
 * clock) go on as they would.
 */
export function sharedClock(serverClock: RunningClock) {
  /** The browser contexts following the server, with the sockets open in their pages. */
  const followers = new Map<BrowserContext, Set<WebSocket>>();

  /**
   * Moves the server, then the pages, `ms` on: in steps of a heartbeat interval, each waiting for
   * the heartbeat its fast-forward makes every open socket send. The server drops a socket it has
   * not heard from for `silentDropMs` of its clock, so one long jump would cut the pages off the
   * events they are waiting for; the server moves first so the heartbeat is stamped after it.
   */
  async function advance(ms: number): Promise<void> {
    for (let leftMs = ms; leftMs > 0; leftMs -= socketTiming.heartbeatIntervalMs) {
      const stepMs = Math.min(leftMs, socketTiming.heartbeatIntervalMs);
      serverClock.advance(stepMs);
      // Only a whole interval is sure to reach each socket's next heartbeat.
      const sockets =
        stepMs === socketTiming.heartbeatIntervalMs
          ? [...followers.values()].flatMap((each) => [...each])
          : [];
      await Promise.all([
        ...sockets.map((socket) =>
          socket.waitForEvent('framesent', { predicate: (frame) => frame.payload === heartbeatFrame }),
        ),
        ...[...followers.keys()].map((context) => context.clock.fastForward(stepMs)),
      ]);
    }
  }

  return {
    now: () => serverClock.now(),
    /** Puts `page` (its whole browser context) on the server's time; before it loads anything. */
    async follow(page: Page): Promise<void> {
      const context = page.context();
      await context.clock.install({ time: serverClock.now() });
      const sockets = new Set<WebSocket>();
      followers.set(context, sockets);
      // Closing a context emits no `close` for its sockets: they are forgotten with it.
      context.once('close', () => followers.delete(context));
      page.on('websocket', (socket) => {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
    },
    advance,
    /** Moves time on to `atMs` of the server's clock. */
    advanceTo: (atMs: number) => advance(atMs - serverClock.now()),
  };
}

export type SharedClock = ReturnType<typeof sharedClock>;
