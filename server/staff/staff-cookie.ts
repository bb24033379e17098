import type { CookieSerializeOptions } from '@fastify/cookie';

export interface StaffCookie {
  name: string;
  options: CookieSerializeOptions & { path: string };
}

/**
 * The staff session cookie: its own name, httpOnly, SameSite=Strict. Over HTTPS it is Secure
 * and `__Host-` prefixed, which browsers accept only with path `/` and no Domain; over plain
 * HTTP (local use) it is sent to the staff API alone.
 */
export function staffCookie(secure: boolean): StaffCookie {
  return secure
    ? { name: '__Host-hf_staff', options: { path: '/', httpOnly: true, sameSite: 'strict', secure: true } }
    : { name: 'hf_staff', options: { path: '/api/staff', httpOnly: true, sameSite: 'strict', secure: false } };
}
