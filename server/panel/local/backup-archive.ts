import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlib } from 'node:zlib';
import { loadTar } from '../../lib/lazy-imports.ts';

/**
 * A server folder as a gzip-compressed tar archive and back, with the `tar` package: written
 * as one stream (archive → count → gzip → sha256 → file), so memory stays flat whatever the
 * folder's size. Symbolic links are stored as links, never followed; owners are not stored.
 */

/** Bytes that passed and the sha256 of them. */
class Tap extends Transform {
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

export interface ArchiveResult {
  /** Bytes of the compressed archive. */
  size: number;
  /** Bytes of the tar stream: about what the files take once restored. */
  contentBytes: number;
  sha256: string;
  /** Files tar skipped (unreadable, or gone while it read). */
  warnings: string[];
}

/** Opens the archive file for writing; tests put a failing stream here. */
export type ArchiveSink = (file: string) => Writable;

export const defaultSink: ArchiveSink = (file) => createWriteStream(file, { flags: 'wx', mode: 0o600 });

/**
 * Archives everything in `folder` (as `./…`) into `file`. Gzip at its fastest level: game
 * worlds are mostly already-compressed region files, where a higher level costs time and saves
 * little.
 */
export async function writeArchive(folder: string, file: string, sink: ArchiveSink = defaultSink): Promise<ArchiveResult> {
  const warnings: string[] = [];
  const { Pack } = await loadTar();
  const pack = new Pack({
    cwd: folder,
    portable: true,
    // Reads of 64 KiB (tar reads up to 16 MiB of a file at once): far less memory at the same speed (npm run bench:backup).
    maxReadSize: 64 * 1024,
    onwarn: (_code, message) => {
      if (warnings.length < 100) warnings.push(message);
    },
  });
  pack.add('.');
  pack.end();
  const content = new Tap(false);
  const compressed = new Tap(true);
  await pipeline(pack, content, createGzip({ level: zlib.Z_BEST_SPEED }), compressed, sink(file));
  return { size: compressed.bytes, contentBytes: content.bytes, sha256: compressed.digest(), warnings };
}

/** The sha256 of a file, streamed. */
export async function fileSha256(file: string): Promise<string> {
  const tap = new Tap(true);
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

/**
 * Extracts `file` into the empty folder `into`, checking the archive's sha256 as it is read:
 * a damaged archive rejects (what was extracted so far is the caller's to remove). Links that
 * lead outside the folder are left out (tar would refuse them, failing the whole restore, and
 * the file manager never follows them anyway); their paths are returned.
 */
export async function extractArchive(file: string, into: string, expectedSha256: string): Promise<{ skippedLinks: string[] }> {
  const tap = new Tap(true);
  const source = createReadStream(file);
  const skippedLinks: string[] = [];
  const { Unpack } = await loadTar();
  await new Promise<void>((resolve, reject) => {
    const unpack = new Unpack({
      cwd: into,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const linkpath = 'linkpath' in entry ? entry.linkpath : undefined;
        if (typeof linkpath !== 'string' || !linkLeavesFolder(entryPath, linkpath, 'type' in entry && entry.type === 'Link')) return true;
        skippedLinks.push(entryPath.replace(/^\.\//, ''));
        return false;
      },
    });
    const fail = (error: unknown) => {
      source.destroy();
      reject(error instanceof Error ? error : new Error(String(error)));
    };
    unpack.on('error', fail);
    unpack.on('close', () => resolve());
    source.on('error', fail);
    tap.on('error', fail);
    source.pipe(tap).pipe(unpack as unknown as Writable);
  });
  const actual = tap.digest();
  if (actual !== expectedSha256) throw new Error(`the archive is damaged (its checksum is ${actual.slice(0, 12)}…, expected ${expectedSha256.slice(0, 12)}…)`);
  return { skippedLinks };
}
