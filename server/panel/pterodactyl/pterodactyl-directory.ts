import type { Kysely } from 'kysely';
import type { Customer } from '../../accounts/customer-identity.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { ownerAccess, type Grant } from '../accounts/grants.ts';
import { verifiedEmail, type DirectoryServer, type ServerDirectory } from '../accounts/server-directory.ts';
import { shareOf, sharesOfEmail, markShareAccepted } from '../accounts/shares-repository.ts';
import { createPanelClient, type DriverLog, type PanelClient } from './panel-client.ts';
import { createSubuserIndex } from './panel-subuser-index.ts';
import { grantsOf, listAttributes, record, related } from './panel-subusers.ts';
import { createPanelSharing } from './pterodactyl-shares.ts';

const driver = 'pterodactyl';
/** A customer's panel user is looked up again after this long (the access itself is read on every request). */
const userTtlMs = 30_000;
const serverIdPattern = /^[A-Za-z0-9-]{1,64}$/;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const serverIncludes = 'allocations,location,egg,subusers';

/** The application key was refused or lacks a permission: the provider must fix the configuration. */
const directoryFailed = () =>
  new HttpError(502, 'panel_directory', 'The game panel would not list your servers right now. Please try again, or tell us if it lasts.');

/** What "My servers" shows of a server read through the application API. */
function summary(server: Record<string, unknown>): DirectoryServer {
  const egg = related(server, 'egg')[0];
  const location = related(server, 'location')[0];
  const allocation = related(server, 'allocations').find((a) => a.id === server.allocation);
  // The application API's AllocationTransformer names the alias `alias` (the client API's, `ip_alias`).
  const host = allocation ? (typeof allocation.alias === 'string' && allocation.alias ? allocation.alias : allocation.ip) : undefined;
  return {
    id: String(server.identifier),
    game: typeof egg?.name === 'string' ? egg.name : null,
    location: typeof location?.long === 'string' && location.long ? location.long : typeof location?.short === 'string' ? location.short : null,
    address: typeof host === 'string' && typeof allocation?.port === 'number' ? `${host}:${allocation.port}` : null,
  };
}

/** The customer's access to a server: its owner's, a subuser's with their permissions, or none. */
function accessIn(server: Record<string, unknown>, userId: number) {
  if (server.user === userId) return ownerAccess();
  const subuser = related(server, 'subusers').find((s) => s.user_id === userId);
  return subuser ? { role: 'shared' as const, grants: new Set(grantsOf(subuser.permissions)) } : undefined;
}

/** Counts the panel calls a request costs (the figures in the closing note; tests read them from the fake panel). */
export interface PterodactylDirectoryOptions {
  panelUrl: string;
  applicationKey: string;
  clientKey: string;
  db: Kysely<Database>;
  log: DriverLog;
  now: () => number;
  timeoutMs?: number;
}

/**
 * Pterodactyl's and Pelican's directory (docs/decisions.md 79-81). The application API
 * (PANEL_APPLICATION_KEY) finds the customer's panel user, by `external_id` equal to the account's
 * billing-portal `sub`, or else by the verified e-mail address, and reads each server's owner
 * and subusers on every access check. Sharing is the panel's own subusers, made through the
 * client API with the provider's admin key (PANEL_CLIENT_KEY). "Shared with me" lists the
 * servers shared through this site (panel_server_shares, each confirmed afresh) and those whose
 * subusers the owner made in the panel itself (the application API's server list, kept 30 s:
 * server/panel/pterodactyl/panel-subuser-index.ts); the panel stays the truth for access.
 */
