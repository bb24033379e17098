/**
 * The browser side of the panel API (/api/panel). The access key goes out once, in the connect
 * call; after that the httpOnly session cookie is the only credential, and the browser never
 * holds the key.
 */

import type { PowerSignal, PowerState, ServerDetails, ServerResources, SessionAnswer } from '../../../contracts/panel.ts';
import { apiFetch, type Method } from '../../lib/api-client.ts';

export type { PowerState, ServerDetails, ServerResources };
/** The power actions the page offers (kill is for operators and the API). */
export type PowerAction = Exclude<PowerSignal, 'kill'>;

const call = <T>(method: Method, path: string, body?: unknown) =>
  apiFetch<T>(method, `/api/panel${path}`, { body, fallback: 'The panel could not be reached. Please try again.' });

export const panelApi = {
  connect: (serverId: string, key: string) => call<{ server: ServerDetails }>('POST', '/session', { serverId, key }),
  disconnect: () => call<void>('DELETE', '/session'),
  session: () => call<SessionAnswer>('GET', '/session'),
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
