import type { Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { StaffChallengesTable } from './staff-tables.ts';

/** The staff sign-in's own rows: WebAuthn challenges, failed attempts, and the housekeeping of what has run out. */

export type ChallengePurpose = 'signin' | 'enrol' | 'passkey';

export interface Challenge {
  id: string;
  challenge: string;
  purpose: ChallengePurpose;
  staffId: string | null;
  sessionHash: string | null;
  tokenHash: string | null;
  expiresAt: number;
}

function toChallenge(row: Selectable<StaffChallengesTable>): Challenge {
  return {
    id: row.id,
    challenge: row.challenge,
    purpose: row.purpose as ChallengePurpose,
    staffId: row.staff_id,
    sessionHash: row.session_hash,
    tokenHash: row.token_hash,
    expiresAt: Number(row.expires_at),
  };
}

// Challenges.

export async function insertChallenge(db: Db, challenge: Challenge): Promise<void> {
  await db
    .insertInto('staff_challenges')
    .values({
      id: challenge.id,
      challenge: challenge.challenge,
      purpose: challenge.purpose,
      staff_id: challenge.staffId,
      session_hash: challenge.sessionHash,
      token_hash: challenge.tokenHash,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

/** Takes a challenge out (single use): whoever deletes the row has it; a second taker gets nothing. */
export async function takeChallenge(db: Db, id: string): Promise<Challenge | undefined> {
  const row = await db.deleteFrom('staff_challenges').where('id', '=', id).returningAll().executeTakeFirst();
  return row ? toChallenge(row) : undefined;
}

// Failed sign-ins and enrolments.

export async function insertAuthFailure(db: Db, failure: { clientKey: string; staffId: string | null; at: number }): Promise<void> {
  await db.insertInto('staff_auth_failures').values({ client_key: failure.clientKey, staff_id: failure.staffId, at: failure.at }).execute();
}

/** How many failures since `since` from one client, or at one account, and the oldest one's time. */
export async function countAuthFailures(
  db: Db,
  since: number,
  of: { clientKey: string } | { staffId: string },
): Promise<{ count: number; oldest: number | null }> {
  let query = db
    .selectFrom('staff_auth_failures')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest')])
    .where('at', '>=', since);
  query = 'clientKey' in of ? query.where('client_key', '=', of.clientKey) : query.where('staff_id', '=', of.staffId);
  const row = await query.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : Number(row.oldest) };
}

/** Housekeeping: what has run out (challenges, sessions ended by time or idleness, old links and failures). */
export async function purgeExpired(
  db: Db,
  cutoffs: { now: number; idleBefore: number; linksBefore: number; failuresBefore: number },
): Promise<Record<string, number>> {
  const { now, idleBefore, linksBefore, failuresBefore } = cutoffs;
  const challenges = await db.deleteFrom('staff_challenges').where('expires_at', '<=', now).executeTakeFirst();
  const sessions = await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleBefore)]))
    .executeTakeFirst();
  const links = await db
    .deleteFrom('staff_enrolments')
    .where((eb) => eb.or([eb('expires_at', '<', linksBefore), eb('used_at', '<', linksBefore)]))
    .executeTakeFirst();
  const failures = await db.deleteFrom('staff_auth_failures').where('at', '<', failuresBefore).executeTakeFirst();
  return {
    challenges: Number(challenges.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    enrolmentLinks: Number(links.numDeletedRows),
    authFailures: Number(failures.numDeletedRows),
  };
}
