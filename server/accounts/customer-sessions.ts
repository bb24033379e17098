import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { customerSessionDays, customerSessionIdleDays } from '../../contracts/accounts-rules.ts';
import type { Database, Db } from '../db/schema.ts';
import { hashToken, randomToken } from '../staff/staff-tokens.ts';
import {
  deleteSession,
  deleteSessionsOf,
  findAccount,
  findSession,
  insertSession,
  touchSession,
  type AccountRow,
  type SessionRow,
} from './accounts-repository.ts';

export const customerSessionMs = customerSessionDays * 24 * 60 * 60_000;
export const customerIdleMs = customerSessionIdleDays * 24 * 60 * 60_000;
/** last_seen_at is written at most this often, so a busy page does not write on every request. */
const touchEveryMs = 5 * 60_000;

export interface ClientMeta {
  clientIp: string;
  userAgent: string | undefined;
}

/** A session found behind a cookie, with its account. */
export interface LiveSession {
  account: AccountRow;
  session: SessionRow;
}

/**
 * Customer sessions live in the database and are read on every request with no cache, so
 * signing out (or out everywhere) takes effect on every instance at the next request. The
 * cookie holds 32 random bytes; the table keeps their sha256.
 */
export class CustomerSessions {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly listeners = new Set<(customerId: string) => void>();

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  /** Starts a session with a new random id (never one the browser offered); returns the cookie's value. */
  async create(db: Db, customerId: string, meta: ClientMeta): Promise<{ token: string; session: SessionRow }> {
    const token = randomToken();
    const now = this.now();
    const session: SessionRow = {
      id: randomUUID(),
      tokenHash: hashToken(token),
      customerId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + customerSessionMs,
      clientIp: meta.clientIp,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    };
    await insertSession(db, session);
    return { token, session };
  }

  /** The session behind a cookie's value, or undefined; one found to have run out is deleted. */
  async authenticate(token: string | undefined): Promise<LiveSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const session = await findSession(this.db, tokenHash);
    if (!session) return undefined;
    const now = this.now();
    if (now >= session.expiresAt || now - session.lastSeenAt >= customerIdleMs) {
      await deleteSession(this.db, tokenHash);
      return undefined;
    }
    const account = await findAccount(this.db, { id: session.customerId });
    if (!account) return undefined;
    if (now - session.lastSeenAt >= touchEveryMs) await touchSession(this.db, session.id, now);
    return { account, session };
  }

  /** Ends the session behind a cookie's value (sign-out); the listeners hear of it. */
  async end(token: string): Promise<void> {
    const ended = await deleteSession(this.db, hashToken(token));
    if (ended) this.tell(ended.customerId);
  }

  /** Ends every session of an account (sign out everywhere); returns how many there were. */
  async endAll(customerId: string): Promise<number> {
    const count = await deleteSessionsOf(this.db, customerId);
    this.tell(customerId);
    return count;
  }

  onEnded(listener: (customerId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(customerId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(customerId);
      } catch {
        // A listener's failure must not undo a sign-out.
      }
    }
  }
}
