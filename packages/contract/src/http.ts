/** Base paths of the API (spec section 7). A request's base path is what the signature covers. */
export const apiBasePaths = [
  '/site/api/v1',
  '/act/api/v1',
  '/game/api/v1',
  '/fd/api/v1',
  '/agent/api/v1',
  '/stream/api/v1',
  '/api/json-cache',
  '/admin/api/v1',
] as const;
export type ApiBasePath = (typeof apiBasePaths)[number];

/** The base path `path` (a URL, query allowed) lies under; asked on every request, so it allocates nothing. */
export function basePathOf(path: string): ApiBasePath | undefined {
  const queryStart = path.indexOf('?');
  const end = queryStart < 0 ? path.length : queryStart;
  return apiBasePaths.find(
    (base) =>
      path.startsWith(base) && (end === base.length || (end > base.length && path[base.length] === '/')),
  );
}

export const headerNames = {
  clientType: 'client-type',
  version: 'version',
  siteId: 'site-id',
  deviceUuid: 'device-uuid',
  token: 'token',
  sign: 'sign',
  timestamp: 'timestamp',
  platform: 'platform',
  requestId: 'x-request-id',
} as const;

export const clientTypes = ['web', 'h5'] as const;
export type ClientType = (typeof clientTypes)[number];

/** The `{ code, message, data }` envelope every API response uses; 6000 is success. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  requestId?: string;
}

/**
 * Integers bounded to what their column holds (see `http-schemas.ts`). An `integer` (int4)
 * column holds up to 2^31 - 1.
 */
export const int4Max = 2_147_483_647;

/**
 * The request signature: HMAC-SHA256 over method, base path, timestamp and device uuid.
 * The key ships with the client: it deters scripted abuse only, it is no secret.
 */
export const signatureKey = 'site-web-2.0.0-request-signature';

export interface SignatureInput {
  method: string;
  basePath: string;
  timestamp: string;
  deviceUuid: string;
}

export function signaturePayload(input: SignatureInput): string {
  return `${input.method.toUpperCase()}\n${input.basePath}\n${input.timestamp}\n${input.deviceUuid}`;
}

/** Compares dotted versions numerically: negative when a < b. */
export function compareVersions(a: string, b: string): number {
  const left = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const right = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) {
      return difference;
    }
  }
  return 0;
}
