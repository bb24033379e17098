import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

// Console tokens: HS256 JWTs, as the panel signs them with the node's token (the fake panel and the fake Wings share them).

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

export interface TokenClaims {
  server_uuid: string;
  user_uuid: string;
  permissions: string[];
  iat: number;
  nbf: number;
  /** Seconds since the epoch, fractional so short test lifetimes work. */
  exp: number;
  jti: string;
}

export class FakeTokens {
  readonly #secret = randomUUID();
  /** Tokens issued before this moment (ms) are refused, as after a Wings restart. */
  notBefore = 0;
  issued = 0;

  sign(claims: Omit<TokenClaims, 'iat' | 'nbf' | 'jti'>): string {
    return this.signPayload(claims);
  }

  /** Any claims (the signed download and upload links carry file_path, backup_uuid, unique_id…). */
  signPayload(claims: Record<string, unknown> & { exp: number }): string {
    const now = Date.now() / 1000;
    const payload = { ...claims, iat: now, nbf: now, jti: randomUUID() };
    const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`;
    this.issued += 1;
    return `${head}.${createHmac('sha256', this.#secret).update(head).digest('base64url')}`;
  }

  /** The claims of a valid token, or the reason it is refused (Wings' wording). */
  verify(token: string): TokenClaims | { error: string } {
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature) return { error: 'jwt: malformed token' };
    const expected = Buffer.from(createHmac('sha256', this.#secret).update(`${header}.${payload}`).digest('base64url'));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { error: 'jwt: HMAC verification failed' };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenClaims;
    if (claims.exp * 1000 <= Date.now()) return { error: 'jwt: exp claim is invalid' };
    if (claims.iat * 1000 < this.notBefore) return { error: 'jwt: token was issued before the daemon started' };
    return claims;
  }
}
