import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { HttpError } from '../../lib/http-error.ts';
import type { GameServerDriver, ServerCredentials } from '../driver.ts';
import { checkServerPath, joinPath } from '../server-path.ts';
import type { ModrinthClient } from './modrinth-client.ts';
import type { EngineExtras } from './panel-engine-extras.ts';

/** A file to install, as Modrinth published it. */
export interface PublishedFile {
  url: string;
  fileName: string;
  sha512: string;
}

export const hashMismatch = () =>
  new HttpError(
    422,
    'hash_mismatch',
    'The downloaded file does not match the SHA-512 Modrinth publishes for it, so it was refused and nothing was left on your server.',
  );

async function sha512Of(stream: Readable): Promise<string> {
  const hash = createHash('sha512');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Puts Modrinth files on a game server through the driver's own file actions, the same confined
 * path as the file manager's (the folder worker as the server's user; the panel's file endpoints),
 * docs/decisions.md 107. The file lands under a temporary name, is read back and checked against
 * the published SHA-512, and only then takes its name; a mismatch removes it.
 */
export class ModFiles {
  readonly #driver: GameServerDriver;
  readonly #client: ModrinthClient;
  readonly #extras: EngineExtras;

  constructor(deps: { driver: GameServerDriver; client: ModrinthClient; extras: EngineExtras }) {
    this.#driver = deps.driver;
    this.#client = deps.client;
    this.#extras = deps.extras;
  }

  /** Makes each folder of a path that is missing. */
  async #ensureFolder(c: ServerCredentials, folder: string): Promise<void> {
    let path = '';
    for (const name of folder.split('/')) {
      path = joinPath(path, name);
      await this.#driver.createFolder(c, path).catch((error: unknown) => {
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
      });
    }
  }

  async #exists(c: ServerCredentials, folder: string, name: string): Promise<boolean> {
    const entries = await this.#driver.listFiles(c, folder);
    return entries.some((entry) => entry.name === name);
  }

  /** Installs `file` as `folder/fileName`, replacing a file of that name; returns its path. */
  async place(c: ServerCredentials, folder: string, file: PublishedFile): Promise<string> {
    const target = checkServerPath(joinPath(folder, file.fileName));
    const temporary = checkServerPath(joinPath(folder, `.${file.fileName}.hostfront-part`));
    await this.#ensureFolder(c, folder);
    const pulled = (await this.#extras.pull?.(c, file.url, folder, `.${file.fileName}.hostfront-part`)) ?? false;
    if (!pulled) {
      const { bytes, sha512 } = await this.#client.download(file.url);
      // Refused before a byte is written.
      if (sha512 !== file.sha512) throw hashMismatch();
      await this.#driver.uploadFile(c, { path: temporary, size: bytes.length, stream: Readable.from([bytes]) });
    }
    try {
      const landed = await this.#driver.downloadFile(c, temporary);
      if ((await sha512Of(landed.stream)) !== file.sha512) throw hashMismatch();
      if (await this.#exists(c, folder, file.fileName)) await this.#driver.deleteFile(c, target);
      await this.#driver.renameFile(c, temporary, target);
    } catch (error) {
      await this.#driver.deleteFile(c, temporary).catch(() => {});
      throw error;
    }
    return target;
  }

  /** Removes an installed file; one already gone is not an error. */
  async remove(c: ServerCredentials, path: string): Promise<void> {
    await this.#driver.deleteFile(c, checkServerPath(path)).catch((error: unknown) => {
      if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
    });
  }
}
