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
 * The audit capability, app-wide (other capabilities record through `app.audit`), with its
 * retention of AUDIT_RETENTION_DAYS. Its routes sit in the staff console (audit-routes.ts).
 */
async function auditCapability(app: FastifyInstance): Promise<void> {
  const audit = new AuditLog(app.db, app.clock);
  app.decorate('audit', audit);
  scheduleRetention(app, { name: 'audit log', keepDays: app.config.audit.retentionDays, purge: (cutoff) => audit.purge(cutoff) });
}
export const auditPlugin = fp(auditCapability, { name: 'audit', dependencies: ['database', 'jobs'] });

/** The log's routes in the staff console (/api/staff/audit); needs the staff guard, so it comes after the staff plugin. */
export async function auditConsolePlugin(app: FastifyInstance): Promise<void> {
  await app.register(auditRoutes);
}
