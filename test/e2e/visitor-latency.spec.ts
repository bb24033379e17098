import { expect, test } from '@playwright/test';

/** Where the screenshots for the closing note go (looked at by hand, not compared); the cookie banner answered first. */
import { screenshotDir as shots } from './support/screenshots.ts';
test.beforeEach(async ({ page }) => {
  if (shots) await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
});

// With probe agents the lines are timed at each location's own agent (probe-locations.spec.ts).
// This site runs none: no location has an agent of its own, so none shows a figure.
for (const { route, ids, typical } of [
  { route: '/', ids: ['delhi-ncr', 'singapore', 'frankfurt'], typical: ['singapore', '83 ms'] },
  { route: '/datacenters', ids: ['mumbai', 'singapore', 'frankfurt'], typical: undefined },
]) {
  test.describe(`the visitor’s latency on ${route} without probe agents`, () => {
    test('asks which locations report once the cards are on screen, and borrows no figure from this server', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const asked: string[] = [];
      page.on('request', (r) => (r.url().includes('/api/ping') || r.url().includes('/api/status/locations')) && asked.push(new URL(r.url()).pathname));
      await page.goto(route);
      await page.waitForLoadState('load');
      // Not before the cards are visible.
      if (route === '/') {
        // Fixed wait: proves nothing is asked before the cards are in view; a request that does not come has no event.
        await page.waitForTimeout(500);
        expect(asked).toEqual([]);
      }
      await page.locator('[data-latency-group]').scrollIntoViewIfNeeded();
      for (const id of ids) {
        const line = page.locator(`[data-location="${id}"] [data-visitor-latency]`);
        await expect(line).toHaveAttribute('data-state', 'unavailable', { timeout: 15_000 });
        await expect(line).toBeHidden();
      }
      expect(asked).toEqual(['/api/status/locations']);
      await expect(page.locator('[data-latency-lowest]:visible')).toHaveCount(0);
      if (typical) await expect(page.locator(`[data-location="${typical[0]}"]`)).toContainText(typical[1]!);
      expect(errors).toEqual([]);
    });

    test('stays quiet when the list of locations is blocked: the typical figures remain', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.route('**/api/status/locations', (r) => r.abort('blockedbyclient'));
      await page.goto(route);
      await page.locator('[data-latency-group]').scrollIntoViewIfNeeded();
      for (const id of ids) {
        await expect(page.locator(`[data-location="${id}"] [data-visitor-latency]`)).toHaveAttribute('data-state', 'unavailable', { timeout: 15_000 });
      }
      if (typical) await expect(page.locator(`[data-location="${typical[0]}"]`)).toContainText(typical[1]!);
      expect(errors).toEqual([]);
    });
  });
}
