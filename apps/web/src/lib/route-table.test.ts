import { routeTable, type WebRouteName } from 'virtual:route-table';
import { type RouteName, routes } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * Schema kinds whose parsed value differs from the JSON the server sent (or that JSON cannot
 * carry). The API client hands responses over without parsing them (api-client.ts says why),
 * which is only the same as parsing while no response schema holds one of these.
 */
const valueChangingTypes = new Set([
  'transform',
  'pipe',
  'default',
  'prefault',
  'catch',
  'success',
  'date',
  'bigint',
  'map',
  'set',
  'promise',
]);

function isSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/** The places in a schema where parsing would change a value, as `path: kind`. */
function valueChangesIn(schema: z.ZodType, path: string, seen: Set<unknown>): string[] {
  if (seen.has(schema)) {
    return [];
  }
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (valueChangingTypes.has(def.type) || def.coerce === true) {
    return [`${path}: ${def.type}${def.coerce === true ? ' (coerced)' : ''}`];
  }
  const children: [string, unknown][] = Object.entries(def).flatMap(([key, value]) => {
    if (key === 'shape' && typeof value === 'object' && value !== null) {
      return Object.entries(value).map(([field, child]) => [`${path}.${field}`, child] as [string, unknown]);
    }
    if (key === 'element') {
      return [[`${path}[]`, value] as [string, unknown]];
    }
    if (key === 'getter' && typeof value === 'function') {
      return [[path, (value as () => unknown)()] as [string, unknown]];
    }
    if (Array.isArray(value)) {
      return value.map((child, index) => [`${path}[${index}]`, child] as [string, unknown]);
    }
    return [[path, value] as [string, unknown]];
  });
  return children.flatMap(([childPath, child]) =>
    isSchema(child) ? valueChangesIn(child, childPath, seen) : [],
  );
}

const routeNames = Object.keys(routes) as RouteName[];

describe('web route table', () => {
  it("holds the method and path of every route but the operator console's, and nothing else", () => {
    const webRouteNames = routeNames.filter((name) => typeof routes[name].access !== 'object');
    expect(webRouteNames.length).toBeLessThan(routeNames.length);
    expect(Object.keys(routeTable).sort()).toEqual([...webRouteNames].sort());
    for (const name of webRouteNames) {
      expect(routeTable[name as WebRouteName], name).toEqual({
        method: routes[name].method,
        path: routes[name].path,
      });
    }
  });

  it('serves responses no schema would change: parsing them on the client would give the same data', () => {
    const changes = routeNames.flatMap((name) => valueChangesIn(routes[name].response, name, new Set()));
    expect(changes).toEqual([]);
  });

  it('finds a default, a coercion and a transform however deep they sit', () => {
    const schema = z.object({
      list: z.array(z.object({ count: z.coerce.number() })),
      name: z.string().default(''),
      inner: z.union([z.null(), z.object({ code: z.string().transform((code) => code.toUpperCase()) })]),
      plain: z.string().nullable(),
    });
    expect(valueChangesIn(schema, 'sample', new Set())).toEqual([
      'sample.list[].count: number (coerced)',
      'sample.name: default',
      'sample.inner[1].code: pipe',
    ]);
  });
});
