import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { bannersJobName } from '../../server/announcements/live-banners.ts';
import { catalogSyncJobName } from '../../server/catalog/catalog-plugin.ts';
import { Scheduler } from '../../server/jobs/scheduler.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { staffUser } from '../helpers/staff.ts';
import { testConfig } from '../helpers/test-config.ts';
import { until, waitFor } from '../helpers/until.ts';

const pollMs = 40;

/**
 * The banners' re-read and the published catalog's poll are jobs of the app's scheduler
 * (server/jobs/scheduler.ts), at their configured intervals, like every other background job:
 * the scheduler lists them, runs them, and nothing runs them once it has stopped.
 */
describe.each(dialects)('the live banners and catalog as scheduled jobs on %s', (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeEach(async () => {
    database = await createTestDatabase(dialect, { migrated: true });
    app = await buildApp(testConfig(database.url), { announcements: { pollMs }, catalog: { pollMs } });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
    await database.drop();
  });

  it('are listed and run by the scheduler at their intervals, and stop with it', async () => {
    expect(app.jobs.names()).toEqual(expect.arrayContaining([bannersJobName, catalogSyncJobName]));

    // Counted as the jobs call them; the real reads still run.
    const counts = { banners: 0, catalog: 0 };
    const live = app.announcements.live;
    const refresh = live.refresh.bind(live);
    live.refresh = () => {
      counts.banners += 1;
      return refresh();
    };
    const catalog = app.catalog.live;
    const sync = catalog.sync.bind(catalog);
    catalog.sync = () => {
      counts.catalog += 1;
      return sync();
    };

    // A major incident opened through the console reaches the pages by the banners' job alone.
    const admin = await staffUser(app, 'ada@example.com', 'admin');
    const opened = await app.inject({
      method: 'POST',
      url: '/api/staff/incidents',
      headers: { cookie: admin.cookie },
      payload: { title: 'Frankfurt is down', impact: 'major', monitorIds: [], state: 'investigating', message: 'Looking.' },
    });
    expect(opened.statusCode).toBe(201);
    await until(
      async () => (await app.inject({ url: '/' })).body,
      (html) => html.includes('Major incident: Frankfurt is down.'),
      'the incident banner on the home page',
    );
    await waitFor(() => counts.catalog >= 2, 'two runs of the catalog poll');

    await app.jobs.stop();
    const stopped = { ...counts };
    // A witness on the same interval: once it has run three times, the stopped jobs would have too.
    const witness = new Scheduler(app.log);
    let turns = 0;
    witness.every({ name: 'witness', everyMs: pollMs }, async () => {
      turns += 1;
    });
    witness.start();
    await waitFor(() => turns >= 4, 'three turns of the witness');
    await witness.stop();
    expect(counts).toEqual(stopped);
  });
});
