import { type SignatureInput, signatureKey, signaturePayload } from '@site/contract';

/**
 * The request signature of every API call (the contract's `signRequest`: HMAC-SHA256, hex). The
 * browser's WebCrypto computes it where it exists, so the first page ships no hash code; WebCrypto
 * exists only on HTTPS or localhost, and a player on a plain-HTTP LAN address gets the contract's
 * pure-JS HMAC, loaded on the first call that needs it.
 */
const encoder = new TextEncoder();
let subtleKey: Promise<CryptoKey> | undefined;

function keyOf(subtle: SubtleCrypto): Promise<CryptoKey> {
  subtleKey ??= subtle.importKey(
    'raw',
    encoder.encode(signatureKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return subtleKey;
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function signRequest(input: SignatureInput): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) {
    const { signRequest: signInJs } = await import('./request-signature-js.ts');
    return signInJs(input);
  }
  return toHex(await subtle.sign('HMAC', await keyOf(subtle), encoder.encode(signaturePayload(input))));
}
