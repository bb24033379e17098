import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HttpError } from '../../lib/http-error.ts';
import { type FolderRequest, runFolderOp } from './folder-ops.ts';
import type { WorkerError, WorkerMessage, WorkerStart } from './folder-worker.ts';
import type { RunAs } from './run-as.ts';

const workerFile = path.join(import.meta.dirname, 'folder-worker.ts');

/** Workers running now: they run as a server's user, and killing that server must not end them (server-processes.ts). */
export const activeWorkers = new Set<number>();

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
 * reach. The worker's environment holds nothing of this app's.
 */
function callAs(account: RunAs, action: FolderRequest, input: Readable | undefined): FolderCall {
  const meta = deferred<unknown>();
  const done = deferred<unknown>();
  const { child, stderr } = startWorker({ uid: account.uid, gid: account.gid, action });
  let answered = false;
  let streaming = action.op === 'pack';
  let inputError: unknown;
  child.on('message', (message: WorkerMessage) => {
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
    answered = true;
    if (message.type === 'done') {
      meta.resolve(message.value);
      done.resolve(message.value);
      return;
    }
    const error = inputError instanceof HttpError ? inputError : rebuild(message.error);
    meta.reject(error);
    done.reject(error);
    // A stream already handed out ends with the error; before that, the rejection says it all.
    if (streaming) child.stdout!.destroy(error);
  });
  child.on('error', (error) => {
    meta.reject(error);
    done.reject(error);
  });
  child.on('exit', (code, signal) => {
    if (answered) return;
    const error = new Error(`the folder worker ended without an answer (${signal ?? `exit code ${code}`}): ${stderr().trim().slice(-500)}`);
    meta.reject(error);
    done.reject(error);
    if (streaming) child.stdout!.destroy(error);
  });
  child.stdin!.on('error', () => {}); // the worker may be done before it read everything
  if (!input) child.stdin!.end();
  return { meta: meta.promise, done: done.promise, output: child.stdout! };
}

export function callFolder(account: RunAs | undefined, action: FolderRequest, input?: Readable): FolderCall {
  return account ? callAs(account, action, input) : callHere(action, input);
}

/** An action without streams: its answer. */
export async function inFolder<T>(account: RunAs | undefined, action: FolderRequest, input?: Readable): Promise<T> {
  const call = callFolder(account, action, input);
  call.output.on('error', () => {}); // the same error rejects `done`
  call.output.resume();
  return (await call.done) as T;
}

/** How long a staying worker waits for its next action before it ends. */
const idleMs = 30_000;

/**
 * One server's worker for the actions without streams (list, read, write, make folder, rename,
 * delete, disk usage): started on the first, kept while actions come, so each costs a message
 * rather than a process. Actions with streams get a worker of their own (callFolder).
 */
export class StayingWorker {
  readonly #account: RunAs;
  #worker: { child: ChildProcess; stderr: () => string } | undefined;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  #next = 0;
  #idle: NodeJS.Timeout | undefined;

  constructor(account: RunAs) {
    this.#account = account;
  }

  #start(): ChildProcess {
    if (this.#worker) return this.#worker.child;
    const worker = startWorker({ uid: this.#account.uid, gid: this.#account.gid });
    this.#worker = worker;
    worker.child.stdin!.end();
    worker.child.on('message', (message: WorkerMessage) => {
      if (message.type !== 'done' && message.type !== 'error') return;
      if (message.id === undefined) {
        // It could not become the server's user: every action waiting fails with that.
        this.#failAll(rebuild((message as { error: WorkerError }).error));
        return;
      }
      const pending = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.type === 'done') pending?.resolve(message.value);
      else pending?.reject(rebuild(message.error));
      this.#settle();
    });
    worker.child.on('exit', (code, signal) => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#failAll(new Error(`the folder worker ended (${signal ?? `exit code ${code}`}): ${worker.stderr().trim().slice(-500)}`));
    });
    worker.child.on('error', (error) => this.#failAll(error));
    return worker.child;
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
    const child = this.#start();
    clearTimeout(this.#idle);
    child.ref();
    child.channel?.ref();
    const id = ++this.#next;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, action });
    });
  }

  close(): void {
    clearTimeout(this.#idle);
    this.#worker?.child.kill('SIGKILL');
    this.#worker = undefined;
  }
}
