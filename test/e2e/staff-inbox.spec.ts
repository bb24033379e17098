import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/db/database.ts';
import type { Database } from '../../server/db/schema.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { shoot } from './support/screenshots.ts';
import { staffCli } from './support/staff-cli.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
const subjectOf = (body: { embeds: { fields: { name: string; value: string }[] }[] }) => body.embeds[0]!.fields.find((f) => f.name === 'Subject')?.value;

for (const dialect of dialects) {
  test.describe(`staff console: contact inbox and overview (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    let database: TestDatabase;
    let db: Kysely<Database>;
    let receiver: WebhookReceiver;
    let monitor: Listener;
    let server: ServerProcess;
    let origin: string;
    let browser: Browser;
    let page: Page;

    test.beforeAll(async ({ browser: shared }) => {
      browser = shared;
      database = await createTestDatabase(dialect);
      receiver = await startWebhookReceiver();
      // The chat service refuses what is about a broken delivery until the test says otherwise.
      receiver.answer((request) => (subjectOf(request.body) === 'Broken delivery' ? { status: 500, body: { message: 'down' } } : { status: 204 }));
      monitor = new Listener(await freePort());
      await monitor.open();
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        CONTACT_WEBHOOK_URL: receiver.url,
        MONITORS_FILE: writeMonitorsFile({
          monitors: [
            { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${monitor.port}`, intervalSeconds: 0.3, timeoutSeconds: 1, failuresBeforeDown: 2 },
          ],
        }),
      };
      server = await startServer(env, { port });
      db = openDatabase(database.url).db;

      const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
      const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
      const context = await browser.newContext({ baseURL: origin });
      page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await addVirtualAuthenticator(page);
      await page.goto(link);
      await page.getByLabel('Your name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Create passkey' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    });

    test.afterAll(async () => {
      await page?.context().close();
      await server?.stop();
      await db?.destroy();
      await receiver?.close();
      await monitor?.close();
      await database?.drop();
    });

    /** A visitor sends a message through the public contact form. */
    async function sendMessage(fields: { name: string; email: string; subject: string; message: string }): Promise<void> {
      const context = await browser.newContext({ baseURL: origin });
      await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      const visitor = await context.newPage();
      await openPage(visitor, '/contact');
      await visitor.getByRole('textbox', { name: 'Name' }).fill(fields.name);
      await visitor.getByRole('textbox', { name: 'Email' }).fill(fields.email);
      await visitor.getByRole('textbox', { name: 'Subject' }).fill(fields.subject);
      await visitor.getByRole('textbox', { name: 'Message' }).fill(fields.message);
      await visitor.getByRole('button', { name: 'Send Message' }).click();
      await expect(visitor.getByRole('region', { name: /Notifications/ }).getByText('Message sent successfully!')).toBeVisible();
      await context.close();
    }

    test('a message from the contact form is in the inbox: found by search, read by keyboard, answered', async () => {
      await sendMessage({
        name: 'Asha Rao',
        email: 'asha@example.com',
        subject: 'Lag on Frankfurt node',
        // A right-to-left override pasted into the text: shown as its code, it cannot flip the page.
        message: 'Hello!\nMy ping spikes every evening. \u202Eevil\nThanks',
      });
      await receiver.waitFor((r) => r.accepted().some((a) => subjectOf(a.body) === 'Lag on Frankfurt node'));

      // The count in the navigation is read again on every move.
      await nav(page).getByRole('link', { name: 'Overview' }).click();
      await expect(nav(page).getByRole('link', { name: /^Inbox\s+1\s+unanswered$/ })).toBeVisible();
      await page.keyboard.press('g');
      await page.keyboard.press('c');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact inbox' })).toBeFocused();
      const list = page.getByRole('list').filter({ has: page.locator('a[data-message-id]') });
      await expect(page.getByRole('status').filter({ hasText: '1 message, newest first; 1 unanswered in all.' })).toBeVisible();
      await expect(list.getByRole('link')).toContainText(['Asha Rao']);

      // Search: any case, any field; then a word that is nowhere.
      const search = page.getByRole('searchbox', { name: 'Search' });
      await page.keyboard.press('/');
      await expect(search).toBeFocused();
      await search.fill('FRANKFURT asha');
      await search.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: '1 message matches, newest first' })).toBeVisible();
      await search.fill('spikes nowhere');
      await search.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'No message matches.' })).toBeVisible();
      await scan(page, '/staff#inbox (no match)');
      await page.getByRole('button', { name: 'Clear' }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 message, newest first' })).toBeVisible();
      await scan(page, '/staff#inbox');
      await shoot(page, 'inbox-list');

      // Keyboard: j moves to the message, Enter opens it and its heading takes the focus.
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('j');
      await expect(list.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: 'Lag on Frankfurt node' });
      await expect(heading).toBeFocused();
      const article = page.getByRole('article', { name: 'Lag on Frankfurt node' });
      await expect(article).toContainText('My ping spikes every evening. U+202Eevil');
      await expect(article.getByText('U+202E')).toHaveAttribute('title', 'A hidden or control character, shown as its code');
      await expect(article.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
        'href',
        'mailto:asha@example.com?subject=Re%3A%20Lag%20on%20Frankfurt%20node',
      );
      await expect(article.getByRole('region', { name: 'Deliveries' })).toContainText(/Chat webhook\s*Delivered/);
      await expect(article.getByRole('region', { name: 'Attempts' })).toContainText('Chat webhook, attempt 1: Delivered (HTTP 204)');
      await expect(article).toContainText('Not answered yet');
      await scan(page, '/staff#inbox/<id>');
      await shoot(page, 'inbox-message');
      // On a phone the message takes the place of the list and the search.
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('search')).toBeHidden();
      await expect(heading).toBeVisible();
      await scan(page, '/staff#inbox/<id> at 390 px');
      await page.setViewportSize(desktop);
      // The skip link's #main neither leaves the inbox nor closes the message.
      await page.getByRole('link', { name: 'Skip to content' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Contact inbox' })).toBeVisible();
      await expect(heading).toBeVisible();

      await article.getByRole('button', { name: 'Mark answered' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Marked answered.' })).toBeVisible();
      await expect(article).toContainText('Answered by ada@example.com');
      await expect(nav(page).getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();
      await article.getByRole('button', { name: 'Mark unanswered' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Marked unanswered.' })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: /^Inbox\s+1\s+unanswered$/ })).toBeVisible();
      await article.getByRole('button', { name: 'Mark answered' }).click();
      await expect(nav(page).getByRole('link', { name: 'Inbox', exact: true })).toBeVisible();

      // Escape closes the message; the focus goes back to it in the list.
      await heading.focus();
      await page.keyboard.press('Escape');
      await expect(article).toBeHidden();
      await expect(list.getByRole('link').first()).toBeFocused();
      await expect(list.getByRole('link').first()).toContainText('Answered');
    });

    test('a delivery that failed is retried from the console and arrives', async () => {
      await sendMessage({ name: 'Bo Brook', email: 'bo@example.org', subject: 'Broken delivery', message: 'Please call me back.' });
      await receiver.waitFor((r) => r.requests.some((q) => subjectOf(q.body) === 'Broken delivery' && q.answered === 500));
      // The outbox would go on retrying for 24 hours: mark it failed for good now, as it would be
      // by then (once no attempt holds it), and let the chat service answer again.
      const message = await db.selectFrom('contact_messages').select('id').where('subject', '=', 'Broken delivery').executeTakeFirstOrThrow();
      await expect
        .poll(async () => {
          const result = await db
            .updateTable('contact_deliveries')
            .set({ status: 'failed' })
            .where('message_id', '=', message.id)
            .where('status', '=', 'pending')
            .where('claimed_until', 'is', null)
            .executeTakeFirst();
          return Number(result.numUpdatedRows);
        })
        .toBe(1);
      receiver.answer(() => ({ status: 204 }));

      await nav(page)
        .getByRole('link', { name: /^Inbox/ })
        .click();
      await page.getByRole('combobox', { name: 'Show' }).selectOption('failed');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 message matches' })).toBeVisible();
      const item = page.locator(`a[data-message-id="${message.id}"]`);
      await expect(item).toContainText('Delivery failed');
      await item.click();
      const article = page.getByRole('article', { name: 'Broken delivery' });
      await expect(article.getByRole('region', { name: 'Deliveries' })).toContainText(/Failed after \d+ attempts?/);
      await expect(article.getByRole('region', { name: 'Deliveries' })).toContainText('Last error: HTTP 500');
      await scan(page, '/staff#inbox/<id> (failed delivery)');
      await shoot(page, 'inbox-failed');

      await article.getByRole('button', { name: 'Retry delivery to Chat webhook' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Queued again for the chat webhook' })).toBeVisible();
      await receiver.waitFor((r) => r.accepted().some((a) => subjectOf(a.body) === 'Broken delivery'));
      // The open message follows its delivery until it is settled.
      await expect(article.getByRole('region', { name: 'Deliveries' })).toContainText(/Chat webhook\s*Delivered/);
      await expect(article.getByRole('button', { name: /^Retry delivery/ })).toHaveCount(0);
      await expect(article.getByRole('region', { name: 'Attempts' })).toContainText(/attempt \d+: Delivered \(HTTP 204\)/);

      const [entry] = await db.selectFrom('audit_log').selectAll().where('action', '=', 'contact.retry').execute();
      expect(entry).toMatchObject({ actor_kind: 'staff', actor_label: 'ada@example.com', target: message.id });
    });

    test('the overview shows the live status, the unanswered messages and the latest staff and panel actions', async () => {
      // A panel action as the panel records it in the audit log (actor kind customer).
      await db
        .insertInto('audit_log')
        .values({
          at: Date.now(),
          actor_kind: 'customer',
          actor_id: 'demo',
          actor_label: 'server demo',
          action: 'panel.power',
          target: 'demo',
          outcome: 'ok',
          client_ip: '127.0.0.1',
          detail: '{"signal":"restart"}',
        })
        .execute();
      await nav(page).getByRole('link', { name: 'Overview' }).click();
      const status = page.getByRole('region', { name: 'Live status' });
      await expect(status.getByRole('status')).toHaveText('All Systems Operational');
      await expect(status.getByRole('list', { name: 'Monitors', exact: true }).getByRole('listitem')).toContainText([/Edge - 01\s*\d+ ms\s*Operational/]);
      await expect(status.getByRole('list', { name: 'Monitors per state' })).toContainText('Operational: 1');
      await expect(status).toContainText('Live');

      const inbox = page.getByRole('region', { name: 'Unanswered messages' });
      await expect(inbox).toContainText('1 message waits for an answer.');
      await expect(inbox.getByRole('link', { name: /Broken delivery from Bo Brook/ })).toBeVisible();

      const activity = page.getByRole('region', { name: 'Latest activity' });
      await expect(activity.getByRole('region', { name: 'Staff' })).toContainText('Ada Lovelace retried a delivery');
      await expect(activity.getByRole('region', { name: 'Staff' })).toContainText('marked a message answered');
      await expect(activity.getByRole('region', { name: 'Customers in the panel' })).toContainText('Customer of server demo restarted the server');
      await scan(page, '/staff#overview');
      await shoot(page, 'overview');

      // Live: the monitor goes down and comes back without a reload.
      await monitor.close();
      await expect(status.getByRole('status')).toHaveText('Major Outage');
      await expect(status.getByRole('list', { name: 'Monitors', exact: true })).toContainText(/Edge - 01\s*Timeout\s*Down/);
      await expect(status.getByRole('list', { name: 'Monitors per state' })).toContainText('Down: 1');
      await monitor.open();
      await expect(status.getByRole('status')).toHaveText('All Systems Operational');

      // A message on the overview opens in the inbox.
      await inbox.getByRole('link', { name: /Broken delivery/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Broken delivery' })).toBeFocused();
      await expect(page.getByRole('heading', { level: 1, name: 'Contact inbox' })).toBeVisible();
    });

    test('signs out', async () => {
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
      const answer = await page.evaluate(async () => (await fetch('/api/staff/contact/counts')).status);
      expect(answer).toBe(401);
    });
  });
}
