import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accountsPlugin } from '../../server/accounts/accounts-plugin.ts';
import { alertsPlugin } from '../../server/alerts/alerts-plugin.ts';
import { auditPlugin } from '../../server/audit/audit-plugin.ts';
import { announcementsPlugin } from '../../server/announcements/announcements-plugin.ts';
import { catalogPlugin } from '../../server/catalog/catalog-plugin.ts';
import { contactPlugin } from '../../server/contact/contact-plugin.ts';
import { healthPlugin } from '../../server/health/health-plugin.ts';
import { incidentsPlugin } from '../../server/incidents/incidents-plugin.ts';
import { systemClock } from '../../server/lib/clock.ts';
import { panelPlugin } from '../../server/panel/panel-plugin.ts';
import { database } from '../../server/plugins/database.ts';
import { probeLocationsPlugin } from '../../server/probe-locations/probe-locations-plugin.ts';
import { jobs } from '../../server/plugins/jobs.ts';
import { metrics } from '../../server/plugins/metrics.ts';
import { readiness } from '../../server/plugins/readiness.ts';
import { staffPlugin } from '../../server/staff/staff-plugin.ts';
import { statusEventsPlugin } from '../../server/status-events/status-events-plugin.ts';
import { statusPlugin } from '../../server/status/status-plugin.ts';
import { statusPagesPlugin } from '../../server/status-pages/status-pages-plugin.ts';
import { subscriptionsPlugin } from '../../server/subscriptions/subscriptions-plugin.ts';
import { stockPlugin } from '../../server/stock/stock-plugin.ts';
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
    ['status-events', statusEventsPlugin as FastifyPluginAsync],
    ['incidents', incidentsPlugin as FastifyPluginAsync],
    ['status', statusPlugin as FastifyPluginAsync],
    ['panel', panelPlugin as FastifyPluginAsync],
  ];
  const base = ['jobs', 'metrics', 'readiness'];
  // `before`: what the case registers first (the database always); the plugin it needs and lacks is `missing`.
  const cases: { name: string; plugin: unknown; before: string[]; missing: string }[] = [
    { name: 'staff', plugin: staffPlugin, before: [], missing: 'jobs' },
    { name: 'audit', plugin: auditPlugin, before: ['jobs'], missing: 'staff' },
    { name: 'incidents', plugin: incidentsPlugin, before: [...base, 'staff', 'audit'], missing: 'status-events' },
    { name: 'status', plugin: statusPlugin, before: [...base, 'staff'], missing: 'audit' },
    { name: 'status', plugin: statusPlugin, before: [...base, 'staff', 'audit', 'status-events'], missing: 'incidents' },
    { name: 'probe-locations', plugin: probeLocationsPlugin, before: ['jobs', 'staff', 'audit'], missing: 'status' },
    { name: 'health', plugin: healthPlugin, before: ['jobs', 'metrics'], missing: 'readiness' },
    { name: 'panel', plugin: panelPlugin, before: [...base, 'staff'], missing: 'audit' },
    { name: 'support', plugin: supportPlugin, before: [...base, 'staff', 'audit', 'status-events', 'incidents'], missing: 'panel' },
    { name: 'subscriptions', plugin: subscriptionsPlugin, before: [...base, 'staff', 'audit', 'status-events'], missing: 'status' },
    { name: 'contact', plugin: contactPlugin, before: base, missing: 'staff' },
    { name: 'accounts', plugin: accountsPlugin, before: [...base, 'staff'], missing: 'audit' },
    { name: 'alerts', plugin: alertsPlugin, before: [...base, 'staff', 'audit', 'status-events', 'incidents'], missing: 'status' },
    { name: 'stock', plugin: stockPlugin, before: ['jobs', 'staff'], missing: 'audit' },
    { name: 'status-pages', plugin: statusPagesPlugin, before: [...base, 'staff', 'audit', 'status-events', 'incidents', 'status'], missing: 'announcements' },
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

// The dependencies each capability declares, checked against what its code uses: a capability
// whose files read `app.<x>` (or ask hasDecorator('x')) where another plugin decorates `x` must
// list that plugin, so it is registered first (docs/decisions.md 116). Derived from the code:
// every `decorate('x'` names its plugin, every capability folder's files are read.
describe('the dependencies capabilities declare', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const filesUnder = (dir: string): string[] =>
    fs
      .readdirSync(path.join(root, dir), { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? filesUnder(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : []));
  // The code without its comments (a comment may name `app.audit` without reading it).
  const read = (file: string) =>
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  const pluginName = (file: string) => /fp\([^,]+,\s*\{\s*name:\s*'([^']+)'/.exec(read(file))?.[1];
  const capabilities = fs
    .readdirSync(path.join(root, 'server'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(root, 'server', e.name, `${e.name}-plugin.ts`)))
    .map((e) => ({ folder: `server/${e.name}`, plugin: pluginName(`server/${e.name}/${e.name}-plugin.ts`)! }));
  // Who decorates what: a capability's folder is its plugin's; server/plugins/ has one plugin a file.
  const owners = new Map<string, string>();
  for (const file of [...filesUnder('server/plugins'), ...capabilities.flatMap((c) => filesUnder(c.folder))]) {
    const owner = file.startsWith('server/plugins/') ? pluginName(file) : capabilities.find((c) => file.startsWith(`${c.folder}/`))?.plugin;
    for (const [, name] of read(file).matchAll(/\.decorate\(\s*'([A-Za-z]+)'/g)) if (owner) owners.set(name!, owner);
  }
  const declared = new Map(
    [
      accountsPlugin,
      alertsPlugin,
      announcementsPlugin,
      auditPlugin,
      catalogPlugin,
      contactPlugin,
      healthPlugin,
      incidentsPlugin,
      panelPlugin,
      probeLocationsPlugin,
      staffPlugin,
      statusEventsPlugin,
      statusPlugin,
      statusPagesPlugin,
      stockPlugin,
      subscriptionsPlugin,
      supportPlugin,
    ].map((p) => {
      const meta = (p as unknown as Record<symbol, { name: string; dependencies?: string[] }>)[Symbol.for('plugin-meta')]!;
      return [meta.name, new Set(meta.dependencies ?? [])];
    }),
  );

  it('finds what it checks: the capabilities, and the plugins that decorate the app', () => {
    expect(capabilities.map((c) => c.plugin).sort()).toEqual([...declared.keys()].sort());
    expect(owners.get('alerts')).toBe('alerts');
    expect(owners.get('status')).toBe('status');
    expect(owners.get('db')).toBe('database');
  });

  it.each(capabilities)('$plugin declares every plugin whose decoration its code reads', ({ folder, plugin }) => {
    const used = new Map<string, string>();
    for (const file of filesUnder(folder)) {
      const text = read(file);
      for (const [, name] of [...text.matchAll(/\bapp\.([A-Za-z]+)\b/g), ...text.matchAll(/hasDecorator\('([A-Za-z]+)'\)/g)]) {
        const owner = owners.get(name!);
        if (owner && owner !== plugin && !used.has(owner)) used.set(owner, `${file} reads app.${name}`);
      }
    }
    const missing = [...used].filter(([owner]) => !declared.get(plugin)!.has(owner)).map(([owner, where]) => `${owner} (${where})`);
    expect(missing).toEqual([]);
  });
});
