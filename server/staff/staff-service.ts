import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { StaffMe, StaffMember } from '../../contracts/staff.ts';
import { can, enrolmentLinkHours, staffPermissions, type StaffRole } from '../../contracts/staff-rules.ts';
import type { Acting, AuditLog, AuditRecord } from '../audit/audit-service.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../lib/http-error.ts';
import {
  deleteAccount,
  deleteOpenEnrolments,
  deletePasskeysOf,
  deleteSessionsOf,
  findAccount,
  insertAccount,
  insertEnrolment,
  listAccounts,
  lockAccount,
  lockActiveAdmins,
  updateAccount,
  type StaffAccount,
  type StaffAccountSummary,
} from './staff-repository.ts';
import { hashToken, randomToken } from './staff-tokens.ts';

export const enrolmentLinkMs = enrolmentLinkHours * 60 * 60_000;

/** What every staff service is built from. */
export interface StaffDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  audit: AuditLog;
  now: () => number;
  /** PUBLIC_URL: enrolment links start with it. */
  publicUrl: string;
}

/** The shell's operator (npm run staff), as the audit log names them. */
export const shellOperator: Acting = { actor: { kind: 'system', id: null, label: 'shell (npm run staff)' }, clientIp: null };

export function meOf(account: { id: string; email: string; displayName: string | null; role: StaffRole }): StaffMe {
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName ?? account.email,
    role: account.role,
    permissions: staffPermissions.filter((p) => can(account.role, p)),
  };
}

export function memberOf(account: StaffAccountSummary): StaffMember {
  return {
    id: account.id,
    email: account.email,
    displayName: account.displayName,
    role: account.role,
    disabled: account.disabledAt !== null,
    passkeys: account.passkeys,
    enrolmentExpiresAt: account.enrolmentExpiresAt,
    lastSignInAt: account.lastSignInAt,
    createdAt: account.createdAt,
  };
}

const notFound = () => new HttpError(404, 'not_found', 'There is no such person on the team (they may have been removed).');
const lastAdmin = () => new HttpError(409, 'last_admin', 'This is the last active admin: make someone else an admin first, so the team can still be managed.');

/**
 * The team: adding people with a one-time enrolment link, roles, disabling and enabling,
 * new links (which revoke the person's passkeys), removal. Every change is in the audit log,
 * in the same transaction as the change.
 */
export class StaffService {
  private readonly deps: StaffDeps;

  constructor(deps: StaffDeps) {
    this.deps = deps;
  }

  async members(): Promise<StaffMember[]> {
    return (await listAccounts(this.deps.db, this.deps.now())).map(memberOf);
  }

  async summaries(): Promise<StaffAccountSummary[]> {
    return listAccounts(this.deps.db, this.deps.now());
  }

  findByEmail(email: string): Promise<StaffAccount | undefined> {
    return findAccount(this.deps.db, { email });
  }

  private async member(id: string): Promise<StaffMember> {
    const found = (await listAccounts(this.deps.db, this.deps.now())).find((a) => a.id === id);
    if (!found) throw notFound();
    return memberOf(found);
  }

  private record(trx: Transaction<Database>, by: Acting, action: string, target: StaffAccount, detail?: AuditRecord['detail']): Promise<void> {
    return this.deps.audit.record({ actor: by.actor, action, target: target.email, clientIp: by.clientIp, detail }, { db: trx });
  }

  /** A new link for an account, replacing its unused ones; only the token's hash is stored. */
  private async issueLink(trx: Transaction<Database>, staffId: string): Promise<{ link: string; expiresAt: number }> {
    const token = randomToken();
    const now = this.deps.now();
    await deleteOpenEnrolments(trx, staffId);
    await insertEnrolment(trx, { tokenHash: hashToken(token), staffId, createdAt: now, expiresAt: now + enrolmentLinkMs, usedAt: null });
    // In the fragment: browsers send it to no server, so it stays out of logs and Referer headers.
    return { link: `${this.deps.publicUrl}/staff/enrol#${token}`, expiresAt: now + enrolmentLinkMs };
  }

