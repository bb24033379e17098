import { createHash, randomBytes } from 'node:crypto';

/** A new link token: 32 random bytes, base64url (43 characters; contracts' tokenPattern). */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its sha256, hex. A stolen database gives no working link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
