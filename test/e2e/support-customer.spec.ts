import { expect, test, type BrowserContext } from '@playwright/test';
import { supportChatCopy as copy } from '../../src/data/support-chat.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { ownedServersFile } from '../helpers/owned-servers.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { scanAtRest } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { enrolStaff } from './support/staff-enrol.ts';

// A signed-in customer opens a chat from the site's chat button; the staff console's
// Conversations shows who they are and their servers with state, plan and location beside it
// (docs/decisions.md 82), in Chromium, on a real server with a real SMTP inbox.

test.describe('a signed-in customer at the support desk', () => {
  let database: TestDatabase;
  let inbox: SmtpInbox;
  let server: ServerProcess;
  let servers: ReturnType<typeof ownedServersFile>;
  let origin: string;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    inbox = await startSmtpInbox();
    servers = ownedServersFile({ 'test-mc': { owner: 'dana@example.test', location: 'Mumbai' } });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    env = { DATABASE_URL: database.url, PUBLIC_URL: origin, SMTP_URL: inbox.url, LOCAL_SERVERS_FILE: servers.file };
    server = await startServer(env, { port });
  });

  test.afterAll(async () => {
    await server?.stop();
    await inbox?.close();
    await database?.drop();
    servers?.remove();
  });

  /** Signs a browser in the way a person does: the address, the mail, the link's token. */
  async function signIn(context: BrowserContext, email: string): Promise<void> {
    expect((await context.request.post(`${origin}/api/account/email-link`, { data: { email } })).status()).toBe(202);
    await inbox.waitFor((i) => i.to(email).length > 0);
    const link = linkIn(inbox.to(email).at(-1)!.text, `${origin}/account/link#`)!;
    const signedIn = await context.request.post(`${origin}/api/account/email-link/signin`, { data: { token: new URL(link).hash.slice(1) } });
    expect(signedIn.status()).toBe(200);
  }

  test('staff see the customer’s name, address and servers beside their chat', async ({ browser }) => {
    const staff = await enrolStaff(browser, { origin, env, email: 'ada@example.com', role: 'admin', name: 'Ada Lovelace' });
    await staff
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: /^Conversations/ })
      .click();
    await staff.getByRole('switch', { name: 'Available for chat' }).check();
    await expect(staff.locator('[data-staffed="true"]')).toBeVisible();

    const customer = await browser.newContext({ baseURL: origin });
    await customer.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    await signIn(customer, 'dana@example.test');
    const page = await customer.newPage();
    await openPage(page, '/control-panel');
    await expect(page.getByRole('article', { name: 'Fixture Survival' })).toBeVisible();
    await page.getByRole('button', { name: 'Open help assistant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
    await dialog.getByRole('button', { name: copy.talkToPerson }).click();
    await dialog.getByRole('textbox', { name: copy.messageLabel }).fill('My server will not start');
    await dialog.getByRole('button', { name: copy.send, exact: true }).click();
    await expect(dialog.getByRole('list', { name: 'Messages' })).toContainText('My server will not start');

    const line = staff.getByRole('list', { name: 'Conversations' }).getByRole('link').filter({ hasText: 'will not start' });
    await line.click();
    await expect(staff.locator('[data-context="customer"]')).toHaveText('dana@example.test');
    const theirs = staff.locator('[data-context="customer-servers"]');
    await expect(theirs).toContainText('Fixture Survival');
    await expect(theirs).toContainText('test-mc');
    await expect(theirs).toContainText('offline');
    await expect(theirs).toContainText('1 GB memory · 2 GB disk · 100% CPU · Mumbai');
    await scanAtRest(staff, 'conversation with a signed-in customer');
    await customer.close();
    await staff.context().close();
  });
});
