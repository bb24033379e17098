import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleEvent, PowerSignal, PowerState, ServerDetails, ServerResources } from '../driver.ts';
import { consoleHistoryLines, LineBuffer } from '../line-buffer.ts';
import { LineSplitter, plainText } from './console-text.ts';
import type { CgroupSystem } from './cgroups/cgroup.ts';
import { heldStartAbandoned } from './cgroups/held-start.ts';
import { ServerConfinement } from './confinement.ts';
import { folderUsage } from './disk-usage.ts';
import { cpuPercent, type UsageSample } from './proc-stats.ts';
import { gameServerPath, reachableNode } from './reachable.ts';
import type { RunAs } from './run-as.ts';
import type { ServerFolder } from './server-folder.ts';
import type { LocalServerConfig } from './servers-file.ts';

const mib = 1024 * 1024;
/** Exit codes of a clean stop: 0, and 143 (128 + SIGTERM). */
const cleanExitCodes = new Set([0, 143]);
/** Between SIGTERM and SIGKILL, at most. */
const termGraceMs = 10_000;

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

/** How long a running server over its disk limit is given before it is stopped (README, Security). */
export const defaultDiskGraceMs = 5 * 60_000;

type Listener = (event: ConsoleEvent) => void;

/**
 * One game server run as a real child process (its own process group, so signals reach its
 * children too): offline → starting → running (readyPattern seen) → stopping → offline.
 */
export class LocalServer {
  readonly config: LocalServerConfig;
  private readonly options: LocalServerOptions;
  private state: PowerState = 'offline';
  private child: ChildProcess | undefined;
  private startedAt = 0;
  private readonly history = new LineBuffer(consoleHistoryLines);
  private readonly listeners = new Set<Listener>();
  private escalation: NodeJS.Timeout[] = [];
  private sampler: NodeJS.Timeout | undefined;
  private lastSample: UsageSample | undefined;
  private cpu = 0;
  private memoryBytes = 0;
  private diskBytes = 0;
  /** Set by stop and kill: the coming exit was asked for. */
  private exitExpected = false;
  /** The kernel ended a process of this run for its memory (the whole server is then ended). */
  private outOfMemory = false;
  /** The run could not be put in its cgroup: the program never ran. */
  private placementFailure: string | undefined;
  private killed = false;
  /** Start again once the process has exited (restart, or Start pressed while stopping). */
  private startAfterExit = false;
  private exitWaiters: Array<() => void> = [];
  /** Bumped at every start, so a start that waited on its account knows when it was overtaken. */
  private generation = 0;
  /** Set while the server's files are being replaced (a backup restore): power is refused meanwhile. */
  private administrativeStatus: string | null = null;

  private readonly confinement: ServerConfinement;

  constructor(config: LocalServerConfig, options: LocalServerOptions) {
    this.config = config;
    this.options = options;
    this.confinement = new ServerConfinement(options.cgroups, config);
  }

  get powerState(): PowerState {
    return this.state;
  }

  details(): ServerDetails {
    const { id, name, description, limits } = this.config;
    return { id, name, description, status: this.administrativeStatus, limits: { ...limits }, state: this.state };
  }

  /** The figures once the sample under way (the one taken when the server became running) is in. */
  async freshResources(): Promise<ServerResources> {
    await this.sampling;
    return this.resources();
  }

  resources(): ServerResources {
    const { limits } = this.config;
    const alive = this.state !== 'offline';
    return {
      state: this.state,
      cpu: { current: alive ? this.cpu : 0, limit: limits.cpu },
      memory: { current: alive ? this.memoryBytes : 0, limit: limits.memory * mib },
      disk: { current: this.diskBytes, limit: limits.disk * mib },
      uptime: alive ? Date.now() - this.startedAt : 0,
    };
  }

