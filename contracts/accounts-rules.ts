/**
 * Customer accounts' rules the browser runs too (no dependencies, so the header's island
 * carries a few lines instead of zod). The server decides; the UI only says so.
 */

/**
 * A cookie the site's pages read to know, without asking the server, that a customer session
 * may exist: set beside the httpOnly session cookie, cleared with it, holding nothing but "1".
 * Without it the header shows Login and Register at once and makes no request.
 */
export const customerSessionHintCookie = 'hf_customer_hint';

/** A sign-in link works once, for this long. */
export const emailLinkMinutes = 15;

/** A customer session ends this long after sign-in, or sooner after this long unused. */
export const customerSessionDays = 30;
export const customerSessionIdleDays = 14;

export const emailMaxLength = 254;
export const passkeyNameMaxLength = 60;

/** Where the e-mail link lands: a page that signs in with a POST when the person presses its button. */
export const emailLinkPath = '/account/link';

/** The sign-in page. */
export const signInPath = '/account/signin';
