import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { waitForHydration } from './support/hydration.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';

const root = path.resolve(import.meta.dirname, '../..');

test.describe('the board with an incident and maintenance on a phone', () => {
  let server: ServerProcess;
  let listener: Listener;
  let dir: string;
  let origin: string;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    listener = new Listener(await freePort());
    await listener.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-incidents-phone-'));
    const port = await freePort();
    origin = `http://localhost:${port}`;
    env = {
      DATABASE_URL: `sqlite:${path.join(dir, 'phone.db')}`,
      PUBLIC_URL: origin,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          { id: 'mumbai', name: 'Mumbai - 01', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.5 },
          { id: 'frankfurt', name: 'Frankfurt - 01', type: 'tcp', target: `127.0.0.1:${listener.port}`, intervalSeconds: 0.5 },
        ],
      }),
    };
    server = await startServer(env, { port });
  });
  test.afterAll(async () => {
    await server?.stop();
    await listener?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('fits 390 px: notices with their timelines, state, bars and the history, nothing wider than the screen', async ({ page, context }) => {
    const output = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(root, 'scripts/staff.ts'), 'add', 'ada@example.com', '--role', 'admin'],
        { cwd: root, env: { PATH: process.env.PATH ?? '', ...env } },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      ),
    );
    const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    await addVirtualAuthenticator(page);
    await page.goto(link);
    await page.getByLabel('Your name').fill('Ada on her phone');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    // The console's calls from the phone's own session.
    const call = (url: string, data: object) => page.request.post(`${origin}${url}`, { data });
    expect(
      (
        await call('/api/staff/incidents', {
          title: 'Packet loss towards Mumbai',
          impact: 'major',
          monitorIds: ['mumbai'],
          state: 'identified',
          message: 'An upstream fibre cut; traffic is being rerouted.',
        })
      ).status(),
    ).toBe(201);
    const now = Date.now();
    expect(
      (
        await call('/api/staff/maintenance', {
          title: 'Router upgrade in Frankfurt',
          message: 'New line cards.',
          monitorIds: ['frankfurt'],
          startsAt: new Date(now).toISOString(),
          endsAt: new Date(now + 3_600_000).toISOString(),
        })
      ).status(),
    ).toBe(201);

    await page.goto(`${origin}/network-status`);
    await waitForHydration(page);
    await expect(page.getByTestId('status-board')).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('status-banner')).toHaveText('Partial Outage');
    const notices = page.getByTestId('notices');
    await expect(notices.getByRole('heading', { name: 'Packet loss towards Mumbai' })).toBeVisible();
    await expect(page.locator('article[data-server-id="frankfurt"]').getByTestId('server-status')).toHaveText('Maintenance', { timeout: 3000 });
    await expect(page.locator('article[data-server-id="mumbai"]').getByTestId('uptime-bar')).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    // A tap on the bar reads that day.
    const bar = page.locator('article[data-server-id="mumbai"]').getByRole('group', { name: /Uptime of Mumbai - 01 per day/ });
    await bar.scrollIntoViewIfNeeded();
    const box = (await bar.boundingBox())!;
    await bar.tap({ position: { x: box.width - 2, y: box.height / 2 } });
    await expect(page.locator('article[data-server-id="mumbai"]').getByTestId('uptime-bar-caption')).toContainText(
      'Incidents: Packet loss towards Mumbai (major).',
    );
    await expectNoSeriousViolations(page, '/network-status on a phone, with an incident and maintenance');

    await page.goto(`${origin}/network-status/history`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Router upgrade in Frankfurt' })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousViolations(page, '/network-status/history on a phone');
  });
});
