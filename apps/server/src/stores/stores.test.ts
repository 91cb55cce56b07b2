import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../services.ts';
import { createTestClock, openTestStores } from '../testing.ts';
import type { Stores } from './stores.ts';

const clock = createTestClock();
let stores: Stores;
beforeAll(async () => {
  stores = await openTestStores(clock);
});
afterAll(async () => {
  await stores.close();
});

describe('cache store', () => {
  it('reads back what it stored until deleted', async () => {
    await stores.cache.set('a', 'one', 60_000);
    expect((await stores.cache.get('a'))?.value).toBe('one');
    await stores.cache.set('a', 'two', 60_000);
    expect((await stores.cache.get('a'))?.value).toBe('two');
    await stores.cache.delete('a');
    expect(await stores.cache.get('a')).toBeUndefined();
  });

  it('reports when an entry expires', async () => {
    const entry = await stores.cache.set('b', 'value', 30_000);
    expect(entry.expiresAtMs).toBe(clock.now() + 30_000);
    const read = await stores.cache.get('b');
    expect(read?.expiresAtMs).toBeGreaterThan(clock.now() + 25_000);
    expect(read?.expiresAtMs).toBeLessThanOrEqual(clock.now() + 30_000);
  });
});

describe('pub/sub', () => {
  it('delivers to every subscriber of a channel and stops after unsubscribe', async () => {
    const received: string[] = [];
    const unsubscribe = await stores.pubsub.subscribe('news', (message) => received.push(`first:${message}`));
    const unsubscribeSecond = await stores.pubsub.subscribe('news', (message) =>
      received.push(`second:${message}`),
    );
    await stores.pubsub.publish('news', 'hello');
    await expect.poll(() => received.length).toBe(2);
    await unsubscribe();
    await stores.pubsub.publish('news', 'again');
    await expect.poll(() => received).toContain('second:again');
    expect(received).not.toContain('first:again');
    await unsubscribeSecond();
  });

  it('lets one node see a site change another node made', async () => {
    const { seedDemoData } = await import('../site/seed.ts');
    const nodeA = await createServices(stores, clock);
    const nodeB = await createServices(stores, clock);
    const copyDepositChannels = nodeA.cashier.copyChannels;
    await seedDemoData({ db: stores.db, sites: nodeA.sites, clock, copyDepositChannels }, 9001);
    expect((await nodeB.sites.preInfo(9001, '127.0.0.1')).stopRegister).toBe(false);
    await nodeA.sites.update(9001, { stopRegister: true });
    await expect.poll(async () => (await nodeB.sites.preInfo(9001, '127.0.0.1')).stopRegister).toBe(true);
    await nodeA.close();
    await nodeB.close();
  });
});
