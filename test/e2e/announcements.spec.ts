import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { moveClock } from '../helpers/moved-clock.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { expectNoSeriousViolations, scanAtRest } from './support/a11y.ts';
import { layoutShift } from './support/layout-shift.ts';
import { screenshotDir, shootScreen } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';

const minute = 60_000;
const clockPreload = path.resolve(import.meta.dirname, '../helpers/moved-clock.ts');

/** A moment as the console's datetime-local fields take it, in the browser's time zone. */
const localOf = (ms: number) => new Date(ms - new Date(ms).getTimezoneOffset() * minute).toISOString().slice(0, 16);

/**
 * Announcements (docs/decisions.md 133-135) from the console to the pages, on both dialects: an
 * editor schedules a banner (a wrong end is named beside its field); it is not on the pages
 * before its start, is in them from its start when the server's clock moves there, without a
 * layout shift, and is gone after its end; a visitor who dismisses it does not see it again.
 */
for (const dialect of dialects) {
  test.describe(`announcements on the pages (${dialect})`, () => {
    test.describe.configure({ mode: 'serial', timeout: 120_000 });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let editor: Page;
    let clockFile: string;
    const text = 'Spring sale: 20% off every Minecraft plan until Sunday.';

    test.beforeAll(async ({ browser }) => {
      test.setTimeout(120_000);
      database = await createTestDatabase(dialect);
      clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'announcements-e2e-')), 'clock');
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = { DATABASE_URL: database.url, PUBLIC_URL: origin, HOSTFRONT_TEST_CLOCK_FILE: clockFile };
      server = await startServer(env, { port, nodeArgs: ['--import', clockPreload] });
      editor = await enrolStaff(browser, { origin, env, email: 'eve@example.com', role: 'editor', name: 'Eve Editor' });
    });
    test.afterAll(async () => {
      await server?.stop();
      await database?.drop();
      fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
    });

    test('an editor schedules a banner from the Announcements view; a wrong end is named beside its field', async () => {
      // g then b opens it, as the other sections' shortcuts do.
      await editor.locator('body').press('g');
      await editor.locator('body').press('b');
      await expect(editor.getByRole('heading', { level: 1, name: 'Announcements' })).toBeVisible();
      const form = editor.getByRole('form', { name: 'Schedule an announcement' });
      const now = Date.now();
      await form.getByLabel('Text', { exact: true }).fill(text);
      await form.getByLabel('Link text').fill('See the plans');
      await form.getByLabel('Link address').fill('/products');
      await form.getByLabel('Pages').selectOption({ label: 'Every page' });
      await form.getByLabel('Starts').fill(localOf(now + 10 * minute));
      await form.getByLabel('Ends').fill(localOf(now + 5 * minute));
      await form.getByRole('button', { name: 'Schedule announcement' }).click();
      await expect(form.getByText('Ends must be after the start')).toBeVisible();
      await expect(form.getByLabel('Ends')).toHaveAttribute('aria-invalid', 'true');
      await form.getByLabel('Ends').fill(localOf(now + 30 * minute));
      await form.getByRole('button', { name: 'Schedule announcement' }).click();
      await expect(editor.getByRole('status').filter({ hasText: 'The announcement is scheduled.' })).toBeVisible();
      await expect(form.getByLabel('Text', { exact: true })).toHaveValue('');
      const item = editor.getByRole('listitem').filter({ hasText: text });
      await expect(item.getByText('Scheduled', { exact: true })).toBeVisible();
      await scanAtRest(editor, '/staff#announcements');
      if (screenshotDir) await editor.screenshot({ path: path.join(screenshotDir, 'announcements-console-1366.png'), fullPage: true });
    });

    test('the banner is on the pages from its start, without a layout shift, and a dismissal keeps it away', async ({ browser }) => {
      const context = await browser.newContext({ baseURL: origin, viewport: { width: 1366, height: 900 } });
      const visitor = await context.newPage();
      const banner = visitor.getByRole('region', { name: 'Announcement' });
      await visitor.goto('/products');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);

      moveClock(server.child, clockFile, 11 * minute);
      await expect(async () => {
        await visitor.goto('/products');
        await expect(banner).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(banner).toContainText(text);
      await expect(banner.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/products');
      expect(await layoutShift(visitor)).toBe(0);
      // Above the page's heading, inside <main>.
      const [bannerBox, headingBox] = [await banner.boundingBox(), await visitor.getByRole('heading', { level: 1 }).boundingBox()];
      expect(bannerBox!.y).toBeLessThan(headingBox!.y);
      await expectNoSeriousViolations(visitor, '/products with a banner');
      await shootScreen(visitor, 'announcement-banner');
      await visitor.goto('/');
      await expect(banner).toBeVisible();
      expect(await layoutShift(visitor)).toBe(0);

      // Dismissed: back on the same page, without it; nor on the next page.
      await banner.getByRole('button', { name: 'Dismiss this announcement' }).click();
      await expect(visitor).toHaveURL(`${origin}/`);
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);
      await visitor.goto('/about');
      await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(banner).toHaveCount(0);
      // Another visitor still sees it, and the console says it is showing.
      const other = await browser.newPage({ baseURL: origin });
      await other.goto('/about');
      await expect(other.getByRole('region', { name: 'Announcement' })).toBeVisible();
      await editor.reload();
      await expect(editor.getByRole('listitem').filter({ hasText: text }).getByText('Showing now')).toBeVisible();

      moveClock(server.child, clockFile, 31 * minute);
      await expect(async () => {
        await other.goto('/about');
        await expect(other.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 1000 });
        await expect(other.getByRole('region', { name: 'Announcement' })).toHaveCount(0, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await other.close();
      await context.close();
    });
  });
}
