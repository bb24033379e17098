import type { CookieSerializeOptions } from '@fastify/cookie';
import { staffSessionHintCookie } from '../../contracts/staff-rules.ts';

interface NamedCookie {
  name: string;
  options: CookieSerializeOptions & { path: string };
}

export interface StaffCookie extends NamedCookie {
  /** The page's hint that a session may exist (contracts/staff-rules.ts): no secret, readable by /staff. */
  hint: NamedCookie;
}

/**
 * The staff session cookie: its own name, httpOnly, SameSite=Strict. Over HTTPS it is Secure
 * and `__Host-` prefixed, which browsers accept only with path `/` and no Domain; over plain
 * HTTP (local use) it is sent to the staff API alone. Its hint goes to the console's pages only.
 */
export function staffCookie(secure: boolean): StaffCookie {
  const hint: NamedCookie = { name: staffSessionHintCookie, options: { path: '/staff', httpOnly: false, sameSite: 'strict', secure } };
  return secure
    ? { name: '__Host-hf_staff', options: { path: '/', httpOnly: true, sameSite: 'strict', secure: true }, hint }
    : { name: 'hf_staff', options: { path: '/api/staff', httpOnly: true, sameSite: 'strict', secure: false }, hint };
}

/** Sets the session cookie and its hint, both ending with the session. */
export function setStaffCookies(
  reply: { setCookie: (name: string, value: string, options: CookieSerializeOptions) => unknown },
  cookie: StaffCookie,
  token: string,
  expiresAt: number,
): void {
  const expires = new Date(expiresAt);
  reply.setCookie(cookie.name, token, { ...cookie.options, expires });
  reply.setCookie(cookie.hint.name, '1', { ...cookie.hint.options, expires });
}

/** Clears the session cookie and its hint. */
export function clearStaffCookies(reply: { clearCookie: (name: string, options: CookieSerializeOptions) => unknown }, cookie: StaffCookie): void {
  reply.clearCookie(cookie.name, cookie.options);
  reply.clearCookie(cookie.hint.name, cookie.hint.options);
}
