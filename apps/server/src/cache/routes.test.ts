import { jsonCacheTtlDefaultMs, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSite, createTestApp, signedHeaders, type TestApp } from '../testing.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.REDIS_URL);
const urlFor = (key: string) => routes.jsonCacheGet.path.replace(':key', key);

async function call(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: await signedHeaders(method, url, testApp.clock),
    ...(payload ? { payload } : {}),
  });
  return response.json() as { code: number; data: { data: string; expiresAt: string } | null };
}

describe('json cache', () => {
  it('stores encrypted data with the default ttl and reads it back', async () => {
    const stored = await call('POST', urlFor('platform-count'), { data: 'U2FsdGVkX1+abc' });
    expect(stored.code).toBe(6000);
    const expectedExpiry = testApp.clock.now() + jsonCacheTtlDefaultMs;
    expect(Math.abs(Date.parse(stored.data?.expiresAt ?? '') - expectedExpiry)).toBeLessThan(5_000);
    const read = await call('GET', urlFor('platform-count'));
    expect(read.data?.data).toBe('U2FsdGVkX1+abc');
  });

  it('honours the ttl', async () => {
    await call('POST', urlFor('short-lived'), { data: 'x', ttl: 1_000 });
    expect((await call('GET', urlFor('short-lived'))).data?.data).toBe('x');
    if (isExternal) {
      // Redis expires on its own clock: shorten the entry to 1 ms and wait for Redis to drop it.
      await testApp.stores.redis?.pexpire(`${testApp.stores.keyPrefix}json-cache:9001:short-lived`, 1);
      await expect
        .poll(async () => (await call('GET', urlFor('short-lived'))).data, { timeout: 2_000 })
        .toBeNull();
    } else {
      testApp.clock.advance(1_001);
      expect((await call('GET', urlFor('short-lived'))).data).toBeNull();
    }
  });

  it('refuses bad keys, ttl and oversized data and stores nothing', async () => {
    expect((await call('POST', urlFor('bad key!'), { data: 'x' })).code).toBe(10003);
    expect((await call('POST', urlFor('ttl-low'), { data: 'x', ttl: 5 })).code).toBe(10003);
    expect((await call('GET', urlFor('ttl-low'))).data).toBeNull();
    expect((await call('POST', urlFor('big'), { data: 'x'.repeat(70_000) })).code).toBe(10003);
    expect((await call('GET', urlFor('big'))).data).toBeNull();
  });

  it('keeps sites apart and refuses unknown sites', async () => {
    await createSecondSite(testApp, 9003);
    await call('POST', urlFor('shared-name'), { data: 'site-9001' });
    const url = urlFor('shared-name');
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: await signedHeaders('GET', url, testApp.clock, { 'site-id': '9003' }),
    });
    expect(response.json()).toMatchObject({ code: 6000, data: null });
    const unknown = await testApp.app.inject({
      method: 'GET',
      url,
      headers: await signedHeaders('GET', url, testApp.clock, { 'site-id': '4242' }),
    });
    expect(unknown.json()).toMatchObject({ code: 10003, data: { field: 'site-id' } });
  });
});
