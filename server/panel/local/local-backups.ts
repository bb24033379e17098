import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import { backupNotFound, checkBackupId, isBackupId } from '../backup-input.ts';
import type { Backup, BackupList, FileDownload } from '../driver.ts';
import { ByteTap, defaultSink, type ArchiveSink } from './backup-archive.ts';
import { recoverSwap, replaceFolder } from './backup-restore.ts';
import { type StoredBackup, syncFile, toBackup, writeJsonAtomically } from './backup-sidecar.ts';
import { checkName, reasonOf, restoreRunning, slug } from './backup-wording.ts';
import type { ServerFolder } from './server-folder.ts';

/**
 * The local driver's backups of one server (the servers file's backupsDir; README, "Your own
 * local game servers"):
 *   <backups dir>/<uuid>.tar.gz          the archive, gzip-compressed tar of the server's folder
 *   <backups dir>/<uuid>.tar.gz.partial  while it is written; renamed when complete
 *   <backups dir>/<uuid>.json            its metadata (name, dates, state, lock, size, sha256)
 * The backups dir is outside the server's folder (default `.hostfront-backups/<id>` beside it),
 * where only the app reaches. The archive is made by the folder worker as the server's user
 * (tar of what that user can read) and written here by the app. A restore stops the server; the
 * worker extracts, as the server's user, into a new folder beside the server's (made by the app
 * and given to that user while empty); the app swaps the two by rename (names it chose, in a
 * folder only root may change), the worker empties the old one and the app removes it; then the
 * server starts again if it was running. Any failure before the swap leaves the server's files
 * as they were, and the console says so.
 */

/** What a restore needs of the server: stop it (and keep it stopped), start it again, tell the console. */
export interface RestoreHooks {
  /** Stops the server and marks it as restoring; resolves to whether it was running. */
  hold(): Promise<boolean>;
  /** Clears the restoring mark and starts the server again when asked. */
  release(start: boolean): Promise<void>;
  announce(message: string): void;
}

export interface LocalBackupsOptions {
  /** The server's folder, and the account that acts on it. */
  folder: ServerFolder;
  /** Where the archives and their metadata live. */
  dir: string;
  /** The plan's number of backups; 0 turns backups off. */
  limit: number;
  /** Used in download names. */
  serverId: string;
  log: { warn(obj: object, msg: string): void };
  /** Opens the archive file being written (tests inject a failing one). */
  sink?: ArchiveSink;
  /** Refuses a backup that would take the server over its disk (disk-quota.ts), given its likely size. */
  checkDisk?: (adding: (folderBytes: number) => number) => Promise<void>;
  /** Refuses a restore whose files, at their full size, would take the server over its disk. */
  checkRestore?: (contentBytes: number) => Promise<void>;
  /** The app's clock (app.clock): when a backup was made and completed. Default: the system's. */
  now?: Clock | undefined;
}

export class LocalBackups {
  readonly #options: LocalBackupsOptions;
  /** Metadata of every backup, kept in step with the sidecar files (a failure to write one is kept here). */
  #backups: Map<string, StoredBackup> | undefined;
  #loading: Promise<Map<string, StoredBackup>> | undefined;
  /** Archives being written, and their metadata saved, in the background. */
  readonly #writes = new Set<Promise<void>>();
  #restoring: Promise<void> | undefined;
  #restoreFailure: string | null = null;

  readonly #now: Clock;

  constructor(options: LocalBackupsOptions) {
    this.#options = options;
    this.#now = options.now ?? systemClock;
  }

  #iso(): string {
    return new Date(this.#now()).toISOString();
  }

  get restoring(): boolean {
    return this.#restoring !== undefined;
  }

