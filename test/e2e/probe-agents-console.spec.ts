import { expect, test, type Page } from '@playwright/test';
import { startAgent, type ChildHandle } from '../helpers/agent-process.ts';
import { createTestDatabase, dialects, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { enrolStaff } from './support/staff-enrol.ts';

/**
 * The Monitors section's "Probe agents" card, as an admin uses it (docs/decisions.md 48): make a
 * token for a location, see it shown once and listed, start an agent with it and see it report,
 * revoke it, and the agent is refused from then on.
 */
for (const dialect of dialects) {
  test.describe(`staff console: probe agents' tokens (${dialect})`, () => {
    test.describe.configure({ mode: 'serial' });
    let database: TestDatabase;
    let server: ServerProcess;
    let monitor: Listener;
    let origin: string;
    let page: Page;
    let agent: ChildHandle | undefined;

    test.beforeAll(async ({ browser }) => {
      database = await createTestDatabase(dialect);
      monitor = new Listener(await freePort());
      await monitor.open();
      const port = await freePort();
      origin = `http://localhost:${port}`;
      const env = {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
        MONITORS_FILE: writeMonitorsFile({
          monitors: [{ id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${monitor.port}`, intervalSeconds: 0.5, timeoutSeconds: 1 }],
        }),
      };
      server = await startServer(env, { port });
      page = await enrolStaff(browser, { origin, env, email: 'ada@example.com', role: 'admin', name: 'Ada Lovelace' });
    });

    test.afterAll(async () => {
      await agent?.stop();
      await page?.context().close();
      await server?.stop();
      await monitor?.close();
      await database?.drop();
    });

    /** What the site answers an agent holding `token`. */
    const asAgent = (token: string) => fetch(`${origin}/api/probes/monitors`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

    test('an admin makes a token, an agent reports with it, and once revoked it is refused', async () => {
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Monitors' }).click();
      const card = page.getByRole('region', { name: 'Probe agents' });
      await expect(card).toContainText("No tokens yet: the site's own server is the only place the network is watched from.");

      // By keyboard: the location, then the button.
      const location = card.getByRole('combobox', { name: 'Location' });
      await location.focus();
      await location.selectOption({ label: 'Singapore' });
      await page.keyboard.press('Tab');
      await expect(card.getByRole('button', { name: 'Make a token' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(card.getByRole('status')).toHaveText('A token for Singapore is made: copy it now, it is not shown again.');
      const shown = card.getByRole('textbox', { name: 'The new token for Singapore' });
      const token = await shown.inputValue();
      expect(token).toMatch(/^\S{10,200}$/);
      const item = card.getByRole('listitem').filter({ hasText: 'Singapore' });
      await expect(item).toContainText('Active');
      await expect(item).toContainText('made by ada@example.com');
      await expect(item).toContainText('never reported');
      await scan(page, '/staff#monitors (a new probe token)');

      // The token is what an agent at Singapore runs with; its first report shows in the card.
      agent = startAgent({ site: origin, location: 'singapore', token });
      await expect
        .poll(async () => {
          await page.reload();
          return card.getByRole('listitem').filter({ hasText: 'Singapore' }).textContent();
        })
        .toMatch(/last report/);
      // Shown once: after the reload the token is nowhere on the page.
      await expect(card.getByRole('textbox', { name: /The new token/ })).toHaveCount(0);
      expect(await page.content()).not.toContain(token);

      await card.getByRole('button', { name: /^Revoke the Singapore token/ }).click();
      await expect(card.getByRole('status')).toHaveText('The Singapore token is revoked.');
      await expect(item).toContainText('Revoked');
      await expect(item.getByRole('button', { name: /^Revoke/ })).toHaveCount(0);
      expect(await asAgent(token)).toBe(401);
      await scan(page, '/staff#monitors (a revoked probe token)');

      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByRole('listitem').filter({ hasText: 'probe_agent.created' })).toHaveCount(1);
      await expect(page.getByRole('listitem').filter({ hasText: 'probe_agent.revoked' })).toHaveCount(1);
    });
  });
}
