import path from 'node:path';
import type { Clock } from '../../lib/clock.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleEvent, ConsoleSubscription, GameServerDriver, ServerCredentials, ServerPermissions } from '../driver.ts';
import { playersAt } from '../players.ts';
import type { ArchiveSink } from './backup-archive.ts';
import { type Install, loadOrCreateInstall } from './install.ts';
import type { LocalBackups } from './local-backups.ts';
import { localAuthorizer } from './local-access.ts';
import type { LocalFiles } from './local-files.ts';
import { checkSeparateAccounts, createLocalFleet, type LocalFleet } from './local-fleet.ts';
import type { LocalServer } from './local-server.ts';
import type { LocalServerOptions } from './local-server-options.ts';
import { confinementAtStart } from './cgroups/at-start.ts';
import { canDropPrivileges } from './run-as.ts';
import type { LocalServerConfig } from './servers-file.ts';

export interface LocalDriverOptions {
  servers: LocalServerConfig[];
  /**
   * The install the servers belong to (install.ts): run as root, its id names their users.
   * Default: the install of `./data`, the data folder loadConfig uses (for tests and benchmarks).
   */
  install?: Install;
  log: LocalServerOptions['log'];
  /** CPU and memory sampling of running servers. Default 2 s. */
  statsIntervalMs?: number;
  /** Disk usage of every server's folder, recomputed in the background. Default 60 s. */
  diskIntervalMs?: number;
  /** How long a running server over its disk limit has before it is stopped. Default 5 minutes. */
  diskGraceMs?: number;
  /** How long shutdown waits for each server to stop gracefully. Default 15 s. */
  shutdownTimeoutMs?: number;
  /** Opens backup archives for writing; tests inject a failing stream here. */
  backupSink?: ArchiveSink;
  /** false: servers get no cgroups, as on a machine without usable ones (tests of that case). Default true. */
  cgroups?: boolean;
  /**
   * The site's own key for signed-in customers' servers (docs/decisions.md 80): it opens every
   * server, and the site checks who may use which. Never leaves the process.
   */
  accountKey?: string;
  /** The app's clock (app.clock): backups' dates. Default: the system's. */
  now?: Clock | undefined;
}

/** A local server's key is its owner's: everything is allowed. */
const everything: ServerPermissions = {
  files: { list: true, read: true, write: true, rename: true, delete: true },
  backups: { list: true, create: true, download: true, restore: true, delete: true },
  schedules: { list: true, create: true, update: true, delete: true },
};

const restoring = () => new HttpError(409, 'server_restoring', 'This server is being restored from a backup. Try again in a few minutes.');

export interface LocalDriver extends GameServerDriver {
  /** The servers file's entries (owners and locations for "My servers"). */
  readonly configs: readonly LocalServerConfig[];
  /** The managed servers, for tests and the demo. */
  server(id: string): LocalServer | undefined;
  /** A server's backups, for tests and the benchmark (settled() waits for background work). */
  backups(id: string): LocalBackups | undefined;
}

/**
 * The embedded engine: game servers declared in LOCAL_SERVERS_FILE, run as real child processes
 * of this app. Each has its own access key, stored as a scrypt hash.
 */
