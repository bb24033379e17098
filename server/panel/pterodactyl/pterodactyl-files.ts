import { HttpError } from '../../lib/http-error.ts';
import type { FileDownload, FileEntry, FileUpload, ServerCredentials, TextFile } from '../driver.ts';
import { checkUploadSize, decodeText, editTooLarge, maxEditBytes, notEditable } from '../file-limits.ts';
import { baseName, checkServerPath, joinPath, parentOf } from '../server-path.ts';
import { panelBadAnswer } from './panel-errors.ts';
import { serverPath, type PanelClient } from './panel-client.ts';
import { refusalFor } from './panel-refusals.ts';
import { downloadSigned, uploadSigned } from './signed-transfer.ts';

/**
 * Files through the panel's client API (`/files/…`), every path checked by
 * server/panel/server-path.ts before a request is made, and sent to the panel as `/<path>`.
 * Reads, downloads, renames and deletes list the folder first: Wings from 1.11.9 answers a
 * missing file with an unexplained 500, and the listing gives sizes for the editor's limit.
 */

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** Types the panel's own editor refuses (its file manager's rule), by Wings' detected mimetype. */
const binaryMimetypes = [
  /^application\/(jar|java-archive|octet-stream|zip|gzip|x-gzip|x-tar|x-7z-compressed|x-rar|x-bzip2|x-xz|pdf)/,
  /^image\//,
  /^audio\//,
  /^video\//,
  /^font\//,
];

/** A `file_object` of a listing as a FileEntry in `directory`. */
export function mapFileObject(value: unknown, directory: string): FileEntry | undefined {
  const item = record(value);
  const a = record(item?.attributes);
  if (!a || typeof a.name !== 'string' || a.name === '' || a.name.includes('/')) return undefined;
  const mimetype = typeof a.mimetype === 'string' ? a.mimetype : '';
  const isDirectory = a.is_file === false || mimetype === 'inode/directory';
  const type = a.is_symlink === true ? 'symlink' : isDirectory ? 'directory' : 'file';
  const size = typeof a.size === 'number' && a.size >= 0 ? a.size : 0;
  const modified =
    typeof a.modified_at === 'string' && !Number.isNaN(Date.parse(a.modified_at)) ? new Date(a.modified_at).toISOString() : new Date(0).toISOString();
  const modeBits = typeof a.mode_bits === 'string' && /^[0-7]{3,4}$/.test(a.mode_bits) ? a.mode_bits.slice(-3) : '644';
  return {
    name: a.name,
    path: joinPath(directory, a.name),
    type,
    size: type === 'directory' ? 0 : size,
    modifiedAt: modified,
    mode: modeBits,
    editable: type === 'file' && size <= maxEditBytes && !binaryMimetypes.some((pattern) => pattern.test(mimetype)),
  };
}

export interface PterodactylFilesOptions {
  panel: PanelClient;
  timeoutMs: number;
}

const wingsPath = (relative: string) => `/${relative}`;

