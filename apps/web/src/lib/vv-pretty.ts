import { type VvPretty, vvPrettySchema } from '@site/contract';

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) {
    bytes[index] = binary.charCodeAt(index);
  }
  return bytes;
}

/** Decrypts the vvPretty payload: AES-256-CBC (PKCS#7 padding), all parts in base64. */
export async function decryptVvPretty(
  ciphertext: string,
  secret: { key: string; iv: string },
): Promise<VvPretty> {
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.key), { name: 'AES-CBC' }, false, [
    'decrypt',
  ]);
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-CBC', iv: fromBase64(secret.iv) },
    key,
    fromBase64(ciphertext),
  );
  return vvPrettySchema.parse(JSON.parse(new TextDecoder().decode(plain)));
}
