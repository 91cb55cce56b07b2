import { type Envelope, ErrorCode, errorMessages } from '@site/contract';

export function ok<T>(data: T): Envelope<T> {
  return { code: ErrorCode.success, message: errorMessages[ErrorCode.success], data };
}
