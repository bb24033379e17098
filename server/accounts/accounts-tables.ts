import type { Generated } from 'kysely';

/**
 * The customer accounts' tables, as Kysely sees them (times in epoch milliseconds). Secrets
 * (session ids, sign-in link tokens) are stored only as their sha256, so a copy of the
 * database signs no one in.
 */

export interface CustomerAccountTable {
  /** A random UUID. */
  id: string;
  /** Lower case; null when the portal sent none. Unique among verified addresses. */
  email: string | null;
  /** 1 when the address is proven (an e-mail link we sent, or the portal's email_verified). */
  email_verified: number;
  name: string | null;
  /** The billing portal's `sub`; unique. */
  subject: string | null;
  /** The WebAuthn user handle (32 random bytes, base64url) a discoverable passkey names the account by. */
  user_handle: string;
  created_at: number;
  last_sign_in_at: number | null;
}

export interface CustomerSessionTable {
  /** A random UUID, for naming a session (not a secret). */
  id: string;
  /** sha256 (hex) of the random id in the cookie. */
  token_hash: string;
  customer_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  client_ip: string;
  user_agent: string | null;
}

/** A sign-in link mailed to an address: single use, 15 minutes. */
export interface CustomerEmailLinkTable {
  /** sha256 (hex) of the token in the link. */
  token_hash: string;
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Every request for a sign-in link, known address or not: the per-address and per-client limits. */
export interface CustomerLinkRequestTable {
  id: Generated<number>;
  /** sha256 (hex) of the lower-case address: the throttle needs no address in clear. */
  email_hash: string;
  /** server/lib/client-key.ts: an IPv6 client by its /64. */
  client_key: string;
  at: number;
}

export interface CustomerPasskeyTable {
  /** The credential id (base64url) the authenticator chose. */
  id: string;
  customer_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transports, as the browser reported them. */
  transports: string | null;
  name: string;
  synced: number;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use, five minutes. */
export interface CustomerChallengeTable {
  id: string;
  challenge: string;
  /** signin, or passkey (adding one to the signed-in account). */
  purpose: string;
  customer_id: string | null;
  /** Adding a passkey: the session that asked (sha256 of its cookie id). */
  session_hash: string | null;
  expires_at: number;
}

/** An OpenID Connect sign-in under way: bound to the browser by a cookie whose sha256 is the key. */
export interface CustomerOidcFlowTable {
  id_hash: string;
  state: string;
  nonce: string;
  code_verifier: string;
  /** Where to go once signed in (a path of this site), or null. */
  return_to: string | null;
  expires_at: number;
}

export interface AccountsTables {
  customer_account: CustomerAccountTable;
  customer_session: CustomerSessionTable;
  customer_email_link: CustomerEmailLinkTable;
  customer_link_request: CustomerLinkRequestTable;
  customer_passkey: CustomerPasskeyTable;
  customer_challenge: CustomerChallengeTable;
  customer_oidc_flow: CustomerOidcFlowTable;
}
