import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { writeMonitorsFile } from '../server/status-helpers.ts';
import { openPage } from './support/hydration.ts';

/**
 * The board says what is true (issue 34): how often each monitor is probed and the range of
 * them, and the kind of each failure in words ("HTTP 503", "Connection refused") with no address,
 * at a phone's width and a desktop's.
 */
test.describe('the board in words', () => {
  let server: ServerProcess;
  let web: http.Server;
  let dir: string;

  test.beforeAll(async () => {
    web = http.createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
    const closedPort = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostfront-status-words-'));
    server = await startServer({
      DATABASE_URL: `sqlite:${path.join(dir, 'status.db')}`,
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          {
            id: 'web',
            name: 'Web - 01',
            type: 'http',
            target: `http://127.0.0.1:${(web.address() as AddressInfo).port}/`,
            intervalSeconds: 0.5,
            timeoutSeconds: 2,
            failuresBeforeDown: 1,
          },
          { id: 'game', name: 'Game - 01', type: 'tcp', target: `127.0.0.1:${closedPort}`, intervalSeconds: 1, timeoutSeconds: 2, failuresBeforeDown: 1 },
        ],
      }),
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => web?.close(resolve));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const width of [390, 1366]) {
    test(`at ${width} px: each monitor's interval and the range, and each failure's kind`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openPage(page, `${server.url}/network-status`);
      const summary = page.getByRole('region', { name: 'Summary' });
      await expect(summary).toContainText('Probed every 0.5–1 seconds');
      const webCard = page.locator('article[data-server-id="web"]');
      const gameCard = page.locator('article[data-server-id="game"]');
      await expect(webCard.getByTestId('server-interval')).toHaveText('every 0.5 seconds');
      await expect(gameCard.getByTestId('server-interval')).toHaveText('every second');
      await expect(webCard.getByTestId('server-status')).toHaveText('Down');
      await expect(webCard.getByTestId('server-latency')).toHaveText('HTTP 503');
      await expect(gameCard.getByTestId('server-status')).toHaveText('Down');
      await expect(gameCard.getByTestId('server-latency')).toHaveText('Connection refused');
      // No address and no system code anywhere on the board.
      const board = (await page.getByTestId('status-board').textContent()) ?? '';
      for (const leak of ['127.0.0.1', 'ECONNREFUSED', 'Timeout']) expect(board).not.toContain(leak);
      // The words fit their card, and the page fits the screen.
      for (const card of [webCard, gameCard]) {
        const [box, latency] = [(await card.boundingBox())!, (await card.getByTestId('server-latency').boundingBox())!];
        expect(latency.x + latency.width).toBeLessThanOrEqual(box.x + box.width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await gameCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/walkthrough-board-words-${width}.png`, fullPage: width !== 390 });
    });
  }
});
