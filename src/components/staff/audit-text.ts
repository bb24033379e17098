import type { AuditEntry } from '../../../contracts/audit.ts';

/** What an action name means, for the log's readers; an unknown one is shown as it is. */
const actionLabels: Record<string, string> = {
  'staff.signin': 'Signed in',
  'staff.signin_failed': 'Sign-in refused',
  'staff.signout': 'Signed out',
  'staff.session_end': 'Ended a session',
  'staff.enrol': 'Enrolled',
  'staff.enrol_failed': 'Enrolment refused',
  'staff.invite': 'Invited',
  'staff.role_change': 'Changed role',
  'staff.disable': 'Disabled',
  'staff.enable': 'Enabled',
  'staff.reset': 'Issued a new enrolment link',
  'staff.remove': 'Removed',
  'staff.passkey_add': 'Added a passkey',
  'staff.passkey_rename': 'Renamed a passkey',
  'staff.passkey_remove': 'Removed a passkey',
  'staff.forbidden': 'Was refused (role)',
  'contact.retry': 'Retried a delivery',
  'contact.answered': 'Marked a message answered',
  'contact.unanswered': 'Marked a message unanswered',
  'monitor.created': 'Added a monitor',
  'monitor.updated': 'Changed a monitor',
  'monitor.paused': 'Paused a monitor',
  'monitor.resumed': 'Resumed a monitor',
  'monitor.deleted': 'Deleted a monitor',
  'monitor.imported': 'Imported the monitors file',
  'incident.created': 'Declared an incident',
  'incident.updated': 'Updated an incident',
  'incident.update_corrected': 'Corrected an incident update',
  'incident.resolved': 'Resolved an incident',
  'maintenance.scheduled': 'Scheduled maintenance',
  'maintenance.extended': 'Extended maintenance',
  'maintenance.cancelled': 'Cancelled maintenance',
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

export function actorLabel(entry: AuditEntry): string {
  if (entry.actor.kind === 'anonymous') return 'Unknown person';
  if (entry.actor.kind === 'system') return entry.actor.label ?? 'The system';
  return entry.actor.label ?? entry.actor.id ?? entry.actor.kind;
}

export function detailText(entry: AuditEntry): string {
  if (!entry.detail) return '';
  return Object.entries(entry.detail)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(' · ');
}
