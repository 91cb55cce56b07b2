import { cbc } from '@noble/ciphers/aes.js';
import { type VvPretty, vvPrettySchema } from '@site/contract';

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

/**
 * Decrypts the vvPretty payload: AES-256-CBC (PKCS#7 padding), all parts in base64. Pure JS,
 * because WebCrypto is missing outside secure contexts (plain HTTP on a LAN address).
 */
export function decryptVvPretty(ciphertext: string, secret: { key: string; iv: string }): VvPretty {
  const plain = cbc(fromBase64(secret.key), fromBase64(secret.iv)).decrypt(fromBase64(ciphertext));
  return vvPrettySchema.parse(JSON.parse(new TextDecoder().decode(plain)));
}
