import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHmacSha256 } from './hmac.ts';

describe('createHmacSha256', () => {
  it('answers what node:crypto HMAC-SHA256 answers, for keys and messages of every length', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 150 }),
        fc.array(fc.string({ unit: 'grapheme', maxLength: 200 }), { minLength: 1, maxLength: 4 }),
        (keyBytes, messages) => {
          const key = Buffer.from(keyBytes);
          const hmac = createHmacSha256(key);
          // Several messages on one instance: its scratch buffers must not carry one into the next.
          for (const message of messages) {
            const expected = createHmac('sha256', key).update(message).digest('hex');
            expect(hmac(message).toString('hex')).toBe(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes a message past its scratch room, and one exactly filling it', () => {
    const key = Buffer.from('site-web-2.0.0-request-signature');
    const hmac = createHmacSha256(key);
    for (const message of ['x'.repeat(256), 'x'.repeat(257), '签'.repeat(85), '签'.repeat(86), '']) {
      expect(hmac(message).toString('hex')).toBe(createHmac('sha256', key).update(message).digest('hex'));
    }
  });
});
