/**
 * The browser side of the panel API (/api/panel). The access key goes out once, in the connect
 * call; after that the httpOnly session cookie is the only credential, and the browser never
 * holds the key.
 */

// The API's shapes are the driver interface's own (types only: nothing of the server is bundled).
import type { PowerSignal, PowerState, ServerDetails, ServerResources } from '../../../server/panel/driver.ts';

export type { PowerState, ServerDetails, ServerResources };
/** The power actions the page offers (kill is for operators and the API). */
export type PowerAction = Exclude<PowerSignal, 'kill'>;

export class PanelApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'PanelApiError';
    this.status = status;
    this.code = code;
  }
}

const base = '/api/panel';

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  const data = (await response.json().catch(() => undefined)) as { error?: { code?: string; message?: string } } | undefined;
  if (!response.ok) {
    throw new PanelApiError(response.status, data?.error?.code ?? 'error', data?.error?.message ?? `The panel answered ${response.status}.`);
  }
  return data as T;
}

export const panelApi = {
  connect: (serverId: string, key: string) => call<{ server: ServerDetails }>('POST', '/session', { serverId, key }),
  disconnect: () => call<void>('DELETE', '/session'),
  session: () => call<{ connected: boolean; server?: ServerDetails }>('GET', '/session'),
  server: () => call<ServerDetails>('GET', '/server'),
  resources: () => call<ServerResources>('GET', '/resources'),
  power: (signal: PowerAction) => call<void>('POST', '/power', { signal }),
  command: (command: string) => call<void>('POST', '/command', { command }),
};

/** The last server id, remembered in this browser (never the key). */
export const serverIdStorageKey = 'serverId';

export function rememberedServerId(): string {
  try {
    return localStorage.getItem(serverIdStorageKey) ?? '';
  } catch {
    return '';
  }
}

export function rememberServerId(id: string): void {
  try {
    localStorage.setItem(serverIdStorageKey, id);
  } catch {
    // storage disabled: nothing to remember
  }
}
