import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { deleteExpiredSessions, deleteSession, findSession, insertSession } from './panel-repository.ts';
import { hashSessionId, newSessionId, type SessionCrypto } from './session-crypto.ts';

/** Sessions last 12 hours from connecting, then the customer connects again. */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;
/** A decrypted session is reused from memory this long, so a request costs no database read. */
const cacheMs = 10_000;
const cacheLimit = 10_000;

export interface PanelSession {
  idHash: string;
  serverId: string;
  driver: string;
  /** The customer's access key, decrypted: never sent to the browser. */
  key: string;
  expiresAt: number;
  /**
   * The signed-in customer's account when the session was opened from "My servers" (docs/decisions.md 80):
   * its access is checked again on every request and `key` is the site's own (the driver's account key).
   */
  customerId?: string | undefined;
  /** What that customer may do here, set by the request's access check; undefined for a key session (the engine decides). */
  grants?: ReadonlySet<string> | undefined;
  /** Who the audit log names for a customer's session (their e-mail address), set with `grants`. */
  actorLabel?: string | undefined;
}

/** Creates, finds and ends panel sessions; rows in the database, a short-lived cache in memory. */
export class SessionStore {
  private readonly db: Kysely<Database>;
  private readonly crypto: SessionCrypto;
  private readonly driver: string;
  private readonly cache = new Map<string, { session: PanelSession; until: number }>();

  constructor(db: Kysely<Database>, crypto: SessionCrypto, driver: string) {
    this.db = db;
    this.crypto = crypto;
    this.driver = driver;
  }

  /** Stores a new session; returns the id for the cookie. */
  async create(serverId: string, key: string, now = Date.now(), customerId: string | null = null): Promise<{ id: string; session: PanelSession }> {
    const id = newSessionId();
    const idHash = hashSessionId(id);
    const expiresAt = now + sessionLifetimeMs;
    await deleteExpiredSessions(this.db, now);
    await insertSession(this.db, {
      idHash,
      serverId,
      driver: this.driver,
      keyCiphertext: this.crypto.encrypt(key, idHash),
      createdAt: now,
      expiresAt,
      customerId,
    });
    return { id, session: { idHash, serverId, driver: this.driver, key, expiresAt, customerId: customerId ?? undefined } };
  }

  /** The live session of a cookie value, or undefined. */
  async find(cookieValue: string | undefined, now = Date.now()): Promise<PanelSession | undefined> {
    if (!cookieValue || cookieValue.length > 100) return undefined;
    return this.findByHash(hashSessionId(cookieValue), now);
  }

  /** The live session stored under this hash of its cookie (the support desk keeps the hash, never the cookie), or undefined. */
  async findByHash(idHash: string, now = Date.now()): Promise<PanelSession | undefined> {
    const cached = this.cache.get(idHash);
    if (cached && cached.until > now) return cached.session.expiresAt > now ? cached.session : undefined;
    const row = await findSession(this.db, idHash, now);
    const key = row && row.driver === this.driver ? this.crypto.decrypt(row.keyCiphertext, idHash) : undefined;
    if (!row || key === undefined) {
      this.cache.delete(idHash);
      return undefined;
    }
    const session: PanelSession = {
      idHash,
      serverId: row.serverId,
      driver: row.driver,
      key,
      expiresAt: row.expiresAt,
      customerId: row.customerId ?? undefined,
    };
    if (this.cache.size >= cacheLimit) this.cache.clear();
    this.cache.set(idHash, { session, until: now + cacheMs });
    return session;
  }

  async destroy(idHash: string): Promise<void> {
    this.cache.delete(idHash);
    await deleteSession(this.db, idHash);
  }
}
