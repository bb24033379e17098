import type { Generated } from 'kysely';

/**
 * The staff capability's tables, as Kysely sees them (times in epoch milliseconds). Secrets
 * (enrolment tokens, session ids) are stored only as their sha256, so a copy of the database
 * signs no one in.
 */

export interface StaffAccountsTable {
  /** A random UUID. */
  id: string;
  /** Lower case; unique. */
  email: string;
  /** Null until the person enrols and gives it. */
  display_name: string | null;
  role: string;
  /** The WebAuthn user handle (32 random bytes, base64url): a discoverable passkey names its account by it. */
  user_handle: string;
  disabled_at: number | null;
  created_at: number;
  last_sign_in_at: number | null;
}

export interface StaffPasskeysTable {
  /** The credential id (base64url) the authenticator chose. */
  id: string;
  staff_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator last reported (0 for most passkeys, which do not count). */
  counter: number;
  /** JSON array of transports (internal, hybrid, usb…), as the browser reported them. */
  transports: string | null;
  name: string;
  /** 1 when the passkey syncs between devices (backup eligible). */
  synced: number;
  created_at: number;
  last_used_at: number | null;
}

export interface StaffEnrolmentsTable {
  /** sha256 (hex) of the token in the link. */
  token_hash: string;
  staff_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface StaffSessionsTable {
  /** A random UUID, for listing and ending a session (not a secret). */
  id: string;
  /** sha256 (hex) of the random id in the cookie. */
  token_hash: string;
  staff_id: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end (12 h after sign-in); it ends sooner after an hour idle. */
  expires_at: number;
  client_ip: string;
  user_agent: string | null;
}

/** A WebAuthn challenge handed out and not yet answered: single use, short-lived. */
export interface StaffChallengesTable {
  /** A random id the browser sends back with its answer. */
  id: string;
  challenge: string;
  /** signin, enrol or passkey (adding one to a signed-in account). */
  purpose: string;
  /** Enrolment and adding a passkey: whose. */
  staff_id: string | null;
  /** Adding a passkey: the session that asked (sha256 of its cookie id). */
  session_hash: string | null;
  /** Enrolment: the link that asked (its token's sha256). */
  token_hash: string | null;
  expires_at: number;
}

/** Failed sign-ins and enrolments, for the throttle (shared by every instance through the database). */
export interface StaffAuthFailuresTable {
  id: Generated<number>;
  /** The client's key (server/lib/client-key.ts: an IPv6 client by its /64). */
  client_key: string;
  /** The account the failed attempt reached (a registered passkey, a valid link), else null. */
  staff_id: string | null;
  at: number;
}

export interface StaffTables {
  staff_accounts: StaffAccountsTable;
  staff_passkeys: StaffPasskeysTable;
  staff_enrolments: StaffEnrolmentsTable;
  staff_sessions: StaffSessionsTable;
  staff_challenges: StaffChallengesTable;
  staff_auth_failures: StaffAuthFailuresTable;
}
