import { clientVersion, type RouteDefinition, routes } from '@site/contract';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const envelopeOf = (data: z.ZodType) => ({
  type: 'object',
  required: ['code', 'message', 'data'],
  properties: {
    code: { type: 'integer', description: '6000 on success, otherwise a catalogue code' },
    message: { type: 'string' },
    data: jsonSchema(data, 'output'),
  },
});

const commonHeaders = ['client-type', 'version', 'site-id', 'device-uuid', 'token', 'timestamp', 'sign'].map(
  (name) => ({
    name,
    in: 'header',
    required: ['version', 'device-uuid', 'timestamp', 'sign'].includes(name),
    schema: { type: 'string' },
  }),
);

function pathParameters(definition: RouteDefinition) {
  const params = definition.params ? jsonSchema(definition.params, 'input') : undefined;
  const query = definition.query ? jsonSchema(definition.query, 'input') : undefined;
  const fromObject = (schema: ReturnType<typeof jsonSchema> | undefined, location: string) =>
    Object.entries((schema?.properties ?? {}) as Record<string, object>).map(([name, property]) => ({
      name,
      in: location,
      required: location === 'path' || ((schema?.required as string[] | undefined) ?? []).includes(name),
      schema: property,
    }));
  return [...fromObject(params, 'path'), ...fromObject(query, 'query'), ...commonHeaders];
}

/** The OpenAPI document, generated from the contract's route table. */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, definition] of Object.entries(routes) as [string, RouteDefinition][]) {
    const path = definition.path.replace(/:([A-Za-z]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][definition.method.toLowerCase()] = {
      operationId: name,
      summary: definition.summary,
      tags: [definition.tag],
      parameters: pathParameters(definition),
      ...(definition.body
        ? {
            requestBody: {
              content: { 'application/json': { schema: jsonSchema(definition.body, 'input') } },
            },
          }
        : {}),
      responses: {
        200: {
          description: 'Envelope',
          content: { 'application/json': { schema: envelopeOf(definition.response) } },
        },
      },
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Site API', version: clientVersion },
    paths,
  };
}
