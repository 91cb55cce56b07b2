import { routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedHeaders, type TestApp } from '../testing.ts';

describe('platform edges', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ rateLimitPerMinute: 5 });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('limits requests per IP with 6501 and lets other IPs through', async () => {
    const url = routes.stationAdList.path;
    const headers = await signedHeaders('GET', url, testApp.clock);
    const codes: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await testApp.app.inject({ method: 'GET', url, headers, remoteAddress: '10.0.0.1' });
      codes.push(response.json().code);
    }
    expect(codes.slice(0, 5)).toEqual([6000, 6000, 6000, 6000, 6000]);
    expect(codes.slice(5)).toEqual([6501, 6501]);
    const other = await testApp.app.inject({ method: 'GET', url, headers, remoteAddress: '10.0.0.2' });
    expect(other.json().code).toBe(6000);
  });

  it('serves the OpenAPI document generated from the route table at /docs', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/docs/json',
      remoteAddress: '10.0.0.3',
    });
    const document = response.json() as { paths: Record<string, object> };
    for (const definition of Object.values(routes)) {
      expect(document.paths).toHaveProperty([definition.path.replace(/:([A-Za-z]+)/g, '{$1}')]);
    }
    const page = await testApp.app.inject({ method: 'GET', url: '/docs', remoteAddress: '10.0.0.3' });
    expect(page.statusCode).toBeLessThan(400);
  });
});

describe('unexpected failures', () => {
  it('answer 500 in the envelope with a request id and no internals', async () => {
    const testApp = await createTestApp();
    await testApp.stores.db.destroy();
    const url = routes.stationAdList.path;
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: await signedHeaders('GET', url, testApp.clock),
    });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({ code: 10001, data: null, requestId: expect.any(String) });
    expect(response.body).not.toMatch(/stack|at .*\.ts|PGlite|kysely/i);
    await testApp.app.close();
    await testApp.services.close();
    await testApp.stores.pubsub.close();
  });
});
