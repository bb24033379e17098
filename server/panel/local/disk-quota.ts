import { HttpError } from '../../lib/http-error.ts';
import type { ServerFolder } from './server-folder.ts';

const mib = 1024 * 1024;

/** A plan's disk as people say it: 10 GB, 500 MB (limits.disk is in MiB). */
export function diskLabel(limitMiB: number): string {
  return limitMiB >= 1024 && limitMiB % 1024 === 0 ? `${limitMiB / 1024} GB` : limitMiB >= 1024 ? `${(limitMiB / 1024).toFixed(1)} GB` : `${limitMiB} MB`;
}

/**
 * The plan's disk (limits.disk), enforced: the server's folder (measured as its user) plus its
 * backups, plus what an action would add, must stay within it; 0 means no limit.
 */
export class DiskQuota {
  readonly #folder: ServerFolder;
  readonly #limitMiB: number;
  readonly #backupBytes: () => Promise<number>;

  constructor(folder: ServerFolder, limitMiB: number, backupBytes: () => Promise<number>) {
    this.#folder = folder;
    this.#limitMiB = limitMiB;
    this.#backupBytes = backupBytes;
  }

  /** Refuses (413) when the folder, its backups and `adding(folder bytes)` more would pass the limit. */
  async check(adding: (folderBytes: number) => number, field: string): Promise<void> {
    if (this.#limitMiB <= 0) return;
    const folderBytes = await this.#folder.run<number>({ op: 'du' });
    const used = folderBytes + (await this.#backupBytes());
    if (used + adding(folderBytes) <= this.#limitMiB * mib) return;
    const message = `This would take the server over its ${diskLabel(this.#limitMiB)} disk (its files and backups use ${(used / mib).toFixed(1)} MiB). Delete files or backups first.`;
    throw new HttpError(413, 'over_disk_limit', message, { fields: { [field]: `this would take the server over its ${diskLabel(this.#limitMiB)} disk` } });
  }
}
