import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ProbeAgentTable } from './probe-locations-tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** An agent's token as stored (never the token). */
export interface StoredAgent {
  id: string;
  location: string;
  createdAt: number;
  createdBy: string;
  lastSeenAt: number | null;
  pingUrl: string | null;
  dropped: number;
  revokedAt: number | null;
}

function agentOf(r: Selectable<ProbeAgentTable>): StoredAgent {
  return {
    id: r.id,
    location: r.location,
    createdAt: Number(r.created_at),
    createdBy: r.created_by,
    lastSeenAt: r.last_seen_at === null ? null : Number(r.last_seen_at),
    pingUrl: r.ping_url,
    dropped: Number(r.dropped),
    revokedAt: r.revoked_at === null ? null : Number(r.revoked_at),
  };
}

export async function insertAgent(db: Db, agent: { id: string; location: string; tokenHash: string; createdAt: number; createdBy: string }): Promise<void> {
  await db
    .insertInto('probe_agent')
    .values({ id: agent.id, location: agent.location, token_hash: agent.tokenHash, created_at: agent.createdAt, created_by: agent.createdBy })
    .execute();
}

/** Every agent token, newest first, revoked ones included. */
export async function listAgents(db: Db): Promise<StoredAgent[]> {
  const rows = await db.selectFrom('probe_agent').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(agentOf);
}

/** The agent whose token has this hash, unless revoked. */
export async function agentByTokenHash(db: Db, tokenHash: string): Promise<StoredAgent | undefined> {
  const row = await db.selectFrom('probe_agent').selectAll().where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).executeTakeFirst();
  return row ? agentOf(row) : undefined;
}

export async function findAgent(db: Db, id: string): Promise<StoredAgent | undefined> {
  const row = await db.selectFrom('probe_agent').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? agentOf(row) : undefined;
}

/** Revokes a token; false when there is none by that id or it was revoked already. */
export async function revokeAgent(db: Db, id: string, at: number): Promise<boolean> {
  const result = await db.updateTable('probe_agent').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An agent was heard from: when, its ping endpoint if it said, and results it had to drop. */
export async function agentSeen(db: Db, id: string, at: number, update: { pingUrl?: string; dropped?: number }): Promise<void> {
  const row = await db.selectFrom('probe_agent').select('dropped').where('id', '=', id).executeTakeFirst();
  await db
    .updateTable('probe_agent')
    .set({
      last_seen_at: at,
      ...(update.pingUrl !== undefined ? { ping_url: update.pingUrl } : {}),
      ...(update.dropped ? { dropped: Number(row?.dropped ?? 0) + update.dropped } : {}),
    })
    .where('id', '=', id)
    .execute();
}