export function createPterodactylDirectory(options: PterodactylDirectoryOptions): ServerDirectory {
  const { db, now, applicationKey, clientKey, log } = options;
  const panel: PanelClient = createPanelClient({ panelUrl: options.panelUrl, timeoutMs: options.timeoutMs ?? 15_000, maxRetryWaitSeconds: 2, log });
  const users = new Map<string, { id: number; at: number }>();

  async function application(path: string): Promise<unknown> {
    try {
      return await panel.request(applicationKey, 'GET', path);
    } catch (error) {
      if (error instanceof HttpError && [401, 403].includes(error.statusCode)) {
        log.warn({ path, status: error.statusCode }, 'the panel refused PANEL_APPLICATION_KEY');
        throw directoryFailed();
      }
      throw error;
    }
  }

  const index = createSubuserIndex({ read: application, now, log, includes: serverIncludes });
  const sharing = createPanelSharing({ panel, clientKey, db, now, index });

  /** The first user whose field equals the value exactly (the panel's filters match parts too). */
  async function userWhere(field: 'external_id' | 'email', value: string): Promise<number | undefined> {
    const body = await application(`/api/application/users?filter[${field}]=${encodeURIComponent(value)}&per_page=100`);
    const match = listAttributes(body).find((user) =>
      field === 'email' ? typeof user.email === 'string' && user.email.toLowerCase() === value : user.external_id === value,
    );
    return typeof match?.id === 'number' ? match.id : undefined;
  }

  /** The customer's panel user: by the portal's `sub` as external_id, else by a verified address only. */
  async function panelUser(customer: Customer): Promise<number | undefined> {
    const email = verifiedEmail(customer);
    const cacheKey = `${customer.id}\0${customer.subject ?? ''}\0${email ?? ''}`;
    const cached = users.get(cacheKey);
    if (cached && now() - cached.at < userTtlMs) return cached.id;
    let id = customer.subject ? await userWhere('external_id', customer.subject) : undefined;
    if (id === undefined && email) id = await userWhere('email', email);
    if (users.size > 10_000) users.clear();
    // Only a found user is kept: an invitation makes the panel user of a new address at any moment.
    if (id !== undefined) users.set(cacheKey, { id, at: now() });
    return id;
  }

  /** One server by its identifier or UUID, with its owner, subusers, location, egg and allocations; undefined when unknown. */
  async function serverById(serverId: string): Promise<Record<string, unknown> | undefined> {
    if (!serverIdPattern.test(serverId)) return undefined;
    const filter = uuidPattern.test(serverId) ? 'uuid' : 'uuidShort';
    const body = await application(`/api/application/servers?filter[${filter}]=${encodeURIComponent(serverId)}&include=${serverIncludes}`);
    return listAttributes(body).find((server) => server.identifier === serverId || server.uuid === serverId);
  }

  /** The servers the panel lists this user as a subuser of; a failed read leaves them out (logged) rather than the whole list. */
  async function panelSubuserOf(userId: number): Promise<Array<DirectoryServer & { grants: Grant[] }>> {
    try {
      return (await index.sharedWith(userId)).map((server) => ({ ...summary(server), grants: [...(accessIn(server, userId)?.grants ?? [])] }));
    } catch (error) {
      log.warn({ err: error }, 'the panel would not list its servers\' subusers; "Shared with me" shows only shares made here');
      return [];
    }
  }

  return {
    accountKey: clientKey,
    ...sharing,
    async serversOf(customer) {
      const userId = await panelUser(customer);
      const email = verifiedEmail(customer);
      let owned: DirectoryServer[] = [];
      if (userId !== undefined) {
        const body = await application(`/api/application/users/${userId}?include=servers`);
        const ids = related(record(record(body)?.attributes) ?? {}, 'servers').map((s) => String(s.identifier));
        const servers = await Promise.all(ids.map(serverById));
        owned = servers.filter((s) => s !== undefined && s.user === userId).map((s) => summary(s!));
      }
      // Shared: the servers this site shared with the address, each confirmed afresh by the panel's subusers…
      const invited = email && userId !== undefined ? await sharesOfEmail(db, driver, email) : [];
      const confirmed = (
        await Promise.all(
          invited.map(async (share) => {
            const server = await serverById(share.serverId);
            const access = server ? accessIn(server, userId!) : undefined;
            return server && access?.role === 'shared' ? [{ ...summary(server), grants: [...access.grants] }] : [];
          }),
        )
      ).flat();
      // …and those where the owner made the user a subuser in the panel itself: one list (docs/decisions.md 94).
      const listed = new Set([...owned, ...confirmed].map((server) => server.id));
      const madeInPanel = userId === undefined ? [] : await panelSubuserOf(userId);
      const shared = [...confirmed, ...madeInPanel.filter((server) => !listed.has(server.id))];
      return { owned, shared };
    },
    async access(customer, serverId) {
      const userId = await panelUser(customer);
      if (userId === undefined) return undefined;
      const server = await serverById(serverId);
      return server ? accessIn(server, userId) : undefined;
    },
    async accepted(customer, serverId) {
      const email = verifiedEmail(customer);
      const share = email ? await shareOf(db, driver, serverId, email) : undefined;
      return share && share.acceptedAt === null ? markShareAccepted(db, share.id, now()) : false;
    },
    async knows(email) {
      const address = email.toLowerCase();
      return (await sharesOfEmail(db, driver, address)).length > 0 || (await userWhere('email', address)) !== undefined;
    },
    close() {
      panel.close();
    },
  };
}
