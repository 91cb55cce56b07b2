import { randomBytes, randomInt } from 'node:crypto';
import { captchaLength } from '@site/contract';
import { AppError } from '../app-error.ts';
import type { CacheStore } from '../stores/cache.ts';
import type { Clock } from '../stores/clock.ts';
import { hashSecretFor, isSameHash, randomDigits } from './tokens.ts';

export const captchaTtlMs = 2 * 60_000;

/**
 * Digits as strokes on a 10 x 16 grid. The image is drawn from these as jittered paths, so the
 * SVG source holds no text a script could read back.
 */
const digitStrokes: Record<string, number[][][]> = {
  '0': [
    [
      [2, 1],
      [8, 1],
      [9, 3],
      [9, 13],
      [8, 15],
      [2, 15],
      [1, 13],
      [1, 3],
      [2, 1],
    ],
  ],
  '1': [
    [
      [3, 4],
      [6, 1],
      [6, 15],
    ],
    [
      [3, 15],
      [9, 15],
    ],
  ],
  '2': [
    [
      [1, 4],
      [3, 1],
      [7, 1],
      [9, 4],
      [9, 6],
      [1, 15],
      [9, 15],
    ],
  ],
  '3': [
    [
      [1, 2],
      [8, 1],
      [5, 7],
      [9, 10],
      [8, 14],
      [5, 15],
      [1, 14],
    ],
  ],
  '4': [
    [
      [7, 15],
      [7, 1],
      [1, 11],
      [9, 11],
    ],
  ],
  '5': [
    [
      [9, 1],
      [2, 1],
      [1, 7],
      [6, 6],
      [9, 9],
      [8, 14],
      [4, 15],
      [1, 13],
    ],
  ],
  '6': [
    [
      [8, 1],
      [3, 4],
      [1, 10],
      [2, 14],
      [5, 15],
      [8, 14],
      [9, 11],
      [7, 8],
      [3, 8],
      [1, 10],
    ],
  ],
  '7': [
    [
      [1, 1],
      [9, 1],
      [4, 15],
    ],
  ],
  '8': [
    [
      [5, 8],
      [2, 6],
      [2, 2],
      [5, 1],
      [8, 2],
      [8, 6],
      [5, 8],
      [1, 11],
      [2, 14],
      [5, 15],
      [8, 14],
      [9, 11],
      [5, 8],
    ],
  ],
  '9': [
    [
      [8, 7],
      [5, 8],
      [2, 7],
      [1, 4],
      [3, 1],
      [7, 1],
      [9, 4],
      [8, 10],
      [3, 15],
    ],
  ],
};

const imageWidth = 120;
const imageHeight = 44;

const between = (low: number, high: number) => low + (randomInt(0, 10_000) / 10_000) * (high - low);
const color = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(25, 45)}%)`;
const fixed = (value: number) => value.toFixed(1);

function drawDigit(digit: string, slot: number): string {
  const scale = between(1.9, 2.3);
  const angle = (between(-25, 25) * Math.PI) / 180;
  const originX = 10 + slot * 27 + between(-2, 2);
  const originY = 6 + between(-3, 3);
  const place = ([x = 0, y = 0]: number[]) => {
    const jitteredX = (x - 5 + between(-0.4, 0.4)) * scale;
    const jitteredY = (y - 8 + between(-0.4, 0.4)) * scale;
    const rotatedX = jitteredX * Math.cos(angle) - jitteredY * Math.sin(angle);
    const rotatedY = jitteredX * Math.sin(angle) + jitteredY * Math.cos(angle);
    return `${fixed(originX + 5 * scale + rotatedX)},${fixed(originY + 8 * scale + rotatedY)}`;
  };
  return (digitStrokes[digit] ?? [])
    .map((stroke) => {
      const points = stroke.map(place);
      return `<path d="M${points.join('L')}" fill="none" stroke="${color()}" stroke-width="${fixed(between(2, 3))}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
}

function drawNoise(): string {
  const lines = Array.from({ length: 5 }, () => {
    const point = () => `${fixed(between(0, imageWidth))},${fixed(between(0, imageHeight))}`;
    return `<path d="M${point()}Q${point()} ${point()}" fill="none" stroke="${color()}" stroke-width="${fixed(between(1, 2))}"/>`;
  });
  const dots = Array.from(
    { length: 30 },
    () =>
      `<circle cx="${fixed(between(0, imageWidth))}" cy="${fixed(between(0, imageHeight))}" r="${fixed(between(0.5, 1.5))}" fill="${color()}"/>`,
  );
  return lines.join('') + dots.join('');
}

export function drawCaptchaSvg(answer: string): string {
  const digits = Array.from(answer, drawDigit).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${imageWidth}" height="${imageHeight}" viewBox="0 0 ${imageWidth} ${imageHeight}"><rect width="100%" height="100%" fill="#f4f1ea"/>${drawNoise()}${digits}</svg>`;
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;

/**
 * Image captchas: the answer lives hashed in the cache for two minutes and is taken out on the
 * first attempt, right or wrong. In test mode the plain answers are also kept in memory so tests
 * can solve them; no route exposes them.
 */
export function createCaptchaService(deps: { cache: CacheStore; clock: Clock; isTestMode: boolean }) {
  const testAnswers = new Map<string, string>();
  const keyOf = (captchaId: string) => `captcha:${captchaId}`;
  return {
    async issue() {
      const captchaId = randomBytes(16).toString('base64url');
      const answer = randomDigits(captchaLength);
      const entry = await deps.cache.set(keyOf(captchaId), hashSecretFor(captchaId, answer), captchaTtlMs);
      if (deps.isTestMode) {
        testAnswers.set(captchaId, answer);
      }
      const image = `data:image/svg+xml;base64,${Buffer.from(drawCaptchaSvg(answer)).toString('base64')}`;
      return { captchaId, image, expiresAt: new Date(entry.expiresAtMs).toISOString() };
    },

    /** Throws 6021 when no answer was given, 6024 when it is wrong, unknown or already used. */
    async verify(captchaId: string | undefined, captchaCode: string | undefined): Promise<void> {
      if (!captchaId || !captchaCode) {
        throw new AppError(6021, undefined, { isCaptchaRequired: true });
      }
      const stored = await deps.cache.take(keyOf(captchaId));
      if (!stored || !isSameHash(stored, hashSecretFor(captchaId, captchaCode.trim()))) {
        throw new AppError(6024, undefined, { isCaptchaRequired: true });
      }
    },

    answerForTests(captchaId: string): string | undefined {
      return testAnswers.get(captchaId);
    },
  };
}
