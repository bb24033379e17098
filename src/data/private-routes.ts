/**
 * Routes that are not part of the public site: never in a sitemap or the search index, and
 * disallowed in robots.txt (their pages also carry noindex): the staff console, customers' own
 * account pages (sign-in, the e-mail link's page, the account), and the pages
 * status notification and support e-mail links open (each works only with the token in its link).
 */
export const privateRoutePrefixes = [
  '/staff',
  '/account',
  '/network-status/confirm',
  '/network-status/unsubscribe',
  '/support/continue',
  '/stock/confirm',
] as const;

/** True for a private route's path or full URL ("/staff", "/staff/enrol", "https://…/staff"). */
export function isPrivateRoute(pathOrUrl: string): boolean {
  const path = pathOrUrl.startsWith('/') ? pathOrUrl : new URL(pathOrUrl).pathname;
  return privateRoutePrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
