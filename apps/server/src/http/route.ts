import type { RouteDefinition } from '@site/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { validationError } from '../app-error.ts';
import { ok } from './envelope.ts';

z.config(z.locales.zhCN());

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteInput<R extends RouteDefinition> {
  body: Parsed<R['body']>;
  query: Parsed<R['query']>;
  params: Parsed<R['params']>;
}

export type RouteHandler<R extends RouteDefinition> = (
  input: RouteInput<R>,
  request: FastifyRequest,
) => Promise<z.input<R['response']>>;

/**
 * Binds a contract route to its handler: the payload is parsed with the contract's schemas
 * (a failure answers 10003 naming the field) and the result goes out in the envelope.
 */
export function registerRoute<R extends RouteDefinition>(
  app: FastifyInstance,
  definition: R,
  handler: RouteHandler<R>,
): void {
  app.route({
    method: definition.method,
    url: definition.path,
    handler: async (request) => {
      const input = {
        body: parsePart(definition.body, request.body ?? undefined, 'body'),
        query: parsePart(definition.query, request.query, 'query'),
        params: parsePart(definition.params, request.params, 'params'),
      } as RouteInput<R>;
      return ok(await handler(input, request));
    },
  });
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
