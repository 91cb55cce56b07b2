import { AppError } from '../app-error.ts';

export interface Semaphore {
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly activeCount: number;
  readonly waitingCount: number;
}

/**
 * Caps how many expensive jobs (argon2id hashes) run at once. Callers beyond the cap wait in
 * line; beyond `waitingMax` they are refused with 6501 at once, so a flood costs a queue slot,
 * not memory or threadpool time that other routes need.
 */
export function createSemaphore(concurrencyMax: number, waitingMax: number): Semaphore {
  let activeCount = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) {
      next();
    } else {
      activeCount -= 1;
    }
  };
  const acquire = async () => {
    if (activeCount < concurrencyMax) {
      activeCount += 1;
      return;
    }
    if (waiting.length >= waitingMax) {
      throw new AppError(6501);
    }
    // The releasing job hands its slot straight to the next waiter, so activeCount stays put.
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get activeCount() {
      return activeCount;
    },
    get waitingCount() {
      return waiting.length;
    },
  };
}
