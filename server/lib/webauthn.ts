/**
 * The WebAuthn ceremonies of staff and customers alike, through @simplewebauthn/server: options with user verification
 * required and discoverable credentials, and verification of the browser's answer against the
 * one challenge we handed out, our origin and our relying party id. Refusals are HttpErrors
 * whose code says why, in words a person understands.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationCredential, AuthenticationOptions, RegistrationCredential, RegistrationOptions } from '../../contracts/staff.ts';
import { HttpError } from './http-error.ts';
import { loadWebAuthn } from './lazy-imports.ts';
import type { RelyingParty } from './relying-party.ts';

/** What the ceremonies need of a stored passkey (the staff's and the customers' tables both hold it). */
export interface StoredPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** EdDSA, ES256, RS256: what passkey providers use. */
const algorithms = [-8, -7, -257];
/** How long the browser may wait for the person; the challenge lives a little longer. */
export const ceremonyTimeoutMs = 120_000;
export const challengeLifetimeMs = 5 * 60_000;

export const stale = () => new HttpError(400, 'webauthn_stale', 'This passkey request has expired or was already used. Please start again.');

export const unverified = () => new HttpError(400, 'webauthn_failed', "Your passkey's answer could not be verified. Please try again, or use another passkey.");

/** What the browser says it signed: checked before the library so each refusal has its own message. */
function clientData(clientDataJSON: string): { type?: unknown; challenge?: unknown; origin?: unknown } {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object') return parsed as { type?: unknown; challenge?: unknown; origin?: unknown };
  } catch {
    // fall through
  }
  throw unverified();
}

/**
 * Refuses an answer made for another ceremony, another challenge (a replay of an old answer)
 * or another site, before the signature is looked at.
 */
export function checkClientData(rp: RelyingParty, clientDataJSON: string, expected: { type: 'webauthn.create' | 'webauthn.get'; challenge: string }): void {
  const data = clientData(clientDataJSON);
  if (data.type !== expected.type) throw unverified();
  if (data.origin !== rp.origin) {
    throw new HttpError(
      400,
      'webauthn_origin',
      `Your browser answered for ${typeof data.origin === 'string' ? data.origin : 'another site'}, but ${rp.place?.name ?? 'this site'} is at ${rp.origin}. Open ${rp.origin}${rp.place?.path ?? ''} and try again there.`,
    );
  }
  if (data.challenge !== expected.challenge) {
    throw new HttpError(400, 'webauthn_stale', 'This passkey answer belongs to an earlier request (it was replayed or is out of date). Please start again.');
  }
}

export async function registrationOptions(
  rp: RelyingParty,
  user: { email: string; displayName: string; userHandle: string },
  existing: readonly Pick<StoredPasskey, 'id' | 'transports'>[],
): Promise<RegistrationOptions['options']> {
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options: PublicKeyCredentialCreationOptionsJSON = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new Uint8Array(Buffer.from(user.userHandle, 'base64url')),
    userDisplayName: user.displayName,
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    // A second passkey on the same authenticator would be the same key twice.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: algorithms,
  });
  return { ...options, rp: { ...options.rp } };
}

export interface NewCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  synced: boolean;
}

export async function verifyRegistration(rp: RelyingParty, challenge: string, credential: RegistrationCredential): Promise<NewCredential> {
  checkClientData(rp, credential.response.clientDataJSON, { type: 'webauthn.create', challenge });
  const { verifyRegistrationResponse } = await loadWebAuthn();
  let verified: VerifiedRegistrationResponse;
  try {
    verified = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: algorithms,
    });
  } catch (error) {
    if (/user verification/i.test((error as Error).message)) {
      throw new HttpError(400, 'webauthn_unverified', 'Your device did not verify you (no PIN, fingerprint or face). Passkeys here need it; please try again.');
    }
    throw unverified();
  }
  if (!verified.verified) throw unverified();
  const info = verified.registrationInfo;
  return {
    id: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: credential.response.transports ?? info.credential.transports ?? [],
    synced: info.credentialDeviceType === 'multiDevice',
  };
}

/** No allowed credentials: the person picks a passkey, and the passkey says whose it is. */
export async function authenticationOptions(rp: RelyingParty): Promise<AuthenticationOptions['options']> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options: PublicKeyCredentialRequestOptionsJSON = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: ceremonyTimeoutMs,
  });
  return { ...options };
}

/** Verifies a sign-in; returns the passkey's new signature counter. */
export async function verifyAuthentication(rp: RelyingParty, challenge: string, credential: AuthenticationCredential, passkey: StoredPasskey): Promise<number> {
  const { verifyAuthenticationResponse } = await loadWebAuthn();
  let verified: VerifiedAuthenticationResponse;
  try {
    verified = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch (error) {
    const message = (error as Error).message;
    if (/counter value/i.test(message)) {
      // A counter that went backwards: this answer was made before, or the key was copied.
      throw new HttpError(400, 'webauthn_replayed', 'This passkey answer was already used. Please sign in again; if it keeps happening, tell an admin.');
    }
    if (/user verification/i.test(message)) {
      throw new HttpError(400, 'webauthn_unverified', 'Your device did not verify you (no PIN, fingerprint or face). Please try again.');
    }
    throw unverified();
  }
  if (!verified.verified) throw unverified();
  return verified.authenticationInfo.newCounter;
}
