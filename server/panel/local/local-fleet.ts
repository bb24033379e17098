import type { CgroupSystem } from './cgroups/cgroup.ts';
import { DiskQuota } from './disk-quota.ts';
import type { Install } from './install.ts';
import { LocalBackups } from './local-backups.ts';
import type { LocalDriverOptions } from './local-driver.ts';
import { LocalFiles } from './local-files.ts';
import { LocalServer } from './local-server.ts';
import { ServerFolder } from './server-folder.ts';
import { defaultBackupLimit, defaultBackupsDir, type LocalServerConfig } from './servers-file.ts';

/** Every declared server's parts, by server id: the local driver's shared state. */
export interface LocalFleet {
  folders: Map<string, ServerFolder>;
  servers: Map<string, LocalServer>;
  backups: Map<string, LocalBackups>;
  files: Map<string, LocalFiles>;
}

/**
 * Run as root, each server runs as its own user in its own folder: two servers sharing either
 * would be refused here, at start.
 */
export function checkSeparateAccounts(servers: readonly LocalServerConfig[]): void {
  // Each server's folder is given to its own account: two servers cannot share one.
  const byFolder = new Map<string, string>();
  const byUser = new Map<string, string>();
  for (const server of servers) {
    const other = byFolder.get(server.cwd);
    if (other) throw new Error(`local game servers ${other} and ${server.id} share the folder ${server.cwd}: each needs its own, as each runs as its own user`);
    byFolder.set(server.cwd, server.id);
    // Stop ends every process of a server's user: two servers of one user would end each other.
    const sharing = server.runAs === undefined ? undefined : byUser.get(server.runAs);
    if (sharing)
      throw new Error(`local game servers ${sharing} and ${server.id} both run as ${server.runAs}: each needs its own user, as Stop ends every process of it`);
    if (server.runAs !== undefined) byUser.set(server.runAs, server.id);
  }
}

/** Builds each server's folder, process, backups, disk quota and files, wired to each other. */
export function createLocalFleet(options: LocalDriverOptions, install: Install | undefined, cgroups: CgroupSystem | undefined): LocalFleet {
  const statsIntervalMs = options.statsIntervalMs ?? 2000;
  const folders = new Map(options.servers.map((config) => [config.id, new ServerFolder(config, install)]));
  const servers = new Map(
    options.servers.map((config) => [
      config.id,
      new LocalServer(config, {
        folder: folders.get(config.id)!,
        statsIntervalMs,
        log: options.log,
        backupBytes: () => backups.get(config.id)!.storedBytes(),
        diskGraceMs: options.diskGraceMs,
        cgroups,
      }),
    ]),
  );
  const quotas = new Map<string, DiskQuota>();
  const backups = new Map(
    options.servers.map((config) => [
      config.id,
      new LocalBackups({
        folder: folders.get(config.id)!,
        dir: config.backupsDir ?? defaultBackupsDir(config.cwd, config.id),
        limit: config.backupLimit ?? defaultBackupLimit,
        serverId: config.id,
        log: options.log,
        sink: options.backupSink,
        checkDisk: (adding) => quotas.get(config.id)!.checkBackup(adding, 'name'),
        checkRestore: (bytes) => quotas.get(config.id)!.checkReplacing(bytes, 'id'),
        now: options.now,
      }),
    ]),
  );
  for (const config of options.servers) {
    quotas.set(config.id, new DiskQuota(folders.get(config.id)!, config.limits.disk, () => backups.get(config.id)!.storedBytes()));
  }
  const files = new Map(options.servers.map((config) => [config.id, new LocalFiles(folders.get(config.id)!, quotas.get(config.id))]));
  // A restore cut short by a stop is put right before anything touches the server's folder.
  for (const [id, folder] of folders) folder.holdUntil(backups.get(id)!.list());
  return { folders, servers, backups, files };
}
