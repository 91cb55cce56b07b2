import { transportErrorMessages } from '@site/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, createDedupe, errorText } from './api-error.ts';

describe('error text (spec section 8)', () => {
  it.each([
    ['HTTP non-OK keeps its status text', new ApiError('http', 502, 'Bad Gateway'), true, 'Bad Gateway'],
    [
      'Forbidden is a network error',
      new ApiError('http', 403, 'Forbidden'),
      true,
      transportErrorMessages.network,
    ],
    [
      'Not Acceptable is a network error',
      new ApiError('http', 406, 'Not Acceptable'),
      true,
      transportErrorMessages.network,
    ],
    ['SSL error is a network error', new Error('net::ERR SSL error'), true, transportErrorMessages.network],
    ['Failed is a network error', new Error('Failed to load'), true, transportErrorMessages.network],
    [
      'an empty message is the system text',
      new ApiError('http', 500, ''),
      true,
      transportErrorMessages.empty,
    ],
    ['timeout (status 0)', new ApiError('timeout', 0, 'timeout'), true, transportErrorMessages.timeout],
    ['a timeout message', new Error('timeout'), true, transportErrorMessages.timeout],
    ['cancelled', new ApiError('cancelled', 0, 'cancelled'), true, transportErrorMessages.cancelled],
    [
      'status 0 while offline',
      new ApiError('network', 0, 'Failed to fetch'),
      false,
      transportErrorMessages.offline,
    ],
    [
      'status 0 while online',
      new ApiError('network', 0, 'Failed to fetch'),
      true,
      transportErrorMessages.closed,
    ],
    ['anything else', 'boom', true, transportErrorMessages.unknown],
    ['a business message', new ApiError('business', 10001, '操作失败'), true, '操作失败'],
    [
      'a business error without message',
      new ApiError('business', 10001, ''),
      true,
      transportErrorMessages.business,
    ],
  ])('%s', (_, error, isOnline, text) => {
    expect(errorText(error, isOnline)).toBe(text);
  });
});

describe('dedupe', () => {
  it('lets one key through per 700 ms window', () => {
    let now = 1_000;
    const isFresh = createDedupe(700, () => now);
    expect(isFresh('a')).toBe(true);
    now += 699;
    expect(isFresh('a')).toBe(false);
    expect(isFresh('b')).toBe(true);
    now += 1;
    expect(isFresh('a')).toBe(true);
  });
});
