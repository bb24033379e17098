import http from 'node:http';
import type net from 'node:net';
import { waitFor } from './until.ts';

/** How the receiver answers one request. */
export type ReceiverAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Never answers (the sender's timeout must fire). */
  | { hang: true };

export interface ReceivedRequest {
  at: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  /** The parsed JSON (or the text, when it is not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: whatever the sender posted; each test reads it in the shape it expects (a Discord or a Slack message), where unknown would need a cast at every read.
  body: any;
  /** The status the receiver answered with (undefined when it hung up or hung). */
  answered: number | undefined;
}

export interface WebhookReceiver {
  url: string;
  port: number;
  /** Every request, in arrival order. */
  requests: ReceivedRequest[];
  /** The requests answered with a 2xx: the messages that were delivered. */
  accepted(): ReceivedRequest[];
  /** Sets how the next requests are answered (default: 204). */
  answer(fn: (request: ReceivedRequest, index: number) => ReceiverAnswer): void;
  waitFor(predicate: (r: WebhookReceiver) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that plays a chat webhook (Discord's answers: 204 or 200,
 * 429 with a JSON retry_after in seconds, or whatever the test says).
 */
export async function startWebhookReceiver(options: { port?: number } = {}): Promise<WebhookReceiver> {
  let decide: (request: ReceivedRequest, index: number) => ReceiverAnswer = () => ({ status: 204 });
  const requests: ReceivedRequest[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // keep the text
      }
      const entry: ReceivedRequest = { at: Date.now(), url: req.url ?? '', headers: req.headers, body, answered: undefined };
      const index = requests.push(entry) - 1;
      const answer = decide(entry, index);
      if ('hang' in answer) return;
      const send = () => {
        // The sender is gone (timed out, or killed): there is nobody to answer, so nothing was accepted.
        if (res.destroyed || req.socket.destroyed) return;
        entry.answered = answer.status;
        const payload = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(payload);
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/api/webhooks/123/token`,
    port,
    requests,
    accepted: () => requests.filter((r) => r.answered !== undefined && r.answered >= 200 && r.answered < 300),
    answer(fn) {
      decide = fn;
    },
    waitFor: (predicate, timeoutMs = 15_000) =>
      waitFor(() => predicate(receiver), 'the webhook receiver', { timeoutMs, everyMs: 20, context: () => `${requests.length} requests so far` }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
