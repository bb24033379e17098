import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ByteTap } from './backup-archive.ts';
import type { StoredBackup } from './backup-sidecar.ts';
import type { ServerFolder } from './server-folder.ts';

type Log = { warn(obj: object, msg: string): void };

/** Empties a folder of the server's (as its user) and removes it (as the app: its name is in a folder only root may change). */
export async function discardFolder(folder: ServerFolder, dir: string): Promise<void> {
  await folder.runAside({ op: 'empty', dir });
  await fs.rmdir(dir);
}

/** A swap cut short between its two renames: the server's folder is missing and the old one is beside it. */
export async function recoverSwap(folder: ServerFolder, log: Log): Promise<void> {
  const root = path.resolve(folder.root);
  const parent = path.dirname(root);
  const base = path.basename(root);
  let siblings: string[];
  try {
    siblings = await fs.readdir(parent);
  } catch {
    return;
  }
  // The old folder back first, when the swap stopped between its renames; then what is left aside goes.
  if (!siblings.includes(base)) {
    const old = siblings.find((sibling) => sibling.startsWith(`.${base}.old-`));
    if (old) {
      await fs.rename(path.join(parent, old), root);
      log.warn({ folder: root }, 'restored the server folder left aside by an interrupted restore');
    }
  }
  for (const sibling of await fs.readdir(parent)) {
    if (!sibling.startsWith(`.${base}.restore-`) && !sibling.startsWith(`.${base}.old-`)) continue;
    const full = path.join(parent, sibling);
    await discardFolder(folder, full).catch((error: unknown) => log.warn({ err: error, folder: full }, 'a folder left by a restore could not be removed'));
  }
}

/**
 * Replaces the server's folder by the backup's files (local-backups.ts explains the steps): the
 * worker extracts as the server's user into a new folder beside it, the checksum is checked, and
 * the two are swapped by rename. Any failure before the swap leaves the server's files as they
 * were. Resolves to the links left out (they led outside the server's folder).
 */
export async function replaceFolder(folder: ServerFolder, archivePath: string, backup: StoredBackup, log: Log): Promise<string[]> {
  let temporary: string | undefined;
  try {
    const account = await folder.ready();
    const root = path.resolve(folder.root);
    const parent = path.dirname(root);
    const base = path.basename(root);
    // Room for the restored files beside the current ones, which stay until the swap.
    const { bavail, bsize } = await fs.statfs(parent);
    if (bavail * bsize < backup.contentBytes) {
      throw Object.assign(new Error('not enough free disk space'), { code: 'ENOSPC' });
    }
    const { mode } = await fs.lstat(root);
    temporary = path.join(parent, `.${base}.restore-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(temporary, { mode: mode & 0o7777 });
    // Still empty, and named by us in a folder only root may change: safe to give away by name.
    if (account) await fs.lchown(temporary, account.uid, account.gid);
    const archive = new ByteTap(true);
    const reading = pipeline(createReadStream(archivePath), archive);
    reading.catch(() => {}); // a broken read also ends the extraction, which reports it
    const { skippedLinks } = await folder.run<{ skippedLinks: string[] }>({ op: 'extract', into: temporary }, archive);
    await reading;
    const actual = archive.digest();
    const expected = backup.checksum!.replace(/^sha256:/, '');
    if (actual !== expected) throw new Error(`the archive is damaged (its checksum is ${actual.slice(0, 12)}…, expected ${expected.slice(0, 12)}…)`);
    const old = path.join(parent, `.${base}.old-${randomBytes(6).toString('hex')}`);
    await fs.rename(root, old);
    try {
      await fs.rename(temporary, root);
    } catch (error) {
      await fs.rename(old, root);
      throw error;
    }
    temporary = undefined;
    await discardFolder(folder, old).catch((error: unknown) => log.warn({ err: error }, 'the replaced server folder could not be removed'));
    return skippedLinks;
  } finally {
    if (temporary) await discardFolder(folder, temporary).catch(() => {});
  }
}
