import { describe, expect, it } from 'vitest';
import { createPasswordHasher, isCommonPassword } from './passwords.ts';
import { createSemaphore } from './semaphore.ts';

describe('common passwords', () => {
  it('knows the 10,000 most common passwords, case-insensitively', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Baseball')).toBe(true);
    expect(isCommonPassword('Corr3ct-Horse-Battery')).toBe(false);
  });
});

describe('password hasher', () => {
  it('hashes with argon2id at 19 MiB and 2 passes, and verifies', async () => {
    const hasher = createPasswordHasher({ concurrencyMax: 2 });
    const hash = await hasher.hash('Corr3ct-Horse-Battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Corr3ct-Horse-Battery')).toBe(true);
    expect(await hasher.verify(hash, 'corr3ct-horse-battery')).toBe(false);
    expect(await hasher.verify(undefined, 'Corr3ct-Horse-Battery')).toBe(false);
  });
});

describe('semaphore', () => {
  it('runs at most the cap at once, queues the rest, and refuses past the queue with 6501', async () => {
    const semaphore = createSemaphore(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const jobs = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toMatchObject({ code: 6501 });
    expect(semaphore.activeCount).toBe(2);
    expect(semaphore.waitingCount).toBe(3);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(jobs);
    expect(peak).toBe(2);
    expect(semaphore.activeCount).toBe(0);
  });
});
