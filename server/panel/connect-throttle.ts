import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import { connectFailures, recordConnectFailure, serverConnectFailures } from './panel-repository.ts';

/** Failed connect attempts allowed per client address in the window. */
export const connectFailureLimit = 10;
/**
 * Failed attempts allowed per server id in the window, from all addresses together: guessing one
 * server's key from many addresses stops here. The owner is held back too while it lasts, which
 * is the price of not telling a guesser when a guess was right.
 */
export const serverFailureLimit = 30;
export const connectWindowMs = 10 * 60 * 1000;

/** The one answer for a wrong id or a wrong key, so an id cannot be probed. */
export const wrongCredentials = (): HttpError => new HttpError(401, 'invalid_credentials', 'The server ID or access key is not correct.');

function tooMany(oldest: number | null, now: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(((oldest ?? now) + connectWindowMs - now) / 1000));
  return new HttpError(429, 'rate_limited', 'Too many failed attempts. Please wait before trying again.', {
    headers: { 'retry-after': String(retryAfter) },
  });
}

/**
 * Limits failed connects per client address and per server id, counted in the database so every
 * instance shares the counts. Attempts in progress count too, so a burst cannot slip past.
 */
export class ConnectThrottle {
  private readonly db: Kysely<Database>;
  private readonly inFlight = new Map<string, number>();

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `connect` unless a limit is reached; a wrong-credentials answer counts as a failure. */
  async guard<T>(clientIp: string, serverId: string, connect: () => Promise<T>): Promise<T> {
    // IPv6 clients count by their /64: one line holds a whole range of addresses.
    const client = clientKey(clientIp);
    const keys = [`ip ${client}`, `server ${serverId}`];
    const now = Date.now();
    const windowStart = now - connectWindowMs;
    const [pendingIp, pendingServer] = keys.map((key) => this.inFlight.get(key) ?? 0) as [number, number];
    for (const key of keys) this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    try {
      const [byIp, byServer] = await Promise.all([connectFailures(this.db, client, windowStart), serverConnectFailures(this.db, serverId, windowStart)]);
      if (byIp.count + pendingIp >= connectFailureLimit) throw tooMany(byIp.oldest, now);
      if (byServer.count + pendingServer >= serverFailureLimit) throw tooMany(byServer.oldest, now);
      try {
        return await connect();
      } catch (error) {
        if (error instanceof HttpError && error.code === 'invalid_credentials') await recordConnectFailure(this.db, client, serverId, now, windowStart);
        throw error;
      }
    } finally {
      for (const key of keys) {
        const left = (this.inFlight.get(key) ?? 1) - 1;
        if (left > 0) this.inFlight.set(key, left);
        else this.inFlight.delete(key);
      }
    }
  }
}
