import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CatalogDocument } from '../../contracts/catalog.ts';

export interface CatalogProblem {
  path: string;
  message: string;
}

const workerFile = path.resolve(import.meta.dirname, '../../scripts/catalog-content-worker.ts');

/**
 * The content modules' schemas and data, asked of a worker thread that loads them
 * (scripts/catalog-content-worker.ts): started on first use and stopped after a minute unused,
 * so an instance nobody edits the catalog on carries nothing of it (docs/decisions.md 96).
 */
export class ContentSchemas {
  #worker: Worker | undefined;
  #next = 1;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #idle: NodeJS.Timeout | undefined;
  #defaults: CatalogDocument | undefined;

  /** The content files' data: version 0 of the catalog. */
  async defaults(): Promise<CatalogDocument> {
    this.#defaults ??= (await this.#ask({ kind: 'defaults' })) as CatalogDocument;
    return structuredClone(this.#defaults);
  }

  /** Every problem of a document (path and message); empty when it is valid. */
  async problems(document: unknown): Promise<CatalogProblem[]> {
    return (await this.#ask({ kind: 'check', document })) as CatalogProblem[];
  }

  async close(): Promise<void> {
    clearTimeout(this.#idle);
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #ask(request: { kind: 'defaults' } | { kind: 'check'; document: unknown }): Promise<unknown> {
    clearTimeout(this.#idle);
    const worker = this.#start();
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...request });
    });
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(workerFile);
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.#pending.get(message.id);
      this.#pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
      if (this.#pending.size === 0) this.#idle = setTimeout(() => void this.close(), 60_000).unref();
    });
    const fail = (error: Error) => {
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      this.#worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.#worker === worker) fail(new Error(`the content schemas' worker stopped (${code})`));
    });
    this.#worker = worker;
    return worker;
  }
}
