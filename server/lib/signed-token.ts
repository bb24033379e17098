import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs short values with the session secret, for one purpose each (a key is derived per
 * purpose, so a value signed for one use is worthless for another): `value.signature`, the
 * signature an HMAC-SHA256 in base64url. The value must not contain characters a cookie or a
 * URL fragment would mangle; callers keep to [A-Za-z0-9_.-].
 */
export class Signer {
  readonly #key: Buffer;

  constructor(secret: string, purpose: string) {
    this.#key = createHmac('sha256', secret).update(`hostfront:${purpose}`).digest();
  }

  #mac(value: string): string {
    return createHmac('sha256', this.#key).update(value).digest('base64url');
  }

  sign(value: string): string {
    return `${value}.${this.#mac(value)}`;
  }

  /** The value of a token this signer signed, or undefined for anything else. */
  verify(token: string | undefined): string | undefined {
    if (!token || token.length > 1000) return undefined;
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const value = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.#mac(value));
    return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
  }
}
