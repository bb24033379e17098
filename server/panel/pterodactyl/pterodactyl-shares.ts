import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Grant } from '../accounts/grants.ts';
import type { ServerDirectory, Share } from '../accounts/server-directory.ts';
import { deleteShare, insertShare, shareOf, type StoredShare } from '../accounts/shares-repository.ts';
import { shareNotFound } from '../accounts/local-directory.ts';
import type { PanelClient } from './panel-client.ts';
import type { SubuserIndex } from './panel-subuser-index.ts';
import { grantsOf, permissionsOf, record, listAttributes } from './panel-subusers.ts';

const driver = 'pterodactyl';

export const subuserPath = (serverId: string, uuid?: string) =>
  `/api/client/servers/${encodeURIComponent(serverId)}/users${uuid === undefined ? '' : `/${encodeURIComponent(uuid)}`}`;

export function asShare(subuser: Record<string, unknown>): Share {
  const created = typeof subuser.created_at === 'string' ? Date.parse(subuser.created_at) : Number.NaN;
  return {
    id: String(subuser.uuid),
    email: typeof subuser.email === 'string' ? subuser.email.toLowerCase() : '',
    grants: grantsOf(subuser.permissions),
    createdAt: Number.isNaN(created) ? null : created,
  };
}

/**
 * Sharing on Pterodactyl and Pelican: the panel's own subusers, made through the client API with
 * the provider's admin key (PANEL_CLIENT_KEY); the site keeps its record of the invitations it
 * sent (panel_server_shares) beside them (docs/decisions.md 79-81).
 */
export function createPanelSharing(deps: {
  panel: PanelClient;
  clientKey: string;
  db: Kysely<Database>;
  now: () => number;
  index: SubuserIndex;
}): Pick<ServerDirectory, 'shares' | 'invite' | 'change' | 'remove'> {
  const { panel, clientKey, db, now, index } = deps;

  async function subusers(serverId: string): Promise<Share[]> {
    return listAttributes(await panel.request(clientKey, 'GET', subuserPath(serverId))).map(asShare);
  }

  async function subuser(serverId: string, shareId: string): Promise<Share> {
    const found = (await subusers(serverId)).find((share) => share.id === shareId);
    if (!found) throw shareNotFound();
    return found;
  }

  return {
    shares: subusers,
    async invite(serverId, email, grants, by) {
      let body: unknown;
      try {
        body = await panel.request(clientKey, 'POST', subuserPath(serverId), { email, permissions: permissionsOf(grants) });
      } catch (error) {
        // ServerSubuserExistsException, UserIsServerOwnerException: the panel's words are for people.
        if (error instanceof HttpError && error.statusCode === 400) throw new HttpError(409, 'already_shared', error.message);
        throw error;
      }
      index.forget();
      const share = asShare(record(record(body)?.attributes) ?? {});
      if (!(await shareOf(db, driver, serverId, email))) {
        const stored: StoredShare = { id: share.id, serverId, email, grants, invitedBy: by.id, createdAt: now(), acceptedAt: null };
        await insertShare(db, driver, stored);
      }
      return share;
    },
    async change(serverId, shareId, grants: Grant[]) {
      const before = await subuser(serverId, shareId);
      const body = await panel.request(clientKey, 'POST', subuserPath(serverId, shareId), { permissions: permissionsOf(grants) });
      index.forget();
      return { before, after: asShare(record(record(body)?.attributes) ?? {}) };
    },
    async remove(serverId, shareId) {
      const share = await subuser(serverId, shareId);
      await panel.request(clientKey, 'DELETE', subuserPath(serverId, shareId));
      index.forget();
      const stored = await shareOf(db, driver, serverId, share.email);
      if (stored) await deleteShare(db, stored.id);
      return share;
    },
  };
}
