import { HttpError } from '../../lib/http-error.ts';
import { folderUsage, type Measure } from './disk-usage.ts';
import type { ServerFolder } from './server-folder.ts';

const mib = 1024 * 1024;

/** A plan's disk as people say it: 10 GB, 500 MB (limits.disk is in MiB). */
export function diskLabel(limitMiB: number): string {
  return limitMiB >= 1024 && limitMiB % 1024 === 0 ? `${limitMiB / 1024} GB` : limitMiB >= 1024 ? `${(limitMiB / 1024).toFixed(1)} GB` : `${limitMiB} MB`;
}

/** Gives back what a reservation held (idempotent). */
export type Release = () => void;

const nothingHeld: Release = () => {};

/**
 * The plan's disk (limits.disk), enforced: the server's folder (disk-usage.ts) plus its backups,
 * plus what writes under way have reserved, plus what an action would add, must stay within it;
 * 0 means no limit. A write reserves its bytes before its first byte is written and keeps them
 * until it has finished or failed, so writes in parallel cannot pass the limit together
 * (docs/decisions.md 71).
 */
export class DiskQuota {
  readonly #folder: ServerFolder;
  readonly #limitMiB: number;
  readonly #backupBytes: () => Promise<number>;
  /** Bytes reserved by writes under way. */
  #reserved = 0;

  constructor(folder: ServerFolder, limitMiB: number, backupBytes: () => Promise<number>) {
    this.#folder = folder;
    this.#limitMiB = limitMiB;
    this.#backupBytes = backupBytes;
  }

  /** Refuses (413) when the folder, its backups and `adding(folder bytes)` more would pass the limit. */
  async check(adding: (folderBytes: number) => number, field: string): Promise<void> {
    (await this.reserve(adding, field))();
  }

  /**
   * As check, and holds `adding` until the returned release is called. Nothing is awaited between
   * the sum and the reservation, so two writes never both count on the same free bytes.
   */
  async reserve(adding: (folderBytes: number) => number, field: string, measure: Measure = 'blocks'): Promise<Release> {
    if (this.#limitMiB <= 0) return nothingHeld;
    const [folder, backups] = await Promise.all([folderUsage(this.#folder, measure), this.#backupBytes()]);
    const used = folder + backups + this.#reserved;
    const bytes = adding(folder);
    if (used + bytes > this.#limitMiB * mib) throw this.#over(used, field);
    this.#reserved += bytes;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#reserved -= bytes;
    };
  }

  /**
   * A backup's check: the folder at its files' full lengths, as the archive will hold them and a
   * restore will write them (a sparse file takes few blocks but is archived and restored whole).
   */
  async checkBackup(adding: (folderApparentBytes: number) => number, field: string): Promise<void> {
    (await this.reserve(adding, field, 'apparent'))();
  }

  /** A restore's check: the folder is replaced by `bytes` (the archive's content at full length), the backups stay. */
  async checkReplacing(bytes: number, field: string): Promise<void> {
    if (this.#limitMiB <= 0) return;
    const used = (await this.#backupBytes()) + this.#reserved;
    if (used + bytes <= this.#limitMiB * mib) return;
    const message = `This backup's files take ${(bytes / mib).toFixed(1)} MiB at their full size: restored, they would take the server over its ${diskLabel(this.#limitMiB)} disk (its backups use ${(used / mib).toFixed(1)} MiB). Delete backups first, or restore a smaller one.`;
    throw new HttpError(413, 'over_disk_limit', message, { fields: { [field]: `this would take the server over its ${diskLabel(this.#limitMiB)} disk` } });
  }

  #over(used: number, field: string): HttpError {
    const message = `This would take the server over its ${diskLabel(this.#limitMiB)} disk (its files, backups and uploads under way use ${(used / mib).toFixed(1)} MiB). Delete files or backups first.`;
    return new HttpError(413, 'over_disk_limit', message, { fields: { [field]: `this would take the server over its ${diskLabel(this.#limitMiB)} disk` } });
  }
}
