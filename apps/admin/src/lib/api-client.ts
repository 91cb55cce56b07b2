import {
  basePathOf,
  clientVersion,
  headerNames,
  instanceTimeoutBrowserMs,
  type RouteBody,
  type RouteName,
  type RouteResponse,
  routes,
  signRequest,
  unwrapEnvelope,
} from '@site/contract';
import { ApiError, isSessionExpired } from './api-error.ts';
import { deviceUuid, endSession, sessionState } from './session.ts';

/** The console's routes: every call it makes goes to /admin/api/v1. */
export type AdminRouteName = Extract<RouteName, `admin${string}`>;

export interface CallOptions {
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

/**
 * Signed like the member site's calls (the contract's `signRequest` over method, base path,
 * timestamp and device), with the operator's token and the site the console is switched to.
 */
export function requestHeaders(method: string, path: string, now = Date.now()): Headers {
  const uuid = deviceUuid();
  const timestamp = String(now);
  const { session, siteId } = sessionState();
  const headers = new Headers({
    [headerNames.clientType]: 'web',
    [headerNames.version]: clientVersion,
    [headerNames.siteId]: String(siteId),
    [headerNames.deviceUuid]: uuid,
    [headerNames.timestamp]: timestamp,
    [headerNames.sign]: signRequest({
      method,
      basePath: basePathOf(path) ?? '',
      timestamp,
      deviceUuid: uuid,
    }),
  });
  if (session) {
    headers.set(headerNames.token, session.token);
  }
  return headers;
}

/**
 * Calls one operator route of the contract and returns its checked data. A 10004 (the session
 * ended: idle 30 minutes, forced logout, deactivated) ends the session here, which sends the
 * console back to its login page.
 */
export async function callRoute<N extends AdminRouteName>(
  name: N,
  body?: RouteBody<N>,
  options: CallOptions = {},
): Promise<RouteResponse<N>> {
  const route = routes[name];
  try {
    const data = await unwrapEnvelope(
      await send(route.method, withQuery(route.path, options.query), body, options),
    );
    const parsed = route.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError('invalid', 0, '');
    }
    return parsed.data as RouteResponse<N>;
  } catch (caught) {
    if (isSessionExpired(caught) && name !== 'adminLogin') {
      endSession();
    }
    throw caught;
  }
}

function withQuery(path: string, query: CallOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) {
      search.set(key, String(value));
    }
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

async function send(method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
  const signal = options.signal
    ? AbortSignal.any([options.signal, AbortSignal.timeout(instanceTimeoutBrowserMs)])
    : AbortSignal.timeout(instanceTimeoutBrowserMs);
  const headers = requestHeaders(method, path);
  const init: RequestInit = { method, headers, signal };
  if (method !== 'GET') {
    headers.set('content-type', 'application/json');
    init.body = JSON.stringify(body ?? {});
  }
  try {
    return await fetch(path, init);
  } catch (caught) {
    const isTimeout = caught instanceof DOMException && caught.name === 'TimeoutError';
    throw isTimeout ? new ApiError('timeout', 0, '') : new ApiError('network', 0, '');
  }
}
