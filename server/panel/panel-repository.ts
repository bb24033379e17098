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
  /** The signed-in customer who opened it from "My servers", or null (a key session). */
  customerId?: string | null;
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
      customer_id: session.customerId ?? null,
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
      customerId: row.customer_id,
    }
  );
}

export async function deleteSession(db: Db, idHash: string): Promise<void> {
  await db.deleteFrom('panel_sessions').where('id_hash', '=', idHash).execute();
}

/** When the latest live session of a server ends, or null when it has none. */
export async function latestSessionEnd(db: Db, serverId: string, driver: string, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('panel_sessions')
    .select((eb) => eb.fn.max('expires_at').as('until'))
    .where('server_id', '=', serverId)
    .where('driver', '=', driver)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.until === null || row?.until === undefined ? null : Number(row.until);
}

export async function deleteExpiredSessions(db: Db, now: number): Promise<void> {
  await db.deleteFrom('panel_sessions').where('expires_at', '<=', now).execute();
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
