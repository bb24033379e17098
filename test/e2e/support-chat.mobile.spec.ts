import { expect, test, type Browser, type Page } from '@playwright/test';
import { supportChatCopy as copy } from '../../src/data/support-chat.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { overflowing } from './support/overflow.ts';
import { shoot } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';

// The support desk's views at phone width: nothing wider than the screen, nothing serious for axe.
test.describe('support conversations on a phone', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let server: ServerProcess;
  let origin: string;
  let browser: Browser;
  let staff: Page;

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    database = await createTestDatabase('sqlite');
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const env = { DATABASE_URL: database.url, PUBLIC_URL: origin, SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789' };
    server = await startServer(env, { port });
    staff = await enrolStaff(browser, {
      origin,
      env,
      email: 'ada@example.com',
      role: 'support',
      name: 'Ada Lovelace',
      context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    });
  });

  test.afterAll(async () => {
    await staff?.context().close();
    await server?.stop();
    await database?.drop();
  });

  test('the visitor chat and the console fit a 390 px screen', async ({ page }) => {
    await page.context().addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    await openPage(page, `${origin}/`);
    await page.getByRole('button', { name: 'Open help assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
    await dialog.getByRole('button', { name: copy.talkToPerson }).click();
    await expect(dialog).toContainText(copy.unstaffedIntro);
    expect(await overflowing(page)).toEqual([]);
    await dialog.getByRole('textbox', { name: copy.messageLabel }).fill('A long question about a_very_long_word_without_any_break_in_it_at_all_0123456789');
    await dialog.getByRole('textbox', { name: copy.emailLabel }).fill('lee@example.com');
    await dialog.getByRole('button', { name: copy.start }).click();
    await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText('A long question');
    expect(await overflowing(page)).toEqual([]);
    await expectNoSeriousViolations(page, 'the visitor chat on a phone');

    await staff.goto(`${origin}/staff#conversations`);
    const line = staff.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'A long question' });
    await line.click();
    await expect(staff.getByRole('main').getByRole('list', { name: 'Messages' })).toContainText('a_very_long_word');
    expect(await overflowing(staff)).toEqual([]);
    // Open on a phone too: the line's unread count clears without a reload.
    await expect(line).not.toContainText('unread');
    await staff.mouse.move(0, 0);
    await expectNoSeriousViolations(staff, 'the Conversations section on a phone');
    await shoot(staff, 'support-console-phone');

    // Resolved: the visitor's chat on the phone brings "Was this solved?" into view.
    await staff.getByRole('button', { name: 'Resolve' }).click();
    const rating = dialog.getByRole('group', { name: copy.ratingLegend });
    await expect(rating).toBeVisible();
    await expect(rating).toBeInViewport({ ratio: 0.5 });
    expect(await overflowing(page)).toEqual([]);
  });

  test('the continue page without its token says so and fits', async ({ page }) => {
    await page.goto(`${origin}/support/continue`);
    await expect(page.getByRole('alert')).toHaveText(copy.continuePage.missing);
    expect(await overflowing(page)).toEqual([]);
    await expectNoSeriousViolations(page, 'the continue page on a phone');
  });
});
