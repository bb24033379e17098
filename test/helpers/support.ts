import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AddressInfo } from 'node:net';
import type { VisitorConversation } from '../../contracts/support.ts';
import { SseClient } from '../server/status-helpers.ts';

/** `name=value` of the visitor cookie a response set. */
export function visitorCookieFrom(response: LightMyRequestResponse): string {
  const set = response.cookies.find((c) => c.name.endsWith('hf_support'));
  if (!set) throw new Error(`no visitor cookie in ${response.statusCode} ${response.body}`);
  return `${set.name}=${set.value}`;
}

/** A visitor (a browser without an account): its cookie once it has one. */
export class Visitor {
  cookie = '';
  private readonly app: FastifyInstance;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  request(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
    return this.app.inject({ method, url, headers: this.cookie ? { cookie: this.cookie } : {}, ...(payload ? { payload } : {}) });
  }

  /** Starts a conversation; throws unless it was created. */
  async start(body: { text: string; email?: string; name?: string; page?: string; clientId?: string }): Promise<VisitorConversation> {
    const response = await this.request('POST', '/api/support/conversations', body);
    if (response.statusCode !== 201) throw new Error(`start: ${response.statusCode} ${response.body}`);
    this.cookie = visitorCookieFrom(response);
    return response.json();
  }
}

/** Listens on loopback and gives the base URL (streams need real HTTP). */
export async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** The parsed data of the events of one name received so far. */
export function eventsOf<T = Record<string, unknown>>(client: SseClient, name: string): T[] {
  return client.events.filter((e) => e.event === name).map((e) => JSON.parse(e.data) as T);
}

/** Waits for an event of that name whose data satisfies `match`; returns its data. */
export async function nextEvent<T = Record<string, unknown>>(
  client: SseClient,
  name: string,
  match: (data: T) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<T> {
  let found: T | undefined;
  await client.waitFor(
    () => {
      found = eventsOf<T>(client, name).find(match);
      return found !== undefined;
    },
    timeoutMs,
    `a ${name} event`,
  );
  return found!;
}

export { SseClient };
