import type { Selectable, Transaction } from 'kysely';
import type { StaffRole } from '../../contracts/staff-rules.ts';
import type { Dialect } from '../db/database.ts';
import type { Database, Db } from '../db/schema.ts';
import type { StaffAccountsTable, StaffPasskeysTable, StaffSessionsTable } from './staff-tables.ts';

export interface StaffAccount {
  id: string;
  email: string;
  displayName: string | null;
  role: StaffRole;
  userHandle: string;
  disabledAt: number | null;
  createdAt: number;
  lastSignInAt: number | null;
}

export interface StaffAccountSummary extends StaffAccount {
  passkeys: number;
  enrolmentExpiresAt: number | null;
}

export interface Passkey {
  id: string;
  staffId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  synced: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface Enrolment {
  tokenHash: string;
  staffId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface Session {
  id: string;
  tokenHash: string;
  staffId: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  clientIp: string;
  userAgent: string | null;
}

function toAccount(row: Selectable<StaffAccountsTable>): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    role: row.role as StaffRole,
    userHandle: row.user_handle,
    disabledAt: row.disabled_at === null ? null : Number(row.disabled_at),
    createdAt: Number(row.created_at),
    lastSignInAt: row.last_sign_in_at === null ? null : Number(row.last_sign_in_at),
  };
}

