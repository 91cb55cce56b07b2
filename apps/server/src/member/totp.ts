import { createHmac, randomBytes } from 'node:crypto';
import { totpDigits, totpPeriodSeconds } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { LoginThrottle } from '../session/throttle.ts';
import type { Clock } from '../stores/clock.ts';
import type { SecurityStateStore } from '../stores/security-state.ts';

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

/** A code is accepted one step either side of now, so a used step must be remembered for three. */
const replayWindowMs = 3 * totpPeriodSeconds * 1000;

/**
 * Checks the codes of one kind of account (members, staff) against its secret, answering 10409
 * when a code is missing or wrong. Every code counts in the two-factor throttle, per account and
 * per IP: after five wrong ones the step answers 6501 for a while, right code or not. A code's
 * time step is remembered, so a code seen once (over a shoulder, in a proxy) cannot be used again.
 */
export type TotpCheck = ReturnType<typeof createTotpCheck>;

export function createTotpCheck(deps: {
  security: SecurityStateStore;
  clock: Clock;
  throttle: LoginThrottle;
  /** Keeps the replay memory of each kind of account apart. */
  keyPrefix: string;
}) {
  const lastStepKey = (accountId: bigint) => `${deps.keyPrefix}:last-step:${accountId}`;
  const usedStepKey = (accountId: bigint, step: number) => `${deps.keyPrefix}:used-step:${accountId}:${step}`;
  return async (
    account: { siteId: number; id: bigint },
    secret: string | null,
    code: string | undefined,
    ip: string | undefined,
  ): Promise<void> => {
    if (!code || !secret) {
      throw new AppError(10409, '请输入动态验证码', { isTotpRequired: true });
    }
    const attempt = await deps.throttle.begin(account.siteId, String(account.id), ip);
    const step = matchTotpStep(secret, code, deps.clock.now());
    const lastStep = Number((await deps.security.get(lastStepKey(account.id)))?.value ?? -1);
    // The claim makes the step's first use win even when two requests bring the same code at once.
    const isFirstUse =
      step !== undefined &&
      step > lastStep &&
      (await deps.security.claim(usedStepKey(account.id, step), '1', replayWindowMs));
    if (step === undefined || !isFirstUse) {
      throw new AppError(10409, '动态验证码错误或已使用', { isTotpRequired: true });
    }
    await deps.security.set(lastStepKey(account.id), String(step), replayWindowMs);
    await attempt.succeeded();
  };
}
