import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, openTestStores } from '../testing.ts';
import { createMemoryCache } from './cache.ts';
import type { SecurityStateStore } from './security-state.ts';
import type { Stores } from './stores.ts';

const clock = createTestClock();
let stores: Stores;
let security: SecurityStateStore;
beforeAll(async () => {
  stores = await openTestStores(clock);
  security = stores.security;
});
afterAll(async () => {
  await stores.close();
});

const engine = process.env.TEST_STORES === 'external' && process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`security state (${engine})`, () => {
  it('reads back, overwrites, deletes and takes once, one key or many', async () => {
    await security.set('a', 'one', 60_000);
    await security.set('a', 'two', 60_000);
    expect(await security.get('a')).toEqual({ value: 'two', expiresAtMs: clock.now() + 60_000 });
    await security.delete('a');
    expect(await security.get('a')).toBeUndefined();
    await security.set('b', 'bee', 60_000);
    await security.set('c', 'sea', 1_000);
    clock.advance(1_000);
    const found = await security.getMany(['a', 'b', 'c', 'missing']);
    expect([...found.keys()]).toEqual(['b']);
    await security.deleteMany(['b', 'c']);
    expect(await security.getMany(['b', 'c'])).toEqual(new Map());
    expect(await security.getMany([])).toEqual(new Map());
    await security.set('once', 'secret', 60_000);
    const taken = await Promise.all([security.take('once'), security.take('once'), security.take('once')]);
    expect(taken.filter((value) => value === 'secret')).toHaveLength(1);
  });

  it('counts concurrent increments exactly, by any amount, within the first increment window', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => security.increment('counter', 60_000)));
    expect([...counts].sort((left, right) => left - right)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    expect(await security.increment('counter', 60_000, 100)).toBe(120);
    clock.advance(30_000);
    expect(await security.increment('counter', 60_000)).toBe(121);
    clock.advance(30_000);
    expect(await security.increment('counter', 60_000, 5)).toBe(5);
    await security.decrement('counter');
    expect((await security.get('counter'))?.value).toBe('4');
    await security.decrement('missing');
    expect(await security.get('missing')).toBeUndefined();
  });

  it('lets one of many concurrent claims win, and claims again once the holder expired', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, () => security.claim('lock', '1', 1_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    clock.advance(999);
    expect(await security.claim('lock', '1', 1_000)).toBe(false);
    clock.advance(1);
    expect(await security.claim('lock', '1', 1_000)).toBe(true);
  });

  it('hides expired entries at once and sweeps them later, leaving live ones', async () => {
    await security.set('short', 'x', 1_000);
    await security.set('long', 'y', 120_000);
    clock.advance(1_000);
    expect(await security.get('short')).toBeUndefined();
    expect(await security.take('short')).toBeUndefined();
    await security.set('short-again', 'z', 500);
    clock.advance(500);
    expect(await security.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await stores.db.selectFrom('security_state').select('key').execute()).map((row) => row.key);
    expect(keys).toContain('long');
    expect(keys).not.toContain('short-again');
  });

  it('sweeps a flood of expired rows in one go, batch after batch', async () => {
    const expiredAt = new Date(clock.now() - 1);
    await sql`insert into security_state (key, value, expires_at)
      select 'flood:' || n, '1', ${expiredAt} from generate_series(1, 12000) as n`.execute(stores.db);
    expect(await security.sweep()).toBe(12_000);
    const left = await stores.db
      .selectFrom('security_state')
      .select((eb) => eb.fn.countAll<bigint>().as('count'))
      .where('key', 'like', 'flood:%')
      .executeTakeFirstOrThrow();
    expect(Number(left.count)).toBe(0);
  });

  it('never evicts: 10,050 cache writes leave it whole, unlike the cache itself', async () => {
    const cache = createMemoryCache(clock);
    await security.set('captcha-required', '1', 60_000);
    await cache.set('first', '1', 60_000);
    for (let entry = 0; entry < 10_050; entry += 1) {
      await cache.set(`flood-${entry}`, 'x', 60_000);
    }
    expect(await cache.get('first')).toBeUndefined();
    expect((await security.get('captcha-required'))?.value).toBe('1');
  });
});