  recentLines(): string[] {
    return this.history.toArray();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The engine's status, as Pterodactyl's `status`: 'restoring_backup' while a restore runs, else null. */
  get status(): string | null {
    return this.administrativeStatus;
  }

  /**
   * Marks the server as busy (a restore): power actions answer 409 until `release`. Stops the
   * process gracefully first and resolves to whether it was running, so it can be started again.
   */
  async holdStopped(status: string, timeoutMs: number): Promise<boolean> {
    this.administrativeStatus = status;
    const wasRunning = this.state !== 'offline';
    await this.shutdown(timeoutMs);
    return wasRunning;
  }

  release(): void {
    this.administrativeStatus = null;
  }

  /** A line from the panel itself in the console (what a restore or backup is doing). */
  announce(message: string): void {
    this.system(message);
  }

  async power(signal: PowerSignal): Promise<void> {
    if (this.administrativeStatus === 'restoring_backup' && signal !== 'kill') {
      throw new HttpError(409, 'server_restoring', 'This server is being restored from a backup. Try again in a few minutes.');
    }
    switch (signal) {
      case 'start':
        return this.start();
      case 'stop':
        // Stop pressed during a restart means stop: the pending start is dropped.
        this.startAfterExit = false;
        return this.stop();
      case 'restart':
        if (this.state === 'offline') return this.start();
        this.startAfterExit = true;
        return this.stop();
      case 'kill':
        return this.kill();
    }
  }

  sendCommand(command: string): void {
    const stdin = this.child?.stdin;
    if (this.state === 'offline' || !stdin || stdin.destroyed || !stdin.writable) {
      throw new HttpError(502, 'server_offline', 'The server must be online to receive commands.');
    }
    stdin.write(`${command}\n`);
  }

  /** Recomputes the disk usage of the working directory, as root by descriptor (disk-usage.ts; called in the background). */
  async measureDisk(): Promise<void> {
    // Readings run side by side and may end out of order: one started earlier never overwrites a later one.
    const started = ++this.readingsStarted;
    const measuring = folderUsage(this.options.folder, 'blocks', this.measurements.signal);
    this.measuring.add(measuring);
    try {
      const bytes = await measuring;
      if (started < this.readingShown) return;
      this.readingShown = started;
      this.diskBytes = bytes;
    } finally {
      this.measuring.delete(measuring);
    }
    await this.enforceDiskLimit();
  }

  private diskTimer: NodeJS.Timeout | undefined;

  /**
   * A running server whose folder and backups have grown past limits.disk by itself is told in
   * its console and stopped if it is still over after the grace period (diskGraceMs).
   */
  private async enforceDiskLimit(): Promise<void> {
    const limitMiB = this.config.limits.disk;
    if (limitMiB <= 0) return;
    const used = this.diskBytes + ((await this.options.backupBytes?.()) ?? 0);
    const over = used > limitMiB * mib && this.state !== 'offline' && this.state !== 'stopping';
    if (!over) {
      if (this.diskTimer && this.state !== 'offline' && this.state !== 'stopping') this.system('Back under the disk limit: the server keeps running.');
      clearTimeout(this.diskTimer);
      this.diskTimer = undefined;
      return;
    }
    if (this.diskTimer) return;
    const graceMs = this.options.diskGraceMs ?? defaultDiskGraceMs;
    this.system(
      `Disk limit exceeded: files and backups use ${Math.round(used / mib)} MiB, the limit is ${limitMiB} MiB. Delete files or backups within ${Math.round(graceMs / 1000)} s or the server is stopped.`,
    );
    this.options.log.warn({ server: this.config.id, used, limitMiB }, 'local game server over its disk limit');
    this.diskTimer = setTimeout(() => {
      const started = ++this.readingsStarted;
      void folderUsage(this.options.folder, 'blocks', this.measurements.signal)
        .then(async (bytes) => {
          this.diskTimer = undefined;
          if (started >= this.readingShown) {
            this.readingShown = started;
            this.diskBytes = bytes;
          }
          const now = bytes + ((await this.options.backupBytes?.()) ?? 0);
          if (now <= limitMiB * mib || this.state === 'offline') return;
          this.system(`Still over the disk limit (${Math.round(now / mib)} MiB of ${limitMiB} MiB): stopping the server.`);
          this.startAfterExit = false;
          this.stop();
        })
        .catch((error: unknown) => this.options.log.warn({ err: error, server: this.config.id }, 'disk check failed'));
    }, graceMs);
    this.diskTimer.unref();
  }

  /** Disk readings under way, ended by close. */
  private readonly measurements = new AbortController();
  private readonly measuring = new Set<Promise<number>>();
  private readingsStarted = 0;
  private readingShown = 0;

  /** Once shut down (the driver is closing): ends disk readings under way, removes a cgroup that a start called off left behind. */
  async close(): Promise<void> {
    this.measurements.abort();
    await Promise.allSettled([...this.measuring]);
    if (this.state === 'offline') await this.confinement.close();
  }

  /** Stops the process gracefully and waits for it (used when the app shuts down). */
  async shutdown(timeoutMs: number): Promise<void> {
    this.startAfterExit = false;
    if (this.state === 'offline') return;
    const exited = this.waitForExit();
    this.stop(Math.min(timeoutMs, this.config.stopTimeoutSeconds * 1000));
    await exited;
  }

  private async start(): Promise<void> {
    if (this.state === 'starting' || this.state === 'running') return;
    if (this.state === 'stopping') {
      this.startAfterExit = true;
      return;
    }
    const { command, args, cwd, env } = this.config;
    this.exitExpected = false;
    this.killed = false;
    this.outOfMemory = false;
    this.placementFailure = undefined;
    this.lastSample = undefined;
    this.cpu = 0;
    this.memoryBytes = 0;
    this.setState('starting');
    this.system('Server marked as starting...');
    const generation = ++this.generation;
    // Run as root, the app gives each game server its own account (README, Security): it cannot
    // read the session secret, the database or this process's environment. Its folder is made
    // ready without walking it as root (run-as.ts).
    let account: RunAs | undefined;
    try {
      account = await this.options.folder.ready();
      await this.confinement.begin(account);
    } catch (error) {
      this.system(`Could not start: ${(error as Error).message}`);
      this.setState('offline');
      return;
    }
    // Stopped, killed or started again while the account was being prepared.
    if (this.generation !== generation || (this.state as PowerState) !== 'starting') return;
    let child: ChildProcess;
    try {
      // `node` is this app's Node, or its mirror when the server's user cannot reach it (reachable.ts);
      // any other command was made absolute when the servers file was read (servers-file.ts).
      const node = account ? reachableNode() : process.execPath;
      const resolved = command === 'node' ? node : command;
      // With a cgroup, the program is held until it is placed in it (cgroups/held-start.ts).
      const { program, args: argv, stdio } = this.confinement.command(resolved, args);
      child = spawn(program, argv, {
        cwd,
        // Only what a program needs, plus the declared variables: never this app's secrets, nor
        // its PATH (docs/decisions.md 64).
        env: {
          PATH: gameServerPath(node),
          HOME: account ? cwd : (process.env.HOME ?? cwd),
          LANG: process.env.LANG ?? 'C.UTF-8',
          ...(account ? { USER: account.user, LOGNAME: account.user } : {}),
          ...env,
        },
        stdio: [...stdio],
        detached: true,
        ...(account ? { uid: account.uid, gid: account.gid } : {}),
      });
    } catch (error) {
      this.system(`Could not start: ${(error as Error).message}`);
      this.setState('offline');
      return;
    }
    this.child = child;
    this.startedAt = Date.now();
    this.confinement.started(child).catch((error: unknown) => {
      this.placementFailure = `the server could not be placed in its cgroup (${(error as Error).message})`;
      this.options.log.warn({ err: error, server: this.config.id }, 'could not place the game server in its cgroup');
    });
    this.options.log.info({ server: this.config.id, pid: child.pid, user: account?.user }, 'local game server started');

    const out = new LineSplitter();
    const err = new LineSplitter();
    const outDecoder = new StringDecoder('utf8');
    const errDecoder = new StringDecoder('utf8');
    child.stdout!.on('data', (chunk: Buffer) => this.output(out.feed(outDecoder.write(chunk))));
    child.stderr!.on('data', (chunk: Buffer) => this.output(err.feed(errDecoder.write(chunk))));
    // A process that exits while we write to it: the exit handler reports that, not EPIPE.
    child.stdin!.on('error', () => {});

    let finished = false;
    const finish = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (finished) return;
      finished = true;
      this.output([...out.flush(), ...err.flush()]);
      this.exited(child, code, signal, error);
    };
    child.once('error', (error) => finish(null, null, error));
    // 'close' comes after the output streams have ended, so every last line is in the console.
    child.once('close', (code, signal) => finish(code, signal));

    this.sampler = setInterval(() => void this.sample(), this.options.statsIntervalMs);
    this.sampler.unref();
    void this.sample();
  }

