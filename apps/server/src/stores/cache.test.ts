import { afterAll, describe, expect, it } from 'vitest';
import { createTestClock, openTestStores } from '../testing.ts';
import { type CacheStore, createMemoryCache } from './cache.ts';
import type { Stores } from './stores.ts';

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.REDIS_URL);
const opened: Stores[] = [];
afterAll(async () => {
  await Promise.all(opened.map((stores) => stores.close()));
});

async function cacheUnderTest(): Promise<CacheStore> {
  if (!isExternal) {
    return createMemoryCache(createTestClock());
  }
  const stores = await openTestStores(createTestClock());
  opened.push(stores);
  return stores.cache;
}

describe(`cache increment and take (${isExternal ? 'Redis' : 'memory'})`, () => {
  it('counts atomically, even when called concurrently, with the ttl of the first increment', async () => {
    const cache = await cacheUnderTest();
    const counts = await Promise.all(Array.from({ length: 20 }, () => cache.increment('counter', 60_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    const entry = await cache.get('counter');
    expect(entry?.value).toBe('20');
    expect(entry?.expiresAtMs).toBeGreaterThan(0);
  });

  it('takes a value at most once', async () => {
    const cache = await cacheUnderTest();
    await cache.set('once', 'secret', 60_000);
    const taken = await Promise.all([cache.take('once'), cache.take('once'), cache.take('once')]);
    expect(taken.filter((value) => value === 'secret')).toHaveLength(1);
    expect(await cache.get('once')).toBeUndefined();
    expect(await cache.take('never-set')).toBeUndefined();
  });
});

describe('memory cache expiry', () => {
  it('restarts a counter once its window has passed', async () => {
    const clock = createTestClock();
    const cache = createMemoryCache(clock);
    expect(await cache.increment('window', 1_000)).toBe(1);
    clock.advance(500);
    expect(await cache.increment('window', 1_000)).toBe(2);
    clock.advance(500);
    expect(await cache.increment('window', 1_000)).toBe(1);
    await cache.set('short', 'x', 100);
    clock.advance(100);
    expect(await cache.take('short')).toBeUndefined();
  });
});

describe('memory cache bounds', () => {
  it('drops the oldest entries once the characters held pass the bound', async () => {
    const cache = createMemoryCache(createTestClock(), { entryCountMax: 100, characterCountMax: 1_000 });
    for (let entry = 0; entry < 5; entry += 1) {
      await cache.set(`k${entry}`, 'v'.repeat(300), 60_000);
    }
    const live = await Promise.all(
      [0, 1, 2, 3, 4].map(async (entry) => (await cache.get(`k${entry}`)) !== undefined),
    );
    expect(live).toEqual([false, false, true, true, true]);
    await cache.set('k4', 'short', 60_000);
    await cache.set('k5', 'v'.repeat(300), 60_000);
    expect(await cache.get('k2')).toBeDefined();
  });
});
