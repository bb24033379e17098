import type { CgroupSystem } from './cgroups/cgroup.ts';
import type { ServerFolder } from './server-folder.ts';

/** What a LocalServer (local-server.ts) is given besides its entry in the servers file. */
export interface LocalServerOptions {
  /** The server's folder and the account it runs as. */
  folder: ServerFolder;
  /** How often CPU and memory of a running server are sampled (and pushed to console viewers). */
  statsIntervalMs: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Bytes of the server's backups, counted with its folder against limits.disk. */
  backupBytes?: () => Promise<number>;
  /** How long a running server over its disk has to get back under it before it is stopped. Default 5 minutes. */
  diskGraceMs?: number;
  /** The machine's cgroups (cgroups/detect.ts): each run gets one, which enforces its limits. */
  cgroups?: CgroupSystem | undefined;
}
