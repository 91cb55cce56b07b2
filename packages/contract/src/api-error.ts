import { ErrorCode } from './errors.ts';
import type { Envelope } from './http.ts';

/**
 * What went wrong with a call, for every client of the API (member site, console). `business`:
 * the API answered an envelope with a catalogue code (its message is Chinese already); `http`: a
 * non-OK HTTP status; `timeout`, `cancelled`: aborted by the client; `network`: no response at
 * all (status 0); `invalid`: an answer that does not match the contract.
 */
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'cancelled' | 'network' | 'invalid';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Catalogue code for business errors, HTTP status otherwise (0 without a response). */
  readonly code: number;
  readonly requestId: string | undefined;
  /** The envelope's `data` of a business error (a captcha flag, TOTP enrolment, the invalid field). */
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, message: string, requestId?: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.requestId = requestId;
    this.data = data;
  }
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

/** The envelope's data of a successful answer; any other answer throws its `ApiError`. */
export async function unwrapEnvelope(response: Response): Promise<unknown> {
  if (!response.ok) {
    throw new ApiError('http', response.status, response.statusText);
  }
  const envelope: unknown = await response.json().catch(() => undefined);
  if (!isEnvelope(envelope)) {
    throw new ApiError('invalid', response.status, '');
  }
  if (envelope.code !== ErrorCode.success) {
    throw new ApiError('business', envelope.code, envelope.message ?? '', envelope.requestId, envelope.data);
  }
  return envelope.data;
}
