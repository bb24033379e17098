import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { probeReady, type Monitor, type TargetPlaceholders } from './monitors-file.ts';
import { listMonitors, monitorsFingerprint, type StoredMonitor } from './monitors-repository.ts';

/**
 * The monitors of this instance, as last read from the database (docs/decisions.md 37). Read at
 * start, again after a change here or a `monitors` signal from another instance, and whenever
 * the cheap fingerprint says something changed (the prober looks every second, which catches
 * `npm run monitors -- import` on SQLite too).
 */
export class MonitorCatalog {
  private readonly db: Kysely<Database>;
  private readonly placeholders: TargetPlaceholders;
  private stored: StoredMonitor[] = [];
  private fingerprint = '';
  private readonly listeners = new Set<(monitors: readonly StoredMonitor[]) => void>();
  private reading: Promise<boolean> | undefined;

  constructor(db: Kysely<Database>, placeholders: TargetPlaceholders) {
    this.db = db;
    this.placeholders = placeholders;
  }

  /** Every monitor, paused ones included, in the board's order. */
  get all(): readonly StoredMonitor[] {
    return this.stored;
  }

  /** The monitors to probe: not paused, targets expanded. */
  active(): Monitor[] {
    return this.stored
      .filter((m) => !m.paused)
      .map(({ id, name, type, target, settings, intervalSeconds, timeoutSeconds, degradedAboveMs, failuresBeforeDown, quorum }) =>
        probeReady(
          {
            id,
            name,
            type,
            target,
            settings,
            intervalSeconds,
            timeoutSeconds,
            degradedAboveMs,
            failuresBeforeDown,
            ...(quorum !== undefined ? { quorum } : {}),
          },
          this.placeholders,
        ),
      );
  }

  find(id: string): StoredMonitor | undefined {
    return this.stored.find((m) => m.id === id);
  }

  onChange(listener: (monitors: readonly StoredMonitor[]) => void): void {
    this.listeners.add(listener);
  }

  /** Reads every monitor again; true (and listeners told) when something changed. */
  refresh(): Promise<boolean> {
    // One read at a time; a refresh asked for during a read waits for it, then reads again.
    const run = (this.reading ?? Promise.resolve(false)).catch(() => false).then(() => this.read());
    this.reading = run;
    void run
      .finally(() => {
        if (this.reading === run) this.reading = undefined;
      })
      .catch(() => {});
    return run;
  }

  /** Reads again only when the fingerprint moved; true when something changed. */
  async refreshIfChanged(): Promise<boolean> {
    const fingerprint = await monitorsFingerprint(this.db);
    if (fingerprint === this.fingerprint) return false;
    return this.refresh();
  }

  private async read(): Promise<boolean> {
    const fingerprint = await monitorsFingerprint(this.db);
    const stored = await listMonitors(this.db);
    const changed = JSON.stringify(stored) !== JSON.stringify(this.stored);
    this.stored = stored;
    this.fingerprint = fingerprint;
    if (changed) for (const listener of this.listeners) listener(stored);
    return changed;
  }
}
