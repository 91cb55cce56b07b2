import { ApiError, ErrorCode, transportErrorMessages } from '@site/contract';

export { ApiError, type ApiErrorKind } from '@site/contract';

/** The text shown to the staff member for any failed call. */
export function errorText(error: unknown): string {
  if (!(error instanceof ApiError)) {
    return transportErrorMessages.unknown;
  }
  switch (error.kind) {
    case 'business':
      return error.message || transportErrorMessages.business;
    case 'timeout':
      return transportErrorMessages.timeout;
    case 'cancelled':
      return transportErrorMessages.cancelled;
    case 'network':
      return transportErrorMessages.network;
    case 'http':
    case 'invalid':
      return transportErrorMessages.empty;
    default:
      return error.kind satisfies never;
  }
}

export function isSessionExpired(error: unknown): boolean {
  return error instanceof ApiError && error.kind === 'business' && error.code === ErrorCode.auth;
}
