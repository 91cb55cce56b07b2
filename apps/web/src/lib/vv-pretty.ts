import { cbc } from '@noble/ciphers/aes.js';
import type { VvPretty } from '@site/contract';

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

/** Every field of the payload, each a string; a field the contract adds must be added here. */
const vvPrettyFields = {
  customerServiceUrl: true,
  customerServiceInsteadUrl: true,
  downloadUrl: true,
  sponsorTitle: true,
} satisfies Record<keyof VvPretty, true>;

/** The contract's shape, checked by hand: zod would follow this module wherever it loads. */
function toVvPretty(value: unknown): VvPretty {
  const fields = Object.keys(vvPrettyFields) as (keyof VvPretty)[];
  if (typeof value !== 'object' || value === null) {
    throw new TypeError('vvPretty payload is not an object');
  }
  const record = value as Record<string, unknown>;
  const entries = fields.map((field) => {
    const fieldValue = record[field];
    if (typeof fieldValue !== 'string') {
      throw new TypeError(`vvPretty.${field} is not a string`);
    }
    return [field, fieldValue] as const;
  });
  return Object.fromEntries(entries) as VvPretty;
}

/**
 * Decrypts the vvPretty payload: AES-256-CBC (PKCS#7 padding), all parts in base64. Pure JS,
 * because WebCrypto is missing outside secure contexts (plain HTTP on a LAN address).
 */
export function decryptVvPretty(ciphertext: string, secret: { key: string; iv: string }): VvPretty {
  const plain = cbc(fromBase64(secret.key), fromBase64(secret.iv)).decrypt(fromBase64(ciphertext));
  return toVvPretty(JSON.parse(new TextDecoder().decode(plain)));
}
