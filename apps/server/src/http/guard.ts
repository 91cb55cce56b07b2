import { timingSafeEqual } from 'node:crypto';
import {
  basePathOf,
  type ClientType,
  clientTypes,
  clientVersionMin,
  compareVersions,
  headerNames,
  type RouteDefinition,
  signatureKey,
  signatureMaxSkewMs,
  signaturePayload,
} from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, validationError } from '../app-error.ts';
import type { Clock } from '../stores/clock.ts';
import { createHmacSha256 } from './hmac.ts';

declare module 'fastify' {
  interface FastifyRequest {
    siteId: number;
    deviceUuid: string;
    clientType: ClientType;
  }
}

const deviceUuidPattern = /^[A-Za-z0-9-]{8,64}$/;
const siteIdPattern = /^[1-9][0-9]{0,8}$/;

/**
 * The checks of one contract route, bound when the route is registered (its base path is known
 * then): `createRouteRegistrar` runs them on the route the router matched. Gateway and venue
 * routes have none, as they carry their own signature instead.
 */
export type RequestGuard = (
  definition: RouteDefinition,
) => ((request: FastifyRequest) => Promise<void>) | undefined;

/**
 * Checks the headers every API call carries (ARCHITECTURE.md, API conventions), in the order a
 * client can act on: version first (an old client cannot sign correctly), then identity, then
 * the signature. It runs on the route the router matched, never on the raw URL, so a
 * percent-encoded path cannot slip past it.
 */
export function createRequestGuard(
  app: FastifyInstance,
  options: {
    clock: Clock;
    defaultSiteId: number;
    isKnownSite: (siteId: number) => Promise<boolean>;
    /** Operator blocks of devices, IPs and networks (10102, 6031, 6033); operators are exempt. */
    assertAccessAllowed: (caller: { siteId: number; deviceUuid: string; ip: string }) => Promise<void>;
  },
): RequestGuard {
  app.decorateRequest('siteId', 0);
  app.decorateRequest('deviceUuid', '');
  app.decorateRequest('clientType', 'web');
  const isSupportedVersion = createVersionCheck();
  return (definition) => {
    if (definition.access === 'gateway' || definition.access === 'venue') {
      return undefined;
    }
    const basePath = basePathOf(definition.path);
    if (!basePath) {
      throw new Error(`route ${definition.path} is outside the API base paths`);
    }
    const isBlockable = basePath !== '/admin/api/v1';
    return async (request) => {
      if (!isSupportedVersion(header(request, headerNames.version))) {
        throw new AppError(10009);
      }
      request.clientType = readClientType(request);
      request.siteId = readSiteId(request, options.defaultSiteId);
      const deviceUuid = header(request, headerNames.deviceUuid);
      if (!deviceUuid || !deviceUuidPattern.test(deviceUuid)) {
        throw new AppError(22007);
      }
      request.deviceUuid = deviceUuid;
      verifySignature(request, basePath, deviceUuid, options.clock);
      if (!(await options.isKnownSite(request.siteId))) {
        throw validationError(headerNames.siteId, '站点不存在');
      }
      if (isBlockable) {
        await options.assertAccessAllowed({ siteId: request.siteId, deviceUuid, ip: request.ip });
      }
    };
  };
}

/** Distinct `version` headers remembered; past this many (made-up values), each is compared anew. */
const versionCheckMemoSize = 64;

/**
 * Whether a `version` header is at least `clientVersionMin`. Clients send a handful of versions,
 * so each answer is remembered instead of splitting and comparing the string on every call.
 */
function createVersionCheck(): (version: string | undefined) => boolean {
  const known = new Map<string, boolean>();
  return (version) => {
    if (!version) {
      return false;
    }
    const remembered = known.get(version);
    if (remembered !== undefined) {
      return remembered;
    }
    const isSupported = compareVersions(version, clientVersionMin) >= 0;
    if (known.size < versionCheckMemoSize) {
      known.set(version, isSupported);
    }
    return isSupported;
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

function readClientType(request: FastifyRequest): ClientType {
  const value = header(request, headerNames.clientType) ?? 'web';
  const clientType = clientTypes.find((known) => known === value);
  if (!clientType) {
    throw validationError(headerNames.clientType, `只能是 ${clientTypes.join(' / ')}`);
  }
  return clientType;
}

function readSiteId(request: FastifyRequest, defaultSiteId: number): number {
  const value = header(request, headerNames.siteId);
  if (value === undefined) {
    return defaultSiteId;
  }
  if (!siteIdPattern.test(value)) {
    throw validationError(headerNames.siteId, '格式错误');
  }
  return Number(value);
}

const signatureHmac = createHmacSha256(Buffer.from(signatureKey));
/** What the client's `signRequest` sends: the HMAC in lower-case hex. */
const signPattern = /^[0-9a-f]{64}$/;

/** Same payload and key as the client's `signRequest`. */
function verifySignature(request: FastifyRequest, basePath: string, deviceUuid: string, clock: Clock) {
  const sign = header(request, headerNames.sign);
  const timestamp = header(request, headerNames.timestamp);
  if (!sign || !signPattern.test(sign) || !timestamp || !/^[0-9]{1,15}$/.test(timestamp)) {
    throw new AppError(10108);
  }
  if (Math.abs(clock.now() - Number(timestamp)) > signatureMaxSkewMs) {
    throw new AppError(10108);
  }
  const expected = signatureHmac(
    signaturePayload({ method: request.method, basePath, timestamp, deviceUuid }),
  );
  if (!timingSafeEqual(Buffer.from(sign, 'hex'), expected)) {
    throw new AppError(10108);
  }
}
