import type { ClientType, OperatorPermission, OperatorRole, RouteAccess } from '@site/contract';
import type { FastifyRequest } from 'fastify';

/** Who is calling, as the request guard established it. */
export interface CallerContext {
  siteId: number;
  deviceUuid: string;
  clientType: ClientType;
  ip: string;
}

/** What routes hand the member and session services: the request as the request guard decorated it. */
export interface CallerRequest extends CallerContext {
  headers: Record<string, string | string[] | undefined>;
}

export const callerOf = (request: CallerRequest): CallerContext => ({
  siteId: request.siteId,
  deviceUuid: request.deviceUuid,
  clientType: request.clientType,
  ip: request.ip,
});

/** A signed-in member, as the session behind the request's token names it. */
export interface MemberPrincipal {
  memberId: bigint;
  sessionId: bigint;
  siteId: number;
}

/** An operator acting on the site the request names (`site-id`). */
export interface OperatorPrincipal {
  operatorId: bigint;
  username: string;
  role: OperatorRole;
  siteId: number;
}

/** A payment gateway whose signature over the notification was verified. */
export interface GatewayPrincipal {
  gateway: string;
}

/** A game venue of a site whose signature over the call was verified with the venue's secret. */
export interface VenuePrincipal {
  siteId: number;
  venueCode: string;
}

export type PrincipalOf<A extends RouteAccess> = A extends 'public'
  ? undefined
  : A extends 'member'
    ? MemberPrincipal
    : A extends 'gateway'
      ? GatewayPrincipal
      : A extends 'venue'
        ? VenuePrincipal
        : OperatorPrincipal;

/**
 * How the node establishes each kind of caller; the composition root wires these to the session,
 * operator and cashier services. Each one throws the refusal its caller should see (10004 for a
 * missing, expired or foreign token; 10108 for a bad gateway signature).
 */
export interface AccessResolvers {
  member(request: FastifyRequest): Promise<MemberPrincipal>;
  operator(request: FastifyRequest, permission: OperatorPermission): Promise<OperatorPrincipal>;
  /** Runs after the body is parsed, as a gateway signs its notification's content. */
  gateway(request: FastifyRequest): Promise<GatewayPrincipal>;
  /** Runs after the body is read, as a venue signs the raw body; 10108 for a bad or stale signature. */
  venue(request: FastifyRequest): Promise<VenuePrincipal>;
}

/** Resolves the caller a route declares, or undefined for a public route. */
export function resolvePrincipal(
  resolvers: AccessResolvers,
  access: RouteAccess,
  request: FastifyRequest,
): Promise<MemberPrincipal | OperatorPrincipal | GatewayPrincipal | VenuePrincipal | undefined> {
  if (access === 'public') {
    return Promise.resolve(undefined);
  }
  if (access === 'member') {
    return resolvers.member(request);
  }
  if (access === 'gateway') {
    return resolvers.gateway(request);
  }
  if (access === 'venue') {
    return resolvers.venue(request);
  }
  return resolvers.operator(request, access.operator);
}
