import { createHash } from 'node:crypto';
import { continuePath } from '../../contracts/support-rules.ts';
import { Signer } from '../lib/signed-token.ts';

/** How long an e-mail's continue link works. */
export const continueLinkDays = 30;

/** What a continue token names: its conversation, and the address it was mailed to (its key), if any. */
export interface ContinueGrant {
  conversationId: string;
  addressKey: string | undefined;
}

/** An address as the links name it: lower case, hashed (the token is readable, the address need not be). */
export function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);
}

/**
 * The visitor's signed cookie and the continue links of the desk's e-mails, both signed with
 * the session secret (each for its own purpose). A link names a conversation, the address it
 * was mailed to, and when it stops working; it is a bearer token for that conversation, so it
 * travels in the URL's fragment, which browsers never send to servers or in Referer. Opening it
 * proves the address it was mailed to (docs/decisions.md 72) and grants the conversation to the
 * browser (docs/decisions.md 73).
 */
export class SupportLinks {
  readonly #visitor: Signer;
  readonly #continue: Signer;
  readonly #publicUrl: string;

  constructor(secret: string, publicUrl: string) {
    this.#visitor = new Signer(secret, 'support visitor');
    this.#continue = new Signer(secret, 'support continue');
    this.#publicUrl = publicUrl;
  }

  visitorCookie(visitorId: string): string {
    return this.#visitor.sign(visitorId);
  }

  visitorOf(cookie: string | undefined): string | undefined {
    return this.#visitor.verify(cookie);
  }

  /** The link of a mail to `email` (a link without one, as links mailed before decision 72, proves nothing). */
  continueLink(conversationId: string, now: number, email?: string): string {
    const until = (now + continueLinkDays * 24 * 60 * 60 * 1000).toString(36);
    const value = email ? `${conversationId}.${until}.${addressKey(email)}` : `${conversationId}.${until}`;
    return `${this.#publicUrl}${continuePath}#${this.#continue.sign(value)}`;
  }

  /** The conversation (and address) a continue token names, while it works. */
  continueOf(token: string, now: number): ContinueGrant | undefined {
    const value = this.#continue.verify(token);
    const match = value?.match(/^([0-9a-f-]{36})\.([0-9a-z]{1,12})(?:\.([A-Za-z0-9_-]{22}))?$/);
    if (!match || Number.parseInt(match[2]!, 36) < now) return undefined;
    return { conversationId: match[1]!, addressKey: match[3] };
  }

  /** The conversation a continue token names, while it works. */
  conversationOf(token: string, now: number): string | undefined {
    return this.continueOf(token, now)?.conversationId;
  }
}
