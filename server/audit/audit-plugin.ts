import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { scheduleRetention } from '../jobs/retention.ts';
import { auditRoutes } from './audit-routes.ts';
import { AuditLog } from './audit-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one audit log: every capability records what staff, customers and the system did. */
    audit: AuditLog;
  }
}

/**
 * The audit capability: the one log other capabilities record into (`app.audit`), its retention
 * of AUDIT_RETENTION_DAYS, and its page in the staff console (/api/staff/audit), guarded by the
 * staff capability, which therefore comes before it.
 */
async function auditCapability(app: FastifyInstance): Promise<void> {
  const audit = new AuditLog(app.db, app.clock);
  app.decorate('audit', audit);
  scheduleRetention(app, { name: 'audit log', keepDays: app.config.audit.retentionDays, purge: (cutoff) => audit.purge(cutoff) });
  await app.register(auditRoutes, { prefix: '/api/staff/audit' });
}
export const auditPlugin = fp(auditCapability, { name: 'audit', dependencies: ['database', 'jobs', 'staff'] });
