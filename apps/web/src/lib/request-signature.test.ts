import { signRequest as contractSignRequest } from '@site/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signRequest } from './request-signature.ts';

const input = {
  method: 'post',
  basePath: '/site/api/v1',
  timestamp: '1764000000000',
  deviceUuid: 'device-1',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request signature', () => {
  it('signs with WebCrypto exactly as the contract (and the server) does', async () => {
    expect(globalThis.crypto.subtle).toBeDefined();
    expect(await signRequest(input)).toBe(contractSignRequest(input));
    expect(await signRequest({ ...input, timestamp: '1764000000001' })).toBe(
      contractSignRequest({ ...input, timestamp: '1764000000001' }),
    );
  });

  it('falls back to the pure-JS HMAC where WebCrypto is missing (plain HTTP)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(await signRequest(input)).toBe(contractSignRequest(input));
  });
});
