import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: enrolment tokens, session ids, user handles, challenge ids. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its sha256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
