import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';

test.describe('network status board, live', () => {
  let server: ServerProcess;
  let edge: Listener;
  let core: Listener;
  let dir: string;

  test.beforeAll(async () => {
    edge = new Listener(await freePort());
    core = new Listener(await freePort());
    await edge.open();
    await core.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-status-e2e-'));
    server = await startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'status.db')}`,
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${edge.port}`, intervalSeconds: 0.3, timeoutSeconds: 1, failuresBeforeDown: 2 },
          { id: 'core', name: 'Core - 01', type: 'tcp', target: `127.0.0.1:${core.port}`, intervalSeconds: 0.3, timeoutSeconds: 1 },
        ],
      }),
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await edge?.close();
    await core?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the board changes live when a monitored server goes down and comes back', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await openPage(page, `${server.url}/network-status`);
    await expect(page.getByRole('heading', { level: 1, name: 'Network Status' })).toBeVisible();

    const card = page.locator('article[data-server-id="edge"]');
    const banner = page.getByTestId('status-banner');
    await expect(card.getByTestId('server-status')).toHaveText('Operational');
    await expect(card.getByTestId('server-latency')).toHaveText(/^\d+ ms$/);
    await expect(banner).toHaveText('All Systems Operational');
    await expect(page.getByTestId('monitored-count')).toHaveText('2');
    await expect(page.getByTestId('incidents-card')).toHaveText('No Incidents');
    // The card is named for what it counts.
    await expect(page.getByRole('heading', { level: 2, name: 'Incidents', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('stream-state')).toHaveText('Live');
    await expect(card.getByRole('img', { name: /Latency of Edge - 01 over the last \d+ readings/ })).toBeVisible();

    await edge.close();
    await expect(card.getByTestId('server-status')).toHaveText('Down');
    // The kind of failure in words (nothing listens: refused), never "Timeout" for every failure.
    await expect(card.getByTestId('server-latency')).toHaveText('Connection refused');
    await expect(banner).toHaveText('Partial Outage');
    await expect(page.getByText('Edge - 01 is now down')).toBeVisible();
    await expect(page.locator('article[data-server-id="core"]').getByTestId('server-status')).toHaveText('Operational');

    await edge.open();
    await expect(card.getByTestId('server-status')).toHaveText('Operational');
    await expect(page.getByText('Edge - 01 is now operational')).toBeVisible();
    await expect(banner).toHaveText('All Systems Operational');
    // measured, so the outage shows in the uptime after a reload
    await page.reload();
    await expect(page.locator('article[data-server-id="edge"]')).toContainText(/Uptime 24 h\s*\d{1,2}(\.\d+)?%/);
    expect(errors).toEqual([]);
  });

  test('a visitor adds, keeps and removes their own server', async ({ page }) => {
    await openPage(page, `${server.url}/network-status`);
    const form = page.getByRole('region', { name: 'Add New Server' });
    await form.getByRole('button', { name: 'Add Server' }).click();
    await expect(form.getByText('Enter a server name.')).toBeVisible();

    await form.getByLabel('Server Name').fill('My SMP');
    await form.getByRole('button', { name: 'Add Server' }).click();
    const mine = page.locator('article', { hasText: 'Your server' });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByRole('heading', { name: 'My SMP' })).toBeVisible();
    // Without an address nothing checks it, and the card says so, and only that.
    await expect(mine.getByTestId('server-status')).toHaveText('Not checked');
    await expect(mine.getByTestId('server-latency')).toHaveText('—');
    await expect(mine).toContainText('No address');
    await expect(mine).toContainText('UptimeNot measured');
    for (const claim of ['Operational', 'Timeout', '100%', 'Down']) await expect(mine).not.toContainText(claim);
    // axe over the page at rest: the pointer off the button just clicked (its hover colour is the UI primitives' concern).
    await page.mouse.move(0, 0);
    await expectNoSeriousViolations(page, 'status board with monitors and a visitor server');

    // A private address is refused by the server's checker, with its reason.
    await form.getByLabel('Server Name').fill('Home box');
    await form.getByLabel('Address').fill('127.0.0.1:25565');
    await form.getByRole('button', { name: 'Add Server' }).click();
    await expect(form.getByRole('alert')).toContainText('only servers on the public internet can be checked');
    await expect(page.locator('article', { hasText: 'Your server' })).toHaveCount(1);

    await page.reload();
    await expect(page.locator('article', { hasText: 'Your server' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Remove My SMP' }).click();
    await expect(page.locator('article', { hasText: 'Your server' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('status-board')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('article', { hasText: 'Your server' })).toHaveCount(0);
  });
});

test('a live stream the server refuses (one per address here) is opened again once a place is free', async ({ page, context }) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-status-cap-'));
  const server = await startServer({
    DATABASE_URL: `sqlite:${path.join(dir, 'status.db')}`,
    MONITORS_FILE: writeMonitorsFile({ monitors: [] }),
    STATUS_STREAMS_PER_ADDRESS: '1',
  });
  try {
    // The first tab holds this address's only stream.
    await page.clock.install();
    await openPage(page, `${server.url}/network-status`);
    await expect(page.getByTestId('stream-state')).toHaveText('Live');

    const second = await context.newPage();
    const refusals: number[] = [];
    second.on('response', (r) => r.url().endsWith('/api/status/stream') && refusals.push(r.status()));
    await openPage(second, `${server.url}/network-status`);
    await expect.poll(() => refusals).toContain(429);
    await expect(second.getByTestId('stream-state')).toHaveText('Reconnecting…');

    // The first tab goes away; the second opens its stream again after the server's Retry-After
    // (once more, later, should it ask before the server has noticed the first stream closing).
    await page.close();
    await expect(async () => {
      await second.clock.fastForward(31_000);
      await expect(second.getByTestId('stream-state')).toHaveText('Live', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    expect(refusals[0]).toBe(429);
    expect(refusals.at(-1)).toBe(200);
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('the shared server with no monitors says so', async ({ page }) => {
  await openPage(page, '/network-status');
  await expect(page.getByText('No servers are monitored yet.')).toBeVisible();
  await expect(page.getByTestId('monitored-count')).toHaveText('0');
});
