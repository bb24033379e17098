import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.ts';
import { type FolderRequest, runFolderOp } from './folder-ops.ts';
import type { WorkerError, WorkerMessage, WorkerStart } from './folder-worker.ts';
import type { RunAs } from './run-as.ts';
import { type Miss, missError, WorkerWatch, workerGone } from './worker-deadlines.ts';

const workerFile = path.join(import.meta.dirname, 'folder-worker.ts');

/**
 * Workers running now. They run as a server's user, but the scan that ends that user's processes
 * (server-processes.ts) leaves them: its server's folder ends them itself, on Kill and Stop
 * (ServerFolder.endWorkers, docs/decisions.md 66).
 */
export const activeWorkers = new Set<number>();

/** The workers with a stream of one server's folder, so Kill and Stop can end them (docs/decisions.md 66). */
export class WorkerGroup {
  readonly #ends = new Set<(error: Error) => void>();

  add(end: (error: Error) => void): () => void {
    this.#ends.add(end);
    return () => this.#ends.delete(end);
  }

  endAll(error: Error): void {
    for (const end of [...this.#ends]) end(error);
  }
}

/** One action under way: its early answer (a download's size), its final answer, and its output stream. */
export interface FolderCall {
  meta: Promise<unknown>;
  done: Promise<unknown>;
  output: Readable;
}

function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => {});
  return { promise, resolve, reject };
}

function rebuild(error: WorkerError): Error {
  if (error.statusCode !== undefined && error.code)
    return new HttpError(error.statusCode, error.code, error.message, error.fields ? { fields: error.fields } : {});
  return Object.assign(new Error(error.message), error.code ? { code: error.code } : {});
}

/** A worker process, started as root with nothing of this app's environment; it gives up root itself (folder-worker.ts). */
function startWorker(start: WorkerStart): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [workerFile], {
    cwd: '/',
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    stdio: ['pipe', start.action ? 'pipe' : 'ignore', 'pipe', 'ipc'],
  });
  if (child.pid !== undefined) {
    const pid = child.pid;
    activeWorkers.add(pid);
    child.once('exit', () => activeWorkers.delete(pid));
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  child.send(start);
  return { child, stderr: () => stderr };
}

/** Without an account (the app is not root) the action runs in this process, with this process's rights. */
function callHere(action: FolderRequest, input: Readable | undefined): FolderCall {
  const meta = deferred<unknown>();
  const output = new PassThrough();
  const done = runFolderOp(action, { input: () => input ?? Readable.from([]), output, meta: meta.resolve }).then(
    (value) => {
      meta.resolve(value);
      if (!output.writableEnded) output.end();
      return value;
    },
    (error: unknown) => {
      meta.reject(error);
      output.destroy(error as Error);
      throw error;
    },
  );
  return { meta: meta.promise, done, output };
}

/**
 * Runs one action on a server's folder in a worker process that gives up root for the server's
 * account (folder-worker.ts): the kernel, not a path check, keeps it inside what that user may
 * reach. The worker's environment holds nothing of this app's. A worker that falls silent, or
 * whose streams stop moving, is killed and the action fails (worker-deadlines.ts); so does one
 * its group ends (Kill and Stop).
 */
function callAs(account: RunAs, action: FolderRequest, input: Readable | undefined, group: WorkerGroup | undefined): FolderCall {
  const meta = deferred<unknown>();
  const done = deferred<unknown>();
  const { child, stderr } = startWorker({ uid: account.uid, gid: account.gid, action });
  let answered = false;
  let streaming = action.op === 'pack';
  let inputError: unknown;
  const fail = (error: unknown) => {
    if (answered) return;
    answered = true;
    watch.stop();
    leave();
    meta.reject(error);
    done.reject(error);
    // A stream already handed out ends with the error; before that, the rejection says it all.
    if (streaming) child.stdout!.destroy(error as Error);
  };
  /** Ends the worker from here (a missed deadline, Kill or Stop): what waited on it fails with `error`. */
  const end = (error: Error) => {
    if (answered) return;
    child.kill('SIGKILL');
    fail(error);
  };
  const watch = new WorkerWatch((miss: Miss) => end(missError(miss)));
  const leave = group?.add(end) ?? (() => {});
  watch.streaming(action.op);
  child.on('message', (message: WorkerMessage) => {
    watch.heard(message.type === 'beat' ? message.moved : undefined);
    if (message.type === 'beat') return;
    if (message.type === 'input') {
      if (input)
        pipeline(input, child.stdin!).catch((error: unknown) => {
          inputError = error;
        });
      else child.stdin!.end();
      return;
    }
    if (message.type === 'meta') {
      streaming = true;
      return meta.resolve(message.value);
    }
    if (message.type === 'done') {
      answered = true;
      watch.stop();
      leave();
      meta.resolve(message.value);
      done.resolve(message.value);
      return;
    }
    fail(inputError instanceof HttpError ? inputError : rebuild(message.error));
  });
  child.on('error', (error) => fail(workerGone(`the folder worker failed: ${error.message}`)));
  child.on('exit', (code, signal) => {
    fail(workerGone(`the folder worker ended without an answer (${signal ?? `exit code ${code}`}): ${stderr().trim().slice(-500)}`));
  });
  child.stdin!.on('error', () => {}); // the worker may be done before it read everything
  if (!input) child.stdin!.end();
  return { meta: meta.promise, done: done.promise, output: child.stdout! };
}

