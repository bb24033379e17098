import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, constants as zlib } from 'node:zlib';
import { HttpError } from '../../lib/http-error.ts';
import { loadTar } from '../../lib/lazy-imports.ts';
import type { FileEntry, TextFile } from '../driver.ts';
import { countingLimit, decodeText, looksLikeText, maxEditBytes, notEditable } from '../file-limits.ts';
import { joinPath } from '../server-path.ts';
import { ByteTap, linkLeavesFolder } from './backup-archive.ts';
import { ConfinedRoot, fileError, notFound } from './confined-fs.ts';

/**
 * Every file-system action on a server's folder, written to run inside the folder worker
 * (folder-worker.ts) with the server's own user's rights: the confinement checks of
 * confined-fs.ts stay as a second line, the kernel is the first (docs/decisions.md 41).
 * Paths given here are already checked (server/panel/server-path.ts); the folder is prepared.
 */

/** Bytes read from the start of a file to tell text from binary in a listing. */
const sniffBytes = 512;
/** Files sniffed at once while listing a folder. */
const sniffConcurrency = 16;

/** What an action has besides its arguments: a stream in, a stream out, and an early answer. */
export interface OpIo {
  /** The stream in; asked for only once the action is ready for it, so a refused one reads nothing. */
  input(): Readable;
  output: Writable;
  /** Sends a first answer before the output stream (a download's size). */
  meta(value: unknown): void;
}

function mode(stats: Stats): string {
  return (stats.mode & 0o777).toString(8).padStart(3, '0');
}

/** A temporary name beside the final one, hidden, so a half-written file never has the real name. */
function temporaryBeside(absolute: string, purpose: string): string {
  return path.join(path.dirname(absolute), `.${path.basename(absolute)}.${purpose}-${randomBytes(6).toString('hex')}`);
}

