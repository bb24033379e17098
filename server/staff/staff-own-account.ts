import type { z } from 'zod';
import type { addPasskeyBody, RegistrationOptions, StaffPasskey, StaffSession } from '../../contracts/staff.ts';
import { HttpError } from '../lib/http-error.ts';
import { deletePasskey, findAccount, findPasskey, insertPasskey, listPasskeys, lockAccount, renamePasskey, type Passkey } from './staff-repository.ts';
import type { StaffDeps } from './staff-service.ts';
import type { StaffPrincipal, StaffSessions } from './staff-sessions.ts';
import type { StaffSignIn } from './staff-signin.ts';
import { StaffChallenges } from './staff-challenges.ts';
import { registrationOptions, verifyRegistration } from '../lib/webauthn.ts';

type AddPasskey = z.output<typeof addPasskeyBody>;

function passkeyOf(p: Passkey): StaffPasskey {
  return { id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt, synced: p.synced };
}

const noPasskey = () => new HttpError(404, 'not_found', 'You have no such passkey (it may have been removed already).');

/**
 * What a signed-in person does to their own account: passkeys (add, rename, remove, never the
 * last one) and sessions (see them, end any). Each change is in the audit log.
 */
export class OwnAccount {
  private readonly deps: StaffDeps;
  private readonly signIn: StaffSignIn;
  private readonly sessions: StaffSessions;
  private readonly challenges: StaffChallenges;

  constructor(deps: StaffDeps, signIn: StaffSignIn, sessions: StaffSessions) {
    this.deps = deps;
    this.signIn = signIn;
    this.sessions = sessions;
    this.challenges = new StaffChallenges(deps.db, deps.now);
  }

  private record(
    me: StaffPrincipal,
    clientIp: string,
    action: string,
    detail: Record<string, string | number | boolean | null>,
    db?: Parameters<StaffDeps['audit']['record']>[1],
  ) {
    return this.deps.audit.record({ actor: { kind: 'staff', id: me.id, label: me.email }, action, target: me.email, clientIp, detail }, db);
  }

  async passkeys(me: StaffPrincipal): Promise<StaffPasskey[]> {
    return (await listPasskeys(this.deps.db, me.id)).map(passkeyOf);
  }

  /** Options for one more passkey; the challenge is bound to this session. */
  async passkeyOptions(me: StaffPrincipal): Promise<RegistrationOptions> {
    const rp = this.signIn.relyingParty();
    const account = await findAccount(this.deps.db, { id: me.id });
    if (!account) throw new HttpError(401, 'session_ended', 'Your session has ended. Please sign in again.');
    const existing = await listPasskeys(this.deps.db, me.id);
    const options = await registrationOptions(rp, { email: me.email, displayName: me.displayName, userHandle: account.userHandle }, existing);
    const challengeId = await this.challenges.issue('passkey', options.challenge, { staffId: me.id, sessionHash: me.sessionHash });
    return { challengeId, consoleOrigin: rp.origin, options };
  }

  async addPasskey(me: StaffPrincipal, body: AddPasskey, clientIp: string): Promise<StaffPasskey> {
    const rp = this.signIn.relyingParty();
    const challenge = await this.challenges.take(body.challengeId, 'passkey', { staffId: me.id, sessionHash: me.sessionHash });
    const credential = await verifyRegistration(rp, challenge.challenge, body.credential);
    const now = this.deps.now();
    const passkey: Passkey = { ...credential, staffId: me.id, name: body.name, createdAt: now, lastUsedAt: null };
    await this.deps.db.transaction().execute(async (trx) => {
      if (await findPasskey(trx, credential.id)) throw new HttpError(409, 'passkey_exists', 'This passkey is already registered.');
      await insertPasskey(trx, passkey);
      await this.record(me, clientIp, 'staff.passkey_add', { passkey: body.name }, { db: trx });
    });
    return passkeyOf(passkey);
  }

  async renamePasskey(me: StaffPrincipal, id: string, name: string, clientIp: string): Promise<StaffPasskey> {
    const before = await findPasskey(this.deps.db, id);
    if (!before || before.staffId !== me.id || !(await renamePasskey(this.deps.db, me.id, id, name))) throw noPasskey();
    await this.record(me, clientIp, 'staff.passkey_rename', { from: before.name, to: name });
    return passkeyOf({ ...before, name });
  }

  /** Removes a passkey, never the last one (the person could not sign in again). */
  async removePasskey(me: StaffPrincipal, id: string, clientIp: string): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      await lockAccount(trx, this.deps.dialect, me.id);
      const mine = await listPasskeys(trx, me.id);
      const target = mine.find((p) => p.id === id);
      if (!target) throw noPasskey();
      if (mine.length <= 1) {
        throw new HttpError(409, 'last_passkey', 'This is your only passkey: add another one before you remove it, or you could not sign in again.');
      }
      await deletePasskey(trx, me.id, id);
      await this.record(me, clientIp, 'staff.passkey_remove', { passkey: target.name }, { db: trx });
    });
  }

  async sessionList(me: StaffPrincipal): Promise<StaffSession[]> {
    return (await this.sessions.list(me.id)).map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      expiresAt: s.expiresAt,
      clientIp: s.clientIp,
      userAgent: s.userAgent,
      current: s.id === me.sessionId,
    }));
  }

  async endSession(me: StaffPrincipal, sessionId: string, clientIp: string): Promise<void> {
    if (!(await this.sessions.end(me.id, sessionId))) throw new HttpError(404, 'not_found', 'That session has ended already.');
    await this.record(me, clientIp, sessionId === me.sessionId ? 'staff.signout' : 'staff.session_end', { session: sessionId.slice(0, 8) });
  }
}
