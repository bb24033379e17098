import { expect, test } from '@playwright/test';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { scanAtRest } from './support/a11y.ts';
import { signInByMail } from './support/customer-sign-in.ts';
import { waitForHydration } from './support/hydration.ts';

/**
 * A suspended server in the browser (docs/decisions.md 80-82): over Pterodactyl (the fake panel,
 * built to its documented shapes), the customer's "My servers" card says why and links to the
 * billing portal, the opened server refuses Start with that sentence, and once the panel lifts the
 * suspension the warning is gone and Start is sent.
 */

const portal = 'https://billing.example.test/clientarea.php';
const sentence = /^This server is suspended, usually because an invoice is unpaid/;

test.describe('a suspended server', () => {
  let database: TestDatabase;
  let inbox: SmtpInbox;
  let panel: FakePterodactyl;
  let server: ServerProcess;
  let origin: string;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    inbox = await startSmtpInbox();
    panel = await startFakePterodactyl({
      wings: { statsIntervalMs: 0 },
      servers: [{ identifier: 'bead1234', uuid: 'bead1234-5e4f-4a1b-9c3d-2b7e6f8a9d10', name: 'Creative', limits: { memory: 2048, disk: 10240, cpu: 100 } }],
    });
    const dana = panel.accounts.addUser({ email: 'dana@example.test' });
    panel.accounts.owners.set('bead1234', dana.id);
    panel.setState('bead1234', { suspended: true });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = await startServer(
      {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SMTP_URL: inbox.url,
        PANEL_DRIVER: 'pterodactyl',
        PANEL_URL: panel.url,
        PANEL_APPLICATION_KEY: panel.keys.application,
        PANEL_CLIENT_KEY: panel.keys.admin,
        BILLING_PORTAL_URL: portal,
      },
      { port },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await panel?.close();
    await inbox?.close();
    await database?.drop();
  });

  test('says why with the portal link, refuses Start with that sentence, and works again once paid', async ({ browser }) => {
    const dana = await browser.newContext({ baseURL: origin });
    await dana.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    await signInByMail(dana, inbox, origin, 'dana@example.test');
    const page = await dana.newPage();
    await page.goto('/control-panel');
    const card = page.getByRole('article', { name: 'Creative' });
    await expect(card.getByText(sentence)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Pay in the billing portal' })).toHaveAttribute('href', portal);
    await waitForHydration(page);
    await scanAtRest(page, 'my servers with a suspended server');

    await card.getByRole('button', { name: 'Open Creative' }).click();
    await expect(page.getByRole('heading', { name: 'Creative', level: 2 })).toBeVisible();
    await expect(page.getByText(sentence).first()).toBeVisible();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    // The refusal in its own words, as a toast; the fake panel received no power signal.
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: sentence })).toBeVisible();
    expect(panel.server('bead1234').powerSignals).toEqual([]);

    // The invoice is paid: the panel lifts the suspension, and the customer can start the server.
    panel.setState('bead1234', { suspended: false });
    await page.goto('/control-panel?server=bead1234');
    await expect(page.getByRole('heading', { name: 'Creative', level: 2 })).toBeVisible();
    await expect(page.getByText(sentence)).toHaveCount(0);
    // The answer to this Start is awaited and read, so a refusal says what it was.
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/panel/power') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    const started = await answer;
    // A 204 has no body to read; any other answer's body says why it was not sent.
    expect(started.status(), started.status() === 204 ? '' : await started.text()).toBe(204);
    await expect.poll(() => panel.server('bead1234').powerSignals).toEqual(['start']);
    await dana.close();
  });
});
