import { queryOptions } from '@tanstack/react-query';
import { callRoute } from './api-client.ts';

/**
 * The lottery hall: every game with the issue on sale. The hall pages poll it (the live socket's
 * draw events come later); 投注记录 reads it for the games' names.
 */
export const lotteryHallQuery = queryOptions({
  queryKey: ['lottery', 'hall'],
  queryFn: ({ signal }) => callRoute('lotteryHall', undefined, { signal }),
  staleTime: 2_000,
});
