import type { LotteryUnit } from '@site/contract';

/** The lottery pages' query keys: the draw events and the mutations make them stale by these. */
export const lotteryKeys = {
  all: ['lottery'],
  plays: (gameCode: string, unit: LotteryUnit) => ['lottery', 'plays', gameCode, unit] as const,
  results: (gameCode: string) => ['lottery', 'results', gameCode] as const,
  tickets: (gameCode: string) => ['lottery', 'tickets', gameCode] as const,
  chases: (gameCode: string) => ['lottery', 'chases', gameCode] as const,
};
