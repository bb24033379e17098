import type { z } from 'zod';
import type { AuthenticationOptions, EnrolmentStatus, RegistrationOptions, SignInBody, StaffMe, enrolmentBody } from '../../contracts/staff.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  consumeEnrolment,
  findAccount,
  findEnrolment,
  findPasskey,
  insertPasskey,
  listPasskeys,
  recordPasskeyUse,
  updateAccount,
  type StaffAccount,
} from './staff-repository.ts';
import type { RelyingParty } from '../lib/relying-party.ts';
import { meOf, type StaffDeps } from './staff-service.ts';
import type { StaffSessions } from './staff-sessions.ts';
import type { SignInThrottle } from './staff-throttle.ts';
import { StaffChallenges } from './staff-challenges.ts';
import { hashToken } from './staff-tokens.ts';
import { authenticationOptions, checkClientData, registrationOptions, verifyAuthentication, verifyRegistration } from '../lib/webauthn.ts';

export interface ClientMeta {
  clientIp: string;
  userAgent: string | undefined;
}

/** A signed-in person and the secret for their cookie. */
export interface SignedIn {
  token: string;
  expiresAt: number;
  me: StaffMe;
}

type EnrolmentInput = z.output<typeof enrolmentBody>;

/** What a ceremony step got to know before it was refused. */
interface Seen {
  account?: StaffAccount;
}

/** Why a sign-in or enrolment was refused, for the audit log (the person sees the message). */
function reasonOf(error: unknown): string {
  return error instanceof HttpError ? error.code : 'error';
}

/**
 * The ceremonies that let someone in: enrolment from a one-time link (a display name and a
 * first passkey) and sign-in with a discoverable passkey. Each refusal is counted for the
 * throttle and written to the audit log, with the reason.
 */
export class StaffSignIn {
  private readonly deps: StaffDeps;
  private readonly rp: RelyingParty | { problem: string };
  private readonly sessions: StaffSessions;
  private readonly throttle: SignInThrottle;
  private readonly challenges: StaffChallenges;

  constructor(deps: StaffDeps, rp: RelyingParty | { problem: string }, sessions: StaffSessions, throttle: SignInThrottle) {
    this.deps = deps;
    this.challenges = new StaffChallenges(deps.db, deps.now);
    this.rp = 'problem' in rp ? rp : { ...rp, place: { name: 'the staff console', path: '/staff' } };
    this.sessions = sessions;
    this.throttle = throttle;
  }

  /** The relying party, or 503 when PUBLIC_URL cannot be one. */
  relyingParty(): RelyingParty {
    if ('problem' in this.rp) throw new HttpError(503, 'staff_unavailable', `Staff sign-in is off on this server: ${this.rp.problem}`);
    return this.rp;
  }

