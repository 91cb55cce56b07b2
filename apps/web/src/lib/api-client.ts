import { routeTable, type WebRouteName } from 'virtual:route-table';
import {
  basePathOf,
  clientVersion,
  headerNames,
  instanceTimeoutBrowserMs,
  type RouteBody,
  type RouteResponse,
  siteIdDefault,
  unwrapEnvelope,
} from '@site/contract';
import { ApiError } from './api-error.ts';
import { deviceUuid } from './device.ts';
import { signRequest } from './request-signature.ts';
import { readToken } from './token.ts';

export interface CallOptions {
  /** Values for `:name` segments of the route path. */
  params?: Record<string, string>;
  query?: Record<string, string | undefined>;
  /** Overrides the 20 s instance default. */
  timeoutMs?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Failures go to the caller only: no toast, no redirect. */
  isSilent?: boolean;
}

type FailureHandler = (error: ApiError) => void;
let handleFailure: FailureHandler = () => undefined;

/** The shell registers the one place that maps failures to behaviours. */
export function setApiFailureHandler(handler: FailureHandler): void {
  handleFailure = handler;
}

/** Hands a failure the caller chose not to handle itself to the shared behaviours. */
export function reportApiFailure(error: ApiError): void {
  handleFailure(error);
}

/**
 * Calls one route of the contract: signed headers, timeout, envelope unwrapped.
 *
 * The data is not parsed with the route's response schema: zod and the schemas would weigh
 * about a fifth of the first load. That is safe because the server is the authority and the
 * client only renders: the server validates every input with the contract's schemas, its handlers
 * are typed to return the schema's shape, React escapes what it renders, and no response schema
 * transforms or defaults a value (route-table.test.ts checks), so the parsed and unparsed data
 * are the same. Forms still validate what the player types, on their lazily loaded pages.
 */
export async function callRoute<N extends WebRouteName>(
  name: N,
  body?: RouteBody<N>,
  options: CallOptions = {},
): Promise<RouteResponse<N>> {
  const route = routeTable[name];
  try {
    const path = buildPath(route.path, options);
    const response = await send(route.method, path, body, options);
    return (await unwrapEnvelope(response)) as RouteResponse<N>;
  } catch (caught) {
    const error = caught instanceof ApiError ? caught : new ApiError('network', 0, String(caught));
    if (!options.isSilent) {
      handleFailure(error);
    }
    throw error;
  }
}

function buildPath(template: string, options: CallOptions): string {
  const path = template.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(options.params?.[key] ?? ''),
  );
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined) {
      query.set(key, value);
    }
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export async function requestHeaders(method: string, path: string, now = Date.now()): Promise<Headers> {
  const uuid = deviceUuid();
  const timestamp = String(now);
  const headers = new Headers({
    [headerNames.clientType]: 'web',
    [headerNames.version]: clientVersion,
    [headerNames.siteId]: String(siteIdDefault),
    [headerNames.deviceUuid]: uuid,
    [headerNames.timestamp]: timestamp,
    [headerNames.sign]: await signRequest({
      method,
      basePath: basePathOf(path) ?? '',
      timestamp,
      deviceUuid: uuid,
    }),
  });
  const token = readToken();
  if (token) {
    headers.set(headerNames.token, token);
  }
  return headers;
}

const timeoutReason = 'timeout';

async function send(method: string, path: string, body: unknown, options: CallOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(timeoutReason),
    options.timeoutMs ?? instanceTimeoutBrowserMs,
  );
  const onCallerAbort = () => controller.abort();
  if (options.signal?.aborted) {
    onCallerAbort();
  }
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    const headers = await requestHeaders(method, path);
    for (const [key, value] of Object.entries(options.headers ?? {})) {
      headers.set(key, value);
    }
    const init: RequestInit = { method, headers, signal: controller.signal };
    if (method !== 'GET') {
      headers.set('content-type', 'application/json');
      init.body = JSON.stringify(body ?? {});
    }
    controller.signal.throwIfAborted();
    return await fetch(path, init);
  } catch (caught) {
    if (controller.signal.aborted) {
      const isTimeout = controller.signal.reason === timeoutReason;
      throw isTimeout ? new ApiError('timeout', 0, 'timeout') : new ApiError('cancelled', 0, 'cancelled');
    }
    throw new ApiError('network', 0, caught instanceof Error ? caught.message : '');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
