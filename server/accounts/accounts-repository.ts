import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { CustomerAccountTable, CustomerSessionTable } from './accounts-tables.ts';

/** A customer account as the capability reads it. */
export interface AccountRow {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  subject: string | null;
  userHandle: string;
  createdAt: number;
  lastSignInAt: number | null;
}

export interface SessionRow {
  id: string;
  tokenHash: string;
  customerId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  clientIp: string;
  userAgent: string | null;
}

function toAccount(row: Selectable<CustomerAccountTable>): AccountRow {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified === 1,
    name: row.name,
    subject: row.subject,
    userHandle: row.user_handle,
    createdAt: Number(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
  };
}

function toSession(row: Selectable<CustomerSessionTable>): SessionRow {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    customerId: row.customer_id,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  };
}

// Accounts.

export async function insertAccount(db: Db, account: AccountRow): Promise<void> {
  await db
    .insertInto('customer_account')
    .values({
      id: account.id,
      email: account.email,
      email_verified: account.emailVerified ? 1 : 0,
      name: account.name,
      subject: account.subject,
      user_handle: account.userHandle,
      created_at: account.createdAt,
      last_sign_in_at: account.lastSignInAt,
    })
    .execute();
}

export async function findAccount(
  db: Db,
  by: { id: string } | { verifiedEmail: string } | { subject: string } | { userHandle: string },
): Promise<AccountRow | undefined> {
  let query = db.selectFrom('customer_account').selectAll();
  if ('id' in by) query = query.where('id', '=', by.id);
  else if ('verifiedEmail' in by) query = query.where('email', '=', by.verifiedEmail.toLowerCase()).where('email_verified', '=', 1);
  else if ('subject' in by) query = query.where('subject', '=', by.subject);
  else query = query.where('user_handle', '=', by.userHandle);
  const row = await query.executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: { email?: string | null; emailVerified?: boolean; name?: string | null; subject?: string; lastSignInAt?: number },
): Promise<void> {
  const set = {
    ...(changes.email !== undefined ? { email: changes.email } : {}),
    ...(changes.emailVerified !== undefined ? { email_verified: changes.emailVerified ? 1 : 0 } : {}),
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.subject !== undefined ? { subject: changes.subject } : {}),
    ...(changes.lastSignInAt !== undefined ? { last_sign_in_at: changes.lastSignInAt } : {}),
  };
  if (Object.keys(set).length === 0) return;
  await db.updateTable('customer_account').set(set).where('id', '=', id).execute();
}

// Sessions.

export async function insertSession(db: Db, session: SessionRow): Promise<void> {
  await db
    .insertInto('customer_session')
    .values({
      id: session.id,
      token_hash: session.tokenHash,
      customer_id: session.customerId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      client_ip: session.clientIp,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const row = await db.selectFrom('customer_session').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row ? toSession(row) : undefined;
}

export async function touchSession(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('customer_session').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Deletes one session by its cookie's hash; true when there was one. */
export async function deleteSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  const row = await db.deleteFrom('customer_session').where('token_hash', '=', tokenHash).returningAll().executeTakeFirst();
  return row ? toSession(row) : undefined;
}

/** Deletes every session of an account; returns how many there were. */
export async function deleteSessionsOf(db: Db, customerId: string): Promise<number> {
  const rows = await db.deleteFrom('customer_session').where('customer_id', '=', customerId).returning('id').execute();
  return rows.length;
}

export async function countSessionsOf(db: Db, customerId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('customer_session')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('customer_id', '=', customerId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
