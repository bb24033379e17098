import { createHash } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * The original (identity) bytes of a built file that has a gzip copy are not held in memory: a
 * browser takes brotli or gzip, so the original only goes to the rare client that takes neither,
 * and to the server's own readers of a page (the banner, server/announcements/banner-pages.ts).
 * Its tag is computed at load from the file on disk, read in small pieces, and its bytes are the
 * gzip copy decoded when asked for (docs/decisions.md 150). The decoded bytes are kept through a
 * WeakRef: a run of readers shares one decoding, and the collector takes it back at rest.
 */
export interface HeldOriginal {
  /** The tag of the original, as representation() would compute it from its bytes. */
  etag: string;
  /** The original's length in bytes. */
  length: number;
  /** The original's bytes (the gzip copy decoded; the same bytes until the collector takes them). */
  body(): Buffer;
}

const piece = Buffer.alloc(64 * 1024);

/** sha256 of a file, read in pieces into one small buffer (no copy of the whole file is made). */
function fileHash(file: string): { hash: string; length: number } {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  let length = 0;
  try {
    for (;;) {
      const read = fs.readSync(fd, piece, 0, piece.length, null);
      if (read === 0) break;
      hash.update(piece.subarray(0, read));
      length += read;
    }
  } finally {
    fs.closeSync(fd);
  }
  return { hash: hash.digest('base64url'), length };
}

/**
 * The original of `file` kept as its gzip copy, or undefined when that copy does not end with the
 * original's length (RFC 1952's ISIZE, the length modulo 2^32): then the original is held as it is.
 */
export function originalFromGzip(file: string, gzip: Buffer): HeldOriginal | undefined {
  const size = fs.statSync(file).size;
  if (gzip.length < 18 || gzip.readUInt32LE(gzip.length - 4) !== size % 2 ** 32) return undefined;
  const { hash, length } = fileHash(file);
  if (length !== size) return undefined;
  let decoded: WeakRef<Buffer> | undefined;
  return {
    etag: `"${hash.slice(0, 27)}"`,
    length,
    body() {
      const held = decoded?.deref();
      if (held) return held;
      const bytes = zlib.gunzipSync(gzip);
      decoded = new WeakRef(bytes);
      return bytes;
    },
  };
}
