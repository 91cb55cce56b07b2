import type { OperatorPermission, RouteAccess } from '@site/contract';
import type { FastifyRequest } from 'fastify';

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
  siteId: number;
}

/** A payment gateway whose signature over the notification was verified. */
export interface GatewayPrincipal {
  gateway: string;
}

export type PrincipalOf<A extends RouteAccess> = A extends 'public'
  ? undefined
  : A extends 'member'
    ? MemberPrincipal
    : A extends 'gateway'
      ? GatewayPrincipal
      : OperatorPrincipal;

/**
 * How the node establishes each kind of caller; the composition root wires these to the auth,
 * operator and cashier services. Each one throws the refusal its caller should see (10004 for a
 * missing, expired or foreign token; 10108 for a bad gateway signature).
 */
export interface AccessResolvers {
  member(request: FastifyRequest): Promise<MemberPrincipal>;
  operator(request: FastifyRequest, permission: OperatorPermission): Promise<OperatorPrincipal>;
  /** Runs after the body is parsed, as a gateway signs its notification's content. */
  gateway(request: FastifyRequest): Promise<GatewayPrincipal>;
}

/** Resolves the caller a route declares, or undefined for a public route. */
export function resolvePrincipal(
  resolvers: AccessResolvers,
  access: RouteAccess,
  request: FastifyRequest,
): Promise<MemberPrincipal | OperatorPrincipal | GatewayPrincipal | undefined> {
  if (access === 'public') {
    return Promise.resolve(undefined);
  }
  if (access === 'member') {
    return resolvers.member(request);
  }
  if (access === 'gateway') {
    return resolvers.gateway(request);
  }
  return resolvers.operator(request, access.operator);
}
