import { clientVersion, ErrorCode, errorMessages, type RouteDefinition, routes } from '@site/contract';
import { z } from 'zod';

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

const schemaRef = (name: EnvelopeSchemaName) => ({ $ref: `#/components/schemas/${name}` });

/** Every catalogue code but success: what a business error's `code` may be. */
export const businessErrorCodes = Object.values(ErrorCode).filter((code) => code !== ErrorCode.success);

const envelopeOf = (code: object, data: object, extra: Record<string, object> = {}) => ({
  type: 'object',
  required: ['code', 'message', 'data', ...Object.keys(extra)],
  properties: {
    code,
    message: { type: 'string', description: 'Chinese text for the player' },
    data,
    ...extra,
  },
});

const requestId = {
  requestId: { type: 'string', description: 'the id the server log carries for this request' },
};

/**
 * The answers every operation shares. A business error travels as HTTP 200 in the envelope with a
 * catalogue code, as does a malformed request (10003, `data.field` naming the bad field); an
 * unknown path answers 404 and an unexpected failure 500, both in the envelope with a request id.
 */
type EnvelopeSchemaName = 'ErrorCode' | 'BusinessError' | 'NotFoundError' | 'ServerError';
const envelopeSchemas: Record<EnvelopeSchemaName, object> = {
  ErrorCode: {
    type: 'integer',
    enum: businessErrorCodes,
    description: businessErrorCodes.map((code) => `${code}: ${errorMessages[code]}`).join('\n'),
  },
  BusinessError: envelopeOf(schemaRef('ErrorCode'), {
    nullable: true,
    description: 'null, or details: a 10003 names the bad field as `{ field }`',
  }),
  NotFoundError: envelopeOf(
    { type: 'integer', enum: [404] },
    { type: 'object', nullable: true, enum: [null] },
    requestId,
  ),
  ServerError: envelopeOf(
    { type: 'integer', enum: [ErrorCode.common] },
    { type: 'object', nullable: true, enum: [null] },
    requestId,
  ),
};

const jsonContent = (schema: object) => ({ content: { 'application/json': { schema } } });

function responsesOf(definition: RouteDefinition) {
  const success = envelopeOf(
    { type: 'integer', enum: [ErrorCode.success] },
    jsonSchema(definition.response, 'output'),
  );
  return {
    200: {
      description: `${ErrorCode.success} with the data, or a business error from the catalogue`,
      ...jsonContent({ oneOf: [success, schemaRef('BusinessError')] }),
    },
    404: { description: 'No such route', ...jsonContent(schemaRef('NotFoundError')) },
    500: {
      description: 'Unexpected failure, logged under the request id',
      ...jsonContent(schemaRef('ServerError')),
    },
  };
}

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
      responses: responsesOf(definition),
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Site API', version: clientVersion },
    paths,
    components: { schemas: envelopeSchemas },
  };
}
