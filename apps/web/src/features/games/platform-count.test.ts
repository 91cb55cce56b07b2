import { ApiError, type PlatformCount, platformCountKeys } from '@site/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  isExpiredAnswer,
  loadPlatformCount,
  type PlatformCountSources,
  platformCountRetryDelayMs,
  platformCountRetryLimit,
} from './platform-count.ts';

const counts = (live: number): PlatformCount =>
  Object.fromEntries(platformCountKeys.map((key) => [key, { live, total: 3 }])) as PlatformCount;
const cached = counts(1);
const fresh = counts(2);
const expired = () => new ApiError('business', 400401, 'requestId expired');

function sources(overrides: Partial<PlatformCountSources> = {}) {
  const relaunchIds = ['ob-fresh-1', 'ob-fresh-2', 'ob-fresh-3', 'ob-fresh-4'];
  const spies = {
    hasToken: vi.fn(() => true),
    requestId: vi.fn((): string | undefined => 'ob-request-0'),
    count: vi.fn(async (_requestId: string) => fresh),
    cache: vi.fn(async () => cached),
    relaunch: vi.fn(async () => relaunchIds.shift()),
    store: vi.fn(),
    wait: vi.fn(async (_ms: number) => undefined),
    ...overrides,
  };
  return spies;
}

describe('the platform count flow (spec section 4)', () => {
  it('reads the server cache without a token, never the count service', async () => {
    const spies = sources({ hasToken: vi.fn(() => false) });
    await expect(loadPlatformCount(spies)).resolves.toEqual(cached);
    expect(spies.count).not.toHaveBeenCalled();
    expect(spies.relaunch).not.toHaveBeenCalled();
  });

  it('reads the server cache with a token but no OB request id yet', async () => {
    const spies = sources({ requestId: vi.fn(() => undefined) });
    await expect(loadPlatformCount(spies)).resolves.toEqual(cached);
    expect(spies.count).not.toHaveBeenCalled();
  });

  it('asks the count service with the token and OB request id, and stores its answer', async () => {
    const spies = sources();
    await expect(loadPlatformCount(spies)).resolves.toEqual(fresh);
    expect(spies.count).toHaveBeenCalledWith('ob-request-0');
    expect(spies.store).toHaveBeenCalledWith(fresh);
    expect(spies.cache).not.toHaveBeenCalled();
  });

  it('on "expired" relaunches the venue and retries with the new request id after 500 ms', async () => {
    const count = vi.fn<(requestId: string) => Promise<PlatformCount>>();
    count.mockRejectedValueOnce(expired()).mockResolvedValueOnce(fresh);
    const spies = sources({ count });
    await expect(loadPlatformCount(spies)).resolves.toEqual(fresh);
    expect(spies.relaunch).toHaveBeenCalledTimes(1);
    expect(spies.wait).toHaveBeenCalledWith(platformCountRetryDelayMs);
    expect(count.mock.calls.map(([requestId]) => requestId)).toEqual(['ob-request-0', 'ob-fresh-1']);
    expect(spies.store).toHaveBeenCalledWith(fresh);
  });

  it('falls back to the cache after more than 2 retries, relaunching only twice', async () => {
    const spies = sources({ count: vi.fn(async () => Promise.reject(expired())) });
    await expect(loadPlatformCount(spies)).resolves.toEqual(cached);
    expect(spies.relaunch).toHaveBeenCalledTimes(platformCountRetryLimit);
    expect(spies.count).toHaveBeenCalledTimes(platformCountRetryLimit + 1);
    expect(spies.store).not.toHaveBeenCalled();
  });

  it('starts each read with the counter at 0: a later read relaunches again', async () => {
    const spies = sources({ count: vi.fn(async () => Promise.reject(expired())) });
    await loadPlatformCount(spies);
    await loadPlatformCount(spies);
    expect(spies.relaunch).toHaveBeenCalledTimes(2 * platformCountRetryLimit);
  });

  it('falls back to the cache when a relaunch yields no request id', async () => {
    const spies = sources({
      count: vi.fn(async () => Promise.reject(expired())),
      relaunch: vi.fn(async () => undefined),
    });
    await expect(loadPlatformCount(spies)).resolves.toEqual(cached);
    expect(spies.count).toHaveBeenCalledTimes(1);
  });

  it('passes other failures on without relaunching', async () => {
    const failure = new ApiError('network', 0, 'Failed to fetch');
    const spies = sources({ count: vi.fn(async () => Promise.reject(failure)) });
    await expect(loadPlatformCount(spies)).rejects.toBe(failure);
    expect(spies.relaunch).not.toHaveBeenCalled();
  });

  it('reads "expired" from the OB code or the message', () => {
    expect(isExpiredAnswer(new ApiError('business', 400401, ''))).toBe(true);
    expect(isExpiredAnswer(new ApiError('business', 10001, '请求标识已过期'))).toBe(true);
    expect(isExpiredAnswer(new ApiError('business', 10001, '系统繁忙'))).toBe(false);
    expect(isExpiredAnswer(new Error('expired'))).toBe(false);
  });
});
