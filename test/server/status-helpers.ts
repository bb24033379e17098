// Shared pieces of the status tests: a monitors file, a controllable TCP listener, an SSE client.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Writes a monitors file into a fresh temporary folder and returns its path. */
export function writeMonitorsFile(content: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-monitors-'));
  const file = path.join(dir, 'monitors.json');
  fs.writeFileSync(file, JSON.stringify(content));
  return file;
}

/** Runs `npm run monitors -- ARGS` as a real child process (node scripts/monitors.ts) with only `env` set. */
export function monitorsCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '../..');
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/monitors.ts'), ...args],
      { cwd: root, env: { PATH: process.env.PATH ?? '', SESSION_SECRET: 'test-secret-test-secret-test-secret-0123456789', ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A TCP listener on a fixed loopback port that a test opens and closes at will. */
export class Listener {
  readonly port: number;
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();

  constructor(port: number) {
    this.port = port;
  }

  async open(): Promise<void> {
    const server = net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.end();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export interface SseEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/** A Server-Sent Events client on a raw HTTP request, keeping every event and comment. */
export class SseClient {
  readonly events: SseEvent[] = [];
  comments = 0;
  response!: http.IncomingMessage;
  private request!: http.ClientRequest;
  private buffer = '';
  private raw = '';
  private waiters: (() => void)[] = [];

  static async open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    const client = new SseClient();
    await new Promise<void>((resolve, reject) => {
      client.request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
        client.response = response;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => client.feed(chunk));
        response.on('end', () => client.notify());
        resolve();
      });
      client.request.on('error', reject);
    });
    return client;
  }

  get ended(): boolean {
    return this.response.complete;
  }

  /** The serverStatus events' parsed data, in order. */
  updates(): { id: number; data: { id: string; status: string; latency: number; timestamp: number }[] }[] {
    return this.events.filter((e) => e.event === 'serverStatus').map((e) => ({ id: Number(e.id), data: JSON.parse(e.data) }));
  }

  /** Waits until the predicate holds for what was received so far. */
  async waitFor(predicate: (client: SseClient) => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(this)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`SSE: timed out waiting for ${what}; got ${JSON.stringify(this.events.slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.request.destroy();
  }

  /** Everything the body carried so far, as received. */
  text(): string {
    return this.raw;
  }

  private feed(chunk: string): void {
    this.raw += chunk;
    this.buffer += chunk;
    for (let end = this.buffer.indexOf('\n\n'); end !== -1; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: SseEvent = { id: undefined, event: 'message', data: '' };
      let hasData = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) this.comments++;
        else if (line.startsWith('id: ')) event.id = line.slice(4);
        else if (line.startsWith('event: ')) event.event = line.slice(7);
        else if (line.startsWith('data: ')) {
          event.data += (hasData ? '\n' : '') + line.slice(6);
          hasData = true;
        }
      }
      if (hasData) this.events.push(event);
    }
    this.notify();
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }
}

/** The status of one monitor in the newest serverStatus event received. */
export function latestStatus(client: SseClient, monitorId: string): string | undefined {
  for (const update of client.updates().reverse()) {
    const entry = update.data.find((d) => d.id === monitorId);
    if (entry) return entry.status;
  }
  return undefined;
}
