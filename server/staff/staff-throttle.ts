import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import { countAuthFailures, insertAuthFailure } from './staff-repository.ts';

export interface ThrottleLimits {
  windowMs: number;
  /** Failures one address may make in the window. */
  perAddress: number;
  /** Failures from all addresses together in the window (a spread-out attempt). */
  total: number;
}

export const defaultThrottle: ThrottleLimits = { windowMs: 15 * 60_000, perAddress: 10, total: 200 };

/**
 * Failed sign-ins and enrolments, counted in the database so every instance sees the same
 * numbers. Past a limit, sign-in answers 429 until the oldest failure leaves the window.
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

  /** Throws 429 when this address, or everyone together, has failed too often lately. */
  async check(clientIp: string): Promise<void> {
    const now = this.now();
    const since = now - this.limits.windowMs;
    const mine = await countAuthFailures(this.db, since, clientIp);
    if (mine.count >= this.limits.perAddress) throw this.refusal(mine.oldest ?? now, now, 'from your address');
    const all = await countAuthFailures(this.db, since);
    if (all.count >= this.limits.total) throw this.refusal(all.oldest ?? now, now, 'on the staff console');
  }

  async fail(clientIp: string): Promise<void> {
    await insertAuthFailure(this.db, clientIp, this.now());
  }

  private refusal(oldest: number, now: number, where: string): HttpError {
    const seconds = Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new HttpError(429, 'rate_limited', `Too many failed sign-ins ${where}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
}
