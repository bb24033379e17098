import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { CustomerChallengeTable, CustomerPasskeyTable } from './accounts-tables.ts';

export interface CustomerPasskeyRow {
  id: string;
  customerId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  synced: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface ChallengeRow {
  id: string;
  challenge: string;
  purpose: 'signin' | 'passkey';
  customerId: string | null;
  sessionHash: string | null;
  expiresAt: number;
}

function toPasskey(row: Selectable<CustomerPasskeyTable>): CustomerPasskeyRow {
  return {
    id: row.id,
    customerId: row.customer_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports ? (JSON.parse(row.transports) as string[]) : [],
    name: row.name,
    synced: row.synced === 1,
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

function toChallenge(row: Selectable<CustomerChallengeTable>): ChallengeRow {
  return {
    id: row.id,
    challenge: row.challenge,
    purpose: row.purpose as ChallengeRow['purpose'],
    customerId: row.customer_id,
    sessionHash: row.session_hash,
    expiresAt: Number(row.expires_at),
  };
}

export async function insertPasskey(db: Db, passkey: CustomerPasskeyRow): Promise<void> {
  await db
    .insertInto('customer_passkey')
    .values({
      id: passkey.id,
      customer_id: passkey.customerId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      synced: passkey.synced ? 1 : 0,
      created_at: passkey.createdAt,
      last_used_at: passkey.lastUsedAt,
    })
    .execute();
}

export async function findPasskey(db: Db, id: string): Promise<CustomerPasskeyRow | undefined> {
  const row = await db.selectFrom('customer_passkey').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toPasskey(row) : undefined;
}

export async function listPasskeys(db: Db, customerId: string): Promise<CustomerPasskeyRow[]> {
  const rows = await db.selectFrom('customer_passkey').selectAll().where('customer_id', '=', customerId).orderBy('created_at').execute();
  return rows.map(toPasskey);
}

export async function recordPasskeyUse(db: Db, id: string, counter: number, at: number): Promise<void> {
  await db.updateTable('customer_passkey').set({ counter, last_used_at: at }).where('id', '=', id).execute();
}

/** Removes one of an account's passkeys; false when it has none of that id. */
export async function deletePasskey(db: Db, customerId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('customer_passkey').where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertChallenge(db: Db, challenge: ChallengeRow): Promise<void> {
  await db
    .insertInto('customer_challenge')
    .values({
      id: challenge.id,
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      customer_id: challenge.customerId,
      session_hash: challenge.sessionHash,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** Takes a challenge out for good: each is answered once. */
export async function takeChallenge(db: Db, id: string): Promise<ChallengeRow | undefined> {
  const row = await db.deleteFrom('customer_challenge').where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toChallenge(row) : undefined;
}
