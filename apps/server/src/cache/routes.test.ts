import { jsonCacheTtlDefaultMs, routes } from '@site/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecondSite, createTestApp, signedHeaders, type TestApp } from '../testing.ts';
import { jsonCacheQuota } from './json-cache.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.REDIS_URL);
const urlFor = (key: string) => routes.jsonCacheGet.path.replace(':key', key);

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  caller: { ip?: string; device?: string } = {},
) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: await signedHeaders(
      method,
      url,
      testApp.clock,
      caller.device ? { 'device-uuid': caller.device } : {},
    ),
    remoteAddress: caller.ip ?? '127.0.0.1',
    ...(payload ? { payload } : {}),
  });
  return response.json() as {
    code: number;
    message: string;
    data: { data: string; expiresAt: string } | null;
  };
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

describe('json cache quota', () => {
  it('refuses a caller past its writes per hour with 6501, per IP and per device', async () => {
    const ip = '192.0.2.70';
    for (let write = 1; write <= jsonCacheQuota.writesMax; write += 1) {
      const stored = await call(
        'POST',
        urlFor(`quota-${write}`),
        { data: 'x' },
        { ip, device: `device-quota-${write}` },
      );
      expect(stored.code).toBe(6000);
    }
    const refused = await call(
      'POST',
      urlFor('quota-over'),
      { data: 'x' },
      { ip, device: 'device-quota-over' },
    );
    expect(refused).toMatchObject({ code: 6501, message: '缓存写入过于频繁，请稍后再试' });
    expect((await call('GET', urlFor('quota-over'))).data).toBeNull();
    // The same device from a new address is counted on its own.
    const device = 'device-quota-roaming';
    for (let write = 1; write <= jsonCacheQuota.writesMax; write += 1) {
      await call(
        'POST',
        urlFor('roaming'),
        { data: 'x' },
        { ip: `198.18.${Math.floor(write / 250)}.${write % 250}`, device },
      );
    }
    expect((await call('POST', urlFor('roaming'), { data: 'x' }, { ip: '198.19.0.1', device })).code).toBe(
      6501,
    );
    expect((await call('POST', urlFor('other'), { data: 'x' }, { ip: '198.19.0.1' })).code).toBe(6000);
    testApp.clock.advance(jsonCacheQuota.windowMs);
    expect((await call('POST', urlFor('quota-over'), { data: 'x' }, { ip })).code).toBe(6000);
  });

  it('refuses a caller past its characters per hour with 6501', async () => {
    const ip = '192.0.2.71';
    const data = 'y'.repeat(65_000);
    const writesAllowed = Math.floor(jsonCacheQuota.charactersMax / (data.length + 'big-00'.length));
    for (let write = 1; write <= writesAllowed; write += 1) {
      const stored = await call('POST', urlFor(`big-${String(write).padStart(2, '0')}`), { data }, { ip });
      expect(stored.code).toBe(6000);
    }
    const refused = await call('POST', urlFor('big-over'), { data }, { ip });
    expect(refused).toMatchObject({ code: 6501, message: '缓存写入的数据量已达上限，请稍后再试' });
  });
});
