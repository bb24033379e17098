/**
 * The staff capability's contract (/api/staff): sign-in and enrolment with passkeys, the
 * signed-in person's passkeys and sessions, and the admins' management of the team.
 * Times are epoch milliseconds.
 */
import { z } from 'zod';
import { displayNameProblem, emailMaxLength, enrolmentTokenPattern, passkeyNameProblem, staffPermissions, staffRoles } from './staff-rules.ts';

export const staffRole = z.enum(staffRoles);
export const staffPermission = z.enum(staffPermissions);

const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
const id = z.string().min(1).max(200);

/** The signed-in person, with what their role lets them do (the console shows only that). */
export const staffMe = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  role: staffRole,
  permissions: z.array(staffPermission),
});

/** One person on the team, as admins see the list. */
export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  /** Null until the person has enrolled. */
  displayName: z.string().nullable(),
  role: staffRole,
  disabled: z.boolean(),
  /** How many passkeys they have (0: invited, not enrolled yet). */
  passkeys: z.number().int(),
  /** When an unused enrolment link of theirs stops working, if they have one. */
  enrolmentExpiresAt: z.number().nullable(),
  lastSignInAt: z.number().nullable(),
  createdAt: z.number(),
});

export const staffMemberList = z.object({ members: z.array(staffMember) });

/** A passkey of the signed-in person. */
export const staffPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  /** Whether the passkey syncs between devices (a password manager) or lives on one. */
  synced: z.boolean(),
});
export const staffPasskeyList = z.object({ passkeys: z.array(staffPasskey) });

/** A session of the signed-in person; `current` is the one making this request. */
export const staffSession = z.object({
  id: z.string(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  /** When it ends at the latest (12 h after sign-in); it ends sooner after an hour idle. */
  expiresAt: z.number(),
  clientIp: z.string(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export const staffSessionList = z.object({ sessions: z.array(staffSession) });

// WebAuthn, in the JSON forms of the Web Authentication spec that @simplewebauthn speaks.

/** Options for navigator.credentials.create(), with the id of the challenge they carry. */
export const registrationOptions = z.object({
  challengeId: z.string(),
  /** Where passkeys work: PUBLIC_URL's origin. The console sends people there from any other address. */
  consoleOrigin: z.string(),
  options: z.looseObject({
    challenge: z.string(),
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.object({ type: z.literal('public-key'), alg: z.number() })),
  }),
});

/** Options for navigator.credentials.get(): no allowed credentials, so the passkey says who it is. */
export const authenticationOptions = z.object({
  challengeId: z.string(),
  /** Where passkeys work: PUBLIC_URL's origin. */
  consoleOrigin: z.string(),
  options: z.looseObject({ challenge: z.string(), rpId: z.string().optional(), userVerification: z.string().optional() }),
});

const clientExtensionResults = z.record(z.string(), z.unknown());

export const registrationCredential = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    attestationObject: base64url.min(1).max(16_384),
    authenticatorData: base64url.max(16_384).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

export const authenticationCredential = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url.min(1),
    authenticatorData: base64url.min(1),
    signature: base64url.min(1),
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

const displayName = z
  .string()
  .superRefine((value, ctx) => {
    const problem = displayNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim());

const passkeyName = z
  .string()
  .superRefine((value, ctx) => {
    const problem = passkeyNameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.trim());

const enrolmentToken = z.string().regex(enrolmentTokenPattern, 'is not an enrolment link token: copy the whole link');

// Requests.

export const signInBody = z.object({ challengeId: id, credential: authenticationCredential });

export const enrolmentCheckBody = z.object({ token: enrolmentToken });
/** A valid enrolment link: whose it is, and until when it works. */
export const enrolmentStatus = z.object({ email: z.string(), role: staffRole, expiresAt: z.number() });

export const enrolmentOptionsBody = z.object({ token: enrolmentToken, displayName });
export const enrolmentBody = z.object({
  token: enrolmentToken,
  displayName,
  challengeId: id,
  credential: registrationCredential,
  passkeyName: passkeyName.optional(),
});

export const addPasskeyBody = z.object({ challengeId: id, credential: registrationCredential, name: passkeyName });
export const renamePasskeyBody = z.object({ name: passkeyName });

export const idParams = z.object({ id });

export const inviteBody = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(emailMaxLength)
    .pipe(z.email({ error: 'must be an e-mail address' })),
  role: staffRole,
});
/** The enrolment link is shown once, here; only its hash is stored. */
export const enrolmentLinkAnswer = z.object({ member: staffMember, enrolmentLink: z.string(), expiresAt: z.number() });

export const roleBody = z.object({ role: staffRole });

export type StaffMe = z.infer<typeof staffMe>;
export type StaffMember = z.infer<typeof staffMember>;
export type StaffPasskey = z.infer<typeof staffPasskey>;
export type StaffSession = z.infer<typeof staffSession>;
export type RegistrationOptions = z.infer<typeof registrationOptions>;
export type AuthenticationOptions = z.infer<typeof authenticationOptions>;
export type RegistrationCredential = z.infer<typeof registrationCredential>;
export type AuthenticationCredential = z.infer<typeof authenticationCredential>;
export type SignInBody = z.infer<typeof signInBody>;
export type EnrolmentStatus = z.infer<typeof enrolmentStatus>;
export type EnrolmentOptionsBody = z.input<typeof enrolmentOptionsBody>;
export type EnrolmentBody = z.input<typeof enrolmentBody>;
export type AddPasskeyBody = z.input<typeof addPasskeyBody>;
export type InviteBody = z.input<typeof inviteBody>;
export type EnrolmentLinkAnswer = z.infer<typeof enrolmentLinkAnswer>;
