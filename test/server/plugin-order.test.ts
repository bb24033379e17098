import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alertsPlugin } from '../../server/alerts/alerts-plugin.ts';
import { auditPlugin } from '../../server/audit/audit-plugin.ts';
import { contactPlugin } from '../../server/contact/contact-plugin.ts';
import { healthPlugin } from '../../server/health/health-plugin.ts';
import { incidentsCorePlugin } from '../../server/incidents/incidents-plugin.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { panelPlugin } from '../../server/panel/panel-plugin.ts';
import { database } from '../../server/plugins/database.ts';
import { jobs } from '../../server/plugins/jobs.ts';
import { metrics } from '../../server/plugins/metrics.ts';
import { readiness } from '../../server/plugins/readiness.ts';
import { staffPlugin } from '../../server/staff/staff-plugin.ts';
import { statusCorePlugin } from '../../server/status/status-plugin.ts';
import { subscriptionsPlugin } from '../../server/subscriptions/subscriptions-plugin.ts';
import { supportPlugin } from '../../server/support/support-plugin.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { testConfig } from '../helpers/test-config.ts';

// Each capability is a named plugin that declares the plugins it needs (server/app.ts lists them
// in order). Registered before one of them, it stops the boot with a message naming both, before
// any of its own code runs.
describe('the order of capabilities', () => {
  let database_: TestDatabase;
  beforeEach(async () => {
    database_ = await createTestDatabase('sqlite');
  });
  afterEach(async () => {
    await database_.drop();
  });

  // The plugins a case may register first, by name, in the order of server/app.ts.
  const infrastructure: [string, FastifyPluginAsync][] = [
    ['jobs', jobs as FastifyPluginAsync],
    ['metrics', metrics as FastifyPluginAsync],
    ['readiness', readiness as FastifyPluginAsync],
    ['staff', staffPlugin as FastifyPluginAsync],
    ['audit', auditPlugin as FastifyPluginAsync],
    ['status', statusCorePlugin as FastifyPluginAsync],
    ['incidents', incidentsCorePlugin as FastifyPluginAsync],
    ['panel', panelPlugin as FastifyPluginAsync],
  ];
  // `before`: what the case registers first (the database always); the plugin it needs and lacks is `missing`.
  const cases: { name: string; plugin: unknown; before: string[]; missing: string }[] = [
    { name: 'incidents', plugin: incidentsCorePlugin, before: ['jobs', 'metrics', 'readiness', 'staff', 'audit'], missing: 'status' },
    { name: 'subscriptions', plugin: subscriptionsPlugin, before: ['jobs', 'metrics', 'readiness', 'staff', 'audit'], missing: 'status' },
    { name: 'status', plugin: statusCorePlugin, before: ['jobs', 'metrics', 'readiness', 'staff'], missing: 'audit' },
    { name: 'staff', plugin: staffPlugin, before: [], missing: 'jobs' },
    { name: 'audit', plugin: auditPlugin, before: ['jobs'], missing: 'staff' },
    { name: 'health', plugin: healthPlugin, before: ['jobs', 'metrics'], missing: 'readiness' },
    { name: 'panel', plugin: panelPlugin, before: ['jobs', 'metrics', 'readiness', 'staff'], missing: 'audit' },
    { name: 'support', plugin: supportPlugin, before: ['jobs', 'metrics', 'readiness', 'staff', 'audit', 'status', 'incidents'], missing: 'panel' },
    { name: 'contact', plugin: contactPlugin, before: ['jobs', 'metrics', 'readiness'], missing: 'staff' },
    { name: 'alerts', plugin: alertsPlugin, before: ['jobs', 'metrics', 'readiness', 'staff', 'audit'], missing: 'status' },
  ];
  it.each(cases)('$name registered before $missing fails at boot and says so', async ({ name, plugin, before, missing }) => {
    const config = testConfig(database_.url);
    const app = Fastify({ logger: false });
    app.decorate('config', config);
    app.decorate('clock', systemClock);
    await app.register(database, { databaseUrl: config.databaseUrl });
    for (const [registered, first] of infrastructure) if (before.includes(registered)) await app.register(first);
    await expect(app.register(plugin as FastifyPluginAsync)).rejects.toThrow(`The dependency '${missing}' of plugin '${name}' is not registered`);
    await app.close();
  });
});
