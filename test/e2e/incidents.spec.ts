import { expect, test, type Browser, type Page } from '@playwright/test';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { expectNoSeriousViolations, scanAtRest as scan } from './support/a11y.ts';
import { waitForHydration } from './support/hydration.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { shoot } from './support/screenshots.ts';
import { staffCli } from './support/staff-cli.ts';

function section(page: Page, name: string) {
  return page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name, exact: true });
}

/** A datetime-local value for a moment, in the browser's time zone (the test runs in the same one). */
function local(ms: number): string {
  return new Date(ms - new Date(ms).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

for (const dialect of dialects) {
  test.describe(`incidents, maintenance and monitors from the console to the board (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    let database: TestDatabase;
    let server: ServerProcess;
    let origin: string;
    let browser: Browser;
    let consolePage: Page;
    let board: Page;
    let mumbai: Listener;
    let frankfurt: Listener;
    let extra: Listener;

    test.beforeAll(async ({ browser: shared }) => {
      browser = shared;
      database = await createTestDatabase(dialect);
      [mumbai, frankfurt, extra] = [new Listener(await freePort()), new Listener(await freePort()), new Listener(await freePort())];
      for (const l of [mumbai, frankfurt, extra]) await l.open();
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        // The console may add loopback monitors only because this says so (admins' own switch).
        STAFF_TARGETS_ALLOW_PRIVATE: 'true',
        MONITORS_FILE: writeMonitorsFile({
          monitors: [
            {
              id: 'mumbai',
              name: 'Mumbai - 01',
              type: 'tcp',
              target: `127.0.0.1:${mumbai.port}`,
              intervalSeconds: 0.3,
              timeoutSeconds: 1,
              failuresBeforeDown: 1,
            },
            {
              id: 'frankfurt',
              name: 'Frankfurt - 01',
              type: 'tcp',
              target: `127.0.0.1:${frankfurt.port}`,
              intervalSeconds: 0.3,
              timeoutSeconds: 1,
              failuresBeforeDown: 1,
            },
          ],
        }),
      };
      server = await startServer(env, { port });
      const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
      const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
      const context = await browser.newContext({ baseURL: origin });
      consolePage = await context.newPage();
      await consolePage.emulateMedia({ reducedMotion: 'reduce' });
      await addVirtualAuthenticator(consolePage);
      await consolePage.goto(link);
      await consolePage.getByLabel('Your name').fill('Ada Lovelace');
      await consolePage.getByRole('button', { name: 'Create passkey' }).click();
      await expect(consolePage.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

      const visitor = await browser.newContext({ baseURL: origin });
      await visitor.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      board = await visitor.newPage();
      await board.emulateMedia({ reducedMotion: 'reduce' });
      await board.goto('/network-status');
      await waitForHydration(board);
      await expect(board.getByTestId('stream-state')).toHaveText('Live');
      await expect(board.locator('article[data-server-id="mumbai"]').getByTestId('server-status')).toHaveText('Operational');
    });

    test.afterAll(async () => {
      await consolePage?.context().close();
      await board?.context().close();
      await server?.stop();
      for (const l of [mumbai, frankfurt, extra]) await l?.close();
      await database?.drop();
    });

    test('an incident written in the console is on the open board within a second, its updates follow, and once resolved it is in the history', async () => {
      const page = consolePage;
      await section(page, 'Incidents').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeFocused();
      // Nothing stored from an empty form: the server's field messages.
      await page.getByRole('button', { name: 'Publish incident' }).click();
      await expect(page.getByText('Title is required')).toBeVisible();
      await expect(page.getByText('First update must not be empty')).toBeVisible();

      await page.getByLabel('Title').fill('Packet loss towards Mumbai');
      await page.getByLabel('Impact').selectOption('major');
      await page.getByRole('group', { name: 'Affected monitors' }).getByLabel('Mumbai - 01').check();
      await page.getByLabel('First update').fill('Some customers see packet loss. We are investigating.');
      // The board notes when the incident's title appears, by the same clock as this test.
      await board.evaluate(() => {
        const seen = new MutationObserver(() => {
          if (document.querySelector('[data-testid="notices"]')?.textContent?.includes('Packet loss towards Mumbai')) {
            (window as unknown as { shownAt: number }).shownAt = Date.now();
            seen.disconnect();
          }
        });
        seen.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/staff/incidents') && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Publish incident' }).click(),
      ]);
      const answeredAt = Date.now();
      expect(response.status()).toBe(201);
      const notices = board.getByTestId('notices');
      await expect(notices.getByRole('heading', { name: 'Packet loss towards Mumbai' })).toBeVisible({ timeout: 1000 });
      const shownAt = await board.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
      const latency = shownAt - answeredAt;
      console.log(`push latency, console publish answered → open board shows it: ${latency} ms`);
      expect(latency).toBeLessThan(1000);
      await expect(board.getByTestId('status-banner')).toHaveText('Partial Outage');
      await expect(board.getByTestId('incidents-card')).toHaveText('1 Active Incident');
      await expect(notices).toContainText('Affects: Mumbai - 01');
      await expect(page.getByText('Packet loss towards Mumbai is published on the board.')).toBeVisible();

      // An update, then a typo corrected: the board follows each.
      await page.getByLabel('Update', { exact: true }).fill('An upstream fibre cut; trafic is being rerouted.');
      await page.getByLabel('New state').selectOption('identified');
      await page.getByRole('button', { name: 'Post update' }).click();
      await expect(notices).toContainText('trafic is being rerouted', { timeout: 1000 });
      await expect(notices.getByText('Identified', { exact: true }).first()).toBeVisible();
      const identified = page.locator('ol > li').filter({ hasText: 'trafic is being rerouted' });
      await identified.getByRole('button', { name: /^Correct the Identified update of/ }).click();
      await page.getByLabel('Corrected text').fill('An upstream fibre cut; traffic is being rerouted.');
      await page.getByRole('button', { name: 'Save correction' }).click();
      await expect(notices).toContainText('traffic is being rerouted', { timeout: 1000 });
      await expect(notices).toContainText('corrected');
      await scan(page, '/staff#incidents');
      await shoot(page, 'console-incidents');

      await page.getByLabel('New state').selectOption('resolved');
      await page.getByLabel('Update', { exact: true }).fill('Traffic is back to normal.');
      await page.getByRole('button', { name: 'Resolve incident' }).click();
      await expect(page.getByText('Packet loss towards Mumbai is resolved.')).toBeVisible();
      await expect(board.getByTestId('notices')).toHaveCount(0, { timeout: 1000 });
      await expect(board.getByTestId('incidents-card')).toHaveText('No Incidents');
      await expect(board.getByTestId('status-banner')).toHaveText('All Systems Operational');

      // The history has it, with its whole timeline, and its link opens it.
      const history = await board.context().newPage();
      await history.goto('/network-status/history');
      await waitForHydration(history);
      const entry = history.locator('article[id^="incident-"]').filter({ hasText: 'Packet loss towards Mumbai' });
      await expect(entry).toContainText('Traffic is back to normal.');
      await expect(entry).toContainText('traffic is being rerouted');
      await expect(entry).toContainText('Some customers see packet loss');
      await expect(entry.getByText('Resolved', { exact: true }).first()).toBeVisible();
      const href = await entry.getByRole('link', { name: 'Packet loss towards Mumbai' }).getAttribute('href');
      expect(href).toMatch(/^\/network-status\/history#incident-[0-9a-f-]{36}$/);
      const linked = await board.context().newPage();
      await linked.goto(href!);
      await waitForHydration(linked);
      await expect(linked.getByRole('heading', { name: 'Packet loss towards Mumbai' })).toBeFocused();
      await expectNoSeriousViolations(history, '/network-status/history');
      await shoot(history, 'history');
      await history.close();
      await linked.close();
    });

    test('a maintenance window turns a monitor’s state on the board, and an outage inside it costs no uptime', async () => {
      const page = consolePage;
      await section(page, 'Maintenance').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Maintenance' })).toBeFocused();
      const now = Date.now();
      await page.getByLabel('Title').fill('Router upgrade in Frankfurt');
      // The form has minutes: this minute has begun, so the window is in progress at once.
      await page.getByLabel('Starts').fill(local(now));
      await page.getByLabel('Ends').fill(local(now + 2 * 3_600_000));
      await page.getByRole('group', { name: 'Monitors in maintenance' }).getByLabel('Frankfurt - 01').check();
      await page.getByLabel('Message').fill('New line cards; short interruptions are possible.');
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expect(page.getByText('Router upgrade in Frankfurt is scheduled and on the board.')).toBeVisible();

      const card = board.locator('article[data-server-id="frankfurt"]');
      await expect(card.getByTestId('server-status')).toHaveText('Maintenance', { timeout: 3000 });
      await expect(board.getByTestId('status-banner')).toHaveText('Under Maintenance');
      await expect(board.getByTestId('notices').getByTestId('maintenance-state')).toHaveText('In progress');

      // Down inside the window: still probed (its failure in words), shown as maintenance, uptime untouched.
      await frankfurt.close();
      await expect(card.getByTestId('server-latency')).toHaveText('Connection refused');
      // Fixed wait: a few down probes land, so uptime below would have dropped had maintenance not spared it.
      await board.waitForTimeout(1500);
      await board.reload();
      await waitForHydration(board);
      await expect(card.getByTestId('server-status')).toHaveText('Maintenance');
      await expect(card.getByTestId('uptime-h24')).toHaveText(/^100% over /);
      const stored = await board.evaluate(async () => {
        const report = await (await fetch('/api/status')).json();
        return report.servers.find((s: { id: string }) => s.id === 'frankfurt');
      });
      expect(stored).toMatchObject({ status: 'down', maintenance: true, uptimes: { h24: 100 } });
      await scan(page, '/staff#maintenance');
      await shoot(page, 'console-maintenance');

      // A planned window ahead, and an incident, for the board's picture.
      await page.getByLabel('Title').fill('Storage firmware');
      await page.getByLabel('Starts').fill(local(now + 26 * 3_600_000));
      await page.getByLabel('Ends').fill(local(now + 27 * 3_600_000));
      await page.getByRole('group', { name: 'Monitors in maintenance' }).getByLabel('Mumbai - 01').check();
      await page.getByLabel('Message').fill('Firmware update of the storage array.');
      await page.getByRole('button', { name: 'Schedule' }).click();
      await expect(board.getByTestId('notices').getByRole('heading', { name: 'Storage firmware' })).toBeVisible();
      await section(page, 'Incidents').click();
      await page.getByLabel('Title').fill('Slow logins to the panel');
      await page.getByLabel('First update').fill('Logins take up to a minute; we are looking into it.');
      await page.getByRole('button', { name: 'Publish incident' }).click();
      await expect(board.getByTestId('notices').getByRole('heading', { name: 'Slow logins to the panel' })).toBeVisible();
      await expectNoSeriousViolations(board, '/network-status with an incident and maintenance');
      // The bar of a monitor reads each day by keyboard.
      const bar = board.locator('article[data-server-id="mumbai"]').getByRole('group', { name: /Uptime of Mumbai - 01 per day over the last 90 days/ });
      await bar.focus();
      await expect(board.locator('article[data-server-id="mumbai"]').getByTestId('uptime-bar-caption')).toContainText(
        /: 100% up\. Incidents: Slow logins to the panel \(minor\); Packet loss towards Mumbai \(major\)\./,
      );
      await board.keyboard.press('ArrowLeft');
      await expect(board.locator('article[data-server-id="mumbai"]').getByTestId('uptime-bar-caption')).toContainText('No data. No incidents.');
      await board.keyboard.press('Tab');
      await shoot(board, 'board');

      // Cancelled while down: the monitor is down on the board again.
      await section(page, 'Maintenance').click();
      await page.getByRole('button', { name: 'Cancel Router upgrade in Frankfurt' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel maintenance' }).click();
      await expect(card.getByTestId('server-status')).toHaveText('Down', { timeout: 3000 });
      await frankfurt.open();
      await expect(card.getByTestId('server-status')).toHaveText('Operational');
    });

    test('a monitor added in the console goes live on the open board, and paused and deleted there too', async () => {
      const page = consolePage;
      await section(page, 'Monitors').click();
      await expect(page.getByRole('heading', { level: 1, name: 'Monitors' })).toBeFocused();
      // The file's validation, with its messages, and nothing stored.
      await page.getByLabel('Id').fill('Singapore 01');
      await page.getByLabel('Name').fill('Singapore - 01');
      await page.getByLabel('Target').fill('127.0.0.1');
      await page.getByRole('button', { name: 'Add monitor' }).click();
      await expect(page.getByText('Id must be 1-64 lowercase letters, digits, dots, dashes or underscores')).toBeVisible();
      await page.getByLabel('Id').fill('singapore');
      await page.getByRole('button', { name: 'Add monitor' }).click();
      await expect(page.getByText(/^Target must be host:port \(a TCP monitor needs a port\)/)).toBeVisible();
      await expect(board.locator('article[data-server-id="singapore"]')).toHaveCount(0);

      await page.getByLabel('Target').fill(`127.0.0.1:${extra.port}`);
      await page.getByLabel('Interval (seconds)').fill('0.3');
      await page.getByRole('button', { name: 'Add monitor' }).click();
      await expect(page.getByText('Singapore - 01 is added and will be probed in the next round.')).toBeVisible();
      const card = board.locator('article[data-server-id="singapore"]');
      await expect(card.getByTestId('server-status')).toHaveText('Operational', { timeout: 5000 });
      await expect(board.getByTestId('monitored-count')).toHaveText('3');
      await scan(page, '/staff#monitors');
      await shoot(page, 'console-monitors');

      const row = page.locator('li[data-monitor-id="singapore"]');
      await row.getByRole('button', { name: 'Pause Singapore - 01' }).click();
      await expect(card.getByTestId('server-status')).toHaveText('Paused');
      await expect(board.getByTestId('monitored-count')).toHaveText('2');
      await page.locator('li[data-monitor-id="singapore"]').getByRole('button', { name: 'Delete Singapore - 01' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete monitor and its readings' }).click();
      await expect(card).toHaveCount(0);
    });
  });
}
