import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
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
import { shoot } from './support/screenshots.ts';
import { enrolStaff } from './support/staff-enrol.ts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console sections' });
/** Presses Tab until `target` has the focus, as a keyboard user moves to it. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
const subjectOf = (body: { embeds: { fields: { name: string; value: string }[] }[] }) => body.embeds[0]!.fields.find((f) => f.name === 'Subject')?.value;

for (const dialect of dialects) {
  test.describe(`staff console: contact messages' deliveries on the desk, and the overview (${dialect})`, () => {
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

      page = await enrolStaff(browser, { origin, env, email: 'ada@example.com', role: 'admin', name: 'Ada Lovelace' });
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

    test('a contact message is a conversation with its deliveries beside it: found by search, opened and closed by keyboard', async () => {
      await sendMessage({
        name: 'Asha Rao',
        email: 'asha@example.com',
        subject: 'Lag on Frankfurt node',
        // A right-to-left override pasted into the text: shown as its code, it cannot flip the page.
        message: 'Hello!\nMy ping spikes every evening. \u202Eevil\nThanks',
      });
      await receiver.waitFor((r) => r.accepted().some((a) => subjectOf(a.body) === 'Lag on Frankfurt node'));

      // One entry for contact messages: Conversations, with its unread count, read again on every move.
      await nav(page).getByRole('link', { name: 'Overview' }).click();
      await expect(nav(page).getByRole('link', { name: /^Conversations\s+1\s+unread$/ })).toBeVisible();
      await expect(nav(page).getByRole('link', { name: /Inbox/ })).toHaveCount(0);
      await page.keyboard.press('g');
      await page.keyboard.press('c');
      await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeFocused();
      const list = page.getByRole('list', { name: 'Conversations' });
      await expect(list.getByRole('link')).toContainText(['Asha Rao']);

      // Search: any case, any field; then a word that is nowhere.
      const search = page.getByRole('searchbox', { name: 'Search conversations' });
      await page.keyboard.press('/');
      await expect(search).toBeFocused();
      await search.fill('FRANKFURT asha');
      await search.press('Enter');
      await expect(list.getByRole('link')).toHaveCount(1);
      await search.fill('spikes nowhere');
      await search.press('Enter');
      await expect(page.getByText('No conversations here.')).toBeVisible();
      await search.fill('');
      await search.press('Enter');
      await expect(list.getByRole('link')).toContainText(['Asha Rao']);
      await scan(page, '/staff#conversations');

      // Keyboard: j moves to the conversation, Enter opens it and its heading takes the focus.
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('j');
      await expect(list.getByRole('link').first()).toBeFocused();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: 'Lag on Frankfurt node' });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('list', { name: 'Messages' })).toContainText('My ping spikes every evening. U+202Eevil');
      const deliveries = page.getByRole('region', { name: 'Deliveries to the team' });
      await expect(deliveries).toContainText(/Chat webhook\s*Delivered/);
      await expect(deliveries).toContainText('Sent from');
      await deliveries.getByText('1 delivery attempt').click();
      await expect(deliveries.getByRole('list', { name: 'Delivery attempts' })).toContainText('Chat webhook, attempt 1: Delivered (HTTP 204)');
      await scan(page, '/staff#conversations/<id> (contact message)');
      await shoot(page, 'desk-contact-message');
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(deliveries).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await scan(page, '/staff#conversations/<id> at 390 px');
      await page.setViewportSize(desktop);
      // The skip link's #main neither leaves the section nor closes the conversation.
      await page.getByRole('link', { name: 'Skip to content' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
      await expect(heading).toBeVisible();

      // Escape closes the conversation; the focus goes back to it in the list.
      await heading.focus();
      await page.keyboard.press('Escape');
      await expect(heading).toBeHidden();
      await expect(list.getByRole('link').first()).toBeFocused();
      await expect(page).toHaveURL(/#conversations$/);
    });

    test('a delivery that failed is listed on the desk and retried from it by keyboard, and arrives', async () => {
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

      // Away from Conversations and back, so the section is made afresh and reads the failed list
      // now. The Overview must have been shown first: pressed at once, g c could land before the
      // click's move was rendered, leave Conversations as it was (its list read before the
      // delivery failed) and find no failed list.
      await nav(page).getByRole('link', { name: 'Overview' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeFocused();
      await page.keyboard.press('g');
      await page.keyboard.press('c');
      const failed = page.getByRole('region', { name: 'Deliveries that failed' });
      await expect(failed).toContainText("1 contact message did not reach the team's channels.");
      const link = failed.getByRole('link', { name: /Broken delivery from Bo Brook/ });
      await tabTo(page, link);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 2, name: 'Broken delivery' })).toBeFocused();
      const deliveries = page.getByRole('region', { name: 'Deliveries to the team' });
      await expect(deliveries).toContainText(/Failed after \d+ attempts?/);
      await expect(deliveries).toContainText('Last error: HTTP 500');
      await scan(page, '/staff#conversations/<id> (failed delivery)');
      await shoot(page, 'desk-failed-delivery');

      const retry = deliveries.getByRole('button', { name: 'Retry delivery to Chat webhook' });
      await tabTo(page, retry);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status').filter({ hasText: 'Queued again for the chat webhook' })).toBeVisible();
      await receiver.waitFor((r) => r.accepted().some((a) => subjectOf(a.body) === 'Broken delivery'));
      // The open conversation follows its delivery until it is settled; then the failed list is read again.
      await expect(deliveries).toContainText(/Chat webhook\s*Delivered/);
      await expect(deliveries.getByRole('button', { name: /^Retry delivery/ })).toHaveCount(0);
      await expect(failed).toHaveCount(0);
      await deliveries.getByText(/\d+ delivery attempts/).click();
      await expect(deliveries.getByRole('list', { name: 'Delivery attempts' })).toContainText(/attempt \d+: Delivered \(HTTP 204\)/);

      const [entry] = await db.selectFrom('audit_log').selectAll().where('action', '=', 'contact.retry').execute();
      expect(entry).toMatchObject({ actor_kind: 'staff', actor_label: 'ada@example.com', target: message.id });
    });

    test('the overview shows the live status, the open conversations and the latest staff and panel actions', async () => {
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

      const desk = page.getByRole('region', { name: 'Open conversations' });
      await expect(desk).toContainText('2 conversations wait for the team');
      await expect(desk).not.toContainText("did not reach the team's channels");
      await expect(desk.getByRole('link', { name: /Broken delivery from Bo Brook/ })).toBeVisible();

      const activity = page.getByRole('region', { name: 'Latest activity' });
      await expect(activity.getByRole('region', { name: 'Staff' })).toContainText('Ada Lovelace retried a delivery');
      await expect(activity.getByRole('region', { name: 'Customers in the panel' })).toContainText('Customer of server demo restarted the server');
      await scan(page, '/staff#overview');
      await shoot(page, 'overview');

      // Live: the monitor goes down and comes back without a reload.
      await monitor.close();
      await expect(status.getByRole('status')).toHaveText('Major Outage');
      await expect(status.getByRole('list', { name: 'Monitors', exact: true })).toContainText(/Edge - 01\s*Connection refused\s*Down/);
      await expect(status.getByRole('list', { name: 'Monitors per state' })).toContainText('Down: 1');
      await monitor.open();
      await expect(status.getByRole('status')).toHaveText('All Systems Operational');

      // A conversation on the overview opens in Conversations.
      await desk.getByRole('link', { name: /Broken delivery/ }).click();
      await expect(page.getByRole('heading', { level: 2, name: 'Broken delivery' })).toBeFocused();
      await expect(page.getByRole('heading', { level: 1, name: 'Conversations' })).toBeVisible();
    });

    test('signs out', async () => {
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
      const answer = await page.evaluate(async () => (await fetch('/api/staff/contact/counts')).status);
      expect(answer).toBe(401);
    });
  });
}
