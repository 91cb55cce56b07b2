import { hash } from 'node:crypto';

/** SHA-256 works on 64-byte blocks; an HMAC key is padded (or first hashed) to one block. */
const blockBytes = 64;
/** Room for the message behind the inner pad; a longer message gets a buffer of its own. */
const messageRoomBytes = 256;

/**
 * HMAC-SHA256 (RFC 2104) with one fixed key, for the request signature every API call carries:
 * H((K ^ opad) || H((K ^ ipad) || message)) from two one-shot `crypto.hash` calls on buffers padded
 * once. `createHmac` builds a native object per call, for the garbage collector to finalise
 * afterwards; at thousands of calls a second that cost the API a few per cent of its throughput
 * (`npm run bench -- api`). Synchronous, so the scratch buffers are never shared between calls.
 */
export function createHmacSha256(key: Buffer): (message: string) => Buffer {
  const block = Buffer.alloc(blockBytes);
  (key.length > blockBytes ? hash('sha256', key, 'buffer') : key).copy(block);
  const inner = Buffer.alloc(blockBytes + messageRoomBytes);
  const outer = Buffer.alloc(blockBytes + 32);
  for (let index = 0; index < blockBytes; index += 1) {
    inner[index] = (block[index] ?? 0) ^ 0x36;
    outer[index] = (block[index] ?? 0) ^ 0x5c;
  }
  const innerPad = Buffer.from(inner.subarray(0, blockBytes));
  return (message) => {
    const innerInput =
      Buffer.byteLength(message) <= messageRoomBytes
        ? inner.subarray(0, blockBytes + inner.write(message, blockBytes, 'utf8'))
        : Buffer.concat([innerPad, Buffer.from(message, 'utf8')]);
    hash('sha256', innerInput, 'buffer').copy(outer, blockBytes);
    return hash('sha256', outer, 'buffer');
  };
}
