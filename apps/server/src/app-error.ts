import { type ErrorCode, errorMessages } from '@site/contract';

/**
 * An expected failure a player, operator or venue can cause. It answers HTTP 200 with its
 * catalogue code; what must never happen is an assertion instead, and answers 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string = errorMessages[code],
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export function validationError(field: string, problem: string): AppError {
  return new AppError(10003, `参数错误：${field} ${problem}`, { field });
}
