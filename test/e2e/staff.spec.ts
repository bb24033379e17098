import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { addVirtualAuthenticator, type VirtualAuthenticator } from './support/virtual-authenticator.ts';
import { shoot } from './support/screenshots.ts';
import { staffCli } from './support/staff-cli.ts';

/** A link of the console's navigation. */
function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });
}

// Each dialect gets its own server (PUBLIC_URL on localhost: WebAuthn needs a host name) and database.
for (const dialect of dialects) {
  test.describe(`staff console (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let env: Record<string, string>;
    let browser: Browser;
    let adminPage: Page;
    let adminAuthenticator: VirtualAuthenticator;
    let supportLink = '';

    test.beforeAll(async ({ browser: shared }) => {
      browser = shared;
      database = await createTestDatabase(dialect);
      const port = await freePort();
      origin = `http://localhost:${port}`;
      env = { DATABASE_URL: database.url, PUBLIC_URL: origin, SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789' };
      server = await startServer(env, { port });
    });

    test.afterAll(async () => {
      await adminPage?.context().close();
      await server?.stop();
      await database?.drop();
    });

    test('an admin enrols from the CLI link, signs out, and signs in with the passkey', async () => {
      const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
      const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
      expect(link).toBeTruthy();

      const context = await browser.newContext({ baseURL: origin });
      adminPage = await context.newPage();
      const page = adminPage;
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const authenticator = await addVirtualAuthenticator(page);
      adminAuthenticator = authenticator;

      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Create your passkey' })).toBeVisible();
      await expect(page.getByText('ada@example.com')).toBeVisible();
      // The token leaves the address bar at once.
      expect(page.url()).toBe(`${origin}/staff/enrol`);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      await scan(page, '/staff/enrol');
      await shoot(page, 'enrol');

      await page.getByRole('button', { name: 'Create passkey' }).click();
      await expect(page.getByText('Enter the name your colleagues know you by.')).toBeVisible();
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Create passkey' }).click();
      await page.waitForURL(`${origin}/staff`);
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await expect(page.getByRole('main').getByText('Signed in as Ada Lovelace')).toBeVisible();
      expect(await authenticator.credentials()).toHaveLength(1);
      // The session cookie is for the staff API only, and the page cannot read it: it sees only the hint.
      const [cookie] = await context.cookies(`${origin}/api/staff`);
      expect(cookie).toMatchObject({ name: 'hf_staff', path: '/api/staff', httpOnly: true, sameSite: 'Strict' });
      expect(await page.evaluate(() => document.cookie)).toBe('hf_staff_hint=1');

      // The same link again: used.
      const reuse = await browser.newPage({ baseURL: origin });
      await reuse.goto(link);
      await expect(reuse.getByRole('alert')).toContainText('This enrolment link was already used');
      await shoot(reuse, 'enrol-used');
      await reuse.close();

      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
      await expect(page.getByText('You are signed out.')).toBeVisible();
      // Signed out, the hint is gone too: the page shows the sign-in without asking the server.
      expect(await page.evaluate(() => document.cookie)).toBe('');
      const asked: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/staff')) asked.push(request.url());
      });
      await page.reload();
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
      expect(asked).toEqual([]);
      // Keyboard: the first Tab reaches the skip link, which leads into the page.
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused();
      await scan(page, '/staff (sign-in)');
      await shoot(page, 'signin');
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    });

    test('a signed-in person opening /staff sees a loading line, never the sign-in card, until the console is there', async () => {
      const page = adminPage;
      // Hold the console's script: what shows meanwhile is the page as built, with the head script's mark.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const script = '**/_astro/StaffConsole.*.js';
      await page.route(script, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/staff', { waitUntil: 'domcontentloaded' });
      await expect(page.getByText('Loading the staff console…')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeHidden();
      release();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      await page.unroute(script);
    });

    test('the admin adds a second passkey, renames it, signs in with it, and signs out', async () => {
      const page = adminPage;
      await section(page, 'My account').click();
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeFocused();
      await expect(page.getByRole('button', { name: /^Remove/ })).toBeDisabled();
      await expect(page.getByText('Your only passkey cannot be removed')).toBeVisible();

      // A second device: the first authenticator goes away and another one makes the new passkey
      // (the server lists the first passkey as excluded, so the same authenticator would refuse).
      await adminAuthenticator.remove();
      const laptop = await addVirtualAuthenticator(page);

      await page.getByLabel('Name of the new passkey').fill('Laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Passkey “Laptop” added' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Laptop' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove/ }).first()).toBeEnabled();

      await page.getByRole('button', { name: 'Rename Laptop' }).click();
      await page.getByLabel('New name for Laptop').fill('Work laptop');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Passkey renamed to “Work laptop”.')).toBeVisible();
      await scan(page, '/staff#account');
      await shoot(page, 'console-account');

      // Signing in now can only use the laptop's passkey.
      expect(await laptop.credentials()).toHaveLength(1);
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Work laptop' })).toContainText(/last used/);
    });

    test('the admin invites a support person and sees the team and the audit log', async () => {
      const page = adminPage;
      await page.keyboard.press('g');
      await page.keyboard.press('s');
      await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeFocused();
      await page.getByLabel('E-mail').fill('sam@example.com');
      await page.getByLabel('Role', { exact: true }).selectOption('support');
      await page.getByRole('button', { name: 'Invite' }).click();
      await expect(page.getByRole('heading', { name: 'sam@example.com is invited' })).toBeVisible();
      supportLink = await page.getByRole('textbox', { name: 'Enrolment link' }).inputValue();
      expect(supportLink).toMatch(new RegExp(`^${origin}/staff/enrol#[A-Za-z0-9_-]{43}$`));
      await expect(page.getByRole('listitem').filter({ hasText: 'sam@example.com' })).toContainText('Invited');
      await scan(page, '/staff#team');
      await shoot(page, 'console-staff');
      await page.getByRole('button', { name: 'Done' }).click();

      await section(page, 'Overview').click();
      await expect(page.getByRole('region', { name: 'Latest activity' })).toContainText('invited');
      await scan(page, '/staff#overview');
      await shoot(page, 'console-overview');

      await section(page, 'Audit log').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await page.getByLabel('What').selectOption('staff.invite');
      await page.getByRole('button', { name: 'Show entries' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^2 entries match the filters/ })).toBeVisible();
      await page.getByLabel('Who').fill('ada@');
      await page.getByRole('button', { name: 'Show entries' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^1 entry matches the filters/ })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'sam@example.com' })).toContainText('ada@example.com');
      await scan(page, '/staff#audit');
      await shoot(page, 'console-audit');

      // On a phone the sections are a row that scrolls sideways; the current one is brought into it
      // (a link to a section, or a shortcut, moves no focus there).
      const size = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
      await expect
        .poll(async () => {
          const box = (await section(page, 'Audit log').boundingBox())!;
          return box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
      await page.setViewportSize(size);
    });

    test('a support person enrols, does not see staff management, and gets 403 from it', async () => {
      const context = await browser.newContext({ baseURL: origin });
      const page = await context.newPage();
      await addVirtualAuthenticator(page);
      await page.goto(supportLink);
      await page.getByLabel('Your name').fill('Sam Support');
      await page.getByRole('button', { name: 'Create passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      const nav = page.getByRole('navigation', { name: 'Console sections' });
      await expect(nav.getByRole('link')).toHaveText(['Overview', 'Conversations', 'Alerts', 'Incidents', 'Maintenance', 'My account', 'Audit log']);
      await expect(page.getByText('Manage staff')).toHaveCount(0);
      // Even typed by hand, the staff section is not offered…
      await page.goto(`${origin}/staff#team`);
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      // …and the API refuses it with the error envelope.
      const answer = await page.evaluate(async () => {
        const response = await fetch('/api/staff/members');
        return { status: response.status, body: await response.json() };
      });
      expect(answer).toEqual({ status: 403, body: { error: { code: 'forbidden', message: 'Only admins can manage staff.' } } });
      await scan(page, '/staff (support)');

      // The admin disables them: their next request finds the session gone.
      await section(adminPage, 'Staff').click();
      await adminPage.getByRole('button', { name: 'Disable sam@example.com' }).click();
      await expect(adminPage.getByRole('dialog', { name: 'Disable sam@example.com?' })).toBeVisible();
      await expect(adminPage.getByRole('dialog').getByRole('button', { name: 'Cancel' })).toBeFocused();
      await scan(adminPage, '/staff#team (confirm dialog)');
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
      await expect(adminPage.getByText('sam@example.com is disabled; their sessions have ended.')).toBeVisible();
      await section(page, 'My account').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
      await expect(page.getByText(/Your session has ended/)).toBeVisible();
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('alert')).toHaveText('Your account is disabled. Ask an admin to enable it.');
      await context.close();
    });
  });
}
