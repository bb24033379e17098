import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import { connectFailures, recordConnectFailure } from './panel-repository.ts';

/** Failed connect attempts allowed per client address in the window. */
export const connectFailureLimit = 10;
export const connectWindowMs = 10 * 60 * 1000;

/** The one answer for a wrong id or a wrong key, so an id cannot be probed. */
export const wrongCredentials = (): HttpError => new HttpError(401, 'invalid_credentials', 'The server ID or access key is not correct.');

/**
 * Limits failed connects per client address, counted in the database so every instance shares
 * the count. Attempts in progress count too, so a burst cannot slip past the limit.
 */
export class ConnectThrottle {
  private readonly db: Kysely<Database>;
  private readonly inFlight = new Map<string, number>();

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  /** Runs `connect` unless the address is over the limit; a wrong-credentials answer counts as a failure. */
  async guard<T>(clientIp: string, connect: () => Promise<T>): Promise<T> {
    // IPv6 clients count by their /64: one line holds a whole range of addresses.
    const client = clientKey(clientIp);
    const now = Date.now();
    const windowStart = now - connectWindowMs;
    const pending = this.inFlight.get(client) ?? 0;
    this.inFlight.set(client, pending + 1);
    try {
      const failures = await connectFailures(this.db, client, windowStart);
      if (failures.count + pending >= connectFailureLimit) {
        const retryAfter = Math.max(1, Math.ceil(((failures.oldest ?? now) + connectWindowMs - now) / 1000));
        throw new HttpError(429, 'rate_limited', 'Too many failed attempts. Please wait before trying again.', {
          headers: { 'retry-after': String(retryAfter) },
        });
      }
      try {
        return await connect();
      } catch (error) {
        if (error instanceof HttpError && error.code === 'invalid_credentials') await recordConnectFailure(this.db, client, now, windowStart);
        throw error;
      }
    } finally {
      const left = (this.inFlight.get(client) ?? 1) - 1;
      if (left > 0) this.inFlight.set(client, left);
      else this.inFlight.delete(client);
    }
  }
}