export function createLocalDriver(options: LocalDriverOptions): LocalDriver {
  if (canDropPrivileges()) checkSeparateAccounts(options.servers);
  // Only root gives servers accounts of their own, named after the install.
  const install = canDropPrivileges() ? (options.install ?? loadOrCreateInstall(path.resolve('data'))) : undefined;
  const cgroups = confinementAtStart(options.log, options.cgroups ?? true);
  const fleet = createLocalFleet(options, install, cgroups);
  const { folders, servers, backups } = fleet;
  const authorize = localAuthorizer(servers, options.accountKey);

  for (const server of servers.values()) {
    if (!server.config.autostart) continue;
    server.power('start').catch((error: unknown) => options.log.warn({ err: error, server: server.config.id }, 'autostart failed'));
  }

  const measureDisks = () => Promise.all([...servers.values()].map((server) => server.measureDisk().catch(() => {})));
  void measureDisks();
  const diskTimer = setInterval(() => void measureDisks(), options.diskIntervalMs ?? 60_000);
  diskTimer.unref();

  return {
    name: 'local',
    configs: options.servers,
    server: (id) => servers.get(id),
    backups: (id) => backups.get(id),
    async getServer(credentials) {
      return (await authorize(credentials)).details();
    },
    async getResources(credentials) {
      return (await authorize(credentials)).freshResources();
    },
    async power(credentials, signal) {
      await (await authorize(credentials)).power(signal);
    },
    async sendCommand(credentials, command) {
      (await authorize(credentials)).sendCommand(command);
    },
    async console(credentials, onEvent: (event: ConsoleEvent) => void): Promise<ConsoleSubscription> {
      const server = await authorize(credentials);
      for (const text of server.recentLines()) onEvent({ type: 'line', text });
      onEvent({ type: 'state', state: server.powerState });
      onEvent({ type: 'stats', stats: server.resources() });
      const unsubscribe = server.subscribe(onEvent);
      return {
        send: async (command) => server.sendCommand(command),
        close: unsubscribe,
      };
    },
    async consoleLog(credentials) {
      return (await authorize(credentials)).recentLines();
    },
    async getPlayers(credentials) {
      const server = await authorize(credentials);
      const port = server.config.minecraftPort;
      if (port === undefined) return { status: 'not_minecraft' };
      return playersAt('127.0.0.1', port, server.powerState);
    },
    async getPermissions(credentials) {
      await authorize(credentials);
      return structuredClone(everything);
    },
    ...fileMethods(fleet, authorize),
    ...backupMethods(fleet, authorize, options.shutdownTimeoutMs ?? 15_000),
    async close() {
      clearInterval(diskTimer);
      // A restore half done would leave a folder aside: let it finish (the servers are stopped meanwhile).
      await Promise.all([...backups.values()].map((b) => (b.restoring ? b.settled() : undefined)));
      const timeout = options.shutdownTimeoutMs ?? 15_000;
      await Promise.all([...servers.values()].map((server) => server.shutdown(timeout)));
      for (const folder of folders.values()) folder.close();
      await Promise.all([...servers.values()].map((server) => server.close().catch(() => {})));
      await cgroups?.close();
    },
  };
}

type Authorize = (credentials: ServerCredentials) => Promise<LocalServer>;

/** The driver's file methods: each on the server's own folder, within its disk limit. */
function fileMethods(
  { backups, files }: LocalFleet,
  authorize: Authorize,
): Pick<GameServerDriver, 'listFiles' | 'readFile' | 'writeFile' | 'uploadFile' | 'downloadFile' | 'createFolder' | 'renameFile' | 'deleteFile'> {
  /** The server's files, unless a restore is replacing them. */
  async function filesOf(credentials: ServerCredentials): Promise<LocalFiles> {
    const server = await authorize(credentials);
    if (backups.get(server.config.id)!.restoring) throw restoring();
    return files.get(server.config.id)!;
  }

  /** A change to the files: the disk reading follows it, whether the server runs or not. */
  async function changing(credentials: ServerCredentials, change: (files: LocalFiles) => Promise<void>): Promise<void> {
    const server = await authorize(credentials);
    try {
      await change(await filesOf(credentials));
    } finally {
      void server.measureDisk().catch(() => {});
    }
  }

  return {
    listFiles: async (credentials, directory) => (await filesOf(credentials)).list(directory),
    readFile: async (credentials, path) => (await filesOf(credentials)).readText(path),
    writeFile: (credentials, path, content) => changing(credentials, (files) => files.writeText(path, content)),
    uploadFile: (credentials, upload) => changing(credentials, (files) => files.upload(upload)),
    downloadFile: async (credentials, path) => (await filesOf(credentials)).download(path),
    createFolder: (credentials, path) => changing(credentials, (files) => files.createFolder(path)),
    renameFile: async (credentials, from, to) => (await filesOf(credentials)).rename(from, to),
    deleteFile: (credentials, path) => changing(credentials, (files) => files.remove(path)),
  };
}

/** The driver's backup methods; a restore holds the server stopped while it replaces the folder. */
function backupMethods(
  { backups }: LocalFleet,
  authorize: Authorize,
  timeoutMs: number,
): Pick<GameServerDriver, 'listBackups' | 'createBackup' | 'downloadBackup' | 'setBackupLocked' | 'deleteBackup' | 'restoreBackup'> {
  async function backupsOf(credentials: ServerCredentials): Promise<LocalBackups> {
    return backups.get((await authorize(credentials)).config.id)!;
  }

  return {
    listBackups: async (credentials) => (await backupsOf(credentials)).list(),
    createBackup: async (credentials, name) => (await backupsOf(credentials)).create(name),
    downloadBackup: async (credentials, id) => (await backupsOf(credentials)).download(id),
    setBackupLocked: async (credentials, id, locked) => (await backupsOf(credentials)).setLocked(id, locked),
    deleteBackup: async (credentials, id) => (await backupsOf(credentials)).remove(id),
    async restoreBackup(credentials, id) {
      const server = await authorize(credentials);
      await backups.get(server.config.id)!.restore(id, {
        hold: () => server.holdStopped('restoring_backup', timeoutMs),
        release: async (start) => {
          server.release();
          if (start) await server.power('start');
        },
        announce: (message) => server.announce(message),
      });
    },
  };
}
