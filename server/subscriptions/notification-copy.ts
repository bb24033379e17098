import type { IncidentImpact, IncidentState, MaintenanceState, StatusEventKind } from '../../contracts/incidents.ts';

/**
 * The words of status notifications, mail and webhook alike: copy, kept here as data so it is
 * changed in one place (the pages' words are in src/data/subscriptions.ts).
 */
export const notificationCopy = {
  /** Before every mail subject: "[Hostfront status] …". */
  subjectPrefix: (site: string) => `[${site} status]`,
  headlines: {
    'incident.created': 'New incident',
    'incident.updated': 'Incident update',
    // Never sent (a corrected typo is not news): named for completeness.
    'incident.edited': 'Incident update corrected',
    'incident.resolved': 'Resolved',
    'maintenance.scheduled': 'Maintenance scheduled',
    'maintenance.updated': 'Maintenance rescheduled',
    'maintenance.started': 'Maintenance started',
    'maintenance.completed': 'Maintenance completed',
    'maintenance.cancelled': 'Maintenance cancelled',
  } satisfies Record<StatusEventKind, string>,
  impacts: { minor: 'Minor', major: 'Major', critical: 'Critical' } satisfies Record<IncidentImpact, string>,
  incidentStates: { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' } satisfies Record<
    IncidentState,
    string
  >,
  maintenanceStates: { scheduled: 'Scheduled', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' } satisfies Record<
    MaintenanceState,
    string
  >,
  labels: { impact: 'Impact', status: 'Status', affects: 'Affects', window: 'Window', liveStatus: 'Live status', unsubscribe: 'Unsubscribe' },
  allMonitors: 'every monitored service',
  confirm: {
    subject: 'Confirm your status notifications',
    headline: 'Confirm your status notifications',
    body: (site: string, scope: string, where: string) =>
      `Someone, hopefully you, asked for ${site} status notifications about ${scope} to be sent to ${where}. Nothing will be sent until this is confirmed.`,
    action: 'Confirm the subscription',
    ignore: 'If you did not ask for this, ignore this message: nothing more will be sent, and the request is deleted after 7 days.',
    whereEmail: 'this e-mail address',
    whereWebhook: 'this channel',
  },
  footer: {
    why: (site: string, scope: string) => `You receive this because it was subscribed to ${site} status notifications about ${scope}.`,
    unsubscribeLine: 'Unsubscribe in one click:',
  },
} as const;

/** Discord's embed colours (integers) by what happened. */
export const notificationColours = {
  minor: 0xf59e0b,
  major: 0xf97316,
  critical: 0xef4444,
  resolved: 0x10b981,
  maintenance: 0x3b82f6,
  cancelled: 0x64748b,
  confirm: 0x4f46e5,
} as const;
