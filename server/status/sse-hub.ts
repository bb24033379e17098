import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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
/**
 * The response head, written straight to the socket: the stream then needs no ServerResponse
 * machinery (no chunked framing, no per-response header strings), which halves the memory a
 * subscriber costs. The body ends when the connection closes, as the head says.
 */
const streamHead = Buffer.from(
  [
    'HTTP/1.1 200 OK',
    'Content-Type: text/event-stream; charset=utf-8',
    'Cache-Control: no-cache, no-transform',
    'Connection: close',
    'X-Accel-Buffering: no',
    'X-Content-Type-Options: nosniff',
  ].join('\r\n') + '\r\n\r\nretry: 3000\n\n',
);

export function eventFrame(id: number, updates: readonly StatusUpdate[]): Buffer {
  return Buffer.from(`id: ${id}\nevent: serverStatus\ndata: ${JSON.stringify(updates)}\n\n`);
}

/**
 * Holds the open /api/status/stream responses. An update is serialized once and the same
 * bytes are written to every subscriber; one timer sends the heartbeat comment to all.
 */
export class SseHub {
  private readonly subscribers = new Set<Socket>();
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

  /**
   * Takes over a request's connection as a subscriber (the caller has hijacked the reply, so
   * nothing else writes to it). Missed events are replayed when Last-Event-ID is still known;
   * otherwise the subscriber starts with a snapshot of the latest state.
   */
  subscribe(request: IncomingMessage, response: ServerResponse, lastEventId: number | undefined): void {
    if (this.closed) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('shutting down');
      return;
    }
    const socket = request.socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    const missed = lastEventId === undefined ? undefined : this.since(lastEventId);
    const frames: Buffer[] = [streamHead];
    if (missed) {
      for (const event of missed) frames.push(event.frame);
    } else {
      const snap = this.snapshot();
      if (snap && (lastEventId === undefined || snap.id > lastEventId)) frames.push(eventFrame(snap.id, snap.updates));
    }
    socket.write(frames.length === 1 ? streamHead : Buffer.concat(frames));
    this.subscribers.add(socket);
    socket.once('close', () => this.subscribers.delete(socket));
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
    for (const socket of this.subscribers) socket.end();
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
    for (const socket of this.subscribers) {
      if (socket.writableLength > this.maxBufferedBytes) {
        this.subscribers.delete(socket);
        socket.destroy();
        continue;
      }
      socket.write(frame);
    }
  }
}