  /** Adds a person; the enrolment link is returned once and never again. */
  async add(email: string, role: StaffRole, by: Acting): Promise<{ member: StaffMember; link: string; expiresAt: number }> {
    const address = email.trim().toLowerCase();
    const account: StaffAccount = {
      id: randomUUID(),
      email: address,
      displayName: null,
      role,
      userHandle: randomToken(),
      disabledAt: null,
      createdAt: this.deps.now(),
      lastSignInAt: null,
    };
    const issued = await this.deps.db.transaction().execute(async (trx) => {
      if (await findAccount(trx, { email: address })) {
        throw new HttpError(409, 'email_taken', `${address} is already on the team.`, { fields: { email: 'is already on the team' } });
      }
      await insertAccount(trx, account);
      const link = await this.issueLink(trx, account.id);
      await this.record(trx, by, 'staff.invite', account, { role });
      return link;
    });
    return { member: await this.member(account.id), ...issued };
  }

  async setRole(id: string, role: StaffRole, by: Acting): Promise<StaffMember> {
    await this.deps.db.transaction().execute(async (trx) => {
      const admins = await lockActiveAdmins(trx, this.deps.dialect);
      const account = await lockAccount(trx, this.deps.dialect, id);
      if (!account) throw notFound();
      if (account.role === role) return;
      if (account.role === 'admin' && account.disabledAt === null && admins.length <= 1) throw lastAdmin();
      await updateAccount(trx, id, { role });
      await this.record(trx, by, 'staff.role_change', account, { from: account.role, to: role });
    });
    return this.member(id);
  }

  /** Disables a person and ends every session of theirs at once. */
  async disable(id: string, by: Acting): Promise<StaffMember> {
    if (by.staffId === id) throw new HttpError(409, 'self', 'You cannot disable your own account. Ask another admin, or sign out.');
    await this.deps.db.transaction().execute(async (trx) => {
      const admins = await lockActiveAdmins(trx, this.deps.dialect);
      const account = await lockAccount(trx, this.deps.dialect, id);
      if (!account) throw notFound();
      if (account.disabledAt !== null) return;
      if (account.role === 'admin' && admins.length <= 1) throw lastAdmin();
      await updateAccount(trx, id, { disabledAt: this.deps.now() });
      const ended = await deleteSessionsOf(trx, id);
      await this.record(trx, by, 'staff.disable', account, { sessionsEnded: ended });
    });
    return this.member(id);
  }

  async enable(id: string, by: Acting): Promise<StaffMember> {
    await this.deps.db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, this.deps.dialect, id);
      if (!account) throw notFound();
      if (account.disabledAt === null) return;
      await updateAccount(trx, id, { disabledAt: null });
      await this.record(trx, by, 'staff.enable', account);
    });
    return this.member(id);
  }

  /**
   * A new enrolment link for someone who lost their passkeys (or whose link ran out): their
   * passkeys are revoked and their sessions ended, so only the new link gets them back in.
   */
  async reset(id: string, by: Acting): Promise<{ member: StaffMember; link: string; expiresAt: number }> {
    if (by.staffId === id) throw new HttpError(409, 'self', 'You cannot reset your own account here: add or remove passkeys under My account.');
    const issued = await this.deps.db.transaction().execute(async (trx) => {
      const account = await lockAccount(trx, this.deps.dialect, id);
      if (!account) throw notFound();
      const passkeys = await deletePasskeysOf(trx, id);
      const sessions = await deleteSessionsOf(trx, id);
      const link = await this.issueLink(trx, id);
      await this.record(trx, by, 'staff.reset', account, { passkeysRevoked: passkeys, sessionsEnded: sessions });
      return link;
    });
    return { member: await this.member(id), ...issued };
  }

  async remove(id: string, by: Acting): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const admins = await lockActiveAdmins(trx, this.deps.dialect);
      const account = await lockAccount(trx, this.deps.dialect, id);
      if (!account) throw notFound();
      if (account.role === 'admin' && account.disabledAt === null && admins.length <= 1) throw lastAdmin();
      await deleteAccount(trx, id);
      await this.record(trx, by, 'staff.remove', account, { role: account.role });
    });
  }
}
