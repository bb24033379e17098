import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { linkIn, type SmtpInbox } from './smtp-inbox.ts';
import type { SoftAuthenticator } from './soft-authenticator.ts';

/**
 * Customer sign-in for tests of every capability. `signedInCustomer` is the short way (an
 * account of a verified address and a session, as a sign-in makes them); `signInByEmailLink`
 * goes the whole way a person goes: the form, the mail, the link's page.
 */

/** `name=value` of the customer session cookie a response set, for the next request's Cookie header. */
export function customerCookieFrom(app: FastifyInstance, response: LightMyRequestResponse): string {
  const set = response.cookies.find((c) => c.name === app.customers.cookieName);
  if (!set) throw new Error(`no customer cookie in ${response.statusCode} ${response.body}`);
  return `${set.name}=${set.value}`;
}

export interface SignedInCustomer {
  id: string;
  email: string;
  /** For the Cookie header of app.inject, or a WebSocket's headers. */
  cookie: string;
}

/** A customer with a verified address, signed in: the account is made when missing. */
export async function signedInCustomer(app: FastifyInstance, email: string): Promise<SignedInCustomer> {
  const customer = await app.customers.findOrCreateByVerifiedEmail(email);
  const token = await app.customers.createSession(customer.id);
  return { id: customer.id, email: customer.email ?? email, cookie: `${app.customers.cookieName}=${token}` };
}

/** The token of a sign-in link (`…/account/link#<token>`). */
export function linkTokenOf(link: string): string {
  return new URL(link).hash.slice(1);
}

/** Asks for a link for a known address, reads it from the inbox, and signs in with it. */
export async function signInByEmailLink(app: FastifyInstance, inbox: SmtpInbox, email: string, headers: Record<string, string> = {}) {
  const before = inbox.to(email).length;
  const asked = await app.inject({ method: 'POST', url: '/api/account/email-link', payload: { email }, headers });
  if (asked.statusCode !== 202) throw new Error(`email-link: ${asked.statusCode} ${asked.body}`);
  await inbox.waitFor((i) => i.to(email).length > before);
  const link = linkIn(inbox.to(email).at(-1)!.text, `${app.config.publicUrl}/account/link#`);
  if (!link) throw new Error('no sign-in link in the mail');
  const response = await app.inject({ method: 'POST', url: '/api/account/email-link/signin', payload: { token: linkTokenOf(link) }, headers });
  return { response, link };
}

/** Adds a passkey from the authenticator to the signed-in customer's account. */
export async function addPasskey(app: FastifyInstance, cookie: string, authenticator: SoftAuthenticator, name = 'Phone') {
  const options = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie } });
  if (options.statusCode !== 200) return options;
  const { challengeId, options: creation } = options.json();
  const credential = authenticator.create(creation);
  return app.inject({ method: 'POST', url: '/api/account/passkeys', headers: { cookie }, payload: { challengeId, credential, name } });
}

/** Signs in with the authenticator's passkey: options, the assertion, verification. */
export async function signInWithPasskey(app: FastifyInstance, authenticator: SoftAuthenticator, headers: Record<string, string> = {}) {
  const options = await app.inject({ method: 'POST', url: '/api/account/passkeys/signin/options', headers });
  if (options.statusCode !== 200) return options;
  const { challengeId, options: request } = options.json();
  return app.inject({ method: 'POST', url: '/api/account/passkeys/signin', headers, payload: { challengeId, credential: authenticator.get(request) } });
}
