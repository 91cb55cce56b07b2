import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminQuery, type Db, openDatabase, runHoldingLock } from './database.ts';
import { holdLock } from './test-support.ts';

const databaseUrl = process.env.TEST_STORES === 'external' ? process.env.DATABASE_URL : undefined;
const lockKey = 727_999;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup();
  }
});

/** A database of its own: PGlite, or a fresh schema of DATABASE_URL's database in the external run. */
async function openIsolated(): Promise<Db> {
  if (!databaseUrl) {
    const db = await openDatabase({ kind: 'pglite' }, []);
    cleanups.push(() => db.destroy());
    return db;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl, schema, poolSize: 4 }, []);
  cleanups.push(async () => {
    await db.destroy();
    await adminQuery(databaseUrl, `drop schema ${schema} cascade`);
  });
  return db;
}

describe('scheduled work under an advisory lock', () => {
  it.runIf(databaseUrl)(
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

  it.skipIf(databaseUrl)('always runs on PGlite, which serves one node', async () => {
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
