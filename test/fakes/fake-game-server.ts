import { createHash, randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { FakeFileTree, type FileSnapshot } from './fake-files.ts';

/**
 * What the fake panel and the fake Wings share: the servers (with a small power-state machine
 * that behaves like a game server: start → starting → running, stop → stopping → offline), the
 * API keys, and the console-socket tokens (HS256 JWTs, as the panel signs them for Wings).
 */

export type FakePowerState = 'offline' | 'starting' | 'running' | 'stopping';

export interface FakeServerSeed {
  /** The 8-character identifier. */
  identifier: string;
  uuid: string;
  name: string;
  description?: string;
  /** MiB, MiB, percent of one core; 0 = unlimited. */
  limits?: { memory: number; disk: number; cpu: number };
  state?: FakePowerState;
  /** Resource figures reported while the server is not offline. */
  resources?: { memory_bytes: number; cpu_absolute: number; disk_bytes: number };
  /** feature_limits.backups (2 by default). */
  backupLimit?: number;
  /** The default allocation; null for none (Pelican allows that). Default 127.0.0.1:25565. */
  allocation?: FakeAllocation | null;
  /** Files the server starts with: path → text or bytes. */
  files?: Record<string, string | Buffer>;
}

export interface FakeAllocation {
  ip: string;
  ip_alias: string | null;
  port: number;
}

/** A backup as the panel stores it, with the files it holds (the fake's "archive"). */
export interface FakeBackup {
  uuid: string;
  name: string;
  is_successful: boolean;
  is_locked: boolean;
  ignored_files: string[];
  checksum: string | null;
  bytes: number;
  created_at: string;
  completed_at: string | null;
  snapshot: FileSnapshot | undefined;
  archive: Buffer | undefined;
}

/** Everything a test may change about a server. */
export interface FakeServerPatch {
  state?: FakePowerState;
  /** The panel's `status`: null, installing, install_failed, suspended, restoring_backup… */
  status?: string | null;
  suspended?: boolean;
  installing?: boolean;
  transferring?: boolean;
  /** Wings cannot be reached: every panel route that needs the daemon answers 504, and console upgrades fail. */
  wingsDown?: boolean;
  resources?: Partial<{ memory_bytes: number; cpu_absolute: number; disk_bytes: number }>;
  limits?: Partial<{ memory: number; disk: number; cpu: number }>;
  backupLimit?: number;
  allocation?: FakeAllocation | null;
  /** The next backup finishes unsuccessfully (as when Wings fails to write it). */
  nextBackupFails?: boolean;
}

export interface FakeServer {
  identifier: string;
  uuid: string;
  name: string;
  description: string;
  limits: { memory: number; disk: number; cpu: number };
  state: FakePowerState;
  status: string | null;
  suspended: boolean;
  installing: boolean;
  transferring: boolean;
  wingsDown: boolean;
  resources: { memory_bytes: number; cpu_absolute: number; disk_bytes: number };
  startedAt: number;
  /** Console lines Wings keeps (what `send logs` replays). */
  logs: string[];
  /** What the server received, for assertions. */
  commands: string[];
  powerSignals: string[];
  files: FakeFileTree;
  backups: FakeBackup[];
  backupLimit: number;
  allocation: FakeAllocation | null;
  nextBackupFails: boolean;
  /** When each backup was started (the panel's throttle counts them). */
  backupStarts: number[];
  /** Restores asked for, for assertions. */
  restores: { uuid: string; truncate: boolean }[];
  /** The panel's schedules of this server (test/fakes/fake-panel-schedules.ts). */
  schedules: FakeSchedule[];
}

/** A schedule as the panel stores it (docs/pterodactyl.md, "Schedules"). */
export interface FakeSchedule {
  id: number;
  name: string;
  cron: { minute: string; hour: string; day_of_month: string; month: string; day_of_week: string };
  is_active: boolean;
  is_processing: boolean;
  only_when_online: boolean;
  last_run_at: string | null;
  created_at: string;
  updated_at: string;
  tasks: FakeScheduleTask[];
}

export interface FakeScheduleTask {
  id: number;
  sequence_id: number;
  action: 'command' | 'power' | 'backup';
  payload: string;
  time_offset: number;
  continue_on_failure: boolean;
  created_at: string;
  updated_at: string;
}

export interface FakeKey {
  key: string;
  type: 'client' | 'application';
  /** The user the key belongs to. */
  userUuid: string;
  /** Identifiers of the servers this user may access; '*' for all. */
  servers: string[] | '*';
  /** The user's permissions on those servers (a subuser's); ['*'] (the owner) by default. */
  permissions?: string[];
}

type ServerListener = { line(text: string): void; status(state: FakePowerState): void };

export interface FakeTimings {
  /** How long starting and stopping take. */
  startMs: number;
  stopMs: number;
  /** How long Wings takes to write a backup, and to restore one (50 ms by default). */
  backupMs?: number;
  restoreMs?: number;
}

const logsKept = 150;

export class FakeGameServers {
  readonly servers = new Map<string, FakeServer>();
  readonly keys: FakeKey[] = [];
  readonly timings: FakeTimings;
  readonly #listeners = new Map<string, Set<ServerListener>>();
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(seeds: FakeServerSeed[], keys: FakeKey[], timings: FakeTimings) {
    this.timings = timings;
    this.keys.push(...keys);
    for (const seed of seeds) {
      this.servers.set(seed.identifier, {
        identifier: seed.identifier,
        uuid: seed.uuid,
        name: seed.name,
        description: seed.description ?? '',
        limits: seed.limits ?? { memory: 2048, disk: 10240, cpu: 200 },
        state: seed.state ?? 'offline',
        status: null,
        suspended: false,
        installing: false,
        transferring: false,
        wingsDown: false,
        resources: seed.resources ?? { memory_bytes: 512 * 1024 * 1024, cpu_absolute: 12.5, disk_bytes: 300 * 1024 * 1024 },
        startedAt: seed.state === 'running' ? Date.now() : 0,
        logs: [],
        commands: [],
        powerSignals: [],
        files: new FakeFileTree(),
        backups: [],
        backupLimit: seed.backupLimit ?? 2,
        allocation: seed.allocation === undefined ? { ip: '127.0.0.1', ip_alias: null, port: 25565 } : seed.allocation,
        nextBackupFails: false,
        backupStarts: [],
        restores: [],
        schedules: [],
      });
      if (seed.files) this.servers.get(seed.identifier)!.files.seed(seed.files);
    }
  }

  /** By identifier or UUID, as the panel accepts either. */
  find(id: string): FakeServer | undefined {
    return this.servers.get(id) ?? [...this.servers.values()].find((server) => server.uuid === id);
  }

  get(id: string): FakeServer {
    const server = this.find(id);
    if (!server) throw new Error(`fake panel: no server ${id}`);
    return server;
  }

  patch(id: string, patch: FakeServerPatch): void {
    const server = this.get(id);
    const { state, resources, limits, ...flags } = patch;
    Object.assign(server, flags);
    if (resources) Object.assign(server.resources, resources);
    if (limits) Object.assign(server.limits, limits);
    if (state) this.#setState(server, state);
  }

  listen(uuid: string, listener: ServerListener): () => void {
    let set = this.#listeners.get(uuid);
    if (!set) {
      set = new Set();
      this.#listeners.set(uuid, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  /** A console line from the game (kept for `send logs`, sent to every authenticated socket). */
  line(server: FakeServer, text: string): void {
    server.logs.push(text);
    if (server.logs.length > logsKept * 2) server.logs.splice(0, server.logs.length - logsKept);
    for (const listener of this.#listeners.get(server.uuid) ?? []) listener.line(text);
  }

  recentLogs(server: FakeServer): string[] {
    return server.logs.slice(-logsKept);
  }

  #setState(server: FakeServer, state: FakePowerState): void {
    if (server.state === state) return;
    server.state = state;
    if (state === 'starting' || (state === 'running' && server.startedAt === 0)) server.startedAt = Date.now();
    if (state === 'offline') server.startedAt = 0;
    for (const listener of this.#listeners.get(server.uuid) ?? []) listener.status(state);
  }

  #later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
  }

  power(server: FakeServer, signal: 'start' | 'stop' | 'restart' | 'kill'): void {
    server.powerSignals.push(signal);
    const start = () => {
      if (server.state !== 'offline') return;
      this.#setState(server, 'starting');
      this.line(server, '[Fake] Starting the game server...');
      this.#later(this.timings.startMs, () => {
        if (server.state !== 'starting') return;
        this.line(server, `[Fake] Done (${(this.timings.startMs / 1000).toFixed(3)}s)! For help, type "help"`);
        this.#setState(server, 'running');
      });
    };
    const stop = (then?: () => void) => {
      if (server.state === 'offline' || server.state === 'stopping') return then?.();
      this.#setState(server, 'stopping');
      this.line(server, '[Fake] Stopping the server');
      this.#later(this.timings.stopMs, () => {
        this.line(server, '[Fake] Server stopped');
        this.#setState(server, 'offline');
        then?.();
      });
    };
    if (signal === 'start') start();
    else if (signal === 'stop') stop();
    else if (signal === 'restart') stop(start);
    else {
      this.line(server, '[Fake] Server killed');
      this.#setState(server, 'offline');
    }
  }

  /** Starts a backup as Wings does: it completes (or fails) a little later, holding the files as they were then. */
  startBackup(server: FakeServer, name: string, locked: boolean): FakeBackup {
    server.backupStarts.push(Date.now());
    const backup: FakeBackup = {
      uuid: randomUUID(),
      name,
      is_successful: false,
      is_locked: locked,
      ignored_files: [],
      checksum: null,
      bytes: 0,
      created_at: new Date().toISOString(),
      completed_at: null,
      snapshot: undefined,
      archive: undefined,
    };
    server.backups.push(backup);
    const fails = server.nextBackupFails;
    server.nextBackupFails = false;
    const snapshot = server.files.snapshot();
    this.#later(this.timings.backupMs ?? 50, () => {
      backup.completed_at = new Date().toISOString();
      if (fails) return;
      const archive = gzipSync(JSON.stringify([...snapshot].map(([p, node]) => [p, node.type, node.content.toString('base64')])));
      Object.assign(backup, {
        is_successful: true,
        snapshot,
        archive,
        bytes: archive.length,
        checksum: `sha1:${createHash('sha1').update(archive).digest('hex')}`,
      });
    });
    return backup;
  }

  /** Wings' restore: the server stops, its files are replaced, and the panel's status returns to null (even on failure). */
  restoreBackup(server: FakeServer, backup: FakeBackup, truncate: boolean): void {
    server.status = 'restoring_backup';
    server.restores.push({ uuid: backup.uuid, truncate });
    if (server.state !== 'offline') {
      this.line(server, '[Fake] Server stopped for a backup restore');
      this.#setState(server, 'offline');
    }
    this.#later(this.timings.restoreMs ?? 50, () => {
      if (backup.snapshot) server.files.restore(backup.snapshot, truncate);
      server.status = null;
    });
  }

  /** A command typed into the console: the fake game answers with one line. */
  command(server: FakeServer, command: string): void {
    server.commands.push(command);
    if (server.state === 'offline') return;
    this.line(server, `[Fake] Command received: ${command}`);
  }

  stats(server: FakeServer): string {
    const on = server.state !== 'offline';
    return JSON.stringify({
      memory_bytes: on ? server.resources.memory_bytes : 0,
      // Wings reports the container limit, which includes its overhead.
      memory_limit_bytes: Math.round(server.limits.memory * 1024 * 1024 * 1.05),
      cpu_absolute: on ? server.resources.cpu_absolute : 0,
      network: { rx_bytes: on ? 1024 : 0, tx_bytes: on ? 2048 : 0 },
      uptime: on ? Date.now() - server.startedAt : 0,
      state: server.state,
      disk_bytes: server.resources.disk_bytes,
    });
  }

  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
