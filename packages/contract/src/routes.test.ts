import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDefinition } from './routes.ts';

describe('route definitions', () => {
  it('need an access level: a route without one does not type-check (tsc -b runs on this file)', () => {
    const withoutAccess = {
      method: 'GET',
      path: '/site/api/v1/example',
      summary: 'example',
      tag: 'site',
      response: z.null(),
    } as const;
    // @ts-expect-error `access` is required on every route
    const definition: RouteDefinition = withoutAccess;
    expect(definition.access).toBeUndefined();
  });
});
