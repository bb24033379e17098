// The folder worker: file-system actions on a game server's folder, run with that server's
// user's rights (docs/decisions.md 41). Started by folder-worker-client.ts as root, it loads
// its code first, tar included for an archive (the app's checkout may be closed to the server's
// user), then gives up root for the server's uid and gid before it touches anything, so the
// kernel confines every path it follows. The first IPC message says who to become and either one action (its streams over
// stdin and stdout) or that the worker stays and answers numbered actions without streams.
import { Writable } from 'node:stream';
import { HttpError } from '../../lib/http-error.ts';
import { loadTar } from '../../lib/lazy-imports.ts';
import { type FolderRequest, runFolderOp } from './folder-ops.ts';

/** The first message: who to become, and the one action to run (none: stay for numbered ones). */
export interface WorkerStart {
  uid: number;
  gid: number;
  action?: FolderRequest;
}

export interface WorkerError {
  message: string;
  code?: string;
  statusCode?: number;
  fields?: Record<string, string>;
}

/**
 * What the parent gets back: a beat (alive, and the bytes its streams moved so far), the input may
 * flow, an early answer before the output stream, the answer, or the error.
 */
export type WorkerMessage =
  | { type: 'beat'; moved: number }
  | { type: 'input' }
  | { type: 'meta'; value: unknown }
  | { type: 'done'; value: unknown; id?: number }
  | { type: 'error'; error: WorkerError; id?: number };

function send(message: WorkerMessage): Promise<void> {
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

/** How often a worker says it is alive: the parent ends one that falls silent (docs/decisions.md 65). */
export const beatMs = 1000;

/** The streams an action has taken up: only those are read for its progress (an untouched one is never opened). */
const used = { input: false, output: false };

/** Bytes through stdin and stdout so far (a stream action's progress; pipes are sockets). */
function moved(): number {
  const out = used.output ? (process.stdout as unknown as { bytesWritten?: number }).bytesWritten : 0;
  const into = used.input ? (process.stdin as unknown as { bytesRead?: number }).bytesRead : 0;
  return (out ?? 0) + (into ?? 0);
}

/**
 * Beats from now until the parent disconnects: once it runs as the server's user, the customer
 * can stop it (SIGSTOP), and a stopped worker is a silent one.
 */
function beat(): void {
  const send = () => {
    if (process.connected) process.send!({ type: 'beat', moved: moved() } satisfies WorkerMessage, undefined, {}, () => {});
  };
  send();
  const timer = setInterval(send, beatMs);
  timer.unref();
  process.once('disconnect', () => clearInterval(timer));
}

function dropTo(uid: number, gid: number): void {
  if (uid === 0 || gid === 0) throw new Error('the folder worker never runs as root');
  process.setgroups!([gid]);
  process.setgid!(gid);
  process.setuid!(uid);
  if (process.getuid!() !== uid || process.geteuid!() !== uid || process.getegid!() !== gid) throw new Error('could not give up root');
}

function describeError(error: unknown): WorkerError {
  if (error instanceof HttpError)
    return { message: error.message, code: error.code, statusCode: error.statusCode, ...(error.fields ? { fields: error.fields } : {}) };
  const e = error as Error & { code?: unknown };
  return { message: e?.message ?? String(error), ...(typeof e?.code === 'string' ? { code: e.code } : {}) };
}

/** Numbered actions, one answer each, until the parent disconnects. */
function stay(): void {
  const nowhere = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
  process.on('message', async ({ id, action }: { id: number; action: FolderRequest }) => {
    try {
      const value = await runFolderOp(action, {
        input: () => {
          throw new Error(`${action.op} needs a stream: it runs in a worker of its own`);
        },
        output: nowhere(),
        meta: () => {},
      });
      await send({ type: 'done', id, value: value ?? null });
    } catch (error) {
      await send({ type: 'error', id, error: describeError(error) });
    }
  });
}

process.once('message', async (start: WorkerStart) => {
  try {
    // tar is loaded on an instance's first archive (lazy-imports.ts): here, while still root, or
    // a checkout closed to the server's user (a clone under /root) could not be read for it.
    if (start.action?.op === 'pack' || start.action?.op === 'extract') await loadTar();
    dropTo(start.uid, start.gid);
    beat();
  } catch (error) {
    await send({ type: 'error', error: describeError(error) });
    process.disconnect();
    return;
  }
  if (!start.action) return stay();
  try {
    const value = await runFolderOp(start.action, {
      input: () => {
        used.input = true;
        void send({ type: 'input' });
        return process.stdin;
      },
      get output() {
        used.output = true;
        return process.stdout;
      },
      meta: (meta) => void send({ type: 'meta', value: meta }),
    });
    await send({ type: 'done', value: value ?? null });
  } catch (error) {
    await send({ type: 'error', error: describeError(error) });
  }
  process.disconnect();
});
