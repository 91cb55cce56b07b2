import type { LoginResult } from '@site/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callRoute } from '../../lib/api-client.ts';
import { saveToken, setRememberMe } from '../../lib/token.ts';

/** A fresh image captcha; each one answers once, so a failed submit asks for a new one. */
export function useCaptcha(isWanted: boolean) {
  const query = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => callRoute('captcha', undefined, { signal, isSilent: true }),
    enabled: isWanted,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  return { captcha: isWanted ? query.data : undefined, isLoading: query.isFetching, refresh };
}

/** Keeps the session a login or registration answered, with the remember-me choice. */
export function useSignIn(): (result: LoginResult, isRemember: boolean) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (result, isRemember) => {
      setRememberMe(isRemember);
      saveToken(result.token);
      queryClient.removeQueries({ queryKey: ['member'] });
    },
    [queryClient],
  );
}
