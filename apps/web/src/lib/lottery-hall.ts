import { queryOptions } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/**
 * The lottery hall: every game with the issue on sale. The hall pages read it again on each draw
 * event of the live socket, and poll it as the fallback; 投注记录 reads it for the games' names.
 */
export const lotteryHallQuery = queryOptions({
  queryKey: ['lottery', 'hall'],
  queryFn: ({ signal }) => callRoute('lotteryHall', undefined, { signal }),
  staleTime: 2_000,
});
