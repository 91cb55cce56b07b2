import { expect } from 'vitest';
import { type Db, runHoldingLock } from './database.ts';

/**
 * Another node running the scheduled work of advisory lock `key` on `db`: resolves once it holds
 * the lock, with the function that lets it finish (and checks that it ran).
 */
export async function holdLock(db: Db, key: number): Promise<() => Promise<void>> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let isHeld = false;
  const run = runHoldingLock(db, key, async () => {
    isHeld = true;
    await released;
  });
  await expect.poll(() => isHeld).toBe(true);
  return async () => {
    release();
    expect(await run).toBe(true);
  };
}