export function createPterodactylFiles({ panel, timeoutMs }: PterodactylFilesOptions) {
  const filesPath = (c: ServerCredentials, rest: string) => serverPath(c.serverId, c.key, `/files/${rest}`);

  async function list(c: ServerCredentials, directory: string): Promise<FileEntry[]> {
    const body = await panel.request(c.key, 'GET', filesPath(c, `list?directory=${encodeURIComponent(wingsPath(directory))}`), undefined, {
      mapError: refusalFor({ action: 'browse files', permission: 'file.read' }),
    });
    const data = record(body)?.data;
    if (!Array.isArray(data)) throw panelBadAnswer();
    return data
      .map((item) => mapFileObject(item, directory))
      .filter((entry): entry is FileEntry => entry !== undefined)
      .sort((a, b) => ((a.type === 'directory') === (b.type === 'directory') ? a.name.localeCompare(b.name) : a.type === 'directory' ? -1 : 1));
  }

  /** The entry at a path, from its folder's listing; 404 when it is not there. */
  async function stat(c: ServerCredentials, relative: string): Promise<FileEntry> {
    const entries = await list(c, parentOf(relative)).catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) throw notThere(relative);
      throw error;
    });
    const entry = entries.find((e) => e.name === baseName(relative));
    if (!entry) throw notThere(relative);
    return entry;
  }

  async function exists(c: ServerCredentials, relative: string): Promise<boolean> {
    return stat(c, relative).then(
      () => true,
      (error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 404) return false;
        throw error;
      },
    );
  }

  return {
    async list(c: ServerCredentials, directory: string): Promise<FileEntry[]> {
      return list(c, checkServerPath(directory, { allowRoot: true }));
    },

    async read(c: ServerCredentials, file: string): Promise<TextFile> {
      const relative = checkServerPath(file);
      const entry = await stat(c, relative);
      if (entry.type === 'directory') throw notEditable('directory');
      if (entry.size > maxEditBytes) throw notEditable('too_large');
      const bytes = await panel.requestBytes(c.key, 'GET', filesPath(c, `contents?file=${encodeURIComponent(wingsPath(relative))}`), {
        maxBytes: maxEditBytes,
        tooLarge: () => notEditable('too_large'),
        mapError: refusalFor({ action: 'open files', permission: 'file.read-content' }),
      });
      return { path: relative, content: decodeText(bytes), size: bytes.length };
    },

    async write(c: ServerCredentials, file: string, content: string): Promise<void> {
      const relative = checkServerPath(file);
      if (Buffer.byteLength(content) > maxEditBytes) throw editTooLarge();
      await panel.request(c.key, 'POST', filesPath(c, `write?file=${encodeURIComponent(wingsPath(relative))}`), undefined, {
        raw: { text: content, contentType: 'text/plain' },
        mapError: refusalFor({ action: 'save files', permission: 'file.create' }),
      });
    },

    async upload(c: ServerCredentials, upload: FileUpload): Promise<void> {
      const relative = checkServerPath(upload.path);
      const size = checkUploadSize(upload.size);
      const body = await panel.request(c.key, 'GET', filesPath(c, 'upload'), undefined, {
        mapError: refusalFor({ action: 'upload files', permission: 'file.create' }),
      });
      await uploadSigned(signedUrl(body), parentOf(relative), baseName(relative), size, upload.stream, timeoutMs);
    },

    async download(c: ServerCredentials, file: string): Promise<FileDownload> {
      const relative = checkServerPath(file);
      const entry = await stat(c, relative);
      if (entry.type === 'directory') throw new HttpError(422, 'is_directory', 'That is a folder: only files can be downloaded.');
      const body = await panel.request(c.key, 'GET', filesPath(c, `download?file=${encodeURIComponent(wingsPath(relative))}`), undefined, {
        mapError: refusalFor({ action: 'download files', permission: 'file.read-content' }),
      });
      return downloadSigned(signedUrl(body), entry.name, timeoutMs);
    },

    async createFolder(c: ServerCredentials, folder: string): Promise<void> {
      const relative = checkServerPath(folder);
      if (await exists(c, relative)) throw new HttpError(409, 'exists', `Something named "${relative}" is already there.`);
      await panel.request(
        c.key,
        'POST',
        filesPath(c, 'create-folder'),
        { root: wingsPath(parentOf(relative)), name: baseName(relative) },
        {
          mapError: refusalFor({ action: 'create folders', permission: 'file.create' }),
        },
      );
    },

    async rename(c: ServerCredentials, from: string, to: string): Promise<void> {
      const source = checkServerPath(from, { field: 'from' });
      const target = checkServerPath(to, { field: 'to' });
      if (target === source || target.startsWith(`${source}/`)) {
        throw new HttpError(400, 'invalid_path', 'A folder cannot be moved into itself.', { fields: { to: 'it is inside the folder being moved' } });
      }
      // The panel skips a missing source without a word: say so instead.
      await stat(c, source);
      if (await exists(c, target)) throw new HttpError(409, 'exists', `Something named "${target}" is already there.`);
      await panel.request(
        c.key,
        'PUT',
        filesPath(c, 'rename'),
        { root: '/', files: [{ from: source, to: target }] },
        {
          mapError: refusalFor({ action: 'rename files', permission: 'file.update' }),
        },
      );
    },

    async remove(c: ServerCredentials, file: string): Promise<void> {
      const relative = checkServerPath(file);
      await stat(c, relative);
      await panel.request(
        c.key,
        'POST',
        filesPath(c, 'delete'),
        { root: wingsPath(parentOf(relative)), files: [baseName(relative)] },
        {
          mapError: refusalFor({ action: 'delete files', permission: 'file.delete' }),
        },
      );
    },
  };
}

function notThere(relative: string): HttpError {
  return new HttpError(404, 'not_found', `There is no file or folder at "${relative}".`);
}

/** `{object: "signed_url", attributes: {url}}`. */
export function signedUrl(body: unknown): string {
  const root = record(body);
  const url = record(root?.attributes)?.url;
  if (root?.object !== 'signed_url' || typeof url !== 'string') throw panelBadAnswer();
  return url;
}

export type PterodactylFiles = ReturnType<typeof createPterodactylFiles>;
