import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { addCustomerPasskeyBody, passkeySignInBody } from '../../contracts/accounts.ts';
import type { AuthenticationOptions, RegistrationOptions } from '../../contracts/staff.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { RelyingParty } from '../lib/relying-party.ts';
import {
  authenticationOptions,
  challengeLifetimeMs,
  checkClientData,
  registrationOptions,
  stale,
  verifyAuthentication,
  verifyRegistration,
} from '../lib/webauthn.ts';
import { randomToken } from '../staff/staff-tokens.ts';
import { findAccount, type AccountRow } from './accounts-repository.ts';
import type { LiveSession } from './customer-sessions.ts';
import {
  type CustomerPasskeyRow,
  deletePasskey,
  findPasskey,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
} from './passkeys-repository.ts';

export interface CustomerPasskeyView {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
  synced: boolean;
}

const viewOf = (p: CustomerPasskeyRow): CustomerPasskeyView => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt, synced: p.synced });

const unknownPasskey = () =>
  new HttpError(401, 'passkey_unknown', 'This passkey is not registered here (it may have been removed). Sign in by e-mail link, then add it again.');

/**
 * Customers' passkeys (docs/decisions.md 78), through the same WebAuthn ceremonies as the staff
 * console's (server/lib/webauthn.ts): a signed-in customer adds one (the challenge bound to
 * that session), and signs in with it later (a discoverable passkey names its account).
 */
export class CustomerPasskeys {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;
  private readonly rp: RelyingParty | { problem: string };

  constructor(db: Kysely<Database>, now: () => number, rp: RelyingParty | { problem: string }) {
    this.db = db;
    this.now = now;
    this.rp = rp;
  }

  get enabled(): boolean {
    return !('problem' in this.rp);
  }

  private relyingParty(): RelyingParty {
    if ('problem' in this.rp) throw new HttpError(503, 'passkeys_off', `Passkeys are not available on this site: ${this.rp.problem}`);
    return this.rp;
  }

  private async issue(purpose: 'signin' | 'passkey', challenge: string, bound: { customerId?: string; sessionHash?: string }): Promise<string> {
    const id = randomToken();
    await insertChallenge(this.db, {
      id,
      challenge,
      purpose,
      customerId: bound.customerId ?? null,
      sessionHash: bound.sessionHash ?? null,
      expiresAt: this.now() + challengeLifetimeMs,
    });
    return id;
  }

  private async take(id: string, purpose: 'signin' | 'passkey', bound: { customerId?: string; sessionHash?: string } = {}) {
    const challenge = await takeChallenge(this.db, id);
    if (!challenge || challenge.purpose !== purpose || challenge.expiresAt <= this.now()) throw stale();
    if (bound.customerId !== undefined && challenge.customerId !== bound.customerId) throw stale();
    if (bound.sessionHash !== undefined && challenge.sessionHash !== bound.sessionHash) throw stale();
    return challenge;
  }

  async list(customerId: string): Promise<CustomerPasskeyView[]> {
    return (await listPasskeys(this.db, customerId)).map(viewOf);
  }

  async addOptions(live: LiveSession): Promise<RegistrationOptions> {
    const rp = this.relyingParty();
    const { account } = live;
    const label = account.email ?? account.name ?? 'customer';
    const options = await registrationOptions(
      rp,
      { email: label, displayName: account.name ?? label, userHandle: account.userHandle },
      await listPasskeys(this.db, account.id),
    );
    const challengeId = await this.issue('passkey', options.challenge, { customerId: account.id, sessionHash: live.session.tokenHash });
    return { challengeId, consoleOrigin: rp.origin, options };
  }

  async add(live: LiveSession, body: z.output<typeof addCustomerPasskeyBody>): Promise<CustomerPasskeyView> {
    const rp = this.relyingParty();
    const challenge = await this.take(body.challengeId, 'passkey', { customerId: live.account.id, sessionHash: live.session.tokenHash });
    const credential = await verifyRegistration(rp, challenge.challenge, body.credential);
    if (await findPasskey(this.db, credential.id)) throw new HttpError(409, 'passkey_exists', 'This passkey is already registered. Sign in with it instead.');
    const now = this.now();
    const passkey: CustomerPasskeyRow = { ...credential, customerId: live.account.id, name: body.name ?? 'Passkey', createdAt: now, lastUsedAt: null };
    await insertPasskey(this.db, passkey);
    return viewOf(passkey);
  }

  async remove(customerId: string, id: string): Promise<void> {
    if (!(await deletePasskey(this.db, customerId, id)))
      throw new HttpError(404, 'passkey_not_found', 'This passkey is not on your account (it may have been removed already).');
  }

  async signInOptions(): Promise<AuthenticationOptions> {
    const rp = this.relyingParty();
    const options = await authenticationOptions(rp);
    const challengeId = await this.issue('signin', options.challenge, {});
    return { challengeId, consoleOrigin: rp.origin, options };
  }

  /** Verifies a sign-in with a passkey; returns its account. */
  async signIn(body: z.output<typeof passkeySignInBody>): Promise<AccountRow> {
    const rp = this.relyingParty();
    const challenge = await this.take(body.challengeId, 'signin');
    checkClientData(rp, body.credential.response.clientDataJSON, { type: 'webauthn.get', challenge: challenge.challenge });
    const passkey = await findPasskey(this.db, body.credential.id);
    if (!passkey) throw unknownPasskey();
    const account = await findAccount(this.db, { id: passkey.customerId });
    if (!account) throw unknownPasskey();
    if (body.credential.response.userHandle !== undefined && body.credential.response.userHandle !== account.userHandle) {
      throw new HttpError(400, 'webauthn_failed', "Your passkey's answer could not be verified. Please try again, or use another passkey.");
    }
    const counter = await verifyAuthentication(rp, challenge.challenge, body.credential, passkey);
    await recordPasskeyUse(this.db, passkey.id, counter, this.now());
    return account;
  }
}
