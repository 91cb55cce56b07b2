import { describe, expect, it } from 'vitest';
import { basePathOf, signaturePayload } from './http.ts';

describe('basePathOf', () => {
  it('names the base path a URL lies under, query or not', () => {
    expect(basePathOf('/site/api/v1/configuration/preInfo')).toBe('/site/api/v1');
    expect(basePathOf('/site/api/v1')).toBe('/site/api/v1');
    expect(basePathOf('/site/api/v1?token=x')).toBe('/site/api/v1');
    expect(basePathOf('/admin/api/v1/members?page=2')).toBe('/admin/api/v1');
    expect(basePathOf('/api/json-cache/home')).toBe('/api/json-cache');
  });

  it('refuses a path that only shares a prefix, or names a base path in its query', () => {
    expect(basePathOf('/site/api/v10/x')).toBeUndefined();
    expect(basePathOf('/site/api/v1x')).toBeUndefined();
    expect(basePathOf('/docs?next=/site/api/v1/x')).toBeUndefined();
    expect(basePathOf('/')).toBeUndefined();
    expect(basePathOf('')).toBeUndefined();
  });
});

describe('signaturePayload', () => {
  it('joins method (upper case), base path, timestamp and device uuid with newlines', () => {
    expect(
      signaturePayload({
        method: 'post',
        basePath: '/site/api/v1',
        timestamp: '1',
        deviceUuid: 'device-0001',
      }),
    ).toBe('POST\n/site/api/v1\n1\ndevice-0001');
  });
});
