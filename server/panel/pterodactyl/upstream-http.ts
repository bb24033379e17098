import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

/** What one call to the panel answered: status, headers and the whole body as text (and as bytes). */
export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  bytes: Buffer;
}

/** Why a call got no answer: the time ran out, the connection failed or broke, or the answer was over maxBytes. */
export class UpstreamFailure extends Error {
  readonly reason: 'timeout' | 'network' | 'too_large';
  /** The panel closed a kept-alive connection as we reused it: nothing reached it. */
  readonly staleConnection: boolean;
  constructor(reason: 'timeout' | 'network' | 'too_large', options?: ErrorOptions & { staleConnection?: boolean }) {
    super(
      reason === 'timeout'
        ? 'the panel did not answer in time'
        : reason === 'too_large'
          ? 'the answer is larger than allowed'
          : 'the panel could not be reached',
      options,
    );
    this.name = 'UpstreamFailure';
    this.reason = reason;
    this.staleConnection = options?.staleConnection ?? false;
  }
}

export interface UpstreamCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** For the whole call: connecting, sending, the answer's head and its body. */
  timeoutMs: number;
  /** A longer answer fails with reason 'too_large' (default 4 MiB). */
  maxBytes?: number;
}

export interface UpstreamClient {
  call(url: string, options: UpstreamCall): Promise<UpstreamAnswer>;
  /** Closes the idle kept-alive connections. */
  close(): void;
}

/** Larger answers are refused: no client API answer comes near it, and memory stays bounded. */
const maxAnswerBytes = 4 * 1024 * 1024;

/**
 * HTTP(S) calls to the panel over Node's own client with kept-alive connections. Chosen over
 * fetch for the proxy's latency: per call it allocates far less (no WHATWG streams or Headers),
 * which measured as about a third of the p99 that fetch added on loopback (npm run bench:panel).
 * Redirects are not followed; a GET that finds its reused connection closed by the panel in the
 * meantime (the keep-alive race) is sent once more on a fresh one.
 */
export function createUpstreamClient(): UpstreamClient {
  const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  function once(target: URL, options: UpstreamCall): Promise<UpstreamAnswer> {
    const transport = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    return new Promise((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const headers: Record<string, string | number> = { ...options.headers };
      if (options.body !== undefined) headers['Content-Length'] = Buffer.byteLength(options.body);
      const request = transport.request(target, { method: options.method, headers, agent });
      const timer = setTimeout(() => {
        const error = new UpstreamFailure('timeout');
        request.destroy(error);
        finish(() => reject(error));
      }, options.timeoutMs);
      request.on('error', (error: NodeJS.ErrnoException) => {
        const staleConnection = request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        finish(() => reject(new UpstreamFailure('network', { cause: error, staleConnection })));
      });
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const limit = options.maxBytes ?? maxAnswerBytes;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) {
            const error = new UpstreamFailure(options.maxBytes === undefined ? 'network' : 'too_large', {
              cause: new Error(`the answer is larger than ${limit} bytes`),
            });
            request.destroy(error);
            finish(() => reject(error));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => {
          const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
          finish(() => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: bytes.toString('utf8'), bytes }));
        });
        response.on('error', (error) => finish(() => reject(new UpstreamFailure('network', { cause: error }))));
        response.on('close', () => {
          if (!response.complete) finish(() => reject(new UpstreamFailure('network', { cause: new Error('the answer was cut off') })));
        });
      });
      request.end(options.body);
    });
  }

  return {
    async call(url, options) {
      const target = new URL(url);
      try {
        return await once(target, options);
      } catch (error) {
        if (options.method === 'GET' && error instanceof UpstreamFailure && error.staleConnection) return once(target, options);
        throw error;
      }
    },
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}
