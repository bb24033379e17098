import { HttpError } from '../../lib/http-error.ts';
import type { FileDownload, FileEntry, FileUpload, TextFile } from '../driver.ts';
import { checkUploadSize, editTooLarge, maxEditBytes } from '../file-limits.ts';
import { baseName, checkServerPath } from '../server-path.ts';
import { fileError } from './confined-fs.ts';
import type { DiskQuota } from './disk-quota.ts';
import type { ServerFolder } from './server-folder.ts';

/**
 * The local driver's file manager for one server: paths checked here
 * (server/panel/server-path.ts), every action done in the server's folder by folder-ops.ts, as
 * the server's own user when the app runs as root (server-folder.ts). Writes go to a temporary
 * name beside the file and are renamed over it when complete.
 */
export class LocalFiles {
  readonly #folder: ServerFolder;
  readonly #quota: DiskQuota | undefined;

  constructor(folder: ServerFolder, quota?: DiskQuota) {
    this.#folder = folder;
    this.#quota = quota;
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
    return this.#run(relative, () => this.#folder.run<FileEntry[]>({ op: 'list', path: relative }));
  }

  async readText(file: string): Promise<TextFile> {
    const relative = checkServerPath(file);
    return this.#run(relative, () => this.#folder.run<TextFile>({ op: 'read', path: relative }));
  }

  async writeText(file: string, content: string): Promise<void> {
    const relative = checkServerPath(file);
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > maxEditBytes) throw editTooLarge();
    const release = await this.#quota?.reserve(() => bytes, 'content');
    try {
      await this.#run(relative, () => this.#folder.run({ op: 'write', path: relative, content }));
    } finally {
      release?.();
    }
  }

  /**
   * The path and the declared size are checked before a byte of the stream is read; the size is
   * reserved against the disk until the upload has finished or failed (disk-quota.ts).
   */
  async upload(upload: FileUpload): Promise<void> {
    const relative = checkServerPath(upload.path);
    const size = checkUploadSize(upload.size);
    const release = await this.#quota?.reserve(() => size, 'path');
    try {
      await this.#run(relative, () => this.#folder.run({ op: 'upload', path: relative, size }, upload.stream));
    } finally {
      release?.();
    }
  }

  async download(file: string): Promise<FileDownload> {
    const relative = checkServerPath(file);
    return this.#run(relative, async () => {
      const call = await this.#folder.call({ op: 'download', path: relative });
      const { size } = (await call.meta) as { size: number };
      call.done.catch(() => {}); // a failure after the start ends the stream with that error
      return { name: baseName(relative), size, stream: call.output };
    });
  }

  async createFolder(folder: string): Promise<void> {
    const relative = checkServerPath(folder);
    await this.#quota?.check(() => 4096, 'path');
    await this.#run(relative, () => this.#folder.run({ op: 'mkdir', path: relative }));
  }

  async rename(from: string, to: string): Promise<void> {
    const source = checkServerPath(from, { field: 'from' });
    const target = checkServerPath(to, { field: 'to' });
    if (target === source || target.startsWith(`${source}/`)) {
      throw new HttpError(400, 'invalid_path', 'A folder cannot be moved into itself.', { fields: { to: 'it is inside the folder being moved' } });
    }
    await this.#run(source, () => this.#folder.run({ op: 'rename', from: source, to: target }));
  }

  async remove(file: string): Promise<void> {
    const relative = checkServerPath(file);
    await this.#run(relative, () => this.#folder.run({ op: 'remove', path: relative }));
  }
}
