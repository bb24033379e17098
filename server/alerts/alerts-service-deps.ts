import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Acting, AuditLog } from '../audit/audit-service.ts';
import type { Dialect } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { IncidentsService } from '../incidents/incidents-service.ts';
import type { AlertLinks } from './alert-links.ts';

export const minuteMs = 60_000;

/** The system acting for the alerts' own jobs (the auto-publish). */
export const alertsSystem: Acting = { actor: { kind: 'system', id: null, label: 'alerts (auto-publish)' }, clientIp: null };

/** What the support desk (or anything else) tells the team through the channels that opted in. */
export interface TeamNotice {
  subject: string;
  text: string;
  /** A link into the console (absolute, or a path on this site). */
  link?: string;
}

/** What the alerts' parts (alerts-service.ts, alert-fan-out.ts, alert-drafts.ts, alert-message-writer.ts) are built from. */
export interface AlertsServiceDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  audit: AuditLog;
  incidents: Pick<IncidentsService, 'createIncident' | 'recordResolvedIncident'>;
  /** A monitor's name (its id when it is gone). */
  monitorName: (id: string) => string;
  /** Whether a monitor exists, and whether it is paused (neither is probed, so neither recovers). */
  monitorState: (id: string) => Promise<'active' | 'paused' | 'gone'>;
  /** Whether a monitor is inside one of its maintenance windows at a time. */
  inMaintenance: (monitorId: string, at: number) => boolean;
  links: AlertLinks;
  publicUrl: string;
  siteName: string;
  log: FastifyBaseLogger;
  /** After messages were queued: wake the outbox. */
  onQueued: () => void;
  /** How long a message is retried before it is marked failed. */
  maxAgeMs: number;
  now: () => number;
}
