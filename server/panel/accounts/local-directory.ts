import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Customer } from '../../accounts/customer-identity.ts';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { LocalServerConfig } from '../local/servers-file.ts';
import { ownerAccess, type Grant } from './grants.ts';
import { verifiedEmail, type DirectoryServer, type ServerDirectory, type Share } from './server-directory.ts';
import {
  deleteShare,
  insertShare,
  markShareAccepted,
  shareById,
  shareOf,
  sharesOfEmail,
  sharesOfServer,
  updateShareGrants,
  type StoredShare,
} from './shares-repository.ts';

const driver = 'local';

export const shareExists = () => new HttpError(409, 'already_shared', 'This server is already shared with that address: change what they may do instead.');
export const shareNotFound = () => new HttpError(404, 'share_not_found', 'This server is not shared with that person (any more).');

const asShare = (stored: StoredShare): Share => ({ id: stored.id, email: stored.email, grants: stored.grants, createdAt: stored.createdAt });

/**
 * The local driver's directory (docs/decisions.md 80-81): a server belongs to the verified
 * address its servers file entry names as `owner`; shares are rows of panel_server_shares.
 */
export function createLocalDirectory(deps: {
  db: Kysely<Database>;
  servers: readonly LocalServerConfig[];
  accountKey: string;
  publicHost: string;
  now: () => number;
}): ServerDirectory {
  const { db, now } = deps;
  const byId = new Map(deps.servers.map((server) => [server.id, server]));
  const summary = (server: LocalServerConfig): DirectoryServer => ({
    id: server.id,
    game: server.minecraftPort === undefined ? null : 'Minecraft',
    location: server.location ?? null,
    address: server.minecraftPort === undefined ? null : `${deps.publicHost}:${server.minecraftPort}`,
  });
  const ownedBy = (email: string | undefined) => (email ? deps.servers.filter((server) => server.owner === email) : []);

  return {
    accountKey: deps.accountKey,
    async serversOf(customer: Customer) {
      const email = verifiedEmail(customer);
      if (!email) return { owned: [], shared: [] };
      const shares = await sharesOfEmail(db, driver, email);
      const shared = shares.flatMap((share) => {
        const server = byId.get(share.serverId);
        return server && server.owner !== email ? [{ ...summary(server), grants: share.grants }] : [];
      });
      return { owned: ownedBy(email).map(summary), shared };
    },
    async access(customer, serverId) {
      const email = verifiedEmail(customer);
      const server = byId.get(serverId);
      if (!email || !server) return undefined;
      if (server.owner === email) return ownerAccess();
      const share = await shareOf(db, driver, serverId, email);
      return share ? { role: 'shared', grants: new Set(share.grants) } : undefined;
    },
    async accepted(customer, serverId) {
      const email = verifiedEmail(customer);
      const share = email ? await shareOf(db, driver, serverId, email) : undefined;
      return share && share.acceptedAt === null ? markShareAccepted(db, share.id, now()) : false;
    },
    async shares(serverId) {
      return (await sharesOfServer(db, driver, serverId)).map(asShare);
    },
    async invite(serverId, email, grants: Grant[], by) {
      if (byId.get(serverId)?.owner === email)
        throw new HttpError(400, 'own_address', 'That is the owner’s own address.', { fields: { email: 'This address owns the server.' } });
      if (await shareOf(db, driver, serverId, email)) throw shareExists();
      const stored: StoredShare = { id: randomUUID(), serverId, email, grants, invitedBy: by.id, createdAt: now(), acceptedAt: null };
      try {
        await insertShare(db, driver, stored);
      } catch (error) {
        // Two invitations at once: the unique constraint decided.
        if (await shareOf(db, driver, serverId, email)) throw shareExists();
        throw error;
      }
      return asShare(stored);
    },
    async change(serverId, shareId, grants) {
      const before = await shareById(db, driver, serverId, shareId);
      if (!before) throw shareNotFound();
      await updateShareGrants(db, shareId, grants, now());
      return { before: asShare(before), after: { ...asShare(before), grants } };
    },
    async remove(serverId, shareId) {
      const share = await shareById(db, driver, serverId, shareId);
      if (!share) throw shareNotFound();
      await deleteShare(db, shareId);
      return asShare(share);
    },
    async knows(email) {
      const address = email.toLowerCase();
      return ownedBy(address).length > 0 || (await sharesOfEmail(db, driver, address)).length > 0;
    },
    close() {},
  };
}