  /**
   * Runs a step of a ceremony; a refusal is counted, recorded, then passed on. The step notes
   * in `seen` whose account it reached, so the audit entry names them.
   */
  private async guarded<T>(action: string, meta: ClientMeta, step: (seen: Seen) => Promise<T>): Promise<T> {
    this.relyingParty();
    await this.throttle.checkClient(meta.clientIp);
    const seen: Seen = {};
    try {
      return await step(seen);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode >= 500 || error.statusCode === 429) throw error;
      const account = seen.account;
      await this.throttle.fail(meta.clientIp, account?.id ?? null);
      await this.deps.audit.record({
        actor: account ? { kind: 'staff', id: account.id, label: account.email } : { kind: 'anonymous' },
        action,
        target: account?.email ?? null,
        outcome: 'refused',
        clientIp: meta.clientIp,
        detail: { reason: reasonOf(error), userAgent: meta.userAgent?.slice(0, 200) ?? null },
      });
      throw error;
    }
  }

  // Enrolment.

  /** The account behind a link, or a refusal that says what is wrong with the link. */
  private async linkAccount(token: string, seen: Seen): Promise<{ account: StaffAccount; expiresAt: number }> {
    const enrolment = await findEnrolment(this.deps.db, hashToken(token));
    if (!enrolment) {
      throw new HttpError(
        404,
        'enrolment_unknown',
        'This enrolment link is not valid: it may be incomplete, or a newer link replaced it. Ask an admin for a new one.',
      );
    }
    const account = await findAccount(this.deps.db, { id: enrolment.staffId });
    if (!account) throw new HttpError(404, 'enrolment_unknown', 'This enrolment link belongs to an account that no longer exists.');
    await this.throttle.checkAccount(account.id);
    seen.account = account;
    if (enrolment.usedAt !== null) {
      throw new HttpError(410, 'enrolment_used', 'This enrolment link was already used. Sign in with your passkey, or ask an admin for a new link.');
    }
    if (enrolment.expiresAt <= this.deps.now()) {
      throw new HttpError(410, 'enrolment_expired', 'This enrolment link has expired (links work for 24 hours). Ask an admin for a new one.');
    }
    if (account.disabledAt !== null) throw disabled();
    return { account, expiresAt: enrolment.expiresAt };
  }

  async enrolmentStatus(token: string, meta: ClientMeta): Promise<EnrolmentStatus> {
    return this.guarded('staff.enrol_failed', meta, async (seen) => {
      const { account, expiresAt } = await this.linkAccount(token, seen);
      return { email: account.email, role: account.role, expiresAt };
    });
  }

  async enrolmentOptions(token: string, displayName: string, meta: ClientMeta): Promise<RegistrationOptions> {
    return this.guarded('staff.enrol_failed', meta, async (seen) => {
      const rp = this.relyingParty();
      const { account } = await this.linkAccount(token, seen);
      const existing = await listPasskeys(this.deps.db, account.id);
      const options = await registrationOptions(rp, { email: account.email, displayName, userHandle: account.userHandle }, existing);
      const challengeId = await this.challenges.issue('enrol', options.challenge, { staffId: account.id, tokenHash: hashToken(token) });
      return { challengeId, consoleOrigin: rp.origin, options };
    });
  }

  /** Checks the first passkey, uses up the link, names the person and signs them in. */
  async enrol(input: EnrolmentInput, meta: ClientMeta): Promise<SignedIn> {
    return this.guarded('staff.enrol_failed', meta, async (seen) => {
      const rp = this.relyingParty();
      const { account } = await this.linkAccount(input.token, seen);
      const challenge = await this.challenges.take(input.challengeId, 'enrol', { tokenHash: hashToken(input.token), staffId: account.id });
      const credential = await verifyRegistration(rp, challenge.challenge, input.credential);
      const now = this.deps.now();
      return this.deps.db.transaction().execute(async (trx) => {
        if (!(await consumeEnrolment(trx, hashToken(input.token), now))) {
          throw new HttpError(410, 'enrolment_used', 'This enrolment link was already used. Sign in with your passkey, or ask an admin for a new link.');
        }
        if (await findPasskey(trx, credential.id)) throw new HttpError(409, 'passkey_exists', 'This passkey is already registered. Sign in with it instead.');
        await insertPasskey(trx, {
          ...credential,
          staffId: account.id,
          name: input.passkeyName ?? 'First passkey',
          createdAt: now,
          lastUsedAt: now,
        });
        await updateAccount(trx, account.id, { displayName: input.displayName, lastSignInAt: now });
        const { token, session } = await this.sessions.create(trx, account.id, meta);
        await this.deps.audit.record(
          { actor: { kind: 'staff', id: account.id, label: account.email }, action: 'staff.enrol', target: account.email, clientIp: meta.clientIp },
          { db: trx },
        );
        return { token, expiresAt: session.expiresAt, me: meOf({ ...account, displayName: input.displayName }) };
      });
    });
  }

  // Sign-in.

  async signInOptions(meta: ClientMeta): Promise<AuthenticationOptions> {
    const rp = this.relyingParty();
    await this.throttle.checkClient(meta.clientIp);
    const options = await authenticationOptions(rp);
    const challengeId = await this.challenges.issue('signin', options.challenge, {});
    return { challengeId, consoleOrigin: rp.origin, options };
  }

  async signIn(body: SignInBody, meta: ClientMeta): Promise<SignedIn> {
    return this.guarded('staff.signin_failed', meta, async (seen) => {
      const rp = this.relyingParty();
      const challenge = await this.challenges.take(body.challengeId, 'signin');
      checkClientData(rp, body.credential.response.clientDataJSON, { type: 'webauthn.get', challenge: challenge.challenge });
      const passkey = await findPasskey(this.deps.db, body.credential.id);
      if (!passkey) {
        throw new HttpError(
          401,
          'passkey_unknown',
          'This passkey is not registered here (it may have been removed). Use another passkey, or ask an admin for a new enrolment link.',
        );
      }
      const account = await findAccount(this.deps.db, { id: passkey.staffId });
      if (!account) throw new HttpError(401, 'passkey_unknown', 'This passkey belongs to an account that no longer exists.');
      await this.throttle.checkAccount(account.id);
      seen.account = account;
      if (body.credential.response.userHandle !== undefined && body.credential.response.userHandle !== account.userHandle) {
        throw new HttpError(400, 'webauthn_failed', "Your passkey's answer could not be verified. Please try again, or use another passkey.");
      }
      const counter = await verifyAuthentication(rp, challenge.challenge, body.credential, passkey);
      // Checked after the signature, so "disabled" is said only to the person who holds the passkey.
      if (account.disabledAt !== null) throw disabled();
      const now = this.deps.now();
      return this.deps.db.transaction().execute(async (trx) => {
        await recordPasskeyUse(trx, passkey.id, counter, now);
        await updateAccount(trx, account.id, { lastSignInAt: now });
        const { token, session } = await this.sessions.create(trx, account.id, meta);
        await this.deps.audit.record(
          {
            actor: { kind: 'staff', id: account.id, label: account.email },
            action: 'staff.signin',
            target: account.email,
            clientIp: meta.clientIp,
            detail: { passkey: passkey.name },
          },
          { db: trx },
        );
        return { token, expiresAt: session.expiresAt, me: meOf(account) };
      });
    });
  }
}

const disabled = () => new HttpError(403, 'account_disabled', 'Your account is disabled. Ask an admin to enable it.');
