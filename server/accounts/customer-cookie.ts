import type { CookieSerializeOptions } from '@fastify/cookie';
import { customerSessionHintCookie } from '../../contracts/accounts-rules.ts';
import { cookieOptions, type SessionCookie } from '../lib/session-cookie.ts';

export interface CustomerCookie extends SessionCookie {
  /** The pages' hint that a session may exist (contracts/accounts-rules.ts): no secret, readable by scripts. */
  hint: { name: string; options: CookieSerializeOptions & { path: '/' } };
}

/**
 * The customer session cookie: a name of its own (`__Host-hf_customer` over HTTPS, else
 * `hf_customer`), separate from the staff console's and the panel's, httpOnly, SameSite=Strict,
 * for the whole site (the Game Panel's routes and the support desk read it too).
 */
export function customerCookie(config: { publicUrl: string }): CustomerCookie {
  const session = cookieOptions(config, 'hf_customer');
  return {
    ...session,
    hint: { name: customerSessionHintCookie, options: { path: '/', httpOnly: false, sameSite: 'lax', secure: session.options.secure } },
  };
}

interface CookieReply {
  setCookie: (name: string, value: string, options: CookieSerializeOptions) => unknown;
  clearCookie: (name: string, options: CookieSerializeOptions) => unknown;
}

/** Sets the session cookie and its hint, both ending with the session. */
export function setCustomerCookies(reply: CookieReply, cookie: CustomerCookie, token: string, expiresAt: number): void {
  const expires = new Date(expiresAt);
  reply.setCookie(cookie.name, token, { ...cookie.options, expires });
  reply.setCookie(cookie.hint.name, '1', { ...cookie.hint.options, expires });
}

/** Clears the session cookie and its hint. */
export function clearCustomerCookies(reply: CookieReply, cookie: CustomerCookie): void {
  reply.clearCookie(cookie.name, cookie.options);
  reply.clearCookie(cookie.hint.name, cookie.hint.options);
}
