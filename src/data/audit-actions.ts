/**
 * The audit log's actions as people read them in the staff console: each action name (the code
 * the server records) with what it means, written to follow the actor ("Alice" + "resolved an
 * incident"). An action missing here is shown by its code.
 */
import { modrinthAuditLabels } from './modrinth-audit-labels.ts';

export const auditActionLabels: Readonly<Record<string, string>> = {
  'catalog.draft_saved': 'Saved a catalog draft',
  'catalog.published': 'Published the catalog',
  'catalog.publish_failed': 'Tried to publish the catalog',
  'catalog.restored': 'Restored a catalog version',
  'announcement.created': 'Scheduled an announcement',
  'announcement.updated': 'Edited an announcement',
  'announcement.deleted': 'Deleted an announcement',
  'announcement.incident_banner_on': 'Turned on the banner for major incidents',
  'announcement.incident_banner_off': 'Turned off the banner for major incidents',
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
  'alerts.channel_added': 'Added an alert channel',
  'alerts.channel_changed': 'Changed an alert channel',
  'alerts.channel_deleted': 'Deleted an alert channel',
  'alerts.channel_tested': 'Sent a test alert',
  'alerts.channels_imported': 'Imported alert channels from the monitors file',
  'alerts.acknowledged': 'Acknowledged an alert',
  'alerts.draft_dismissed': 'Dismissed a draft incident',
  'alerts.settings_changed': 'Changed the alerts settings',
  'probe_agent.created': 'Made a probe agent token',
  'probe_agent.revoked': 'Revoked a probe agent token',
  'incident.created': 'Declared an incident',
  'incident.updated': 'Updated an incident',
  'incident.update_corrected': 'Corrected an incident update',
  'incident.resolved': 'Resolved an incident',
  'maintenance.scheduled': 'Scheduled maintenance',
  'maintenance.extended': 'Extended maintenance',
  'maintenance.cancelled': 'Cancelled maintenance',
  'support.reply': 'Replied in a conversation',
  'support.note': 'Added a team note to a conversation',
  'support.resolve': 'Resolved a conversation',
  'support.reopen': 'Reopened a conversation',
  'support.assign': 'Assigned a conversation',
  'support.availability': 'Changed their availability for chat',
  'support.hours': 'Set the support hours',
  'stock.override': 'Overrode the stock of a plan',
  'stock.override.cleared': 'Cleared a stock override',
  'support.saved_reply.create': 'Added a saved reply',
  'support.saved_reply.update': 'Changed a saved reply',
  'support.saved_reply.delete': 'Deleted a saved reply',
  'panel.power': 'Used a power button',
  'panel.command': 'Sent a console command',
  'panel.file.write': 'Saved a file',
  'panel.file.upload': 'Uploaded a file',
  'panel.file.download': 'Downloaded a file',
  'panel.file.rename': 'Renamed a file',
  'panel.file.folder': 'Made a folder',
  'panel.file.delete': 'Deleted a file',
  'panel.backup.create': 'Made a backup',
  'panel.backup.download': 'Downloaded a backup',
  'panel.backup.restore': 'Restored a backup',
  'panel.backup.lock': 'Locked a backup',
  'panel.backup.unlock': 'Unlocked a backup',
  'panel.backup.delete': 'Deleted a backup',
  'panel.schedule.create': 'Made a schedule',
  'panel.schedule.update': 'Changed a schedule',
  'panel.schedule.delete': 'Deleted a schedule',
  'panel.schedule.run': 'Ran a schedule now',
  'panel.share.invite': 'Shared a server with someone',
  'panel.share.accept': 'Accepted a server shared with them (saw it signed in for the first time)',
  'panel.share.change': 'Changed what someone may do on a shared server',
  'panel.share.remove': 'Stopped sharing a server with someone',
  'panel.players.whitelist_add': 'Added a player to the whitelist',
  'panel.players.whitelist_remove': 'Removed a player from the whitelist',
  'panel.players.op': 'Made a player an operator',
  'panel.players.deop': 'Took a player off the operators',
  'panel.players.ban': 'Banned a player',
  'panel.players.pardon': "Lifted a player's ban",
  'panel.settings.change': 'Changed the server settings (server.properties)',
  'panel.startup.variable': "Changed the server's software or version (a startup variable)",
  'panel.startup.reinstall': 'Reinstalled the server',
  /** The system's entry, its actor the schedule itself: 'schedule "Nightly" finished a scheduled run'; each task has an entry of its own. */
  'panel.schedule.ran': 'Finished a scheduled run',
  ...modrinthAuditLabels,
};

/** A panel power action by its signal (the entry's detail), more precise than "Used a power button". */
export const auditPowerLabels: Readonly<Record<string, string>> = {
  start: 'Started the server',
  stop: 'Stopped the server',
  restart: 'Restarted the server',
  kill: 'Killed the server',
};

/** Availability for chat by what it was set to (the entry's detail), more precise than "Changed their availability". */
export const auditAvailabilityLabels = { on: 'Turned "Available for chat" on', off: 'Turned "Available for chat" off' } as const;

/** A support conversation named in a sentence: its visitor and subject, as the desk lists it. */
export const auditConversationText = (visitor: string | null, subject: string | null): string =>
  subject ? `${visitor ?? 'a visitor'}: “${subject}”` : `the conversation with ${visitor ?? 'a visitor'}`;

/** Who acted, when the log names no person. */
export const auditActorTexts = {
  anonymous: 'Unknown person',
  system: 'The system',
  /** A customer in the Game Panel, named by their server. */
  customer: (serverId: string) => `Customer of server ${serverId}`,
} as const;
