import { randomBytes } from 'node:crypto';
import { constants, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.ts';
import type { FileDownload, FileEntry, FileUpload, TextFile } from '../driver.ts';
import { checkUploadSize, countingLimit, decodeText, editTooLarge, looksLikeText, maxEditBytes, notEditable } from '../file-limits.ts';
import { baseName, checkServerPath, joinPath } from '../server-path.ts';
import { ConfinedRoot, fileError, notFound } from './confined-fs.ts';

/** Bytes read from the start of a file to tell text from binary in a listing. */
const sniffBytes = 512;
/** Files sniffed at once while listing a folder. */
const sniffConcurrency = 16;

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

/**
 * The local driver's file manager for one server: everything confined to the server's folder
 * (paths checked by server/panel/server-path.ts, real paths by confined-fs.ts). Writes go to a
 * temporary name beside the file and are renamed over it when complete.
 */
export class LocalFiles {
  readonly #root: ConfinedRoot;

  constructor(root: string) {
    this.#root = new ConfinedRoot(root);
  }

  async #run<T>(relative: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw fileError(error, relative);
    }
  }

  async list(directory: string): Promise<FileEntry[]> {
    const relative = checkServerPath(directory, { field: 'path', allowRoot: true });
    return this.#run(relative, async () => {
      const { absolute, stats } = await this.#root.resolve(relative, { follow: true });
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
    });
  }

  /** Opens a regular file for reading, confirmed inside the folder once open. */
  async #openFile(relative: string): Promise<{ handle: fs.FileHandle; stats: Stats }> {
    const { absolute, stats } = await this.#root.resolve(relative, { follow: true });
    if (!stats) throw notFound(relative);
    if (stats.isDirectory()) throw notEditable('directory');
    const handle = await fs.open(absolute, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      await this.#root.checkOpened(handle.fd);
      const opened = await handle.stat();
      if (!opened.isFile()) throw new HttpError(422, 'not_a_file', `"${relative}" is not a regular file.`);
      return { handle, stats: opened };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async readText(file: string): Promise<TextFile> {
    const relative = checkServerPath(file);
    return this.#run(relative, async () => {
      const { handle, stats } = await this.#openFile(relative);
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
    });
  }

  /** Writes a new file from a stream: to a temporary name in the target's folder, renamed over the target when complete. */
  async #writeAtomically(relative: string, write: (absolute: string, fd: fs.FileHandle) => Promise<void>): Promise<void> {
    const { absolute, stats } = await this.#root.resolve(relative, { follow: true, createParents: true });
    if (stats?.isDirectory()) throw new HttpError(409, 'is_directory', `"${relative}" is a folder: it cannot be replaced by a file.`);
    const temporary = temporaryBeside(absolute, 'upload');
    const handle = await fs.open(
      temporary,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      stats ? stats.mode & 0o777 : 0o644,
    );
    try {
      await this.#root.checkOpened(handle.fd);
      await write(temporary, handle);
      await handle.sync();
      await handle.close();
      await fs.rename(temporary, absolute);
    } catch (error) {
      await handle.close().catch(() => {});
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async writeText(file: string, content: string): Promise<void> {
    const relative = checkServerPath(file);
    const bytes = Buffer.from(content, 'utf8');
    if (bytes.length > maxEditBytes) throw editTooLarge();
    await this.#run(relative, () =>
      this.#writeAtomically(relative, async (_absolute, handle) => {
        await handle.writeFile(bytes);
      }),
    );
  }

  /** The path and the declared size are checked before a byte of the stream is read. */
  async upload(upload: FileUpload): Promise<void> {
    const relative = checkServerPath(upload.path);
    const size = checkUploadSize(upload.size);
    await this.#run(relative, () =>
      this.#writeAtomically(relative, async (_absolute, handle) => {
        // The numeric descriptor: a stream given the FileHandle itself holds it open until the stream closes.
        await pipeline(upload.stream, countingLimit(size), createWriteStream('', { fd: handle.fd, autoClose: false }));
      }),
    );
  }

  async download(file: string): Promise<FileDownload> {
    const relative = checkServerPath(file);
    return this.#run(relative, async () => {
      const { handle, stats } = await this.#openFile(relative);
      return { name: baseName(relative), size: stats.size, stream: handle.createReadStream() };
    });
  }

  async createFolder(folder: string): Promise<void> {
    const relative = checkServerPath(folder);
    await this.#run(relative, async () => {
      const { absolute, stats } = await this.#root.resolve(relative, { follow: false, createParents: true });
      if (stats) throw new HttpError(409, 'exists', `Something named "${relative}" is already there.`);
      await fs.mkdir(absolute);
    });
  }

  async rename(from: string, to: string): Promise<void> {
    const source = checkServerPath(from, { field: 'from' });
    const target = checkServerPath(to, { field: 'to' });
    if (target === source || target.startsWith(`${source}/`)) {
      throw new HttpError(400, 'invalid_path', 'A folder cannot be moved into itself.', { fields: { to: 'it is inside the folder being moved' } });
    }
    await this.#run(source, async () => {
      const old = await this.#root.resolve(source, { follow: false });
      if (!old.stats) throw notFound(source);
      const fresh = await this.#root.resolve(target, { follow: false, createParents: true }).catch((error: unknown) => {
        throw fileError(error, target);
      });
      if (fresh.stats) throw new HttpError(409, 'exists', `Something named "${target}" is already there.`);
      await fs.rename(old.absolute, fresh.absolute);
    });
  }

  async remove(file: string): Promise<void> {
    const relative = checkServerPath(file);
    await this.#run(relative, async () => {
      const { absolute, stats } = await this.#root.resolve(relative, { follow: false });
      if (!stats) throw notFound(relative);
      // A symlink is removed itself, never what it points to; rm does not follow links inside a folder either.
      await fs.rm(absolute, { recursive: true, force: false });
    });
  }
}