function toPasskey(row: Selectable<StaffPasskeysTable>): Passkey {
  return {
    id: row.id,
    staffId: row.staff_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? (JSON.parse(row.transports) as string[]) : [],
    name: row.name,
    synced: row.synced === 1,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

function toSession(row: Selectable<StaffSessionsTable>): Session {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    staffId: row.staff_id,
    createdAt: Number(row.created_at),
    lastSeenAt: Number(row.last_seen_at),
    expiresAt: Number(row.expires_at),
    clientIp: row.client_ip,
    userAgent: row.user_agent,
  };
}

// Accounts.

export async function insertAccount(db: Db, account: StaffAccount): Promise<void> {
  await db
    .insertInto('staff_accounts')
    .values({
      id: account.id,
      email: account.email,
      display_name: account.displayName,
      role: account.role,
      user_handle: account.userHandle,
      disabled_at: account.disabledAt,
      created_at: account.createdAt,
      last_sign_in_at: account.lastSignInAt,
    })
    .execute();
}

export async function findAccount(db: Db, by: { id: string } | { email: string } | { userHandle: string }): Promise<StaffAccount | undefined> {
  let query = db.selectFrom('staff_accounts').selectAll();
  if ('id' in by) query = query.where('id', '=', by.id);
  else if ('email' in by) query = query.where('email', '=', by.email.toLowerCase());
  else query = query.where('user_handle', '=', by.userHandle);
  const row = await query.executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/**
 * Locks an account's row until the transaction ends (PostgreSQL; SQLite runs one transaction
 * at a time), so two requests cannot both pass a "not the last one" check.
 */
export async function lockAccount(trx: Transaction<Database>, dialect: Dialect, id: string): Promise<StaffAccount | undefined> {
  let query = trx.selectFrom('staff_accounts').selectAll().where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toAccount(row) : undefined;
}

/** Ids of the admins who are not disabled, locked like lockAccount. */
export async function lockActiveAdmins(trx: Transaction<Database>, dialect: Dialect): Promise<string[]> {
  let query = trx.selectFrom('staff_accounts').select('id').where('role', '=', 'admin').where('disabled_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((r) => r.id);
}

/** Everyone, oldest first, with how many passkeys they have and their open enrolment link. */
export async function listAccounts(db: Db, now: number): Promise<StaffAccountSummary[]> {
  const rows = await db
    .selectFrom('staff_accounts as a')
    .selectAll('a')
    .select((eb) => [
      eb
        .selectFrom('staff_passkeys as p')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('p.staff_id', '=', 'a.id')
        .as('passkey_count'),
      eb
        .selectFrom('staff_enrolments as e')
        .select((e) => e.fn.max('e.expires_at').as('x'))
        .whereRef('e.staff_id', '=', 'a.id')
        .where('e.used_at', 'is', null)
        .where('e.expires_at', '>', now)
        .as('enrolment_expires_at'),
    ])
    .orderBy('a.created_at')
    .orderBy('a.email')
    .execute();
  return rows.map((row) => ({
    ...toAccount(row),
    passkeys: Number(row.passkey_count ?? 0),
    enrolmentExpiresAt: row.enrolment_expires_at === null || row.enrolment_expires_at === undefined ? null : Number(row.enrolment_expires_at),
  }));
}

export async function updateAccount(
  db: Db,
  id: string,
  changes: { role?: StaffRole; disabledAt?: number | null; displayName?: string; lastSignInAt?: number },
): Promise<void> {
  await db
    .updateTable('staff_accounts')
    .set({
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.disabledAt !== undefined ? { disabled_at: changes.disabledAt } : {}),
      ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
      ...(changes.lastSignInAt !== undefined ? { last_sign_in_at: changes.lastSignInAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Deletes an account; its passkeys, links and sessions go with it (foreign keys cascade). */
export async function deleteAccount(db: Db, id: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
  await db.deleteFrom('staff_passkeys').where('staff_id', '=', id).execute();
  await db.deleteFrom('staff_enrolments').where('staff_id', '=', id).execute();
  await db.deleteFrom('staff_accounts').where('id', '=', id).execute();
}

// Passkeys.

export async function insertPasskey(db: Db, passkey: Passkey): Promise<void> {
  await db
    .insertInto('staff_passkeys')
    .values({
      id: passkey.id,
      staff_id: passkey.staffId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports.length ? JSON.stringify(passkey.transports) : null,
      name: passkey.name,
      synced: passkey.synced ? 1 : 0,
      created_at: passkey.createdAt,
      last_used_at: passkey.lastUsedAt,
    })
    .execute();
}

export async function findPasskey(db: Db, id: string): Promise<Passkey | undefined> {
  const row = await db.selectFrom('staff_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

export async function listPasskeys(db: Db, staffId: string): Promise<Passkey[]> {
  const rows = await db.selectFrom('staff_passkeys').selectAll().where('staff_id', '=', staffId).orderBy('created_at').execute();
  return rows.map(toPasskey);
}

export async function renamePasskey(db: Db, staffId: string, id: string, name: string): Promise<boolean> {
  const result = await db.updateTable('staff_passkeys').set({ name }).where('staff_id', '=', staffId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePasskey(db: Db, staffId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('staff_passkeys').where('staff_id', '=', staffId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deletePasskeysOf(db: Db, staffId: string): Promise<number> {
  const result = await db.deleteFrom('staff_passkeys').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, at: number): Promise<void> {
  await db.updateTable('staff_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

// Enrolment links.

export async function insertEnrolment(db: Db, enrolment: Enrolment): Promise<void> {
  await db
    .insertInto('staff_enrolments')
    .values({
      token_hash: enrolment.tokenHash,
      staff_id: enrolment.staffId,
      created_at: enrolment.createdAt,
      expires_at: enrolment.expiresAt,
      used_at: enrolment.usedAt,
    })
    .execute();
}

export async function findEnrolment(db: Db, tokenHash: string): Promise<Enrolment | undefined> {
  const row = await db.selectFrom('staff_enrolments').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!row) return undefined;
  return {
    tokenHash: row.token_hash,
    staffId: row.staff_id,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
  };
}

/** Marks a link used if it is still unused and valid; false when another request got there first. */
export async function consumeEnrolment(db: Db, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('staff_enrolments')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Withdraws an account's unused links (a new one replaces them). */
export async function deleteOpenEnrolments(db: Db, staffId: string): Promise<void> {
  await db.deleteFrom('staff_enrolments').where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
}

// Sessions.

export async function insertSession(db: Db, session: Session): Promise<void> {
  await db
    .insertInto('staff_sessions')
    .values({
      id: session.id,
      token_hash: session.tokenHash,
      staff_id: session.staffId,
      created_at: session.createdAt,
      last_seen_at: session.lastSeenAt,
      expires_at: session.expiresAt,
      client_ip: session.clientIp,
      user_agent: session.userAgent,
    })
    .execute();
}

/** A session by its cookie's hash, with its account: one query on every staff request. */
export async function findSessionWithAccount(db: Db, tokenHash: string): Promise<{ session: Session; account: StaffAccount } | undefined> {
  const row = await db
    .selectFrom('staff_sessions as s')
    .innerJoin('staff_accounts as a', 'a.id', 's.staff_id')
    .selectAll('s')
    .select(['a.email', 'a.display_name', 'a.role', 'a.user_handle', 'a.disabled_at', 'a.created_at as account_created_at', 'a.last_sign_in_at'])
    .where('s.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    session: toSession(row),
    account: toAccount({
      id: row.staff_id,
      email: row.email,
      display_name: row.display_name,
      role: row.role,
      user_handle: row.user_handle,
      disabled_at: row.disabled_at,
      created_at: row.account_created_at,
      last_sign_in_at: row.last_sign_in_at,
    }),
  };
}

export async function touchSession(db: Db, id: string, at: number): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function listSessions(db: Db, staffId: string): Promise<Session[]> {
  const rows = await db.selectFrom('staff_sessions').selectAll().where('staff_id', '=', staffId).orderBy('last_seen_at', 'desc').execute();
  return rows.map(toSession);
}

export async function deleteSession(db: Db, by: { id: string; staffId: string } | { tokenHash: string }): Promise<boolean> {
  let query = db.deleteFrom('staff_sessions');
  query = 'tokenHash' in by ? query.where('token_hash', '=', by.tokenHash) : query.where('id', '=', by.id).where('staff_id', '=', by.staffId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function deleteSessionsOf(db: Db, staffId: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
