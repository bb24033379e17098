/**
 * The browser's half of a passkey ceremony (@simplewebauthn/browser), with the browser's
 * refusals turned into sentences a person can act on. The staff console and customers' sign-in
 * both use it, each with its own words for where passkeys work (`CeremonyPlace`).
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthenticationCredential, AuthenticationOptions, RegistrationCredential, RegistrationOptions } from '../../contracts/staff.ts';

/** Where a ceremony runs: the path to open at the working address, and what to say when it cannot. */
export interface CeremonyPlace {
  path: string;
  wrongAddress: (here: string, working: string | null) => string;
  /** When the prompt was closed or no passkey was found: what else the person can do. */
  noPasskeyFound: string;
}

export class CeremonyError extends Error {
  /** Where the person can do it instead (the console at its own address), shown as a link after the message. */
  readonly href: string | undefined;
  constructor(message: string, href?: string) {
    super(message);
    this.name = 'CeremonyError';
    this.href = href;
  }
}

/**
 * Passkeys are bound to PUBLIC_URL's host name, so at any other address (127.0.0.1, another port)
 * the browser refuses them: say so before asking, and name the address that works.
 * `path` is where to go there (the enrolment page keeps its link's token).
 */
function checkAddress(consoleOrigin: string, place: CeremonyPlace): void {
  if (location.origin === consoleOrigin) return;
  const href = `${consoleOrigin}${place.path}`;
  throw new CeremonyError(place.wrongAddress(location.origin, consoleOrigin), href);
}

const unsupported = 'This browser cannot use passkeys. Use a current Chrome, Edge, Safari or Firefox.';

function explain(error: unknown, kind: 'create' | 'get', place: CeremonyPlace): CeremonyError {
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const name = error instanceof Error ? error.name : '';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return new CeremonyError('This device already holds a passkey for your account. Use another device or security key.');
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return new CeremonyError(place.wrongAddress(location.origin, null));
  }
  if (code === 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT' || code === 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT') {
    return new CeremonyError('This authenticator cannot hold a passkey that checks it is you. Use your phone, your computer, or a security key with a PIN.');
  }
  if (name === 'NotAllowedError' || code === 'ERROR_CEREMONY_ABORTED' || name === 'AbortError') {
    return new CeremonyError(
      kind === 'create' ? 'The passkey prompt was closed or timed out, so no passkey was created. Try again when you are ready.' : place.noPasskeyFound,
    );
  }
  return new CeremonyError(`Your browser could not use a passkey: ${error instanceof Error ? error.message : String(error)}`);
}

export async function createPasskey(
  { options, consoleOrigin }: Omit<RegistrationOptions, 'challengeId'>,
  place: CeremonyPlace,
): Promise<RegistrationCredential> {
  if (!browserSupportsWebAuthn()) throw new CeremonyError(unsupported);
  checkAddress(consoleOrigin, place);
  try {
    const credential = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return credential as RegistrationCredential;
  } catch (error) {
    throw explain(error, 'create', place);
  }
}

export async function askPasskey(
  { options, consoleOrigin }: Omit<AuthenticationOptions, 'challengeId'>,
  place: CeremonyPlace,
): Promise<AuthenticationCredential> {
  if (!browserSupportsWebAuthn()) throw new CeremonyError(unsupported);
  checkAddress(consoleOrigin, place);
  try {
    const credential = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
    return credential as AuthenticationCredential;
  } catch (error) {
    throw explain(error, 'get', place);
  }
}
