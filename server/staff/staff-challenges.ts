import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertChallenge, takeChallenge, type Challenge, type ChallengePurpose } from './staff-signin-repository.ts';
import { randomToken } from './staff-tokens.ts';
import { challengeLifetimeMs, stale } from '../lib/webauthn.ts';

type Binding = Partial<Pick<Challenge, 'staffId' | 'sessionHash' | 'tokenHash'>>;

/**
 * WebAuthn challenges kept on the server: each has an id the browser sends back, lives five
 * minutes, is bound to what asked for it (an enrolment link, a session) and is used once.
 */
export class StaffChallenges {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(db: Kysely<Database>, now: () => number) {
    this.db = db;
    this.now = now;
  }

  async issue(purpose: ChallengePurpose, challenge: string, bound: Binding): Promise<string> {
    const id = randomToken();
    await insertChallenge(this.db, {
      id,
      challenge,
      purpose,
      staffId: bound.staffId ?? null,
      sessionHash: bound.sessionHash ?? null,
      tokenHash: bound.tokenHash ?? null,
      expiresAt: this.now() + challengeLifetimeMs,
    });
    return id;
  }

  /** Takes a challenge out for good: it must be of this purpose, unexpired, and bound as expected. */
  async take(id: string, purpose: ChallengePurpose, bound: Binding = {}): Promise<Challenge> {
    const challenge = await takeChallenge(this.db, id);
    if (!challenge || challenge.purpose !== purpose || challenge.expiresAt <= this.now()) throw stale();
    for (const key of ['staffId', 'sessionHash', 'tokenHash'] as const) {
      if (bound[key] !== undefined && challenge[key] !== bound[key]) throw stale();
    }
    return challenge;
  }
}
