import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-error.ts';
import { countAuthFailures, insertAuthFailure } from './staff-signin-repository.ts';

export interface ThrottleLimits {
  windowMs: number;
  /** Failures one client (an IPv4 address, an IPv6 /64) may make in the window. */
  perClient: number;
  /** Failures that reached one account (its registered passkey, its valid link) in the window. */
  perAccount: number;
}

export const defaultThrottle: ThrottleLimits = { windowMs: 15 * 60_000, perClient: 10, perAccount: 20 };

/**
 * Failed sign-ins and enrolments, counted in the database so every instance sees the same
 * numbers: per client, and per account once an attempt has shown which account it is for.
 * There is no total over all clients: strangers failing from many addresses must not lock the
 * real staff out (docs/decisions.md 11). Past a limit, the client or the account gets 429
 * until the oldest failure leaves the window.
 */
export class SignInThrottle {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  readonly limits: ThrottleLimits;

  constructor(db: Kysely<Database>, now: () => number, limits: ThrottleLimits = defaultThrottle) {
    this.db = db;
    this.now = now;
    this.limits = limits;
  }

  /** Throws 429 when this client has failed too often lately. */
  async checkClient(clientIp: string): Promise<void> {
    const now = this.now();
    const mine = await countAuthFailures(this.db, now - this.limits.windowMs, { clientKey: clientKey(clientIp) });
    if (mine.count >= this.limits.perClient) throw this.refusal(mine.oldest ?? now, now, 'from your address');
  }

  /**
   * Throws 429 when attempts at this account have failed too often lately. Only an attempt that
   * names the account counts here (one of its registered passkeys, which the site never shows,
   * or its enrolment link), so an anonymous stranger cannot reach this limit.
   */
  async checkAccount(staffId: string): Promise<void> {
    const now = this.now();
    const failures = await countAuthFailures(this.db, now - this.limits.windowMs, { staffId });
    if (failures.count >= this.limits.perAccount) throw this.refusal(failures.oldest ?? now, now, 'with this account');
  }

  async fail(clientIp: string, staffId: string | null): Promise<void> {
    await insertAuthFailure(this.db, { clientKey: clientKey(clientIp), staffId, at: this.now() });
  }

  private refusal(oldest: number, now: number, where: string): HttpError {
    const seconds = Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new HttpError(429, 'rate_limited', `Too many failed sign-ins ${where}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
}
