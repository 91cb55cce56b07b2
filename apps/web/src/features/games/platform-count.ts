import { ApiError, type PlatformCount } from '@site/contract';

/** Spec section 9: retry limit 2, delay 500 ms; the counter refreshes every 60000 ms. */
export const platformCountRetryLimit = 2;
export const platformCountRetryDelayMs = 500;
export const platformCountRefreshMs = 60_000;

/** OB's answer for a request id that expired (spec section 8), or a message saying so. */
export const obExpiredCode = 400401;

export function isExpiredAnswer(error: unknown): boolean {
  return error instanceof ApiError && (error.code === obExpiredCode || /expired|过期/i.test(error.message));
}

export interface PlatformCountSources {
  hasToken: () => boolean;
  /** The OB request id of the member's last OB launch, if any. */
  requestId: () => string | undefined;
  /** The count service; rejects with the OB expired answer when the request id is stale. */
  count: (requestId: string) => Promise<PlatformCount>;
  /** The server's cached figures, which need no token. */
  cache: () => Promise<PlatformCount>;
  /** Launches the OB venue again (a preload, no money moves) and answers its new request id. */
  relaunch: () => Promise<string | undefined>;
  /** Keeps figures the count service answered, for the next read. */
  store: (counts: PlatformCount) => void;
  wait: (ms: number) => Promise<void>;
}

/**
 * The platform count flow of spec section 4. Without a token (or before any OB launch) the
 * server's cache answers. With both, the count service does; when it answers no data because
 * the request id expired, a retry is counted: past `platformCountRetryLimit` retries the cache
 * answers, otherwise the OB venue is relaunched for a fresh request id and the count asked again
 * after 500 ms. The counter starts at 0 on each read (every `platformCountRefreshMs`), so a
 * count service that keeps answering "expired" costs at most two relaunches per read.
 */
export async function loadPlatformCount(sources: PlatformCountSources): Promise<PlatformCount> {
  let requestId = sources.hasToken() ? sources.requestId() : undefined;
  let retries = 0;
  while (requestId !== undefined) {
    try {
      const counts = await sources.count(requestId);
      sources.store(counts);
      return counts;
    } catch (error) {
      if (!isExpiredAnswer(error)) {
        throw error;
      }
      retries += 1;
      if (retries > platformCountRetryLimit) {
        break;
      }
      requestId = await sources.relaunch();
      await sources.wait(platformCountRetryDelayMs);
    }
  }
  return sources.cache();
}