  private stop(graceMs = this.config.stopTimeoutSeconds * 1000): void {
    const child = this.child;
    if (this.state === 'starting' && !child) {
      this.abandonStart();
      return;
    }
    if (this.state === 'offline' || !child) return;
    if (this.state === 'stopping') return;
    this.exitExpected = true;
    this.setState('stopping');
    this.system('Server marked as stopping...');
    if (child.stdin?.writable) child.stdin.write(`${this.config.stopCommand}\n`);
    this.escalation.push(
      setTimeout(() => {
        this.system(`Still running after ${Math.round(graceMs / 1000)} s: sending SIGTERM.`);
        this.signalGroup(child, 'SIGTERM');
        this.escalation.push(
          setTimeout(
            () => {
              this.system('Still running: sending SIGKILL.');
              this.signalGroup(child, 'SIGKILL');
            },
            Math.min(termGraceMs, graceMs),
          ),
        );
      }, graceMs),
    );
  }

  /** A start still preparing its account is called off: nothing was spawned yet. */
  private abandonStart(): void {
    this.generation += 1;
    this.startAfterExit = false;
    this.system('Server stopped before it started.');
    this.setState('offline');
    const waiters = this.exitWaiters;
    this.exitWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private kill(): void {
    // Its file workers run as its user too: they go with it, whatever its state (docs/decisions.md 66).
    this.options.folder.endWorkers();
    const child = this.child;
    if (this.state === 'starting' && !child) {
      this.abandonStart();
      return;
    }
    if (this.state === 'offline' || !child) return;
    this.exitExpected = true;
    this.killed = true;
    this.startAfterExit = false;
    this.signalGroup(child, 'SIGKILL');
  }

  /** Every process of the server (confinement.ts), not only its process group: one that left it with setsid too. */
  private signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
    const alive = child.exitCode === null && child.signalCode === null;
    void this.confinement
      .signal(alive ? child.pid : undefined, signal)
      .catch((error: unknown) => this.options.log.warn({ err: error, server: this.config.id }, 'could not signal the server'));
  }

