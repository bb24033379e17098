import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * What the app itself does with backup archives (gzip-compressed tar, made and unpacked by the
 * folder worker as the server's user, folder-ops.ts): count and hash them as they stream to or
 * from the backups folder, which only the app can reach.
 */

/** Bytes that passed and, when asked, the sha256 of them. */
export class ByteTap extends Transform {
  bytes = 0;
  readonly #hash = createHash('sha256');
  readonly #hashing: boolean;

  constructor(hashing: boolean) {
    super();
    this.#hashing = hashing;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.#hashing) this.#hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.#hash.digest('hex');
  }
}

/** Opens the archive file for writing; tests put a failing stream here. */
export type ArchiveSink = (file: string) => Writable;

export const defaultSink: ArchiveSink = (file) => createWriteStream(file, { flags: 'wx', mode: 0o600 });

/** The sha256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const tap = new ByteTap(true);
  await pipeline(createReadStream(file), tap, async function drain(source) {
    for await (const _chunk of source) {
      // counted and hashed by the tap
    }
  });
  return tap.digest();
}

/**
 * Whether a link stored in the archive at `entryPath` (relative, `./…`) leads outside the
 * folder: an absolute target, or one that climbs above the root with `..`. A symbolic link's
 * target is relative to its own folder, a hard link's to the archive's root.
 */
export function linkLeavesFolder(entryPath: string, linkpath: string, hard = false): boolean {
  if (path.posix.isAbsolute(linkpath)) return true;
  const resolved = path.posix.normalize(hard ? linkpath : path.posix.join(path.posix.dirname(entryPath), linkpath));
  return resolved === '..' || resolved.startsWith('../');
}
