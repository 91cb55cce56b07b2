import { useSyncExternalStore } from 'react';
import { readToken, subscribeToken } from './token.ts';

const hasToken = () => readToken() !== undefined;

/** Whether this tab holds a member token; re-renders on sign-in and sign-out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribeToken, hasToken, hasToken);
}
