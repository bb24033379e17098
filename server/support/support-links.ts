import { continuePath } from '../../contracts/support-rules.ts';
import { Signer } from '../lib/signed-token.ts';

/** How long an e-mail's continue link works. */
export const continueLinkDays = 30;

/**
 * The visitor's signed cookie and the continue links of the desk's e-mails, both signed with
 * the session secret (each for its own purpose). A link names a conversation and when it
 * stops working; it is a bearer token for that conversation, so it travels in the URL's
 * fragment, which browsers never send to servers or in Referer.
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

  continueLink(conversationId: string, now: number): string {
    const until = (now + continueLinkDays * 24 * 60 * 60 * 1000).toString(36);
    return `${this.#publicUrl}${continuePath}#${this.#continue.sign(`${conversationId}.${until}`)}`;
  }

  /** The conversation a continue token names, while it works. */
  conversationOf(token: string, now: number): string | undefined {
    const value = this.#continue.verify(token);
    const match = value?.match(/^([0-9a-f-]{36})\.([0-9a-z]{1,12})$/);
    if (!match || Number.parseInt(match[2]!, 36) < now) return undefined;
    return match[1];
  }
}
