import type { StaffPermission } from '../../contracts/staff-rules.ts';

export interface ConsoleSection {
  /** The fragment that opens it: /staff#audit. */
  id: 'overview' | 'conversations' | 'team' | 'account' | 'audit' | 'incidents' | 'maintenance' | 'monitors' | 'alerts' | 'stock' | 'catalog' | 'announcements';
  label: string;
  /** The heading of its page. */
  title: string;
  /** What a person needs to see it (the server checks the same permission). */
  permission: StaffPermission;
  /** The second key of its shortcut: g then this key. */
  key: string;
}

/**
 * The staff console's navigation, in order. Conversations (chats and contact messages, with
 * their deliveries to the team: docs/decisions.md 57) shows its count of unread conversations
 * beside its label.
 */
export const consoleSections: readonly ConsoleSection[] = [
  { id: 'overview', label: 'Overview', title: 'Overview', permission: 'console.use', key: 'o' },
  { id: 'conversations', label: 'Conversations', title: 'Conversations', permission: 'contact.handle', key: 'c' },
  { id: 'alerts', label: 'Alerts', title: 'Alerts', permission: 'alerts.handle', key: 'a' },
  { id: 'incidents', label: 'Incidents', title: 'Incidents', permission: 'incidents.manage', key: 'i' },
  { id: 'maintenance', label: 'Maintenance', title: 'Maintenance', permission: 'incidents.manage', key: 'p' },
  { id: 'monitors', label: 'Monitors', title: 'Monitors', permission: 'monitors.manage', key: 'n' },
  { id: 'stock', label: 'Stock', title: 'Stock', permission: 'stock.manage', key: 'k' },
  { id: 'catalog', label: 'Catalog', title: 'Catalog', permission: 'catalog.edit', key: 'e' },
  { id: 'announcements', label: 'Announcements', title: 'Announcements', permission: 'catalog.edit', key: 'b' },
  { id: 'team', label: 'Staff', title: 'Staff', permission: 'staff.manage', key: 's' },
  { id: 'account', label: 'My account', title: 'My account', permission: 'console.use', key: 'm' },
  { id: 'audit', label: 'Audit log', title: 'Audit log', permission: 'audit.read', key: 'l' },
];

export const staffConsoleTexts = {
  brand: 'Hostfront Staff',
  /** Passkeys refused at this address; `working` is the console's own address when known (a link follows the text). */
  wrongAddress: (here: string, working: string | null) =>
    working
      ? `Passkeys do not work at this address (${here}): they are bound to ${working}. Open the staff console there:`
      : `Passkeys do not work at this address (${here}). Open the staff console at the address in your enrolment link.`,
  signIn: {
    title: 'Staff sign-in',
    lead: 'Sign in with the passkey on your phone, computer or security key. There is no password and no e-mail to type.',
    button: 'Sign in with a passkey',
    help: 'No passkey yet? Ask an admin for an enrolment link.',
  },
  enrol: {
    title: 'Create your passkey',
    lead: 'Your passkey is how you sign in to the staff console: your device checks it is you (PIN, fingerprint or face) and no password is ever sent.',
    button: 'Create passkey',
  },
} as const;
