import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { staffCli } from './support/staff-cli.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });
}

/** Nothing wider than the screen at a phone's width. */
async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const dialect of dialects) {
  test.describe(`alerts to the team in the console (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let browser: Browser;
    let page: Page;
    let receiver: WebhookReceiver;
    let edge: Listener;
    let core: Listener;

    test.beforeAll(async ({ browser: shared }) => {
      browser = shared;
      database = await createTestDatabase(dialect);
      receiver = await startWebhookReceiver();
      [edge, core] = [new Listener(await freePort()), new Listener(await freePort())];
      for (const l of [edge, core]) await l.open();
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const monitor = (id: string, name: string, l: Listener) => ({
        id,
        name,
        type: 'tcp',
        target: `127.0.0.1:${l.port}`,
        intervalSeconds: 0.3,
        timeoutSeconds: 1,
        failuresBeforeDown: 1,
      });
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        // The team's own channels may be on loopback only because this says so.
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
        MONITORS_FILE: writeMonitorsFile({ monitors: [monitor('edge', 'Edge - 01', edge), monitor('core', 'Core - 01', core)] }),
      };
      server = await startServer(env, { port });
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
      for (const l of [edge, core]) await l?.close();
      await receiver?.close();
      await database?.drop();
    });

    test('an admin adds a channel and tests it; a monitor that goes down is acknowledged and its draft incident published', async () => {
      await section(page, 'Alerts').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeFocused();
      // Down now and recovered lately: not only open ones, so not "Open alerts".
      await expect(page.getByRole('region', { name: 'Recent alerts' })).toContainText('No monitor is down');

      // An empty form: the server's field messages at their fields.
      await page.getByRole('button', { name: 'Add channel' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      // The summary sits under the fields, at the button: it points nowhere in particular.
      await expect(page.getByText('Please correct the marked fields.')).toBeVisible();

      const form = page.getByRole('form', { name: 'Add an alert channel' });
      await form.getByLabel('Id').fill('ops');
      await form.getByLabel('Name').fill('Ops Discord');
      await form.getByLabel('Kind').selectOption('discord');
      await form.getByLabel('URL').fill(`http://127.0.0.1:${receiver.port}/api/webhooks/1/e2e-secret-token`);
      await form.getByRole('button', { name: 'Add channel' }).click();
      await expect(page.getByText('Ops Discord is added. Press Test to check it.')).toBeVisible();
      const channel = page.locator('li[data-channel-id="ops"]');
      // The secret part of the URL never reaches the page.
      await expect(channel).toContainText(`http://127.0.0.1:${receiver.port}/…`);
      await expect(page.locator('body')).not.toContainText('e2e-secret-token');

      await channel.getByRole('button', { name: 'Test Ops Discord' }).click();
      await expect(page.getByText('The test alert reached Ops Discord.')).toBeVisible();
      expect(receiver.accepted().at(-1)!.body.content).toBe('**Test alert from Hostfront**');
      await scan(page, 'alerts section with a channel');
      await fitsPhone(page);

      // Edge stops answering: one alert at the receiver, and the console lists it.
      await edge.close();
      await receiver.waitFor((r) => r.accepted().some((q) => q.body.content === '**Down: Edge \\- 01**'));
      await page.reload();
      const alert = page.locator('li[data-alert-id]', { hasText: 'Edge - 01' });
      await expect(alert).toContainText('Down, not acknowledged');
      await alert.getByRole('button', { name: 'Acknowledge Edge - 01' }).click();
      await expect(page.getByText('Edge - 01: acknowledged; reminders stop.')).toBeVisible();
      await expect(alert).toContainText('Acknowledged by ada@example.com');

      const draft = page.locator('li[data-draft-for]', { hasText: 'Edge - 01 is down' });
      await expect(draft).toBeVisible();
      // Each outage leaves its own draft: the buttons say which one they act on.
      await expect(draft.getByRole('button', { name: /^Publish Edge - 01 is down, down since \w{3} \d/ })).toBeVisible();
      await scan(page, 'alerts section with an alert and a draft');
      await fitsPhone(page);
      await draft.getByRole('button', { name: 'Publish Edge - 01 is down' }).click();
      await expect(page.getByText('“Edge - 01 is down” is on the public board.')).toBeVisible();
      const history = await (await page.request.get('/api/status')).json();
      expect(history.incidents.map((i: { title: string }) => i.title)).toContain('Edge - 01 is down');
    });

    test('the acknowledge link in an alert works without signing in', async () => {
      await core.close();
      await receiver.waitFor((r) => r.accepted().some((q) => q.body.content === '**Down: Core \\- 01**'));
      const message = receiver.accepted().find((q) => q.body.content === '**Down: Core \\- 01**')!;
      const link = /\[Acknowledge\]\((\S+)\)/.exec(message.body.embeds[0].description)![1]!;
      const stranger = await browser.newContext();
      try {
        const linkPage = await stranger.newPage();
        await linkPage.goto(link);
        await expect(linkPage.getByRole('heading', { level: 1, name: 'Acknowledge an alert' })).toBeVisible();
        await scan(linkPage, 'acknowledge link page');
        await linkPage.getByRole('button', { name: 'Acknowledge' }).click();
        await expect(linkPage.getByRole('status')).toContainText('Core - 01 is acknowledged (link in Ops Discord)');
        await linkPage.setViewportSize({ width: 390, height: 844 });
        expect(await linkPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      } finally {
        await stranger.close();
      }
      await page.reload();
      await expect(page.locator('li[data-alert-id]', { hasText: 'Core - 01' })).toContainText('Acknowledged by link in Ops Discord');
    });
  });
}
