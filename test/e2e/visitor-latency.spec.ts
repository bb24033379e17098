import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

/** Where the screenshots for the closing note go (looked at by hand, not compared); the cookie banner answered first. */
import { screenshotDir as shots } from './support/screenshots.ts';
test.beforeEach(async ({ page }) => {
  if (shots) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
});

/** Holds back the pings of some locations, so which one is lowest is known (the rest answer at once). */
async function slowDown(page: Page, delays: Record<string, number>): Promise<void> {
  await page.route('**/api/ping?location=*', async (route) => {
    const location = new URL(route.request().url()).searchParams.get('location') ?? '';
    const delay = delays[location] ?? 0;
    if (delay) await new Promise((r) => setTimeout(r, delay));
    await route.continue();
  });
}

for (const { route, ids, lowest } of [
  { route: '/', ids: ['delhi-ncr', 'singapore', 'frankfurt'], lowest: 'singapore' },
  { route: '/datacenters', ids: ['mumbai', 'singapore', 'frankfurt'], lowest: 'frankfurt' },
]) {
  test.describe(`the visitor’s latency on ${route}`, () => {
    test('is measured against /api/ping once the cards are on screen, and the lowest is marked in words', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const pings: string[] = [];
      page.on('request', (r) => r.url().includes('/api/ping') && pings.push(r.url()));
      await slowDown(page, Object.fromEntries(ids.filter((id) => id !== lowest).map((id, i) => [id, 120 + i * 80])));
      await page.goto(route);
      await page.waitForLoadState('load');
      // Not before the cards are visible.
      if (route === '/') {
        await page.waitForTimeout(500);
        expect(pings).toEqual([]);
      }
      const cards = page.locator('[data-latency-group] > li');
      await cards.first().scrollIntoViewIfNeeded();
      for (const id of ids) {
        const line = page.locator(`[data-location="${id}"] [data-visitor-latency]`);
        await expect(line).toHaveAttribute('data-state', 'measured', { timeout: 15_000 });
        await expect(line).toBeVisible();
        await expect(line).toContainText(/Your latency\s*\d+ ms/);
      }
      // Six requests per location: one to open the connection, five timed.
      expect(pings.length).toBe(ids.length * 6);
      for (const id of ids) expect(pings.filter((u) => u.endsWith(`location=${id}`))).toHaveLength(6);
      await expect(page.locator('[data-latency-lowest]:visible')).toHaveCount(1);
      await expect(page.locator(`[data-location="${lowest}"]`).getByText('Lowest from you')).toBeVisible();
      const ms = await Promise.all(ids.map(async (id) => Number(await page.locator(`[data-location="${id}"] [data-visitor-latency]`).getAttribute('data-ms'))));
      expect(Math.min(...ms)).toBe(ms[ids.indexOf(lowest)]);
      if (route === '/') await expect(page.locator('[data-location="delhi-ncr"]')).toContainText('42 ms');
      expect(errors).toEqual([]);
      if (shots) {
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 1000 });
          await cards.first().scrollIntoViewIfNeeded();
          await page.locator('[data-latency-group]').screenshot({ path: path.join(shots, `latency${route === '/' ? '-home' : '-datacenters'}-${width}.png`) });
        }
      }
    });

    test('stays quiet when the endpoint is blocked: the typical figures remain, nothing else shows', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.route('**/api/ping**', (r) => r.abort('blockedbyclient'));
      await page.goto(route);
      await page.locator('[data-latency-group]').scrollIntoViewIfNeeded();
      for (const id of ids) {
        const line = page.locator(`[data-location="${id}"] [data-visitor-latency]`);
        await expect(line).toHaveAttribute('data-state', 'unavailable', { timeout: 15_000 });
        await expect(line).toBeHidden();
      }
      await expect(page.locator('[data-latency-lowest]:visible')).toHaveCount(0);
      if (route === '/') await expect(page.locator('[data-location="singapore"]')).toContainText('83 ms');
      expect(errors).toEqual([]);
    });
  });
}
