import type { PowerState } from '../driver.ts';
import { folderUsage } from './disk-usage.ts';
import type { ServerFolder } from './server-folder.ts';

const mib = 1024 * 1024;

/** How long a running server over its disk limit is given before it is stopped (README, Security). */
export const defaultDiskGraceMs = 5 * 60_000;

/** What the disk watch needs of its server. */
export interface DiskLimitHost {
  folder: ServerFolder;
  serverId: string;
  /** limits.disk in MiB; 0 or less: no limit. */
  limitMiB: () => number;
  /** Bytes of the server's backups, counted with its folder against limits.disk. */
  backupBytes?: (() => Promise<number>) | undefined;
  graceMs: number;
  log: { warn(obj: object, msg: string): void };
  state(): PowerState;
  /** A line from the panel in the server's console. */
  say(message: string): void;
  /** Stops the server for its disk (a pending restart is dropped). */
  stop(): void;
}

/**
 * A local server's disk reading, and its limit: a running server whose folder and backups have
 * grown past limits.disk by itself is told in its console and stopped if it is still over after
 * the grace period (diskGraceMs).
 */
export class DiskLimitWatch {
  readonly #host: DiskLimitHost;
  /** The last reading shown, in bytes. */
  bytes = 0;
  #timer: NodeJS.Timeout | undefined;
  /** Disk readings under way, ended by close. */
  readonly #measurements = new AbortController();
  readonly #measuring = new Set<Promise<number>>();
  #readingsStarted = 0;
  #readingShown = 0;

  constructor(host: DiskLimitHost) {
    this.#host = host;
  }

  /** Recomputes the disk usage of the working directory, as root by descriptor (disk-usage.ts; called in the background). */
  async measure(): Promise<void> {
    // Readings run side by side and may end out of order: one started earlier never overwrites a later one.
    const started = ++this.#readingsStarted;
    const measuring = folderUsage(this.#host.folder, 'blocks', this.#measurements.signal);
    this.#measuring.add(measuring);
    try {
      const bytes = await measuring;
      if (started < this.#readingShown) return;
      this.#readingShown = started;
      this.bytes = bytes;
    } finally {
      this.#measuring.delete(measuring);
    }
    await this.#enforce();
  }

  /** Ends disk readings under way. */
  async close(): Promise<void> {
    this.#measurements.abort();
    await Promise.allSettled([...this.#measuring]);
  }

  async #enforce(): Promise<void> {
    const host = this.#host;
    const limitMiB = host.limitMiB();
    if (limitMiB <= 0) return;
    const used = this.bytes + ((await host.backupBytes?.()) ?? 0);
    const state = host.state();
    const over = used > limitMiB * mib && state !== 'offline' && state !== 'stopping';
    if (!over) {
      if (this.#timer && state !== 'offline' && state !== 'stopping') host.say('Back under the disk limit: the server keeps running.');
      clearTimeout(this.#timer);
      this.#timer = undefined;
      return;
    }
    if (this.#timer) return;
    const graceMs = host.graceMs;
    host.say(
      `Disk limit exceeded: files and backups use ${Math.round(used / mib)} MiB, the limit is ${limitMiB} MiB. Delete files or backups within ${Math.round(graceMs / 1000)} s or the server is stopped.`,
    );
    host.log.warn({ server: host.serverId, used, limitMiB }, 'local game server over its disk limit');
    this.#timer = setTimeout(() => {
      const started = ++this.#readingsStarted;
      void folderUsage(host.folder, 'blocks', this.#measurements.signal)
        .then(async (bytes) => {
          this.#timer = undefined;
          if (started >= this.#readingShown) {
            this.#readingShown = started;
            this.bytes = bytes;
          }
          const now = bytes + ((await host.backupBytes?.()) ?? 0);
          if (now <= limitMiB * mib || host.state() === 'offline') return;
          host.say(`Still over the disk limit (${Math.round(now / mib)} MiB of ${limitMiB} MiB): stopping the server.`);
          host.stop();
        })
        .catch((error: unknown) => host.log.warn({ err: error, server: host.serverId }, 'disk check failed'));
    }, graceMs);
    this.#timer.unref();
  }
}
