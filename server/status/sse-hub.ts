import type { IncomingMessage, ServerResponse } from 'node:http';

/** What one serverStatus event carries per monitor. */
export interface StatusUpdate {
  id: string;
  status: string;
  latency: number;
  timestamp: number;
}

interface BufferedEvent {
  id: number;
  frame: Buffer;
}

export interface SseHubOptions {
  heartbeatMs?: number;
  /** Events kept for Last-Event-ID resumes. */
  keep?: number;
  /** A subscriber with more than this many bytes unsent is too slow and is dropped. */
  maxBufferedBytes?: number;
  /** The event a subscriber receives when it connects fresh or resumes from too far back. */
  snapshot: () => { id: number; updates: StatusUpdate[] } | undefined;
}

const heartbeatFrame = Buffer.from(':\n\n');
const streamHeaders = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
  'x-content-type-options': 'nosniff',
};

export function eventFrame(id: number, updates: readonly StatusUpdate[]): Buffer {
  return Buffer.from(`id: ${id}\nevent: serverStatus\ndata: ${JSON.stringify(updates)}\n\n`);
}

/**
 * Holds the open /api/status/stream responses. An update is serialized once and the same
 * bytes are written to every subscriber; one timer sends the heartbeat comment to all.
 */
export class SseHub {
  private readonly subscribers = new Set<ServerResponse>();
  private readonly recent: BufferedEvent[] = [];
  private readonly keep: number;
  private readonly maxBufferedBytes: number;
  private readonly snapshot: SseHubOptions['snapshot'];
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(options: SseHubOptions) {
    this.keep = options.keep ?? 100;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.snapshot = options.snapshot;
    this.heartbeat = setInterval(() => this.writeAll(heartbeatFrame), options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** The id of the newest event, or undefined before the first. */
  get lastId(): number | undefined {
    return this.recent.at(-1)?.id;
  }

  /** Takes over a raw request/response pair as a subscriber (the caller has hijacked the reply). */
  subscribe(request: IncomingMessage, response: ServerResponse, lastEventId: number | undefined): void {
    if (this.closed) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('shutting down');
      return;
    }
    response.writeHead(200, streamHeaders);
    request.socket.setNoDelay(true);
    request.socket.setKeepAlive(true, 30_000);
    const missed = lastEventId === undefined ? undefined : this.since(lastEventId);
    if (missed) {
      response.write(Buffer.concat([Buffer.from('retry: 3000\n\n'), ...missed.map((e) => e.frame)]));
    } else {
      const snap = this.snapshot();
      const frames: Buffer[] = [Buffer.from('retry: 3000\n\n')];
      if (snap && (lastEventId === undefined || snap.id > lastEventId)) frames.push(eventFrame(snap.id, snap.updates));
      response.write(Buffer.concat(frames));
    }
    this.subscribers.add(response);
    const drop = (): void => {
      this.subscribers.delete(response);
    };
    response.once('close', drop);
    response.once('error', drop);
  }

  /** Sends one event to every subscriber and keeps it for resumes. */
  publish(id: number, updates: readonly StatusUpdate[]): void {
    const frame = eventFrame(id, updates);
    this.recent.push({ id, frame });
    if (this.recent.length > this.keep) this.recent.shift();
    this.writeAll(frame);
  }

  /** Ends every stream (before the server closes) and stops the heartbeat. */
  close(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const response of this.subscribers) response.end();
    this.subscribers.clear();
  }

  /**
   * The kept events after lastEventId: nothing when it is the newest, undefined (send a
   * snapshot instead) when that event is no longer kept or was never seen here.
   */
  private since(lastEventId: number): BufferedEvent[] | undefined {
    const index = this.recent.findIndex((e) => e.id === lastEventId);
    return index === -1 ? undefined : this.recent.slice(index + 1);
  }

  private writeAll(frame: Buffer): void {
    for (const response of this.subscribers) {
      if (response.writableLength > this.maxBufferedBytes) {
        this.subscribers.delete(response);
        response.destroy();
        continue;
      }
      response.write(frame);
    }
  }
}
