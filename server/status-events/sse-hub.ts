import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { StatusStreamEvents, StatusUpdate } from '../../contracts/status.ts';
import { clientKey } from '../lib/client-key.ts';

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
  /** Open streams allowed per client address (a household or office shares one); more get 429. */
  maxPerAddress?: number;
  /** Open streams allowed in all; more get 503, so memory stays bounded. */
  maxTotal?: number;
}

/** The event a subscriber receives when it connects fresh or resumes from too far back (the board's latest state). */
export type StreamSnapshot = () => { id: number; updates: StatusUpdate[] } | undefined;

/** Seconds a refused client is told to wait before it asks again. */
export const streamRetryAfterSeconds = 30;

export const heartbeatFrame = Buffer.from(':\n\n');
/**
 * The response head, written straight to the socket: the stream then needs no ServerResponse
 * machinery (no chunked framing, no per-response header strings), which halves the memory a
 * subscriber costs. The body ends when the connection closes, as the head says.
 */
export const streamHead = Buffer.from(
  `${[
    'HTTP/1.1 200 OK',
    'Content-Type: text/event-stream; charset=utf-8',
    'Cache-Control: no-cache, no-transform',
    'Connection: close',
    'X-Accel-Buffering: no',
    'X-Content-Type-Options: nosniff',
  ].join('\r\n')}\r\n\r\nretry: 3000\n\n`,
);

export function refuse(response: ServerResponse, status: 429 | 503, code: string, message: string): void {
  response
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'retry-after': String(streamRetryAfterSeconds),
      'cache-control': 'no-store',
    })
    .end(JSON.stringify({ error: { code, message } }));
}

/** Node's HTTP parser as the HTTP server leaves it on a connection (lib/_http_server.js). */
interface ConnectionParser {
  _consumed?: boolean;
  unconsume?(): void;
  remove?(): void;
  close?(): void;
  incoming?: unknown;
  outgoing?: unknown;
  socket?: unknown;
  onIncoming?: unknown;
}

/** The HTTP server's own listeners on a connection, by name (lib/_http_server.js). */
const httpServerListeners = /^(bound socketOn(Data|End|Close|Drain)|socketOn(Error|Timeout)|onSocket(Pause|Resume))$/;

/**
 * Once a stream owns its connection, lets go of the HTTP server's state for it: the parser, the
 * request and response objects and what they reach (the framework's request, reply and logger),
 * as Node itself does for an upgraded connection. A subscriber then costs its socket and little
 * more. Only what Node's upgrade path touches is touched; where a name differs in another Node,
 * that part is kept and the stream works as before.
 */
function releaseHttpState(socket: Socket, response: ServerResponse): void {
  for (const event of ['data', 'end', 'close', 'drain', 'error', 'timeout', 'pause', 'resume'] as const) {
    for (const listener of socket.listeners(event) as Array<(...args: unknown[]) => void>) {
      if (httpServerListeners.test(listener.name)) socket.removeListener(event, listener);
    }
  }
  const connection = socket as Socket & { parser?: ConnectionParser | null; _httpMessage?: unknown };
  const parser = connection.parser;
  if (parser) {
    // Reads come back to the socket (where only the end of the stream matters), the connection
    // leaves the server's list of requests in progress, and the native parser is freed.
    if (parser._consumed) parser.unconsume?.();
    parser._consumed = false;
    parser.remove?.();
    parser.incoming = null;
    parser.outgoing = null;
    parser.socket = null;
    parser.onIncoming = null;
    connection.parser = null;
    // After the current call stack, as Node closes a parser it does not pool.
    setImmediate(() => parser.close?.());
  }
  connection._httpMessage = null;
  // The response never finishes (the stream writes to the socket): its listeners wait for nothing.
  response.removeAllListeners();
}

/**
 * Makes a request's connection an event stream: writes the head and the first frames straight
 * to the socket, lets go of the HTTP server's state for it, and returns the socket, which stays
 * open until the client goes (its 'close' is the end of the stream). The caller has hijacked
 * the reply. The status board's hub and the support desk's streams both open theirs this way.
 */
