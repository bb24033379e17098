import type { ChildProcess } from 'node:child_process';
import { HttpError } from '../../lib/http-error.ts';
import type { ConsoleEvent, PowerSignal, PowerState, ServerDetails, ServerResources } from '../driver.ts';
import { consoleHistoryLines, LineBuffer } from '../line-buffer.ts';
import { plainText } from './console-text.ts';
import { ServerConfinement } from './confinement.ts';
import { defaultDiskGraceMs, DiskLimitWatch } from './disk-limit-watch.ts';
import { exitMessage } from './exit-message.ts';
import type { RunAs } from './run-as.ts';
import type { LocalServerOptions } from './local-server-options.ts';
import type { LocalServerConfig } from './servers-file.ts';
import { followOutput, spawnGameServer } from './spawn-server.ts';
import { StopEscalation } from './stop-escalation.ts';
import { UsageSampler } from './usage-sampler.ts';

const mib = 1024 * 1024;

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
  private readonly escalation = new StopEscalation();
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
  private readonly disk: DiskLimitWatch;
  private readonly usage: UsageSampler;

  constructor(config: LocalServerConfig, options: LocalServerOptions) {
    this.config = config;
    this.options = options;
    this.confinement = new ServerConfinement(options.cgroups, config);
    this.usage = new UsageSampler({
      serverId: config.id,
      confinement: this.confinement,
      memoryLimitMiB: () => config.limits.memory,
      pid: () => this.child?.pid,
      alive: () => this.child !== undefined,
      killed: () => this.killed,
      killForMemory: (kernel) => {
        if (kernel) this.outOfMemory = true;
        this.kill();
      },
      say: (message) => this.system(message),
      log: options.log,
      sampled: () => {
        if (this.listeners.size > 0) this.emit({ type: 'stats', stats: this.resources() });
      },
    });
    this.disk = new DiskLimitWatch({
      folder: options.folder,
      serverId: config.id,
      limitMiB: () => config.limits.disk,
      backupBytes: options.backupBytes,
      graceMs: options.diskGraceMs ?? defaultDiskGraceMs,
      log: options.log,
      state: () => this.state,
      say: (message) => this.system(message),
      stop: () => {
        this.startAfterExit = false;
        this.stop();
      },
    });
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
    await this.usage.sampling;
    return this.resources();
  }

  resources(): ServerResources {
    const { limits } = this.config;
    const alive = this.state !== 'offline';
    return {
      state: this.state,
      cpu: { current: alive ? this.usage.cpu : 0, limit: limits.cpu },
      memory: { current: alive ? this.usage.memoryBytes : 0, limit: limits.memory * mib },
      disk: { current: this.disk.bytes, limit: limits.disk * mib },
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

  /** Recomputes the disk usage of the working directory, as root by descriptor (disk-limit-watch.ts; called in the background). */
  measureDisk(): Promise<void> {
    return this.disk.measure();
  }

  /** Once shut down (the driver is closing): ends disk readings under way, removes a cgroup that a start called off left behind. */
  async close(): Promise<void> {
    await this.disk.close();
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
    this.exitExpected = false;
    this.killed = false;
    this.outOfMemory = false;
    this.placementFailure = undefined;
    this.usage.reset();
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
      child = spawnGameServer(this.config, account, this.confinement);
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

    followOutput(
      child,
      (lines) => this.output(lines),
      (code, signal, error) => this.exited(child, code, signal, error),
    );

    this.usage.begin(this.options.statsIntervalMs);
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
    this.escalation.arm(
      graceMs,
      (message) => this.system(message),
      (signal) => this.signalGroup(child, signal),
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
    this.escalation.clear();
    this.usage.end();
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
    const { line, warn } = exitMessage({
      code,
      signal,
      error,
      placementFailure: this.placementFailure,
      outOfMemory: this.outOfMemory,
      memoryLimitMiB: this.config.limits.memory,
      killed: this.killed,
      exitExpected: this.exitExpected,
    });
    this.system(line);
    if (warn === 'memory')
      this.options.log.warn({ server: this.config.id, limitMiB: this.config.limits.memory }, 'local game server stopped by the kernel at its memory limit');
    if (warn === 'crash') this.options.log.warn({ server: this.config.id, code, signal }, 'local game server crashed');
    this.usage.cpu = 0;
    this.usage.memoryBytes = 0;
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
        void this.usage.sample();
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
}
