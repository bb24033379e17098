import fs from 'node:fs/promises';
import type { Stats } from 'node:fs';
import path from 'node:path';
import { HttpError } from '../../lib/http-error.ts';

/**
 * Real paths inside one server's folder. A checked relative path (server/panel/server-path.ts)
 * is walked name by name from the folder's real path: a symlink anywhere on the way, the last
 * name included, must resolve inside the folder, or the call is a 400 before anything is
 * touched. Opened files are checked once more through /proc/self/fd, so a folder swapped for a
 * symlink between the check and the open is caught too.
 */

export function escapes(): HttpError {
  return new HttpError(400, 'invalid_path', "That path is not allowed: it leads outside the server's folder (through a symbolic link).", {
    fields: { path: "it leads outside the server's folder" },
  });
}

export function notFound(relative: string): HttpError {
  return new HttpError(404, 'not_found', `There is no file or folder at "${relative}".`);
}

export function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(`${root}${path.sep}`);
}

/** Node's file errors as answers a customer can act on. */
export function fileError(error: unknown, relative: string): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return notFound(relative);
    case 'EEXIST':
    case 'ENOTEMPTY':
      return new HttpError(409, 'exists', `Something named "${relative}" is already there.`);
    case 'ENOTDIR':
      return new HttpError(400, 'not_a_folder', `A name on the way to "${relative}" is a file, not a folder.`);
    case 'EISDIR':
      return new HttpError(422, 'is_directory', `"${relative}" is a folder, not a file.`);
    case 'ENOSPC':
    case 'EDQUOT':
      return new HttpError(507, 'disk_full', 'The disk is full: nothing was changed.');
    case 'EACCES':
    case 'EPERM':
      return new HttpError(403, 'not_permitted', `The server's files do not allow that for "${relative}" (permission denied).`);
    case 'ENAMETOOLONG':
      return new HttpError(400, 'invalid_path', 'That path is too long.');
    default:
      return error;
  }
}

async function lstatOrUndefined(file: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export interface Resolved {
  /** The real absolute path (symlinks resolved; the last name may not exist yet). */
  absolute: string;
  /** lstat of `absolute`; undefined when nothing is there. */
  stats: Stats | undefined;
}

export class ConfinedRoot {
  readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  /**
   * The folder's own real path (looked up each time: a restore swaps the folder). A server
   * declared but never started has no folder yet: it is made (owner-only), so the file manager
   * starts from an empty folder rather than "not found".
   */
  async realRoot(): Promise<string> {
    try {
      return await fs.realpath(this.root);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // The folders above with the usual mode: a server run as its own user must be let through them.
      await fs.mkdir(path.dirname(this.root), { recursive: true });
      await fs.mkdir(this.root, { mode: 0o700 }).catch((failure: NodeJS.ErrnoException) => {
        if (failure.code !== 'EEXIST') throw failure;
      });
      return fs.realpath(this.root);
    }
  }

  /** A symlink's target, resolved, or 400 when it leads outside; a dangling link inside resolves to its lexical target. */
  async #follow(realRoot: string, link: string): Promise<string> {
    let target: string;
    try {
      target = await fs.realpath(link);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      target = path.resolve(path.dirname(link), await fs.readlink(link));
    }
    if (!isInside(realRoot, target)) throw escapes();
    return target;
  }

  /**
   * Resolves a checked relative path. Folders on the way must exist unless `createParents`
   * (then they are made, each checked first). The last name is followed when it is a symlink
   * (`follow`), or kept as the link itself; either way a link leading outside is a 400.
   */
  async resolve(relative: string, options: { follow: boolean; createParents?: boolean }): Promise<Resolved> {
    const realRoot = await this.realRoot();
    if (relative === '') return { absolute: realRoot, stats: await fs.lstat(realRoot) };
    const names = relative.split('/');
    const last = names.pop()!;
    let current = realRoot;
    for (const name of names) {
      const next = path.join(current, name);
      const stats = await lstatOrUndefined(next);
      if (!stats) {
        if (!options.createParents) throw notFound(relative);
        await fs.mkdir(next);
        current = next;
        continue;
      }
      if (stats.isSymbolicLink()) {
        current = await this.#follow(realRoot, next);
        const target = await lstatOrUndefined(current);
        if (!target) throw notFound(relative);
        if (!target.isDirectory()) throw new HttpError(400, 'not_a_folder', `A name on the way to "${relative}" is a file, not a folder.`);
        continue;
      }
      if (!stats.isDirectory()) throw new HttpError(400, 'not_a_folder', `A name on the way to "${relative}" is a file, not a folder.`);
      current = next;
    }
    const leaf = path.join(current, last);
    const stats = await lstatOrUndefined(leaf);
    if (stats?.isSymbolicLink()) {
      const target = await this.#follow(realRoot, leaf);
      if (!options.follow) return { absolute: leaf, stats };
      return { absolute: target, stats: await lstatOrUndefined(target) };
    }
    return { absolute: leaf, stats };
  }

  /** Confirms that an open file descriptor is inside the folder (the path it was opened by may have changed since). */
  async checkOpened(fd: number): Promise<void> {
    const realRoot = await this.realRoot();
    const actual = await fs.readlink(`/proc/self/fd/${fd}`);
    if (!isInside(realRoot, actual)) throw escapes();
  }
}
