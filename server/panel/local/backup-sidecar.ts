import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Backup } from '../driver.ts';

/** A local backup's metadata as its sidecar file (`<uuid>.json`, local-backups.ts) holds it. */
export interface StoredBackup extends Backup {
  /** Bytes of the tar stream: about the disk space a restore needs. */
  contentBytes: number;
}

/** What the API shows of a stored backup. */
export function toBackup(stored: StoredBackup): Backup {
  const { contentBytes: _contentBytes, ...backup } = stored;
  return backup;
}

/** Writes a file whole or not at all (a temporary file renamed over it), owner-only. */
export async function writeJsonAtomically(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/** Flushes a file to the disk before it is renamed into place. */
export async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
