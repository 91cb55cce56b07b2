import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** An opaque session token: 32 random bytes. Only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Codes and captcha answers are stored hashed with their id, so a cache dump reveals none. */
export function hashSecretFor(id: string, secret: string): string {
  return createHash('sha256').update(`${id}\n${secret}`).digest('hex');
}

export function isSameHash(left: string, right: string): boolean {
  return left.length === right.length && timingSafeEqual(Buffer.from(left), Buffer.from(right));
}

export function randomDigits(count: number): string {
  let digits = '';
  for (const byte of randomBytes(count * 2)) {
    // 250 is the largest multiple of 10 below 256: redraw above it so each digit is equally likely.
    if (byte < 250 && digits.length < count) {
      digits += String(byte % 10);
    }
  }
  return digits.length === count ? digits : randomDigits(count);
}

export interface SignedClaims {
  sub: string;
  sid: string;
  site: number;
  dev: string;
  exp: number;
}

/** HS256 JWT: the socket gateway checks it without a database round trip. */
export function signJwt(claims: SignedClaims, secret: string): string {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export function verifyJwt(token: string, secret: string, nowMs: number): SignedClaims | undefined {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) {
    return undefined;
  }
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  if (!isSameHash(signature, expected)) {
    return undefined;
  }
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignedClaims;
  return claims.exp * 1000 > nowMs ? claims : undefined;
}