async function sniffText(absolute: string): Promise<boolean> {
  const handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const head = Buffer.alloc(sniffBytes);
    const { bytesRead } = await handle.read(head, 0, sniffBytes, 0);
    return looksLikeText(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

async function list(root: ConfinedRoot, relative: string): Promise<FileEntry[]> {
  const { absolute, stats } = await root.resolve(relative, { follow: true });
  if (!stats) throw notFound(relative);
  if (!stats.isDirectory()) throw new HttpError(400, 'not_a_folder', `"${relative}" is a file, not a folder.`);
  const dirents = await fs.readdir(absolute);
  const entries: FileEntry[] = [];
  const pending = [...dirents];
  const worker = async () => {
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      const full = path.join(absolute, name);
      let entryStats: Stats;
      try {
        entryStats = await fs.lstat(full);
      } catch {
        continue; // removed while we listed
      }
      const type = entryStats.isSymbolicLink() ? 'symlink' : entryStats.isDirectory() ? 'directory' : 'file';
      const small = entryStats.isFile() && entryStats.size <= maxEditBytes;
      const editable = small && (await sniffText(full).catch(() => false));
      entries.push({
        name,
        path: joinPath(relative, name),
        type,
        size: type === 'directory' ? 0 : entryStats.size,
        modifiedAt: entryStats.mtime.toISOString(),
        mode: mode(entryStats),
        editable,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(sniffConcurrency, dirents.length) }, worker));
  return entries.sort((a, b) => ((a.type === 'directory') === (b.type === 'directory') ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
}

/** Opens a regular file for reading, confirmed inside the folder once open. */
async function openFile(root: ConfinedRoot, relative: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
  const { absolute, stats } = await root.resolve(relative, { follow: true });
  if (!stats) throw notFound(relative);
  if (stats.isDirectory()) throw notEditable('directory');
  const handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    await root.checkOpened(handle.fd);
    const opened = await handle.stat();
    if (!opened.isFile()) throw new HttpError(422, 'not_a_file', `"${relative}" is not a regular file.`);
    return { handle, stats: opened };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readText(root: ConfinedRoot, relative: string): Promise<TextFile> {
  const { handle, stats } = await openFile(root, relative);
  try {
    if (stats.size > maxEditBytes) throw notEditable('too_large');
    // One byte more than allowed tells a file that grew since the stat.
    const buffer = Buffer.alloc(Math.min(stats.size, maxEditBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const bytes = buffer.subarray(0, length);
    return { path: relative, content: decodeText(bytes), size: bytes.length };
  } finally {
    await handle.close();
  }
}

/** Writes a new file: to a temporary name in the target's folder, renamed over the target when complete. */
async function writeAtomically(root: ConfinedRoot, relative: string, write: (handle: fs.FileHandle) => Promise<void>): Promise<void> {
  const { absolute, stats } = await root.resolve(relative, { follow: true, createParents: true });
  if (stats?.isDirectory()) throw new HttpError(409, 'is_directory', `"${relative}" is a folder: it cannot be replaced by a file.`);
  const temporary = temporaryBeside(absolute, 'upload');
  const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, stats ? stats.mode & 0o777 : 0o644);
  try {
    await root.checkOpened(handle.fd);
    await write(handle);
    await handle.sync();
    await handle.close();
    await fs.rename(temporary, absolute);
  } catch (error) {
    await handle.close().catch(() => {});
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

async function createFolder(root: ConfinedRoot, relative: string): Promise<void> {
  const { absolute, stats } = await root.resolve(relative, { follow: false, createParents: true });
  if (stats) throw new HttpError(409, 'exists', `Something named "${relative}" is already there.`);
  await fs.mkdir(absolute);
}

async function rename(root: ConfinedRoot, source: string, target: string): Promise<void> {
  const old = await root.resolve(source, { follow: false });
  if (!old.stats) throw notFound(source);
  const fresh = await root.resolve(target, { follow: false, createParents: true }).catch((error: unknown) => {
    throw fileError(error, target);
  });
  if (fresh.stats) throw new HttpError(409, 'exists', `Something named "${target}" is already there.`);
  await fs.rename(old.absolute, fresh.absolute);
}

async function remove(root: ConfinedRoot, relative: string): Promise<void> {
  const { absolute, stats } = await root.resolve(relative, { follow: false });
  if (!stats) throw notFound(relative);
  // A symlink is removed itself, never what it points to; rm does not follow links inside a folder either.
  await fs.rm(absolute, { recursive: true, force: false });
}

/**
 * The folder as a gzip-compressed tar stream on `output`. Gzip at its fastest level: game
 * worlds are mostly already-compressed region files, where a higher level costs time and saves
 * little. Symbolic links are stored as links, never followed; owners are not stored.
 */
async function pack(folder: string, output: Writable): Promise<{ contentBytes: number; warnings: string[] }> {
  const warnings: string[] = [];
  const { Pack } = await loadTar();
  const packer = new Pack({
    cwd: folder,
    portable: true,
    // Reads of 64 KiB (tar reads up to 16 MiB of a file at once): far less memory at the same speed (npm run bench:backup).
    maxReadSize: 64 * 1024,
    onwarn: (_code, message) => {
      if (warnings.length < 100) warnings.push(message);
    },
  });
  packer.add('.');
  packer.end();
  const content = new ByteTap(false);
  await pipeline(packer, content, createGzip({ level: zlib.Z_BEST_SPEED }), output);
  return { contentBytes: content.bytes, warnings };
}

/**
 * Extracts the archive on `input` into the empty folder `into`. Links that lead outside the
 * folder are left out (tar would refuse them, failing the whole restore, and the file manager
 * never follows them anyway); their paths are returned.
 */
async function extract(into: string, input: Readable): Promise<{ skippedLinks: string[] }> {
  const skippedLinks: string[] = [];
  const { Unpack } = await loadTar();
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
  await pipeline(input, unpack as unknown as Writable);
  return { skippedLinks };
}

/** Removes everything inside `dir`, leaving the folder itself (its name is in a folder only root may change). */
async function empty(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir).catch(() => [])) await fs.rm(path.join(dir, name), { recursive: true, force: true });
}

/** One action asked of the worker: the folder it works in and the action's own arguments. */
export type FolderRequest =
  | { op: 'list'; root: string; path: string }
  | { op: 'read'; root: string; path: string }
  | { op: 'write'; root: string; path: string; content: string }
  | { op: 'upload'; root: string; path: string; size: number }
  | { op: 'download'; root: string; path: string }
  | { op: 'mkdir'; root: string; path: string }
  | { op: 'rename'; root: string; from: string; to: string }
  | { op: 'remove'; root: string; path: string }
  | { op: 'pack'; root: string }
  | { op: 'extract'; root: string; into: string }
  | { op: 'empty'; root: string; dir: string };

/** Runs one action; `io` carries its streams. */
export async function runFolderOp(request: FolderRequest, io: OpIo): Promise<unknown> {
  const root = new ConfinedRoot(request.root);
  switch (request.op) {
    case 'list':
      return list(root, request.path);
    case 'read':
      return readText(root, request.path);
    case 'write':
      return writeAtomically(root, request.path, (handle) => handle.writeFile(Buffer.from(request.content, 'utf8')));
    case 'upload':
      return writeAtomically(root, request.path, async (handle) => {
        // The numeric descriptor: a stream given the FileHandle itself holds it open until the stream closes.
        await pipeline(io.input(), countingLimit(request.size), createWriteStream('', { fd: handle.fd, autoClose: false }));
      });
    case 'download': {
      const { handle, stats } = await openFile(root, request.path);
      io.meta({ size: stats.size });
      await pipeline(handle.createReadStream(), io.output);
      return null;
    }
    case 'mkdir':
      return createFolder(root, request.path);
    case 'rename':
      return rename(root, request.from, request.to);
    case 'remove':
      return remove(root, request.path);
    case 'pack':
      return pack(await root.realRoot(), io.output);
    case 'extract':
      return extract(request.into, io.input());
    case 'empty':
      return empty(request.dir);
  }
}
