import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-error.ts';

/** Transport hiccups get one more try; business answers are final. */
function shouldRetry(failureCount: number, error: Error): boolean {
  const isTransient = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
  return isTransient && failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: shouldRetry, refetchOnWindowFocus: false } },
  });
}
