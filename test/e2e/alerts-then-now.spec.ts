import { expect, test, type Page } from '@playwright/test';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { staffCli } from './support/staff-cli.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

/**
 * The console's alert says what was true when it fired and what is true now, and a draft whose
 * monitor recovered publishes a resolved incident (issue 34), at a phone's width and a desktop's.
 */
test.describe('an alert, then and now', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let server: ServerProcess;
  let receiver: WebhookReceiver;
  let edge: Listener;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    database = await createTestDatabase('sqlite');
    receiver = await startWebhookReceiver();
    edge = new Listener(await freePort());
    await edge.open();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: origin,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      STAFF_TARGETS_ALLOW_PRIVATE: 'true',
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${edge.port}`, intervalSeconds: 0.3, timeoutSeconds: 1, failuresBeforeDown: 1 },
        ],
      }),
    };
    server = await startServer(env, { port });
    const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
    const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
    page = await (await browser.newContext({ baseURL: origin })).newPage();
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
    await edge?.close();
    await receiver?.close();
    await database?.drop();
  });

  const alertItem = () => page.locator('li[data-alert-id]', { hasText: 'Edge - 01' });

  /** The alerts section at both widths: nothing wider than the screen, a screenshot of each. */
  async function atBothWidths(name: string, check: () => Promise<void>): Promise<void> {
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await check();
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await alertItem().first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/walkthrough-${name}-${width}.png` });
    }
  }

  test('an alert nobody was told of says so, and names the channels that cover its monitor now', async () => {
    test.setTimeout(120_000);
    await edge.close();
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Alerts', exact: true }).click();
    await expect(alertItem()).toContainText('Down, not acknowledged', { timeout: 20_000 });
    await expect(alertItem()).toContainText('When it went down, no channel covered this monitor: nobody was told.');
    await expect(alertItem().getByTestId('alert-channels-now')).toHaveText('No channel covers it now either: add one under Channels.');
    // The failure in the board's words, then the probe's own error for the team.
    await expect(alertItem()).toContainText(/ · Connection refused \(connect ECONNREFUSED 127\.0\.0\.1:\d+\)/);
    // Two channels for every monitor, added after it fired.
    for (const [id, name] of [
      ['ops', 'Ops hook'],
      ['pager', 'Pager bridge'],
    ]) {
      const added = await page.request.post('/api/staff/alerts/channels', {
        data: { id, name, kind: 'webhook', target: `http://127.0.0.1:${receiver.port}/${id}` },
      });
      expect(added.status(), await added.text()).toBe(201);
    }
    await page.reload();
    await atBothWidths('alert-then-now', async () => {
      await expect(alertItem()).toContainText('When it went down, no channel covered this monitor: nobody was told.');
      await expect(alertItem().getByTestId('alert-channels-now')).toHaveText('Now covered by Ops hook and Pager bridge: its next outage is sent there.');
    });
    await scan(page, 'alerts: an alert nobody was told of');
  });

  test('a draft whose monitor recovered publishes a resolved incident, and the banner stays operational', async () => {
    test.setTimeout(120_000);
    await edge.open();
    await expect(alertItem()).toContainText(/Recovered/, { timeout: 30_000 });
    const draft = page.locator('li[data-draft-for]');
    await atBothWidths('draft-resolved', async () => {
      await expect(draft.getByText('Edge - 01 was down', { exact: true })).toBeVisible();
      await expect(draft.getByTestId('draft-resolves')).toContainText('Edge - 01 has recovered: publishing posts a resolved incident');
      await expect(draft.getByTestId('draft-message')).toHaveText(
        /^“Edge - 01 was down from \d{4}-\d\d-\d\d \d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d UTC, and has answered our checks since\.”$/,
      );
      await expect(draft.getByRole('button', { name: /^Publish as resolved Edge - 01 was down/ })).toBeVisible();
    });
    await scan(page, 'alerts: a draft after recovery');
    await draft.getByRole('button', { name: /^Publish as resolved/ }).click();
    await expect(page.getByText('“Edge - 01 was down” is on the public board, resolved.')).toBeVisible();
    const board = await (await page.request.get('/api/status')).json();
    expect(board.incidents).toEqual([]);
    expect(board.summary.banner).toBe('All Systems Operational');
    expect(board.recentIncidents.map((i: { title: string }) => i.title)).toContain('Edge - 01 was down');
  });
});
