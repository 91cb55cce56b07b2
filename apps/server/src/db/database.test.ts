import { afterAll, describe, expect, it } from 'vitest';
import type { Stores } from '../stores/stores.ts';
import { createTestClock, openTestStores } from '../testing.ts';
import { runHoldingLock } from './database.ts';
import { holdLock } from './test-support.ts';

const isExternal = process.env.TEST_STORES === 'external' && Boolean(process.env.DATABASE_URL);
const lockKey = 727_999;

const opened: Stores[] = [];
afterAll(async () => {
  await Promise.all(opened.splice(0).map((stores) => stores.close()));
});

/** A database of its own: PGlite, or a fresh schema of DATABASE_URL's database in the external run. */
async function openIsolated() {
  const stores = await openTestStores(createTestClock());
  opened.push(stores);
  return stores.db;
}

describe('scheduled work under an advisory lock', () => {
  it.runIf(isExternal)(
    'runs on one node of a schema at a time, and never holds up another schema',
    async () => {
      const site = await openIsolated();
      const otherSite = await openIsolated();
      const release = await holdLock(site, lockKey);
      try {
        expect(await runHoldingLock(site, lockKey, async () => undefined)).toBe(false);
        let hasOtherSiteRun = false;
        const otherSiteRan = await runHoldingLock(otherSite, lockKey, async () => {
          hasOtherSiteRun = true;
        });
        expect({ otherSiteRan, hasOtherSiteRun }).toEqual({ otherSiteRan: true, hasOtherSiteRun: true });
      } finally {
        await release();
      }
      expect(await runHoldingLock(site, lockKey, async () => undefined)).toBe(true);
    },
  );

  it.skipIf(isExternal)('always runs on PGlite, which serves one node', async () => {
    const db = await openIsolated();
    let hasRun = false;
    expect(
      await runHoldingLock(db, lockKey, async () => {
        hasRun = true;
      }),
    ).toBe(true);
    expect(hasRun).toBe(true);
  });
});
