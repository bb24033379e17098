import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditPlugin } from '../../server/audit/audit-plugin.ts';
import { contactPlugin } from '../../server/contact/contact-plugin.ts';
import { incidentsPlugin } from '../../server/incidents/incidents-plugin.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { database } from '../../server/plugins/database.ts';
import { probeLocationsPlugin } from '../../server/probe-locations/probe-locations-plugin.ts';
import { jobs } from '../../server/plugins/jobs.ts';
import { metrics } from '../../server/plugins/metrics.ts';
import { readiness } from '../../server/plugins/readiness.ts';
import { staffAccessPlugin } from '../../server/staff/staff-plugin.ts';
import { statusEventsPlugin } from '../../server/status-events/status-events-plugin.ts';
import { statusPlugin } from '../../server/status/status-plugin.ts';
import { subscriptionsPlugin } from '../../server/subscriptions/subscriptions-plugin.ts';
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

  // `before`: the capabilities registered first (all it needs but the missing one).
  const cases: { name: string; plugin: unknown; missing: string; before?: unknown[] }[] = [
    { name: 'incidents', plugin: incidentsPlugin, missing: 'status-events', before: [staffAccessPlugin] },
    { name: 'subscriptions', plugin: subscriptionsPlugin, missing: 'status', before: [statusEventsPlugin] },
    { name: 'status', plugin: statusPlugin, missing: 'audit' },
    { name: 'status', plugin: statusPlugin, missing: 'incidents', before: [staffAccessPlugin, statusEventsPlugin] },
    { name: 'probe-locations', plugin: probeLocationsPlugin, missing: 'status', before: [staffAccessPlugin] },
    { name: 'staff-access', plugin: staffAccessPlugin, missing: 'audit' },
    { name: 'contact', plugin: contactPlugin, missing: 'staff-access' },
  ];
  it.each(cases)('$name registered before $missing fails at boot and says so', async ({ name, plugin, missing, before = [] }) => {
    const config = testConfig(database_.url);
    const app = Fastify({ logger: false });
    app.decorate('config', config);
    app.decorate('clock', systemClock);
    // The infrastructure, and the audit log unless it is what is missing.
    await app.register(database, { databaseUrl: config.databaseUrl });
    await app.register(jobs);
    await app.register(metrics);
    await app.register(readiness);
    if (missing !== 'audit') await app.register(auditPlugin);
    for (const first of before) await app.register(first as FastifyPluginAsync);
    await expect(app.register(plugin as FastifyPluginAsync)).rejects.toThrow(`The dependency '${missing}' of plugin '${name}' is not registered`);
    await app.close();
  });
});
