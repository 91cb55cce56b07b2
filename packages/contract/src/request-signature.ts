import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { type SignatureInput, signatureKey, signaturePayload } from './http.ts';

/**
 * Pure-JS HMAC, so signing works in any page context: WebCrypto's `subtle` exists only on
 * HTTPS or localhost, and a player may reach a site by plain HTTP on a LAN address. A module of
 * its own, so a page that signs with WebCrypto ships none of this.
 */
export function signRequest(input: SignatureInput): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(signatureKey), utf8ToBytes(signaturePayload(input))));
}
