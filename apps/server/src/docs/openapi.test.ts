import { ErrorCode, errorMessages, type RouteDefinition, routes } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from './openapi.ts';

interface Schema {
  $ref?: string;
  oneOf?: Schema[];
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
}
type Operation = { responses: Record<string, { content: { 'application/json': { schema: Schema } } }> };

const document = buildOpenApiDocument();
const componentSchemas = document.components.schemas as Record<string, Schema>;

function resolve(schema: Schema): Schema {
  const name = schema.$ref?.replace('#/components/schemas/', '');
  const target = name === undefined ? schema : componentSchemas[name];
  if (!target) {
    throw new Error(`unresolved reference ${schema.$ref}`);
  }
  return target;
}

function answerSchema(operation: Operation, status: number): Schema {
  const response = operation.responses[status];
  if (!response) {
    throw new Error(`no ${status} response`);
  }
  return resolve(response.content['application/json'].schema);
}

function referencesIn(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.flatMap(referencesIn);
  }
  if (typeof value !== 'object' || value === null) {
    return [];
  }
  return Object.entries(value).flatMap(([key, item]) =>
    key === '$ref' && typeof item === 'string' ? [item] : referencesIn(item),
  );
}

describe('the OpenAPI document', () => {
  const operations = (Object.entries(routes) as [string, RouteDefinition][]).map(([name, definition]) => {
    const path = definition.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const operation = document.paths[path]?.[definition.method.toLowerCase()] as Operation | undefined;
    return { name, definition, operation };
  });

  it.each(operations)(
    '$name answers the success envelope with its data or a business error',
    ({ definition, operation }) => {
      expect(operation).toBeDefined();
      const [success, businessError, ...others] = answerSchema(operation as Operation, 200).oneOf ?? [];
      expect(others).toEqual([]);
      expect(success?.required).toEqual(['code', 'message', 'data']);
      expect(success?.properties?.code?.enum).toEqual([ErrorCode.success]);
      expect(success?.properties?.data).toEqual(
        z.toJSONSchema(definition.response, { io: 'output', unrepresentable: 'any', target: 'openapi-3.0' }),
      );
      expect(businessError).toEqual({ $ref: '#/components/schemas/BusinessError' });
    },
  );

  it.each(operations)('$name describes the 404 and 500 transport envelopes', ({ operation }) => {
    const notFound = answerSchema(operation as Operation, 404);
    expect(notFound.properties?.code?.enum).toEqual([404]);
    const serverError = answerSchema(operation as Operation, 500);
    expect(serverError.properties?.code?.enum).toEqual([ErrorCode.common]);
    for (const envelope of [notFound, serverError]) {
      expect(envelope.required).toEqual(['code', 'message', 'data', 'requestId']);
    }
  });

  it('gives a business error every catalogue code but success, each with its message', () => {
    const businessError = resolve({ $ref: '#/components/schemas/BusinessError' });
    expect(businessError.required).toEqual(['code', 'message', 'data']);
    const codes = resolve(businessError.properties?.code ?? {}).enum;
    const catalogue = Object.keys(errorMessages).map(Number);
    expect([...(codes ?? [])].sort()).toEqual(catalogue.filter((code) => code !== ErrorCode.success).sort());
    const description = (componentSchemas.ErrorCode as { description?: string }).description ?? '';
    expect(description).toContain(`${ErrorCode.validation}: ${errorMessages[ErrorCode.validation]}`);
  });

  it('has no reference that leads nowhere', () => {
    for (const reference of referencesIn(document)) {
      expect(() => resolve({ $ref: reference })).not.toThrow();
    }
  });
});
