import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { CustomerMe } from '../../contracts/accounts.ts';
import type { AuditLog } from '../audit/audit-service.ts';
import type { Database, Db } from '../db/schema.ts';
import { randomToken } from '../staff/staff-tokens.ts';
import { findAccount, insertAccount, updateAccount, type AccountRow } from './accounts-repository.ts';
import { clearCustomerCookies, setCustomerCookies, type CustomerCookie } from './customer-cookie.ts';
import type { Customer, CustomerAccounts, Invitation, InvitationMailed } from './customer-identity.ts';
import type { ClientMeta, CustomerSessions, LiveSession } from './customer-sessions.ts';
import type { KnownAddresses, KnownAddressSource } from './known-addresses.ts';

export function customerOf(account: AccountRow): Customer {
  return { id: account.id, email: account.email, emailVerified: account.emailVerified, name: account.name ?? account.email, subject: account.subject };
}

export function meOf(account: AccountRow): CustomerMe {
  return { id: account.id, email: account.email, emailVerified: account.emailVerified, name: account.name ?? account.email, portal: account.subject !== null };
}

export function metaOf(request: FastifyRequest): ClientMeta {
  return { clientIp: request.ip, userAgent: request.headers['user-agent'] };
}

/** A unique-constraint violation on either dialect (a concurrent request made the same row). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; errcode?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/i.test(e.message ?? '');
}

interface Deps {
  db: Kysely<Database>;
  now: () => number;
  audit: AuditLog;
  sessions: CustomerSessions;
  known: KnownAddresses;
  cookie: CustomerCookie;
  /** Sends an invitation's mail (server/accounts/invitation-mail.ts); 'off' without SMTP_URL. */
  mailInvitation: (invitation: Invitation) => Promise<InvitationMailed>;
}

/**
 * The customer accounts (server/accounts/customer-identity.ts): who is signed in on a request,
 * accounts by id and by verified address, and the one way every sign-in ends: `signIn`, which
 * ends the session the browser came with and starts a new one (session fixation refused).
 */
export class AccountsService implements CustomerAccounts {
  private readonly deps: Deps;
  /** One look-up per request, however many routes and hooks ask. */
  private readonly seen = new WeakMap<FastifyRequest, Promise<LiveSession | undefined>>();

  constructor(deps: Deps) {
    this.deps = deps;
  }

  mailInvitation(invitation: Invitation): Promise<InvitationMailed> {
    return this.deps.mailInvitation(invitation);
  }

  get cookieName(): string {
    return this.deps.cookie.name;
  }

  /** The session and account behind the request's cookie. */
  live(request: FastifyRequest): Promise<LiveSession | undefined> {
    let found = this.seen.get(request);
    if (!found) {
      found = this.deps.sessions.authenticate(request.cookies[this.deps.cookie.name]);
      this.seen.set(request, found);
    }
    return found;
  }

  async current(request: FastifyRequest): Promise<Customer | undefined> {
    const live = await this.live(request);
    return live ? customerOf(live.account) : undefined;
  }

  async byId(id: string): Promise<Customer | undefined> {
    const account = await findAccount(this.deps.db, { id });
    return account ? customerOf(account) : undefined;
  }

  async account(id: string): Promise<AccountRow | undefined> {
    return findAccount(this.deps.db, { id });
  }

  async findOrCreateByVerifiedEmail(email: string): Promise<Customer> {
    return customerOf(await this.accountForVerifiedEmail(email));
  }

  /** The account of a verified address, made when missing (two requests at once get the same one). */
  async accountForVerifiedEmail(email: string, db: Db = this.deps.db): Promise<AccountRow> {
    const address = email.trim().toLowerCase();
    const found = await findAccount(db, { verifiedEmail: address });
    if (found) return found;
    const account = newAccount({ email: address, emailVerified: true, name: null, subject: null }, this.deps.now());
    try {
      await insertAccount(db, account);
      return account;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const other = await findAccount(db, { verifiedEmail: address });
      if (!other) throw error;
      return other;
    }
  }

  async createSession(customerId: string, meta: ClientMeta = { clientIp: '127.0.0.1', userAgent: undefined }): Promise<string> {
    return (await this.deps.sessions.create(this.deps.db, customerId, meta)).token;
  }

  onSessionsEnded(listener: (customerId: string) => void): () => void {
    return this.deps.sessions.onEnded(listener);
  }

  /** Adds a source of known addresses (docs/decisions.md 76): a server's owner, an invitation. */
  registerKnownAddressSource(source: KnownAddressSource): () => void {
    return this.deps.known.register(source);
  }

  /**
   * Signs a browser in to an account: ends the session its cookie named (if any), starts a new
   * one with a new random id, sets the cookies, notes the time and records how.
   */
  async signIn(request: FastifyRequest, reply: FastifyReply, account: AccountRow, how: string): Promise<CustomerMe> {
    const before = request.cookies[this.deps.cookie.name];
    if (before) await this.deps.sessions.end(before);
    const now = this.deps.now();
    const { token, session } = await this.deps.sessions.create(this.deps.db, account.id, metaOf(request));
    await updateAccount(this.deps.db, account.id, { lastSignInAt: now });
    setCustomerCookies(reply, this.deps.cookie, token, session.expiresAt);
    await this.deps.audit.record({
      actor: { kind: 'customer', id: account.id, label: account.email ?? account.name },
      action: 'account.signin',
      target: account.email,
      clientIp: request.ip,
      detail: { how },
    });
    this.seen.delete(request);
    return meOf({ ...account, lastSignInAt: now });
  }

  /** Ends this browser's session (if any) and clears its cookies. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[this.deps.cookie.name];
    if (token) await this.deps.sessions.end(token);
    clearCustomerCookies(reply, this.deps.cookie);
  }

  /** Ends every session of the signed-in account, this one included. */
  async signOutEverywhere(request: FastifyRequest, reply: FastifyReply, account: AccountRow): Promise<number> {
    const ended = await this.deps.sessions.endAll(account.id);
    clearCustomerCookies(reply, this.deps.cookie);
    await this.deps.audit.record({
      actor: { kind: 'customer', id: account.id, label: account.email ?? account.name },
      action: 'account.signout_everywhere',
      target: account.email,
      clientIp: request.ip,
      detail: { sessions: ended },
    });
    return ended;
  }
}

export function newAccount(fields: Pick<AccountRow, 'email' | 'emailVerified' | 'name' | 'subject'>, now: number): AccountRow {
  return { id: randomUUID(), ...fields, userHandle: randomToken(), createdAt: now, lastSignInAt: null };
}
