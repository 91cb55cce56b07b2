import { useSyncExternalStore } from 'react';
import { type Operator, sessionState, subscribeSession } from './session.ts';

export function useSessionState() {
  return useSyncExternalStore(subscribeSession, sessionState);
}

/** The signed-in staff member; pages render only inside the signed-in layout. */
export function useOperator(): Operator | undefined {
  return useSessionState().session?.operator;
}
