/**
 * The customer accounts' contract (/api/account): sign-in by e-mail link, by passkey and
 * through the billing portal (OpenID Connect), the session, and the account's passkeys.
 * Times are epoch milliseconds.
 */
import { z } from 'zod';
import { emailMaxLength, passkeyNameMaxLength } from './accounts-rules.ts';
import { authenticationCredential, authenticationOptions, registrationCredential, registrationOptions } from './staff.ts';

/** The signed-in customer, as their own pages see them. */
export const customerMe = z.object({
  id: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** A name to show: the portal's, else the address. */
  name: z.string().nullable(),
  /** Whether the account is joined to the billing portal (signed in through it once). */
  portal: z.boolean(),
});
export type CustomerMe = z.infer<typeof customerMe>;

/** The ways to sign in this site offers (from its configuration). */
export const signInWays = z.object({
  /** Sign-in by e-mail link (SMTP_URL is set). */
  emailLink: z.boolean(),
  /** Passkeys (PUBLIC_URL names a host, not an address). */
  passkeys: z.boolean(),
  /** The billing portal, when CUSTOMER_OIDC_* are set: its name, where its sign-in starts, where one registers. */
  portal: z
    .object({
      name: z.string(),
      signInUrl: z.string(),
      registerUrl: z.string().nullable(),
    })
    .nullable(),
});
export type SignInWays = z.infer<typeof signInWays>;

/** GET /api/account/session: who is signed in (or null) and how one signs in here. */
export const accountSession = z.object({ customer: customerMe.nullable(), signIn: signInWays });
export type AccountSession = z.infer<typeof accountSession>;

export const emailLinkRequest = z.object({
  email: z
    .string()
    .trim()
    .max(emailMaxLength, `must be at most ${emailMaxLength} characters`)
    .pipe(z.email({ error: 'must be an e-mail address such as you@example.com' })),
});

/** The same answer for every address, known or not. */
export const emailLinkRequested = z.object({ message: z.string(), expiresInMinutes: z.number().int() });

export const emailLinkSignInBody = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be the code from the link'),
});

export const passkeySignInOptions = authenticationOptions;
export const passkeySignInBody = z.object({ challengeId: z.string().min(1).max(200), credential: authenticationCredential });

export const addPasskeyOptions = registrationOptions;
export const addCustomerPasskeyBody = z.object({
  challengeId: z.string().min(1).max(200),
  credential: registrationCredential,
  name: z.string().trim().min(1).max(passkeyNameMaxLength).optional(),
});

export const customerPasskey = z.object({ id: z.string(), name: z.string(), createdAt: z.number(), lastUsedAt: z.number().nullable(), synced: z.boolean() });
export const customerPasskeyList = z.object({ passkeys: z.array(customerPasskey) });

export const passkeyIdParams = z.object({ id: z.string().min(1).max(1400) });

/** GET /api/account/oidc/start: where to come back to after signing in (a path of this site). */
export const oidcStartQuery = z.object({ returnTo: z.string().max(500).optional() });
/**
 * GET /api/account/oidc/callback: what the portal sends back (RFC 6749 4.1.2, RFC 9207's `iss`);
 * the whole query string is handed to the OpenID client as it came, other parameters included.
 */
const callbackValue = z.string().max(4096).optional();
export const oidcCallbackQuery = z.looseObject({
  code: callbackValue,
  state: callbackValue,
  iss: callbackValue,
  error: callbackValue,
  error_description: callbackValue,
  session_state: callbackValue,
});
