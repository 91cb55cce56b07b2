import { ApiError, type TransportErrorKind, transportErrorMessages } from '@site/contract';

export { ApiError, type ApiErrorKind } from '@site/contract';

const networkMessagePattern = /Acceptable|Failed|SSL error|Forbidden/;

/** The transport text for a failure without a usable server message (spec section 8). */
export function transportErrorKind(error: unknown, isOnline: boolean): TransportErrorKind | undefined {
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'business':
        return error.message ? undefined : 'business';
      case 'cancelled':
        return 'cancelled';
      case 'timeout':
        return 'timeout';
      case 'network':
        return isOnline ? 'closed' : 'offline';
      case 'http':
      case 'invalid':
        return messageKind(error.message);
      default:
        return error.kind satisfies never;
    }
  }
  if (!isOnline) {
    return 'offline';
  }
  return error instanceof Error ? (messageKind(error.message) ?? 'unknown') : 'unknown';
}

function messageKind(message: string): TransportErrorKind | undefined {
  if (message === '') {
    return 'empty';
  }
  if (message === 'timeout') {
    return 'timeout';
  }
  return networkMessagePattern.test(message) ? 'network' : undefined;
}

/** The text shown to the player for any failed call. */
export function errorText(error: unknown, isOnline = navigator.onLine): string {
  const kind = transportErrorKind(error, isOnline);
  if (kind !== undefined) {
    return transportErrorMessages[kind];
  }
  return error instanceof Error ? error.message : transportErrorMessages.unknown;
}

/** Lets one key through per window: the same toast or dialog is not repeated within 700 ms. */
export function createDedupe(windowMs: number, now: () => number = Date.now) {
  const lastShown = new Map<string, number>();
  return (key: string): boolean => {
    const at = now();
    const previous = lastShown.get(key);
    if (previous !== undefined && at - previous < windowMs) {
      return false;
    }
    lastShown.set(key, at);
    return true;
  };
}
