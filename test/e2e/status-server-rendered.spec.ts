import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { Listener, writeMonitorsFile } from '../server/status-helpers.ts';

/** React's runtime and Astro's React client: what the status pages must not load before a touch. */
const reactChunk = /\/_astro\/(client|react|react-dom|jsx-runtime)\.[\w-]+\.js$/;

/** Every script the page asks for, by path, and every console error and page error. */
function watch(page: Page): { scripts: string[]; requests: string[]; errors: string[] } {
  const seen = { scripts: [] as string[], requests: [] as string[], errors: [] as string[] };
  page.on('request', (r) => {
    seen.requests.push(new URL(r.url()).pathname);
    if (r.resourceType() === 'script') seen.scripts.push(new URL(r.url()).pathname);
  });
  page.on('console', (m) => m.type() === 'error' && seen.errors.push(m.text()));
  page.on('pageerror', (e) => seen.errors.push(e.message));
  return seen;
}

// The status pages as the server renders them (docs/decisions.md 147): the board and the history
// are in the HTML, the board is kept live by a plain script without React, and React hydrates the
// very nodes the server sent on the first touch, with no mismatch.
test.describe('the status pages before React', () => {
  let server: ServerProcess;
  let edge: Listener;
  let dir: string;

  test.beforeAll(async () => {
    edge = new Listener(await freePort());
    await edge.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-board-ssr-'));
    server = await startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'status.db')}`,
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          { id: 'edge', name: 'Edge - 01', type: 'tcp', target: `127.0.0.1:${edge.port}`, intervalSeconds: 0.5, timeoutSeconds: 1, failuresBeforeDown: 2 },
        ],
        incidents: [{ id: 'ddos', title: 'DDoS mitigation active in Mumbai', startedAt: new Date(Date.now() - 3_600_000).toISOString() }],
      }),
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await edge?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the board is in the page and live without React, and React hydrates it in place on the first touch', async ({ page }) => {
    // The subscription form (client:visible) stays below this screen.
    await page.setViewportSize({ width: 1366, height: 700 });
    const seen = watch(page);
    await page.goto(`${server.url}/network-status`);

    const island = page.locator('astro-island[component-export="StatusBoard"]');
    const card = page.locator('article[data-server-id="edge"]');
    // The server's board, ready at once: no skeleton, the incident, the card's state and latency.
    await expect(page.getByTestId('status-board')).toHaveAttribute('data-ready', 'true');
    await expect(card.getByTestId('server-status')).toHaveText('Operational');
    await expect(card.getByTestId('server-latency')).toHaveText(/^\d+ ms$/);
    await expect(page.getByTestId('notices')).toContainText('DDoS mitigation active in Mumbai');
    await expect(page.getByTestId('stream-state')).toHaveText('Live');
    await expect(island).toHaveAttribute('ssr', '');
    expect(seen.scripts.filter((s) => reactChunk.test(s))).toEqual([]);

    // Live without React: the server renders the change and the page puts it in place.
    await edge.close();
    await expect(card.getByTestId('server-status')).toHaveText('Down');
    await expect(card.getByTestId('server-latency')).toHaveText('Connection refused');
    await expect(island).toHaveAttribute('ssr', '');
    // The change is announced as the board does: the toasts' island loads for it.
    await expect(page.getByText('Edge - 01 is now down')).toBeVisible();

    // The first touch: React hydrates the nodes on screen (the card on screen at the touch, now React's), no error.
    await page.evaluate(() => {
      document.addEventListener(
        'pointerover',
        () => {
          (window as unknown as { served: Element | null }).served = document.querySelector('article[data-server-id="edge"]');
        },
        { capture: true, once: true },
      );
    });
    await card.hover();
    await expect(island).not.toHaveAttribute('ssr');
    await expect
      .poll(() => card.evaluate((el) => el === (window as unknown as { served: Element }).served && Object.keys(el).some((k) => k.startsWith('__reactFiber'))))
      .toBe(true);
    await expect(page.getByTestId('stream-state')).toHaveText('Live');
    await edge.open();
    await expect(card.getByTestId('server-status')).toHaveText('Operational');
    expect(seen.errors).toEqual([]);
  });

  test('works by keyboard: the focus hydrates the board, and the uptime bar reads its days', async ({ page }) => {
    const seen = watch(page);
    await page.goto(`${server.url}/network-status`);
    const island = page.locator('astro-island[component-export="StatusBoard"]');
    await expect(page.getByTestId('stream-state')).toHaveText('Live');
    const bar = page.locator('article[data-server-id="edge"]').getByRole('group', { name: /Uptime of Edge - 01/ });
    // Tab until the bar has the focus, as a keyboard user gets there.
    for (let i = 0; i < 60 && !(await bar.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(bar).toBeFocused();
    await expect(island).not.toHaveAttribute('ssr');
    const caption = page.locator('article[data-server-id="edge"]').getByTestId('uptime-bar-caption');
    await expect(caption).not.toBeEmpty();
    const today = await caption.textContent();
    await page.keyboard.press('ArrowLeft');
    await expect(caption).not.toHaveText(today ?? '');
    expect(seen.errors).toEqual([]);
  });

  test('the history is in the page without React, and a link to an incident brings its heading into focus', async ({ page }) => {
    const seen = watch(page);
    await page.goto(`${server.url}/network-status/history`);
    await expect(page.getByTestId('history')).toHaveAttribute('data-ready', 'true');
    await expect(page.locator('#incident-ddos')).toContainText('DDoS mitigation active in Mumbai');
    // The page's load is done (its own script ran) and nothing asked for React or for the history: it came in the HTML.
    await page.waitForLoadState('load');
    await expect(page.locator('astro-island[component-export="StatusHistory"]')).toHaveAttribute('ssr', '');
    expect(seen.scripts.filter((s) => reactChunk.test(s))).toEqual([]);
    expect(seen.requests.filter((r) => r.startsWith('/api/status'))).toEqual([]);

    // Following a link to the incident focuses its heading, as the island does (the focus hydrates it: no mismatch).
    await page.goto(`${server.url}/network-status/history#incident-ddos`);
    await expect(page.locator('#incident-ddos').getByRole('heading', { name: 'DDoS mitigation active in Mumbai' })).toBeFocused();
    await expect(page.locator('astro-island[component-export="StatusHistory"]')).not.toHaveAttribute('ssr');
    await expect(page.locator('#incident-ddos')).toContainText('DDoS mitigation active in Mumbai');
    expect(seen.errors).toEqual([]);
  });
});
