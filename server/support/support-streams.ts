import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from '../lib/client-key.ts';
import { heartbeatFrame, refuse, takeOverSocket } from '../status-events/sse-hub.ts';

/** One Server-Sent Event: its name and its JSON data. */
export function eventFrame(event: string, data: unknown): Buffer {
  return Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

export interface TopicStreamsOptions {
  heartbeatMs?: number;
  maxPerAddress: number;
  maxTotal: number;
  /** A subscriber with more than this many bytes unsent is too slow and is dropped. */
  maxBufferedBytes?: number;
  /** Said in the 429 when an address has too many open. */
  what: string;
}

/**
 * Open event streams of one kind, by topic (a conversation for visitors, a staff member for the
 * console), on the same socket handling as the status board's (server/status-events/sse-hub.ts). An
 * event is serialized once per publish and written to every socket of its topic.
 */
export class TopicStreams {
  readonly #topics = new Map<string, Set<Socket>>();
  readonly #perAddress = new Map<string, number>();
  readonly #options: Required<TopicStreamsOptions>;
  readonly #heartbeat: NodeJS.Timeout;
  #size = 0;
  #closed = false;

  constructor(options: TopicStreamsOptions) {
    this.#options = { heartbeatMs: 15_000, maxBufferedBytes: 256 * 1024, ...options };
    this.#heartbeat = setInterval(() => {
      for (const sockets of this.#topics.values()) this.#write(sockets, heartbeatFrame);
    }, this.#options.heartbeatMs);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#size;
  }

  /** True once close() ended every stream (the server is stopping). */
  get closed(): boolean {
    return this.#closed;
  }

  /** The topics with at least one open stream here. */
  topics(): IterableIterator<string> {
    return this.#topics.keys();
  }

  has(topic: string): boolean {
    return this.#topics.has(topic);
  }

  /**
   * Makes the request a stream of `topic` (the caller hijacked the reply), starting with
   * `first`; or answers 429/503 and returns false. `onClose` runs when the stream ends.
   */
  open(request: IncomingMessage, response: ServerResponse, topic: string, ip: string, first: Buffer[], onClose?: () => void): boolean {
    const address = clientKey(ip);
    if (this.#closed) {
      refuse(response, 503, 'shutting_down', 'The server is restarting. Try again in a moment.');
      return false;
    }
    const open = this.#perAddress.get(address) ?? 0;
    if (open >= this.#options.maxPerAddress) {
      refuse(
        response,
        429,
        'too_many_streams',
        `At most ${this.#options.maxPerAddress} ${this.#options.what} are open per address. Close a tab and try again.`,
      );
      return false;
    }
    if (this.#size >= this.#options.maxTotal) {
      refuse(response, 503, 'busy', 'Too many people are connected right now. Try again shortly.');
      return false;
    }
    this.#perAddress.set(address, open + 1);
    const socket = takeOverSocket(request, response, first);
    let sockets = this.#topics.get(topic);
    if (!sockets) {
      sockets = new Set();
      this.#topics.set(topic, sockets);
    }
    sockets.add(socket);
    this.#size += 1;
    socket.once('close', () => {
      const set = this.#topics.get(topic);
      if (set?.delete(socket)) {
        this.#size -= 1;
        if (set.size === 0) this.#topics.delete(topic);
      }
      const left = (this.#perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.#perAddress.set(address, left);
      else this.#perAddress.delete(address);
      onClose?.();
    });
    return true;
  }

  /** Sends an event to the streams of one topic. */
  send(topic: string, event: string, data: unknown): void {
    const sockets = this.#topics.get(topic);
    if (sockets) this.#write(sockets, eventFrame(event, data));
  }

  /** Sends an event to every stream. */
  sendAll(event: string, data: unknown): void {
    if (this.#size === 0) return;
    const frame = eventFrame(event, data);
    for (const sockets of this.#topics.values()) this.#write(sockets, frame);
  }

  /** Ends every stream (before the server closes). */
  close(): void {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    for (const sockets of this.#topics.values()) for (const socket of sockets) socket.end();
  }

  #write(sockets: Set<Socket>, frame: Buffer): void {
    for (const socket of sockets) {
      if (socket.writableLength > this.#options.maxBufferedBytes) {
        socket.destroy();
        continue;
      }
      socket.write(frame);
    }
  }
}