  /** Resolves when no backup is being written and no restore runs (tests, benchmarks, shutdown). */
  async settled(): Promise<void> {
    while (this.#writes.size > 0 || this.#restoring) await Promise.allSettled([...this.#writes, this.#restoring]);
  }

  #archive(id: string): string {
    return path.join(this.#options.dir, `${id}.tar.gz`);
  }

  #sidecar(id: string): string {
    return path.join(this.#options.dir, `${id}.json`);
  }

  /** Reads the sidecars once; finishes what an interrupted run left (a half-written archive, a half-done swap). */
  async #load(): Promise<Map<string, StoredBackup>> {
    if (this.#backups) return this.#backups;
    this.#loading ??= (async () => {
      await recoverSwap(this.#options.folder, this.#options.log);
      const backups = new Map<string, StoredBackup>();
      let names: string[] = [];
      try {
        names = await fs.readdir(this.#options.dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      for (const name of names) {
        if (name.endsWith('.partial') || name.endsWith('.tmp')) {
          await fs.rm(path.join(this.#options.dir, name), { force: true });
          continue;
        }
        const match = /^(.+)\.json$/.exec(name);
        if (!match || !isBackupId(match[1]!)) continue;
        try {
          const stored = JSON.parse(await fs.readFile(path.join(this.#options.dir, name), 'utf8')) as StoredBackup;
          if (stored.state === 'creating') {
            Object.assign(stored, {
              state: 'failed',
              failure: 'interrupted: the panel stopped while it was being made',
              completedAt: this.#iso(),
            });
            await writeJsonAtomically(this.#sidecar(stored.id), stored).catch(() => {});
          }
          backups.set(stored.id, stored);
        } catch (error) {
          this.#options.log.warn({ err: error, file: name }, 'unreadable backup metadata skipped');
        }
      }
      this.#backups = backups;
      return backups;
    })();
    try {
      return await this.#loading;
    } finally {
      this.#loading = undefined;
    }
  }

  async #get(id: string): Promise<StoredBackup> {
    checkBackupId(id);
    const backup = (await this.#load()).get(id);
    if (!backup) throw backupNotFound();
    return backup;
  }

  /** Writes a backup's metadata; if even that fails (a full disk), the state is still kept in memory. */
  async #save(backup: StoredBackup): Promise<void> {
    (await this.#load()).set(backup.id, backup);
    // Owner-only: another server’s user must not list this server’s backups (docs/decisions.md 64).
    await fs.mkdir(this.#options.dir, { recursive: true, mode: 0o700 });
    await fs.chmod(this.#options.dir, 0o700);
    await writeJsonAtomically(this.#sidecar(backup.id), backup);
  }

  /**
   * A backup's archive is being written. Decided by the state the list shows, not by the
   * background work: once the archive is complete the backup is ready, even while its metadata
   * is still being saved, so what the page shows and what the server allows agree.
   */
  #beingMade(backups: Map<string, StoredBackup>): boolean {
    return [...backups.values()].some((b) => b.state === 'creating');
  }

  /** Bytes of the archives kept (what they take of the server's disk). */
  async storedBytes(): Promise<number> {
    return [...(await this.#load()).values()].reduce((sum, b) => sum + (b.state === 'failed' ? 0 : b.size), 0);
  }

  async list(): Promise<BackupList> {
    const backups = [...(await this.#load()).values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    return {
      backups: backups.map(toBackup),
      limit: this.#options.limit,
      count: backups.filter((b) => b.state !== 'failed').length,
      restoring: this.restoring,
      restoreFailure: this.#restoreFailure,
    };
  }

  /** Starts a backup and answers at once with it ('creating'); the archive is written in the background. */
  async create(requestedName: string): Promise<Backup> {
    const name = checkName(requestedName, this.#now());
    const backups = await this.#load();
    const { limit } = this.#options;
    if (limit === 0) throw new HttpError(400, 'backups_not_included', "Backups are not part of this server's plan.");
    const counted = [...backups.values()].filter((b) => b.state !== 'failed').length;
    if (counted >= limit) {
      throw new HttpError(
        400,
        'backup_limit',
        `This server has reached its limit of ${limit} backup${limit === 1 ? '' : 's'}. Delete one to make room for a new one.`,
      );
    }
    if (this.#restoring) throw restoreRunning();
    if (this.#beingMade(backups)) throw new HttpError(409, 'backup_running', 'A backup of this server is being made. Wait until it has finished.');
    // Its likely size: the last archive's, or the folder's own when there is none yet.
    const last = [...backups.values()].filter((b) => b.state === 'ready').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    await this.#options.checkDisk?.((folderBytes) => last?.size ?? folderBytes);
    const backup: StoredBackup = {
      id: randomUUID(),
      name,
      size: 0,
      createdAt: this.#iso(),
      completedAt: null,
      state: 'creating',
      locked: false,
      checksum: null,
      failure: null,
      contentBytes: 0,
    };
    try {
      await this.#save(backup);
    } catch (error) {
      backups.delete(backup.id);
      throw new HttpError(507, 'backup_failed', `The backup could not be started: ${reasonOf(error)}. Nothing was changed.`);
    }
    const writing: Promise<void> = this.#write(backup).finally(() => this.#writes.delete(writing));
    this.#writes.add(writing);
    return toBackup(backup);
  }

  async #write(backup: StoredBackup): Promise<void> {
    const archive = this.#archive(backup.id);
    const partial = `${archive}.partial`;
    try {
      const packing = await this.#options.folder.call({ op: 'pack' });
      const compressed = new ByteTap(true);
      await pipeline(packing.output, compressed, (this.#options.sink ?? defaultSink)(partial));
      const packed = (await packing.done) as { contentBytes: number; warnings: string[] };
      const result = { ...packed, size: compressed.bytes, sha256: compressed.digest() };
      await syncFile(partial);
      await fs.rename(partial, archive);
      if (result.warnings.length > 0) this.#options.log.warn({ backup: backup.id, warnings: result.warnings.slice(0, 5) }, 'backup skipped some files');
      Object.assign(backup, {
        state: 'ready',
        size: result.size,
        contentBytes: result.contentBytes,
        checksum: `sha256:${result.sha256}`,
        completedAt: this.#iso(),
      });
    } catch (error) {
      await fs.rm(partial, { force: true }).catch(() => {});
      this.#options.log.warn({ err: error, backup: backup.id }, 'backup failed');
      Object.assign(backup, { state: 'failed', failure: `The backup could not be written: ${reasonOf(error)}.`, completedAt: this.#iso() });
    }
    await this.#save(backup).catch(async (error: unknown) => {
      // The metadata cannot be written (a full disk): a failed backup is kept in memory, and a
      // finished one is dropped with its archive rather than left unrecorded.
      this.#options.log.warn({ err: error, backup: backup.id }, 'backup metadata could not be written');
      if (backup.state === 'ready') {
        Object.assign(backup, { state: 'failed', failure: `The backup could not be recorded: ${reasonOf(error)}.`, size: 0, checksum: null });
        await fs.rm(archive, { force: true }).catch(() => {});
      }
    });
  }

  async download(id: string): Promise<FileDownload> {
    const backup = await this.#get(id);
    if (backup.state !== 'ready') throw new HttpError(409, 'backup_not_ready', 'This backup is not complete: it cannot be downloaded.');
    const handle = await fs.open(this.#archive(id), 'r').catch(() => {
      throw backupNotFound();
    });
    const { size } = await handle.stat();
    const day = backup.createdAt.slice(0, 10);
    return { name: `${slug(this.#options.serverId)}-${slug(backup.name)}-${day}.tar.gz`, size, stream: handle.createReadStream() };
  }

  async setLocked(id: string, locked: boolean): Promise<Backup> {
    const backup = await this.#get(id);
    await this.#save({ ...backup, locked });
    return toBackup((await this.#load()).get(id)!);
  }

  async remove(id: string): Promise<void> {
    const backup = await this.#get(id);
    if (backup.state === 'creating') throw new HttpError(409, 'backup_running', 'This backup is still being made. Wait until it has finished.');
    if (backup.locked && backup.state === 'ready') throw new HttpError(400, 'backup_locked', 'This backup is locked: unlock it before deleting it.');
    if (this.#restoring) throw restoreRunning();
    await fs.rm(this.#archive(id), { force: true });
    await fs.rm(this.#sidecar(id), { force: true });
    (await this.#load()).delete(id);
  }

  /**
   * Starts a restore and answers once it is under way (the server is marked as restoring
   * before this resolves, so a second call gets 409). The work goes on in the background.
   */
  async restore(id: string, hooks: RestoreHooks): Promise<void> {
    if (this.#restoring) throw restoreRunning();
    const backup = await this.#get(id);
    if (backup.state !== 'ready') throw new HttpError(400, 'backup_not_ready', 'This backup cannot be restored: it is not complete, or it failed.');
    await this.#options.checkRestore?.(backup.contentBytes);
    if (this.#restoring) throw restoreRunning();
    // No await between this check and marking the restore below: a second call must see it.
    if (this.#beingMade(this.#backups ?? new Map()))
      throw new HttpError(409, 'backup_running', 'A backup of this server is being made. Wait until it has finished.');
    let started!: () => void;
    const underway = new Promise<void>((resolve) => (started = resolve));
    this.#restoring = this.#restore(backup, hooks, started).finally(() => {
      this.#restoring = undefined;
    });
    await underway;
  }

  async #restore(backup: StoredBackup, hooks: RestoreHooks, started: () => void): Promise<void> {
    const wasRunning = await hooks.hold().finally(started);
    hooks.announce(`Restoring the backup "${backup.name}": the server's files are being replaced.`);
    try {
      const skippedLinks = await replaceFolder(this.#options.folder, this.#archive(backup.id), backup, this.#options.log);
      this.#restoreFailure = null;
      const leftOut =
        skippedLinks.length === 0
          ? ''
          : ` Left out ${skippedLinks.length} link${skippedLinks.length === 1 ? '' : 's'} leading outside the server's folder: ${skippedLinks.slice(0, 5).join(', ')}${skippedLinks.length > 5 ? '…' : ''}.`;
      hooks.announce(`Restored the backup "${backup.name}".${leftOut}`);
    } catch (error) {
      this.#options.log.warn({ err: error, backup: backup.id }, 'restore failed');
      this.#restoreFailure = `The restore of "${backup.name}" failed: ${reasonOf(error)}. The server's files were left as they were.`;
      hooks.announce(this.#restoreFailure);
    } finally {
      await hooks.release(wasRunning);
    }
  }
}
