const opcodeText = 0x1;
const finalFragment = 0x80;
/** Payload lengths up to this fit in the header's 7-bit field; 126 and 127 announce longer ones. */
const shortLengthMax = 125;
const mediumLengthMax = 0xffff;

/**
 * The bytes of one WebSocket text message as a server sends it (RFC 6455 section 5.2: final,
 * unmasked, uncompressed): header and UTF-8 payload in one buffer. A broadcast frames its payload
 * once and writes these same bytes to every subscriber's socket, one write each, instead of
 * encoding and framing it again per socket.
 */
export function encodeTextMessage(payload: string): Buffer {
  const payloadBytes = Buffer.byteLength(payload);
  const headerBytes = payloadBytes <= shortLengthMax ? 2 : payloadBytes <= mediumLengthMax ? 4 : 10;
  const message = Buffer.allocUnsafe(headerBytes + payloadBytes);
  message[0] = finalFragment | opcodeText;
  if (headerBytes === 2) {
    message[1] = payloadBytes;
  } else if (headerBytes === 4) {
    message[1] = 126;
    message.writeUInt16BE(payloadBytes, 2);
  } else {
    message[1] = 127;
    message.writeBigUInt64BE(BigInt(payloadBytes), 2);
  }
  message.write(payload, headerBytes, 'utf8');
  return message;
}
