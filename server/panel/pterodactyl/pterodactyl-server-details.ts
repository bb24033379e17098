import { createHash } from 'node:crypto';
import type { ServerCredentials, ServerDetails } from '../driver.ts';
import { type PanelClient, serverPath } from './panel-client.ts';
import { type Limits, mapServer } from './panel-mapping.ts';
import { mapServerExtras, type ServerExtras } from './server-extras.ts';

/** How long a server's limits are reused for resources and stats before they are read again. */
const limitsTtlMs = 60_000;

/** A map key for one server and credential that does not keep the key itself in memory twice. */
export function credentialKey({ serverId, key }: ServerCredentials): string {
  return `${serverId}\0${createHash('sha256').update(key).digest('base64url')}`;
}

export interface ServerDetailsReader {
  /** The server's details and extras, read afresh (and kept for the readers below). */
  withExtras(credentials: ServerCredentials): Promise<{ server: Omit<ServerDetails, 'state'>; extras: ServerExtras }>;
  details(credentials: ServerCredentials): Promise<Omit<ServerDetails, 'state'>>;
  /** The game's address and the backup limit change rarely: reused like the limits. */
  extrasOf(credentials: ServerCredentials): Promise<ServerExtras>;
  limitsOf(credentials: ServerCredentials): Promise<Limits>;
  /** The limits last read for a credentialKey, if any, however old. */
  lastLimits(id: string): Limits | undefined;
  clear(): void;
}

/**
 * A server's details through the client API, with its limits and extras kept for a minute per
 * server and key (in age order, the oldest dropped first).
 */
export function createServerDetailsReader(panel: PanelClient, panelUrl: string): ServerDetailsReader {
  const limitsCache = new Map<string, { limits: Limits; extras: ServerExtras; at: number }>();

  async function withExtras(credentials: ServerCredentials): Promise<{ server: Omit<ServerDetails, 'state'>; extras: ServerExtras }> {
    const body = await panel.request(credentials.key, 'GET', serverPath(credentials.serverId, credentials.key));
    const server = mapServer(body);
    const extras = mapServerExtras(body, panelUrl);
    const cacheKey = credentialKey(credentials);
    limitsCache.delete(cacheKey); // re-insert to keep the map in age order
    limitsCache.set(cacheKey, { limits: server.limits, extras, at: Date.now() });
    for (const [key, entry] of limitsCache) {
      if (Date.now() - entry.at <= limitsTtlMs) break;
      limitsCache.delete(key);
    }
    return { server, extras };
  }

  async function details(credentials: ServerCredentials): Promise<Omit<ServerDetails, 'state'>> {
    return (await withExtras(credentials)).server;
  }

  return {
    withExtras,
    details,
    async extrasOf(credentials) {
      const cached = limitsCache.get(credentialKey(credentials));
      if (cached && Date.now() - cached.at <= limitsTtlMs) return cached.extras;
      return (await withExtras(credentials)).extras;
    },
    async limitsOf(credentials) {
      const cached = limitsCache.get(credentialKey(credentials));
      if (cached && Date.now() - cached.at <= limitsTtlMs) return cached.limits;
      return (await details(credentials)).limits;
    },
    lastLimits: (id) => limitsCache.get(id)?.limits,
    clear: () => limitsCache.clear(),
  };
}
