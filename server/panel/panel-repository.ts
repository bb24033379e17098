import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored session: the key stays encrypted until the session store decrypts it. */
export interface StoredSession {
  idHash: string;
  serverId: string;
  driver: string;
  keyCiphertext: string;
  createdAt: number;
  expiresAt: number;
}

/** One power action or console command, as the audit log keeps it. */
export interface PanelAuditEntry {
  at: number;
  serverId: string;
  driver: string;
  kind: 'power' | 'command';
  /** The signal (start, stop, restart, kill) or the command exactly as sent. */
  action: string;
  /** ok, or the error code the engine answered. */
  outcome: string;
  clientIp: string;
}

// Sessions.

export async function insertSession(db: Db, session: StoredSession): Promise<void> {
  await db
    .insertInto('panel_sessions')
    .values({
      id_hash: session.idHash,
      server_id: session.serverId,
      driver: session.driver,
      key_ciphertext: session.keyCiphertext,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The session, if it exists and has not expired. */
export async function findSession(db: Db, idHash: string, now: number): Promise<StoredSession | undefined> {
  const row = await db.selectFrom('panel_sessions').selectAll().where('id_hash', '=', idHash).where('expires_at', '>', now).executeTakeFirst();
  return (
    row && {
      idHash: row.id_hash,
      serverId: row.server_id,
      driver: row.driver,
      keyCiphertext: row.key_ciphertext,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    }
  );
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('panel_sessions').where('id_hash', '=', idHash).execute();
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('panel_sessions').where('expires_at', '<=', now).execute();
}

// The audit log.

export async function insertAudit(db: Db, entry: PanelAuditEntry): Promise<void> {
  await db
    .insertInto('panel_audit')
    .values({
      at: entry.at,
      server_id: entry.serverId,
      driver: entry.driver,
      kind: entry.kind,
      action: entry.action,
      outcome: entry.outcome,
      client_ip: entry.clientIp,
    })
    .execute();
}

/** One server's audit entries, oldest first. */
export async function auditOfServer(db: Db, serverId: string): Promise<PanelAuditEntry[]> {
  const rows = await db.selectFrom('panel_audit').selectAll().where('server_id', '=', serverId).orderBy('id').execute();
  return rows.map((r) => ({
    at: r.at,
    serverId: r.server_id,
    driver: r.driver,
    kind: r.kind,
    action: r.action,
    outcome: r.outcome,
    clientIp: r.client_ip,
  }));
}

/** Deletes audit entries older than `cutoff`; returns how many went. */
export async function purgeAudit(db: Db, cutoff: number): Promise<number> {
  const result = await db.deleteFrom('panel_audit').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Failed connect attempts.

/** Failed attempts from this address since `since`, and the oldest of them. */
export async function connectFailures(db: Db, clientIp: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('panel_connect_failures')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('client_ip', '=', clientIp)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

/** Failed attempts naming this server id since `since`, from any address, and the oldest of them. */
export async function serverConnectFailures(db: Db, serverId: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await db
    .selectFrom('panel_connect_failures')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('server_id', '=', serverId)
    .where('at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

/** Records a failure and forgets those before `forgetBefore` (they no longer count). */
export async function recordConnectFailure(db: Db, clientIp: string, serverId: string, at: number, forgetBefore: number): Promise<void> {
  await db.insertInto('panel_connect_failures').values({ client_ip: clientIp, server_id: serverId, at }).execute();
  await db.deleteFrom('panel_connect_failures').where('at', '<=', forgetBefore).execute();
}