  private exited(child: ChildProcess, code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    if (this.child !== child) return;
    for (const timer of this.escalation) clearTimeout(timer);
    this.escalation = [];
    clearInterval(this.sampler);
    this.sampler = undefined;
    this.child = undefined;
    // Leftovers (a process that left the group with setsid, a daemon) must not outlive the server:
    // it is offline, and may start again, once they are gone (and its cgroup with them).
    // Stop and Kill end its file workers with it (docs/decisions.md 66); a crash leaves a backup being made.
    if (this.exitExpected) this.options.folder.endWorkers();
    void this.confinement
      .oomKilled()
      .then((oom) => {
        this.outOfMemory ||= oom;
        return this.confinement.end();
      })
      .catch((failure: unknown) => this.options.log.warn({ err: failure, server: this.config.id }, 'could not end what the server left running'))
      .then(() => this.offline(code, signal, error));
  }

  private offline(code: number | null, signal: NodeJS.Signals | null, error?: Error): void {
    const exitCode = code ?? (signal ? 128 + (signalNumbers[signal] ?? 0) : null);
    if (error) {
      this.system(`Could not start: ${error.message}`);
    } else if (this.placementFailure && exitCode === heldStartAbandoned) {
      this.system(`Could not start: ${this.placementFailure}.`);
    } else if (this.outOfMemory) {
      this.system(`Memory limit reached (${this.config.limits.memory} MiB): the kernel stopped the server.`);
      this.options.log.warn({ server: this.config.id, limitMiB: this.config.limits.memory }, 'local game server stopped by the kernel at its memory limit');
    } else if (this.killed) {
      this.system('Server killed.');
    } else if (exitCode !== null && cleanExitCodes.has(exitCode)) {
      this.system(`Server stopped (exit code ${exitCode}).`);
    } else if (this.exitExpected && signal === 'SIGKILL') {
      this.system('Server stopped by SIGKILL.');
    } else {
      this.system(`Server crashed: exit code ${exitCode ?? 'unknown'}${signal ? ` (${signal})` : ''}.`);
      this.options.log.warn({ server: this.config.id, code, signal }, 'local game server crashed');
    }
    this.cpu = 0;
    this.memoryBytes = 0;
    this.setState('offline');
    this.emit({ type: 'stats', stats: this.resources() });
    void this.measureDisk().catch(() => {});
    const waiters = this.exitWaiters;
    this.exitWaiters = [];
    for (const resolve of waiters) resolve();
    if (this.startAfterExit) {
      this.startAfterExit = false;
      void this.start();
    }
  }

