import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { sessionAbsoluteHours, sessionIdleMinutes, type StaffRole } from '../../contracts/staff-rules.ts';
import type { Database } from '../db/schema.ts';
import { deleteSession, findSessionWithAccount, insertSession, listSessions, touchSession, type Session } from './staff-repository.ts';
import { hashToken, randomToken } from './staff-tokens.ts';

export const sessionAbsoluteMs = sessionAbsoluteHours * 60 * 60_000;
export const sessionIdleMs = sessionIdleMinutes * 60_000;
/** last_seen is written at most this often, so a busy console does not write on every request. */
const touchEveryMs = 30_000;

/** The signed-in person behind a request. */
export interface StaffPrincipal {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
  sessionId: string;
  /** sha256 of the cookie's id: binds a passkey challenge to this session. */
  sessionHash: string;
}

/** Why a request has no principal: no cookie, or a session that is gone and why. */
export type NoSession = 'none' | 'ended' | 'expired' | 'idle';

/**
 * Staff sessions live in the database and are read on every request, with no cache: ending
 * one, or disabling its owner, takes effect on every instance at the next request.
 */
export class StaffSessions {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  /** Starts a session (inside the sign-in's transaction); returns the cookie's secret id. */
  async create(
    trx: Transaction<Database>,
    staffId: string,
    meta: { clientIp: string; userAgent: string | undefined },
  ): Promise<{ token: string; session: Session }> {
    const token = randomToken();
    const now = this.now();
    const session: Session = {
      id: randomUUID(),
      tokenHash: hashToken(token),
      staffId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + sessionAbsoluteMs,
      clientIp: meta.clientIp,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    };
    await insertSession(trx, session);
    return { token, session };
  }

  /** The person behind a cookie, or why there is none; a session found to have run out is deleted. */
  async authenticate(token: string | undefined): Promise<StaffPrincipal | NoSession> {
    if (!token) return 'none';
    const tokenHash = hashToken(token);
    const found = await findSessionWithAccount(this.db, tokenHash);
    if (!found) return 'ended';
    const { session, account } = found;
    const now = this.now();
    const ended: NoSession | undefined =
      account.disabledAt !== null ? 'ended' : now >= session.expiresAt ? 'expired' : now - session.lastSeenAt >= sessionIdleMs ? 'idle' : undefined;
    if (ended) {
      await deleteSession(this.db, { tokenHash });
      return ended;
    }
    if (now - session.lastSeenAt >= touchEveryMs) await touchSession(this.db, session.id, now);
    return {
      id: account.id,
      email: account.email,
      displayName: account.displayName ?? account.email,
      role: account.role,
      sessionId: session.id,
      sessionHash: tokenHash,
    };
  }

  /** A person's sessions that have not run out, most recently used first. */
  async list(staffId: string): Promise<Session[]> {
    const now = this.now();
    return (await listSessions(this.db, staffId)).filter((s) => now < s.expiresAt && now - s.lastSeenAt < sessionIdleMs);
  }

  end(staffId: string, sessionId: string): Promise<boolean> {
    return deleteSession(this.db, { id: sessionId, staffId });
  }
}
