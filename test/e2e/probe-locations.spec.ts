import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { runAgentsCli, startAgent, type ChildHandle } from '../helpers/agent-process.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { writeMonitorsFile } from '../server/status-helpers.ts';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { waitForHydration } from './support/hydration.ts';

/**
 * The site with probe agents at two of its three locations (Delhi NCR and Singapore; none at
 * Frankfurt): the board shows what each location sees, and "your latency" times each location's
 * own agent, showing nothing for Frankfurt.
 */
test.describe('probe locations on the board and in "your latency"', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let server: ServerProcess;
  let origin: string;
  let browser: Browser;
  let target: http.Server;
  const failing = new Set<string>();
  const agents = new Map<string, ChildHandle>();

  test.beforeAll(async ({ browser: shared }) => {
    browser = shared;
    database = await createTestDatabase('sqlite');
    target = http.createServer((request, response) => {
      const location = /location=([a-z-]+)/.exec(request.headers['user-agent'] ?? '')?.[1] ?? '';
      response.writeHead(failing.has(location) ? 503 : 200).end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const pingPorts = { 'delhi-ncr': await freePort(), singapore: await freePort() };
    const port = await freePort();
    origin = `http://localhost:${port}`;
    const tokens = new Map<string, string>();
    for (const location of Object.keys(pingPorts)) tokens.set(location, (await runAgentsCli(database.url, ['add', location])).stdout.trim());
    server = await startServer(
      {
        DATABASE_URL: database.url,
        PUBLIC_URL: origin,
        STATUS_PROBER: 'standby',
        // Pages may reach the agents' ping endpoints (the CSP's connect-src).
        STATUS_PING_ORIGINS: Object.values(pingPorts)
          .map((p) => `http://127.0.0.1:${p}`)
          .join(','),
        MONITORS_FILE: writeMonitorsFile({
          monitors: [
            {
              id: 'web',
              name: 'Web - 01',
              type: 'http',
              target: `http://127.0.0.1:${(target.address() as AddressInfo).port}/`,
              intervalSeconds: 0.5,
              // A slow answer on a loaded machine is neither a failure nor degraded here: only the 503s decide.
              timeoutSeconds: 5,
              degradedAboveMs: 5000,
              failuresBeforeDown: 2,
            },
          ],
        }),
      },
      { port },
    );
    for (const [location, pingPort] of Object.entries(pingPorts)) {
      agents.set(location, startAgent({ site: `http://127.0.0.1:${port}`, location, token: tokens.get(location)!, pingPort }));
    }
  });

  test.afterAll(async () => {
    for (const agent of agents.values()) await agent.stop();
    await server?.stop();
    await new Promise((resolve) => target?.close(resolve));
    await database?.drop();
  });

  async function visitor(): Promise<Page> {
    const context = await browser.newContext({ baseURL: origin });
    await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return page;
  }

  test('the board shows each location, says from where a minority fails, and names a probe that stopped reporting', async () => {
    // Stops and resumes an agent and looks at two widths: longer than the default minute on a busy machine.
    test.setTimeout(150_000);
    const page = await visitor();
    await page.goto('/network-status');
    await waitForHydration(page);
    const card = page.locator('article[data-server-id="web"]');
    const lines = card.getByTestId('location-lines');
    await expect(lines.locator('[data-location-line="delhi-ncr"]')).toHaveAttribute('data-location-status', 'operational', { timeout: 20_000 });
    await expect(lines.locator('[data-location-line="singapore"]')).toHaveAttribute('data-location-status', 'operational');
    await expect(lines.locator('[data-location-line="singapore"]')).toContainText(/Singapore\s*Operational\s*\d+ ms/);
    // The chart draws a line per agent's location beside the decided one. (The site's own prober may
    // have drawn a short one too: in standby it probes until its once-a-second look sees agents report.)
    await expect(card.locator('[data-location-chart="Delhi NCR"]')).toHaveCount(1);
    await expect(card.locator('[data-location-chart="Singapore"]')).toHaveCount(1);
    await expectNoSeriousViolations(page, 'the board with locations');
    // At phone width the lines fit: nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(lines.locator('[data-location-line="singapore"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    failing.add('singapore');
    await expect(lines.locator('[data-location-line="singapore"]')).toHaveAttribute('data-location-status', 'down', { timeout: 15_000 });
    // One of two reporting fails: not a majority, so degraded, from Singapore.
    await expect(card.getByTestId('server-status')).toHaveText('Degraded');
    await expect(card.getByTestId('server-detail')).toHaveText('Unreachable from Singapore');
    failing.clear();
    await expect(card.getByTestId('server-status')).toHaveText('Operational', { timeout: 15_000 });
    await expect(card.getByTestId('server-detail')).toHaveCount(0);

    const delhi = agents.get('delhi-ncr')!;
    delhi.child.kill('SIGSTOP');
    try {
      const silent = lines.locator('[data-location-line="delhi-ncr"]');
      await expect(silent.locator('[data-location-note]')).toHaveText(/^Probe not reporting since \d\d:\d\d$/, { timeout: 25_000 });
      await expect(card.getByTestId('server-status')).toHaveText('Operational');
      // At phone width and on a desktop, the silent location's name is whole beside its note, and the line fits the card.
      for (const width of [390, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        const name = silent.locator('[data-location-name]');
        await expect(name).toHaveText('Delhi NCR');
        expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
        const [line, note] = [(await silent.boundingBox())!, (await silent.locator('[data-location-note]').boundingBox())!];
        expect(note.x + note.width).toBeLessThanOrEqual(line.x + line.width + 0.5);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await card.screenshot({ path: `/tmp/walkthrough-silent-location-${width}.png` });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    } finally {
      delhi.child.kill('SIGCONT');
    }
    await expect(lines.locator('[data-location-line="delhi-ncr"]')).toHaveAttribute('data-location-status', 'operational', { timeout: 25_000 });
    await page.context().close();
  });

  test('"your latency" times each location at its own agent, and shows no figure where there is none', async () => {
    const page = await visitor();
    const pings: string[] = [];
    page.on('request', (r) => (r.url().endsWith('/ping') || r.url().includes('/api/ping')) && pings.push(r.url()));
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('/');
    await page.locator('[data-latency-group]').scrollIntoViewIfNeeded();
    for (const id of ['delhi-ncr', 'singapore']) {
      const line = page.locator(`[data-location="${id}"] [data-visitor-latency]`);
      await expect(line).toHaveAttribute('data-state', 'measured', { timeout: 15_000 });
      await expect(line).toContainText(/Your latency\s*\d+ ms/);
    }
    const frankfurt = page.locator('[data-location="frankfurt"] [data-visitor-latency]');
    await expect(frankfurt).toHaveAttribute('data-state', 'unavailable');
    await expect(frankfurt).toBeHidden();
    // Its typical figure stays; nothing was borrowed from another server.
    await expect(page.locator('[data-location="frankfurt"]')).toContainText('126 ms');
    // Six requests to each agent (one to open the connection, five timed), none to the site's /api/ping.
    expect(pings.filter((u) => u.includes('/api/ping'))).toEqual([]);
    const byHost = new Map<string, number>();
    for (const u of pings) byHost.set(new URL(u).host, (byHost.get(new URL(u).host) ?? 0) + 1);
    expect([...byHost.values()]).toEqual([6, 6]);
    await expect(page.locator('[data-latency-lowest]:visible')).toHaveCount(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
