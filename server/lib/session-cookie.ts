import type { CookieSerializeOptions } from '@fastify/cookie';

export interface SessionCookie {
  /** The cookie's name: `__Host-<base>` when the site is served over HTTPS. */
  name: string;
  /** For setCookie (add maxAge there) and clearCookie alike. */
  options: CookieSerializeOptions & { path: '/'; httpOnly: true; sameSite: 'strict'; secure: boolean };
}

/**
 * A session cookie's name and attributes, from the site's public address rather than from the
 * request: behind a proxy that ends TLS the request arrives as http, yet the browser talks
 * https. Over HTTPS the cookie is Secure and named `__Host-…`, which browsers accept only
 * when Secure, for Path=/ and without Domain: no other subdomain can set or shadow it.
 */
export function cookieOptions(config: { publicUrl: string }, base: string): SessionCookie {
  const secure = new URL(config.publicUrl).protocol === 'https:';
  return {
    name: secure ? `__Host-${base}` : base,
    options: { path: '/', httpOnly: true, sameSite: 'strict', secure },
  };
}
