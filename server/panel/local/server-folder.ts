import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type FolderCall, StayingWorker, WorkerGroup, callFolder, inFolder } from './folder-worker-client.ts';
import type { FolderRequest } from './folder-ops.ts';
import type { Install } from './install.ts';
import { accountFor, canDropPrivileges, prepareFolder, type RunAs } from './run-as.ts';
import { workersEnded } from './worker-deadlines.ts';

/** Actions as folder-ops.ts takes them, without the folder (this object adds it). */
type Action = FolderRequest extends infer R ? (R extends FolderRequest ? Omit<R, 'root'> : never) : never;

/**
 * One game server's folder and the account that acts on it: run as root, every action on the
 * folder is done by a worker with that account's rights (folder-worker.ts); otherwise in this
 * process, with this app's own rights (README, Security).
 */
export class ServerFolder {
  readonly root: string;
  readonly #server: { id: string; cwd: string; runAs?: string | undefined };
  readonly #install: Install | undefined;
  #account: Promise<RunAs> | undefined;
  #worker: StayingWorker | undefined;
  /** The workers of actions with streams under way. */
  readonly #streams = new WorkerGroup();
  /** Work that must finish before the folder is touched (a restore's swap cut short is put right first). */
  #gate: Promise<unknown> = Promise.resolve();

  /** `install`: the install the server belongs to, whose id is part of its account's name (run-as.ts); given when the app is root. */
  constructor(server: { id: string; cwd: string; runAs?: string | undefined }, install?: Install) {
    this.#server = server;
    this.#install = install;
    this.root = server.cwd;
  }

  /** Nothing touches the folder before `work` has settled. */
  holdUntil(work: Promise<unknown>): void {
    this.#gate = work.catch(() => {});
  }

  /** The account the server and its file actions run as (undefined when the app is not root), its folder made ready. */
  async ready(): Promise<RunAs | undefined> {
    await this.#gate;
    if (!canDropPrivileges()) {
      await fs.mkdir(path.dirname(this.root), { recursive: true });
      await fs.mkdir(this.root, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
      return undefined;
    }
    this.#account ??= accountFor(this.#server, this.#installed()).catch((error: unknown) => {
      this.#account = undefined;
      throw error;
    });
    const account = await this.#account;
    await prepareFolder(this.root, account, this.#installed());
    return account;
  }

  /** The account, when the folder is known to be ready (a restore's swap made it). */
  async account(): Promise<RunAs | undefined> {
    if (!canDropPrivileges()) return undefined;
    this.#account ??= accountFor(this.#server, this.#installed());
    return this.#account;
  }

  #installed(): Install {
    if (!this.#install) throw new Error(`local game server ${this.#server.id}: run as root, a server needs its install`);
    return this.#install;
  }

  /** An action with streams (upload, download, archive, extract), in a worker of its own. */
  async call(action: Action, input?: Readable): Promise<FolderCall> {
    const account = await this.ready();
    return callFolder(account, { ...action, root: this.root } as FolderRequest, input, this.#streams);
  }

  /** An action, with the folder made ready first; without streams, by the server's staying worker. */
  async run<T>(action: Action, input?: Readable): Promise<T> {
    return this.#run<T>(await this.ready(), action, input);
  }

  /** An action on something beside the folder (what a restore left), without making the folder itself. */
  async runAside<T>(action: Action): Promise<T> {
    return this.#run<T>(await this.account(), action);
  }

  #run<T>(account: RunAs | undefined, action: Action, input?: Readable): Promise<T> {
    const request = { ...action, root: this.root } as FolderRequest;
    if (!account || input) return inFolder<T>(account, request, input, this.#streams);
    this.#worker ??= new StayingWorker(account);
    return this.#worker.request<T>(request);
  }

  /**
   * Ends every worker of the folder now (Kill and Stop of its server, docs/decisions.md 66): they
   * run as the server's user, so they go with its processes; what waited on them fails with 503.
   */
  endWorkers(): void {
    const error = workersEnded();
    this.#worker?.end(error);
    this.#streams.endAll(error);
  }

  /** Ends the staying worker (the driver is closing). */
  close(): void {
    this.#worker?.close();
    this.#worker = undefined;
  }
}
