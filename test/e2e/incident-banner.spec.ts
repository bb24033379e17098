import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { layoutShift } from './support/layout-shift.ts';
import { screenshotDir } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });
}

/**
 * The status board's open major incident as a banner (docs/decisions.md 133-135), on both
 * dialects: staff open a major incident in the console; with the Announcements' switch on (its
 * default) the other pages carry a warning banner linking to the board, without a layout shift
 * and with nothing serious for axe; once the incident is resolved the banner goes. The server
 * reads the banners again every 5 s (its default), so the test waits for what it reads.
 */
for (const dialect of dialects) {
  test.describe(`the open major incident as a banner (${dialect})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let admin: Page;

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      database = await createTestDatabase(dialect);
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = { DATABASE_URL: database.url, PUBLIC_URL: origin };
      server = await startServer(env, { port });
      admin = await enrolStaff(browser, { origin, env, email: 'ada@example.com', role: 'admin', name: 'Ada Admin' });
    });
    test.afterAll(async () => {
      await admin?.context().close();
      await server?.stop();
      await database?.drop();
    });

    test('a major incident opened in the console is a banner on / and /products until it is resolved', async ({ browser }) => {
      // A context made here takes none of the config's options: reduced motion, as the other axe
      // scans have it, so the plan cards' entrance (0.5 s each, 0.1 s apart) is not scanned mid-fade.
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 }, reducedMotion: 'reduce' });
      const visitor = await context.newPage();
      const banner = visitor.getByRole('region', { name: 'Announcement' });
      await visitor.goto('/');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);

      await section(admin, 'Incidents').click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Incidents' })).toBeFocused();
      await admin.getByLabel('Title').fill('Frankfurt is unreachable');
      await admin.getByLabel('Impact').selectOption('major');
      await admin.getByLabel('First update').fill('Servers in Frankfurt cannot be reached. We are investigating.');
      await admin.getByRole('button', { name: 'Publish incident' }).click();
      await expect(admin.getByRole('heading', { name: 'Frankfurt is unreachable' })).toBeVisible();

      await expect
        .poll(
          async () => {
            await visitor.goto('/');
            return banner.count();
          },
          { timeout: 20_000, message: 'the incident banner on the home page' },
        )
        .toBe(1);
      await expect(banner).toContainText('Major incident: Frankfurt is unreachable.');
      await expect(banner.getByRole('link', { name: 'See the network status' })).toHaveAttribute('href', '/network-status');
      expect(await layoutShift(visitor)).toBe(0);
      await expectNoSeriousViolations(visitor, '/ with the incident banner');

      await visitor.goto('/products');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toContainText('Major incident: Frankfurt is unreachable.');
      await expect(banner.getByRole('link', { name: 'See the network status' })).toHaveAttribute('href', '/network-status');
      expect(await layoutShift(visitor)).toBe(0);
      await expectNoSeriousViolations(visitor, '/products with the incident banner');
      if (screenshotDir) {
        fs.mkdirSync(screenshotDir, { recursive: true });
        for (const [width, height] of [
          [1366, 900],
          [390, 844],
        ] as const) {
          await visitor.setViewportSize({ width, height });
          await visitor.screenshot({ path: path.join(screenshotDir, `incident-banner-${dialect}-${width}.png`) });
        }
      }
      // The board shows the incident itself, not as a banner.
      await visitor.goto('/network-status');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);

      await admin.getByLabel('New state').selectOption('resolved');
      await admin.getByLabel('Update', { exact: true }).fill('Frankfurt is reachable again.');
      await admin.getByRole('button', { name: 'Resolve incident' }).click();
      await expect(admin.getByText('Frankfurt is unreachable is resolved.')).toBeVisible();
      for (const page of ['/', '/products']) {
        await expect
          .poll(
            async () => {
              await visitor.goto(page);
              await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
              return banner.count();
            },
            { timeout: 20_000, message: `no incident banner on ${page} once resolved` },
          )
          .toBe(0);
      }
      await context.close();
    });
  });
}
