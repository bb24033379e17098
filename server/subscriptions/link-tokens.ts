import { createHash, createHmac } from 'node:crypto';

/**
 * Link tokens, derived rather than drawn: HMAC-SHA256 under a key made from the server's
 * secret, over what the link is for. A message sent again (a retry, another notification to
 * the same subscriber) carries the same link, so the token table holds one row per
 * subscriber and one per confirmation request, not one per attempt. Without the secret, a
 * token cannot be guessed or derived; the database holds only their hashes.
 */
export class LinkTokens {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = createHmac('sha256', serverSecret).update('hostfront status subscription link tokens').digest();
  }

  /**
   * The subscriber's unsubscribe token: the subscription's id and creation time name it (an id
   * a deleted row had may come back on SQLite; with its own moment it is another subscription).
   */
  unsubscribe(subscription: { id: number; createdAt: number }): string {
    return this.#derive(`unsubscribe:${subscription.id}:${subscription.createdAt}`);
  }

  /** The confirmation request's token (one per request, whatever number of attempts sends it). */
  confirm(request: { id: number; subscriptionId: number; createdAt: number }): string {
    return this.#derive(`confirm:${request.id}:${request.subscriptionId}:${request.createdAt}`);
  }

  #derive(subject: string): string {
    // 32 bytes, base64url: 43 characters (contracts' tokenPattern).
    return createHmac('sha256', this.#key).update(subject).digest('base64url');
  }
}

/** What is stored of a token: its sha256, hex. A stolen database gives no working link. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
