/**
 * The staff console's rules the browser runs too (no dependencies, so a page's bundle carries
 * a few lines instead of zod): the roles, what each may do, and the limits of the forms.
 * The server enforces the same table on every route (server/staff/staff-access.ts).
 */

/**
 * A cookie the console page reads to know, without asking the server, that a session may exist:
 * set beside the httpOnly session cookie, cleared with it, holding nothing but "1". Without it
 * /staff shows the sign-in at once; with it the page asks the server, which alone decides.
 */
export const staffSessionHintCookie = 'hf_staff_hint';

export const staffRoles = ['admin', 'support', 'editor'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Everything the console lets a person do, by name. Phase 2 adds the contact inbox and the
 * monitors here; a route asks for one permission and the UI shows what the role has.
 */
export const staffPermissions = [
  'console.use',
  'audit.read',
  'staff.manage',
  'monitors.manage',
  'contact.handle',
  'incidents.manage',
  'alerts.handle',
  'catalog.edit',
  'stock.manage',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

const grants: Record<StaffRole, readonly StaffPermission[]> = {
  admin: staffPermissions,
  // Support runs the site day to day; only admins decide who is on the team and what is watched.
  support: ['console.use', 'audit.read', 'contact.handle', 'incidents.manage', 'alerts.handle'],
  // Editors change what the site sells (the Catalog) and nothing else: not staff, monitors or
  // alerts (docs/decisions.md 98).
  editor: ['console.use', 'audit.read', 'catalog.edit'],
};

export function can(role: StaffRole, permission: StaffPermission): boolean {
  return grants[role].includes(permission);
}

export const roleLabels: Record<StaffRole, string> = { admin: 'Admin', support: 'Support', editor: 'Editor' };

/** How long things last (the server's clock decides; the UI only says so). */
export const enrolmentLinkHours = 24;
export const sessionAbsoluteHours = 12;
export const sessionIdleMinutes = 60;

export const displayNameMaxLength = 60;
export const passkeyNameMaxLength = 60;
export const emailMaxLength = 254;

/** An enrolment token as the CLI and the console hand it out: 32 random bytes, base64url. */
export const enrolmentTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** The token from an enrolment link's fragment (`/staff/enrol#<token>`), or undefined. */
export function enrolmentTokenFromHash(hash: string): string | undefined {
  const token = hash.replace(/^#/, '').trim();
  return enrolmentTokenPattern.test(token) ? token : undefined;
}

/** Checks a display name as the enrolment form and the server do; undefined when it is fine. */
export function displayNameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length === 0) return 'Enter the name your colleagues know you by.';
  if (name.length > displayNameMaxLength) return `Use at most ${displayNameMaxLength} characters.`;
  return undefined;
}

export function passkeyNameProblem(value: string): string | undefined {
  const name = value.trim();
  if (name.length === 0) return 'Give the passkey a name, such as the device it is on.';
  if (name.length > passkeyNameMaxLength) return `Use at most ${passkeyNameMaxLength} characters.`;
  return undefined;
}