  private waitForExit(): Promise<void> {
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  private output(lines: string[], fromProcess = true): void {
    for (const line of lines) {
      this.history.push(line);
      this.emit({ type: 'line', text: line });
      if (fromProcess && this.state === 'starting' && this.config.readyPattern.test(plainText(line))) {
        this.setState('running');
        void this.sample();
        // A new server writes its world while starting: show that without waiting for the next round.
        void this.measureDisk().catch(() => {});
      }
    }
  }

  /** A line from the panel itself, as Pterodactyl's daemon writes them. */
  private system(message: string): void {
    this.output([`\x1b[33m[Hostfront]\x1b[0m ${message}`], false);
  }

  private setState(state: PowerState): void {
    if (this.state === state) return;
    this.state = state;
    this.emit({ type: 'state', state });
  }

  private emit(event: ConsoleEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.log.warn({ err: error }, 'console listener failed');
      }
    }
  }

  /**
   * The memory limit. With a cgroup the kernel enforces it: a process it ended for memory ends the
   * whole server, which says why. Without one, this process enforces it on every sample
   * (statsIntervalMs), so a fast burst can exceed it for up to one interval (README, Security).
   */
  private async enforceMemoryLimit(): Promise<void> {
    if (this.killed || !this.child) return;
    if (this.confinement.kernelEnforced) {
      if (!(await this.confinement.oomKilled()) || this.killed || !this.child) return;
      this.outOfMemory = true;
      this.kill();
      return;
    }
    const limitMiB = this.config.limits.memory;
    if (limitMiB <= 0 || this.memoryBytes <= limitMiB * mib) return;
    this.system(`Memory limit exceeded: ${Math.round(this.memoryBytes / mib)} MiB in use, the limit is ${limitMiB} MiB. Killing the server.`);
    this.options.log.warn({ server: this.config.id, memoryBytes: this.memoryBytes, limitMiB }, 'local game server over its memory limit: killed');
    this.kill();
  }

  /** The sample being taken, if any. */
  private sampling: Promise<void> | undefined;

  private sample(): Promise<void> {
    const work = this.takeSample().finally(() => {
      if (this.sampling === work) this.sampling = undefined;
    });
    this.sampling = work;
    return work;
  }

  private async takeSample(): Promise<void> {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    let current: UsageSample;
    try {
      current = await this.confinement.sample(pid);
    } catch {
      return; // the cgroup went with the server meanwhile
    }
    if (this.child?.pid !== pid) return;
    if (this.lastSample) this.cpu = cpuPercent(this.lastSample, current);
    this.lastSample = current;
    this.memoryBytes = current.memoryBytes;
    await this.enforceMemoryLimit();
    if (this.listeners.size > 0) this.emit({ type: 'stats', stats: this.resources() });
  }
}

const signalNumbers: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGABRT: 6, SIGKILL: 9, SIGSEGV: 11, SIGTERM: 15 };
