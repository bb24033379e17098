import { performance } from 'node:perf_hooks';
import { HttpError } from '../../lib/http-error.ts';
import type { FolderRequest } from './folder-ops.ts';

/**
 * How long the app waits for a folder worker (docs/decisions.md 65). The worker runs as the
 * customer's user, so the customer can stop it (SIGSTOP); one that misses a deadline is killed
 * (root may), what waited on it fails with a 504, and the next action starts a new worker.
 */
export const workerDeadlines = {
  /** Silence allowed between a working worker's messages: it beats every second (folder-worker.ts). */
  silentMs: 5_000,
  /** From its start to its first beat: Node starting and, for an archive, tar loading, as root (the customer cannot stop it yet). */
  startMs: 30_000,
  /** An action with a stream (upload, download, archive, extract) that moves no byte this long. */
  streamIdleMs: 120_000,
  /** How often a watched worker is looked at. */
  checkMs: 250,
};

type Op = FolderRequest['op'];

/** Actions without a stream, from the request to the answer: quick ones, and the ones that walk a whole tree. */
export const opDeadlineMs: Partial<Record<Op, number>> = {
  list: 30_000,
  read: 30_000,
  write: 30_000,
  mkdir: 30_000,
  rename: 30_000,
  remove: 10 * 60_000,
  empty: 10 * 60_000,
};

const doing: Record<Op, string> = {
  list: 'Listing the folder',
  read: 'Reading the file',
  write: 'Saving the file',
  upload: 'The upload',
  download: 'The download',
  mkdir: 'Making the folder',
  rename: 'Renaming',
  remove: 'Deleting',
  pack: "Archiving the server's files",
  extract: "Restoring the server's files",
  empty: 'Clearing the old files',
};

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** What a missed deadline tells the customer: a 504 that says what happened and that trying again works. */
export type Miss = { kind: 'silent' } | { kind: 'start' } | { kind: 'deadline'; op: Op; ms: number } | { kind: 'idle'; op: Op };

export function missError(miss: Miss): HttpError {
  switch (miss.kind) {
    case 'silent':
    case 'start':
      return new HttpError(
        504,
        'files_timeout',
        `The server's file worker stopped answering (nothing for ${seconds(miss.kind === 'silent' ? workerDeadlines.silentMs : workerDeadlines.startMs)}), so it was ended and a new one starts with the next action. Try again.`,
      );
    case 'deadline':
      return new HttpError(504, 'files_timeout', `${doing[miss.op]} took longer than ${seconds(miss.ms)}, so it was stopped. Try again.`);
    case 'idle':
      return new HttpError(504, 'files_timeout', `${doing[miss.op]} moved no data for ${seconds(workerDeadlines.streamIdleMs)}, so it was stopped. Try again.`);
  }
}

/** Kill or Stop of the server ended its workers (docs/decisions.md 66). */
export const workersEnded = (): HttpError =>
  new HttpError(503, 'files_interrupted', 'The server was stopped or killed, which ended the action on its files. Try again.');

/** The worker ended by itself (or by someone else's signal) before it answered. */
export const workerGone = (detail: string): HttpError =>
  Object.assign(new HttpError(503, 'files_worker_ended', "The server's file worker ended before it answered. Try again."), { cause: new Error(detail) });

/**
 * Watches one worker while it has work: silent too long, no first beat, an action past its
 * deadline, or a stream without progress is a miss, reported once. Real time, not the app's
 * clock: a stopped process does not care what a test says the time is.
 */
export class WorkerWatch {
  readonly #onMiss: (miss: Miss) => void;
  readonly #startedAt = performance.now();
  #heardAt: number | undefined;
  #movedAt = performance.now();
  #moved = 0;
  readonly #deadlines = new Map<number, { op: Op; at: number; ms: number }>();
  #streamOp: Op | undefined;
  #timer: NodeJS.Timeout | undefined;
  #missed = false;

  constructor(onMiss: (miss: Miss) => void) {
    this.#onMiss = onMiss;
  }

  /** Any message from the worker; a beat carries the bytes its streams moved. */
  heard(moved?: number): void {
    const now = performance.now();
    this.#heardAt = now;
    if (moved !== undefined && moved > this.#moved) {
      this.#moved = moved;
      this.#movedAt = now;
    }
  }

  /** An action without a stream was asked (id): it must be answered within its deadline. */
  expect(id: number, op: Op): void {
    // Silence while the worker had nothing to do is no fault: it counts from the first action on.
    if (this.#deadlines.size === 0 && this.#heardAt !== undefined) this.#heardAt = performance.now();
    const ms = opDeadlineMs[op];
    this.#deadlines.set(id, { op, at: ms === undefined ? Number.POSITIVE_INFINITY : performance.now() + ms, ms: ms ?? 0 });
    this.#watch();
  }

  answered(id: number): void {
    this.#deadlines.delete(id);
    if (this.#deadlines.size === 0 && this.#streamOp === undefined) this.stop();
  }

  /** The worker's one action, with streams: watched for silence and for bytes moved until stop(). */
  streaming(op: Op): void {
    this.#streamOp = op;
    this.#movedAt = performance.now();
    this.#watch();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#streamOp = undefined;
  }

  #watch(): void {
    if (this.#timer || this.#missed) return;
    this.#timer = setInterval(() => this.#check(), workerDeadlines.checkMs);
    this.#timer.unref();
  }

  #miss(): Miss | undefined {
    const now = performance.now();
    if (this.#heardAt === undefined) return now - this.#startedAt > workerDeadlines.startMs ? { kind: 'start' } : undefined;
    if (now - this.#heardAt > workerDeadlines.silentMs) return { kind: 'silent' };
    for (const { op, at, ms } of this.#deadlines.values()) if (now > at) return { kind: 'deadline', op, ms };
    if (this.#streamOp && now - this.#movedAt > workerDeadlines.streamIdleMs) return { kind: 'idle', op: this.#streamOp };
    return undefined;
  }

  #check(): void {
    if (!this.#miss()) return;
    // Looked at again after this turn's input: a parent that was itself busy reads the beats waiting for it first.
    setImmediate(() => {
      const miss = this.#miss();
      if (!miss || this.#missed || !this.#timer) return;
      this.#missed = true;
      this.stop();
      this.#onMiss(miss);
    });
  }
}
