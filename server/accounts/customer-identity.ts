import type { FastifyRequest } from 'fastify';
import type { Invitation, InvitationMailed } from './invitation-mail.ts';

export type { Invitation, InvitationMailed };

/**
 * Who the signed-in customer is: the one thing the rest of the app (the Game Panel's "My servers",
 * sharing, the support desk) needs from customer accounts. The accounts capability
 * (server/accounts/) implements it and decorates the app with it as `app.customers`.
 */
export interface Customer {
  /** Our account id (a UUID). */
  id: string;
  /** The account's e-mail address, lower case; null when the billing portal sent none. */
  email: string | null;
  /**
   * Whether that address is proven: by an e-mail link we sent, or by the billing portal's
   * `email_verified`. Only a verified address links an account to servers.
   */
  emailVerified: boolean;
  /** A name to show (the portal's `name`, else the address), or null. */
  name: string | null;
  /** The billing portal's `sub` for this account, when it signed in through OpenID Connect. */
  subject: string | null;
}

export interface CustomerAccounts {
  /** The customer signed in on this request (the customer session cookie), or undefined. */
  current(request: FastifyRequest): Promise<Customer | undefined>;
  /** The account with this id, or undefined. */
  byId(id: string): Promise<Customer | undefined>;
  /** The account of a verified address, made when missing: an invitation's e-mail link lands here. */
  findOrCreateByVerifiedEmail(email: string): Promise<Customer>;
  /** Starts a new session for the account and returns the cookie value to set (used by every sign-in way). */
  createSession(customerId: string): Promise<string>;
  /** The name of the customer session cookie (separate from the staff console's and the panel's). */
  readonly cookieName: string;
  /** Called with the account id whenever one of its sessions ends (sign-out, sign-out everywhere). */
  onSessionsEnded(listener: (customerId: string) => void): () => void;
  /**
   * Adds a source of addresses that may receive a sign-in link (docs/decisions.md 76): the Game
   * Panel's server owners and invitations. An address is known when it has an account or any
   * source says yes; an unknown one gets the same answer and no mail. Returns its removal.
   */
  registerKnownAddressSource(source: (email: string) => Promise<boolean> | boolean): () => void;
  /**
   * Mails an owner's invitation to one server through SMTP_URL (docs/decisions.md 93): 'off'
   * without SMTP_URL (nothing is pretended), 'failed' when the mail server refused it.
   */
  mailInvitation(invitation: Invitation): Promise<InvitationMailed>;
}

declare module 'fastify' {
  interface FastifyInstance {
    customers: CustomerAccounts;
  }
}
