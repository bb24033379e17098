/**
 * One WebSocket text frame as a server sends it (FIN, opcode text, unmasked; RFC 6455 5.2).
 * The bytes are the same for every viewer, so the console hub builds them once per line and
 * writes them to every viewer's socket, instead of framing each line once per viewer.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  let header: Buffer;
  if (length < 126) {
    header = Buffer.allocUnsafe(2);
    header[1] = length;
  } else if (length < 65536) {
    header = Buffer.allocUnsafe(4);
    header[1] = 126;
    header.writeUInt16BE(length, 2);
  } else {
    header = Buffer.allocUnsafe(10);
    header[1] = 127;
    header.writeBigUInt64BE(BigInt(length), 2);
  }
  header[0] = 0x81;
  return Buffer.concat([header, payload], header.length + length);
}
