import { createHmac, randomBytes } from 'node:crypto';
import { totpDigits, totpPeriodSeconds } from '@site/contract';

/** RFC 6238 time-based one-time passwords (HMAC-SHA1, 30 s, 6 digits), as authenticator apps use. */
const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newTotpSecret(): string {
  return encodeBase32(randomBytes(20));
}

export function encodeBase32(bytes: Buffer): string {
  let bits = '';
  for (const byte of bytes) {
    bits += byte.toString(2).padStart(8, '0');
  }
  let text = '';
  for (let index = 0; index < bits.length; index += 5) {
    text += base32Alphabet[Number.parseInt(bits.slice(index, index + 5).padEnd(5, '0'), 2)];
  }
  return text;
}

function decodeBase32(text: string): Buffer {
  let bits = '';
  for (const character of text) {
    bits += base32Alphabet.indexOf(character).toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) {
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  }
  return Buffer.from(bytes);
}

export function totpStepAt(nowMs: number): number {
  return Math.floor(nowMs / 1000 / totpPeriodSeconds);
}

export function totpCodeAt(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', decodeBase32(secret)).update(counter).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** totpDigits).padStart(totpDigits, '0');
}

/**
 * The step the code belongs to, allowing one step of clock drift either way, or undefined.
 * The caller remembers the step so the same code cannot be replayed.
 */
export function matchTotpStep(secret: string, code: string, nowMs: number): number | undefined {
  const current = totpStepAt(nowMs);
  return [current, current - 1, current + 1].find((step) => totpCodeAt(secret, step) === code);
}

export function otpauthUrl(secret: string, issuer: string, account: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const query = new URLSearchParams({
    secret,
    issuer,
    digits: String(totpDigits),
    period: String(totpPeriodSeconds),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}