export function callFolder(account: RunAs | undefined, action: FolderRequest, input?: Readable, group?: WorkerGroup): FolderCall {
  return account ? callAs(account, action, input, group) : callHere(action, input);
}

/** An action without streams: its answer. */
export async function inFolder<T>(account: RunAs | undefined, action: FolderRequest, input?: Readable, group?: WorkerGroup): Promise<T> {
  const call = callFolder(account, action, input, group);
  call.output.on('error', () => {}); // the same error rejects `done`
  call.output.resume();
  return (await call.done) as T;
}

/** How long a staying worker waits for its next action before it ends. */
const idleMs = 30_000;

/**
 * One server's worker for the actions without streams (list, read, write, make folder, rename,
 * delete, disk usage): started on the first, kept while actions come, so each costs a message
 * rather than a process. Actions with streams get a worker of their own (callFolder). A worker
 * that misses a deadline (worker-deadlines.ts) is killed, every action waiting on it fails with
 * the reason, and the next action starts a new one.
 */
export class StayingWorker {
  readonly #account: RunAs;
  #worker: { child: ChildProcess; stderr: () => string; watch: WorkerWatch } | undefined;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  #next = 0;
  #idle: NodeJS.Timeout | undefined;

  constructor(account: RunAs) {
    this.#account = account;
  }

  /** The running worker's process id (tests and the benchmark stop it). */
  get pid(): number | undefined {
    return this.#worker?.child.pid;
  }

  #start(): { child: ChildProcess; watch: WorkerWatch } {
    if (this.#worker) return this.#worker;
    const started = startWorker({ uid: this.#account.uid, gid: this.#account.gid });
    const worker = { ...started, watch: new WorkerWatch((miss: Miss) => this.#end(worker, missError(miss))) };
    this.#worker = worker;
    worker.child.stdin!.end();
    worker.child.on('message', (message: WorkerMessage) => {
      worker.watch.heard();
      if (this.#worker !== worker || (message.type !== 'done' && message.type !== 'error')) return;
      if (message.id === undefined) {
        // It could not become the server's user: every action waiting fails with that.
        this.#failAll(rebuild((message as { error: WorkerError }).error));
        return;
      }
      worker.watch.answered(message.id);
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.type === 'done') pending?.resolve(message.value);
      else pending?.reject(rebuild(message.error));
      this.#settle();
    });
    worker.child.on('exit', (code, signal) => {
      worker.watch.stop();
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#failAll(workerGone(`the folder worker ended (${signal ?? `exit code ${code}`}): ${worker.stderr().trim().slice(-500)}`));
    });
    worker.child.on('error', (error) => this.#end(worker, workerGone(`the folder worker failed: ${error.message}`)));
    return worker;
  }

  /** Kills `worker` if it is still the current one; what waited on it fails with `error`. */
  #end(worker: { child: ChildProcess; watch: WorkerWatch }, error: Error): void {
    worker.watch.stop();
    worker.child.kill('SIGKILL');
    if (this.#worker !== worker) return;
    this.#worker = undefined;
    this.#failAll(error);
  }

  #failAll(error: Error): void {
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#settle();
  }

  /** Idle: the worker does not keep the app alive, and ends after a while. */
  #settle(): void {
    if (this.#pending.size > 0 || !this.#worker) return;
    const { child } = this.#worker;
    child.unref();
    child.channel?.unref();
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.close(), idleMs);
    this.#idle.unref();
  }

  request<T>(action: FolderRequest): Promise<T> {
    const { child, watch } = this.#start();
    clearTimeout(this.#idle);
    child.ref();
    child.channel?.ref();
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      watch.expect(id, action.op);
      child.send({ id, action });
    });
  }

  /** Ends the worker now (Kill and Stop of the server): what waited on it fails with `error`. */
  end(error: Error): void {
    if (this.#worker) this.#end(this.#worker, error);
  }

  close(): void {
    clearTimeout(this.#idle);
    this.end(workerGone('the folder worker was closed'));
  }
}
