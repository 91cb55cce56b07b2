import { type RouteDefinition, routes } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationError } from '../app-error.ts';
import { type AccessResolvers, type PrincipalOf, resolvePrincipal } from './access.ts';
import { ok } from './envelope.ts';
import type { RequestGuard } from './guard.ts';

z.config(z.locales.zhCN());

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<R extends RouteDefinition> {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
  params: Parsed<R['params']>;
  /** The caller the route's `access` names, resolved before the payload was looked at. */
  principal: PrincipalOf<R['access']>;
}

export type RouteHandler<R extends RouteDefinition> = (
  input: RouteInput<R>,
  request: FastifyRequest,
) => Promise<z.input<R['response']>>;

/** Binds one contract route to its handler; see `createRouteRegistrar`. */
export type RegisterRoute = <R extends RouteDefinition>(definition: R, handler: RouteHandler<R>) => void;

declare module 'fastify' {
  interface FastifyRequest {
    principal: unknown;
  }
}

/**
 * Binds contract routes to handlers. For each call, on the route the router matched: the request
 * guard checks the headers every API call carries, the caller the route's `access` declares is
 * resolved (10004 without one), then the payload is parsed with the contract's schemas (10003
 * naming the field), and the result goes out in the envelope. Handlers never check access.
 */
export function createRouteRegistrar(
  app: FastifyInstance,
  options: { guard: RequestGuard; resolvers: AccessResolvers },
) {
  app.decorateRequest('principal', undefined);
  const registered = new Set<RouteDefinition>();
  const register: RegisterRoute = (definition, handler) => {
    registered.add(definition);
    const guard = options.guard(definition);
    // Gateways and venues sign their call's content, so they are known only once the body is read.
    const isSignedContent = definition.access === 'gateway' || definition.access === 'venue';
    const isResolvedOnHeaders = definition.access !== 'public' && !isSignedContent;
    app.route({
      method: definition.method,
      url: definition.path,
      onRequest: async (request) => {
        await guard?.(request);
        if (isResolvedOnHeaders) {
          request.principal = await resolvePrincipal(options.resolvers, definition.access, request);
        }
      },
      handler: async (request) => {
        if (isSignedContent) {
          request.principal = await resolvePrincipal(options.resolvers, definition.access, request);
        }
        const input = {
          body: parsePart(definition.body, request.body ?? undefined, 'body'),
          query: parsePart(definition.query, request.query, 'query'),
          params: parsePart(definition.params, request.params, 'params'),
          principal: request.principal,
        } as RouteInput<typeof definition>;
        return ok(await handler(input, request));
      },
    });
  };
  return {
    register,
    /** Every route of the table must have a handler: a node missing one refuses to start. */
    assertEveryRouteRegistered() {
      const missing = Object.entries(routes).filter(([, definition]) => !registered.has(definition));
      if (missing.length > 0) {
        throw new Error(`routes without a handler: ${missing.map(([name]) => name).join(', ')}`);
      }
    },
  };
}

function parsePart(schema: z.ZodType | undefined, value: unknown, part: string): unknown {
  if (!schema) {
    return undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) {
    return result.data;
  }
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : part;
  throw validationError(field, issue?.message ?? '无效');
}
