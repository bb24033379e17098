import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SupportLinks } from './support-links.ts';

/** The visitor id of a signed-in customer's conversations: the same on every device (docs/decisions.md 82). */
const accountVisitorPrefix = 'account-';

export const accountVisitorId = (customerId: string) => `${accountVisitorPrefix}${customerId}`;

/** The account whose conversations these are, when a signed-in customer started them. */
export function customerOfVisitor(visitorId: string): string | undefined {
  return visitorId.startsWith(accountVisitorPrefix) ? visitorId.slice(accountVisitorPrefix.length) : undefined;
}

/**
 * An onRequest hook for /api/support: a signed-in customer's requests carry the account's visitor
 * id instead of this browser's, so their conversations follow the account to any device and no
 * continue link is needed; visitors without an account keep their browser's.
 */
export function accountVisitor(app: FastifyInstance, links: SupportLinks, cookieName: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const customer = await app.customers.current(request);
    if (customer) request.cookies[cookieName] = links.visitorCookie(accountVisitorId(customer.id));
  };
}