export function takeOverSocket(request: IncomingMessage, response: ServerResponse, frames: readonly Buffer[]): Socket {
  const socket = request.socket;
  socket.setNoDelay(true);
  socket.setKeepAlive(true, 30_000);
  // A stream is meant to stay open: the server's idle timeout is for requests, and the
  // heartbeat and TCP keep-alive find a dead peer.
  socket.setTimeout(0);
  socket.write(frames.length === 0 ? streamHead : Buffer.concat([streamHead, ...frames]));
  releaseHttpState(socket, response);
  // The HTTP server no longer watches the connection: an error ends it (and 'close' follows),
  // the client's end of the stream closes it, and reads flow so that end is seen.
  socket.on('error', () => socket.destroy());
  socket.on('end', () => socket.destroy());
  socket.resume();
  return socket;
}

export function eventFrame(id: number, updates: readonly StatusUpdate[]): Buffer {
  return Buffer.from(`id: ${id}\nevent: serverStatus\ndata: ${JSON.stringify(updates)}\n\n`);
}

/**
 * Holds the open /api/status/stream responses. An update is serialized once and the same
 * bytes are written to every subscriber; one timer sends the heartbeat comment to all.
 */
export class SseHub {
  private readonly subscribers = new Set<Socket>();
  private readonly perAddress = new Map<string, number>();
  private readonly maxPerAddress: number;
  private readonly maxTotal: number;
  private readonly recent: BufferedEvent[] = [];
  private readonly keep: number;
  private readonly maxBufferedBytes: number;
  private readonly heartbeat: NodeJS.Timeout;
  private closed = false;
  private readonly sendListeners: Array<(event: 'serverStatus' | 'notice' | 'monitors') => void> = [];

  constructor(options: SseHubOptions) {
    this.keep = options.keep ?? 100;
    this.maxBufferedBytes = options.maxBufferedBytes ?? 256 * 1024;
    this.maxPerAddress = options.maxPerAddress ?? 50;
    this.maxTotal = options.maxTotal ?? 10_000;
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
   * otherwise the subscriber starts with a snapshot of the latest state. A client address over
   * its share, or a hub that is full, gets the error JSON of the API instead.
   */
  subscribe(request: IncomingMessage, response: ServerResponse, lastEventId: number | undefined, ip: string, snapshot: StreamSnapshot): void {
    // An IPv6 client counts by its /64: it could otherwise take a new address for every stream.
    const address = clientKey(ip);
    if (this.closed) {
      refuse(response, 503, 'shutting_down', 'The server is restarting. Try again in a moment.');
      return;
    }
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.maxPerAddress) {
      refuse(response, 429, 'too_many_streams', `At most ${this.maxPerAddress} live status streams are open per address. Close a tab and try again.`);
      return;
    }
    if (this.subscribers.size >= this.maxTotal) {
      refuse(response, 503, 'busy', 'Too many visitors are watching live right now. Try again shortly.');
      return;
    }
    this.perAddress.set(address, open + 1);
    const missed = lastEventId === undefined ? undefined : this.since(lastEventId);
    const frames: Buffer[] = [];
    if (missed) {
      for (const event of missed) frames.push(event.frame);
    } else {
      const snap = snapshot();
      if (snap && (lastEventId === undefined || snap.id > lastEventId)) frames.push(eventFrame(snap.id, snap.updates));
    }
    const socket = takeOverSocket(request, response, frames);
    this.subscribers.add(socket);
    socket.once('close', () => {
      this.subscribers.delete(socket);
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    });
  }

  /**
   * Calls `listener` after each event sent to the boards (with or without one open): whatever
   * changes the board passes here, so the server-rendered status pages follow it (docs/decisions.md 147).
   */
  onSend(listener: (event: 'serverStatus' | 'notice' | 'monitors') => void): void {
    this.sendListeners.push(listener);
  }

  /** Sends one event to every subscriber and keeps it for resumes. */
  publish(id: number, updates: readonly StatusUpdate[]): void {
    const frame = eventFrame(id, updates);
    this.recent.push({ id, frame });
    if (this.recent.length > this.keep) this.recent.shift();
    this.writeAll(frame);
    for (const listener of this.sendListeners) listener('serverStatus');
  }

  /**
   * Sends an incident or maintenance change (event `notice`) to every subscriber. It carries no
   * id, so Last-Event-ID keeps counting rounds only; a board that reconnects reads the notices
   * afresh with the report instead of having them replayed.
   */
  publishNotice(notice: StatusStreamEvents['notice']): void {
    this.publishUnnumbered('notice', notice);
  }

  /** An event without an id (not replayed on resume): `notice`, or `monitors` when the monitors changed. */
  publishUnnumbered<E extends 'notice' | 'monitors'>(event: E, data: StatusStreamEvents[E]): void {
    this.writeAll(Buffer.from(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    for (const listener of this.sendListeners) listener(event);
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
