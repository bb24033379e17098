import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { parseGrants, type Grant } from './grants.ts';

/** A stored share of a local server (docs/decisions.md 81). */
export interface StoredShare {
  id: string;
  serverId: string;
  email: string;
  grants: Grant[];
  invitedBy: string;
  createdAt: number;
  acceptedAt: number | null;
}

type Row = Database['panel_server_shares'];

const toShare = (row: Row): StoredShare => ({
  id: row.id,
  serverId: row.server_id,
  email: row.email,
  grants: parseGrants(row.grants),
  invitedBy: row.invited_by,
  createdAt: Number(row.created_at),
  acceptedAt: row.accepted_at === null ? null : Number(row.accepted_at),
});

export async function sharesOfServer(db: Kysely<Database>, driver: string, serverId: string): Promise<StoredShare[]> {
  const rows = await db
    .selectFrom('panel_server_shares')
    .selectAll()
    .where('driver', '=', driver)
    .where('server_id', '=', serverId)
    .orderBy('created_at')
    .execute();
  return rows.map(toShare);
}

export async function sharesOfEmail(db: Kysely<Database>, driver: string, email: string): Promise<StoredShare[]> {
  const rows = await db.selectFrom('panel_server_shares').selectAll().where('driver', '=', driver).where('email', '=', email).orderBy('created_at').execute();
  return rows.map(toShare);
}

export async function shareOf(db: Kysely<Database>, driver: string, serverId: string, email: string): Promise<StoredShare | undefined> {
  const row = await db
    .selectFrom('panel_server_shares')
    .selectAll()
    .where('driver', '=', driver)
    .where('server_id', '=', serverId)
    .where('email', '=', email)
    .executeTakeFirst();
  return row && toShare(row);
}

export async function shareById(db: Kysely<Database>, driver: string, serverId: string, id: string): Promise<StoredShare | undefined> {
  const row = await db
    .selectFrom('panel_server_shares')
    .selectAll()
    .where('driver', '=', driver)
    .where('server_id', '=', serverId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toShare(row);
}

export async function insertShare(db: Kysely<Database>, driver: string, share: StoredShare): Promise<void> {
  await db
    .insertInto('panel_server_shares')
    .values({
      id: share.id,
      driver,
      server_id: share.serverId,
      email: share.email,
      grants: share.grants.join(','),
      invited_by: share.invitedBy,
      created_at: share.createdAt,
      updated_at: share.createdAt,
      accepted_at: null,
    })
    .execute();
}

export async function updateShareGrants(db: Kysely<Database>, id: string, grants: Grant[], at: number): Promise<void> {
  await db
    .updateTable('panel_server_shares')
    .set({ grants: grants.join(','), updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Marks it accepted; true when this call did (the first time). */
export async function markShareAccepted(db: Kysely<Database>, id: string, at: number): Promise<boolean> {
  const result = await db.updateTable('panel_server_shares').set({ accepted_at: at }).where('id', '=', id).where('accepted_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteShare(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('panel_server_shares').where('id', '=', id).execute();
}
