import { expect, test, type Locator } from '@playwright/test';
import { openPage } from './support/hydration.ts';

/** Waits until the island holding `locator` has hydrated (client:visible islands wait for the scroll). */
async function islandHydrated(locator: Locator) {
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

test.beforeEach(async ({ page }) => page.addInitScript(() => localStorage.setItem('cookieConsent', 'false')));

test.describe('storefront at phone size', () => {
  for (const path of ['/', '/products', '/vps', '/minecraft-intel', '/discord-bot', '/storage-server']) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await openPage(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('the carousel shows its three testimonials stacked and still moves by one', async ({ page }) => {
    await openPage(page, '/');
    const carousel = page.locator('section[aria-roledescription="carousel"]');
    await carousel.scrollIntoViewIfNeeded();
    await islandHydrated(carousel);
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    const visible = carousel.locator('[aria-roledescription="slide"]:visible');
    await expect(visible).toHaveCount(3);
    await carousel.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');
    await expect(visible).toHaveCount(3);
  });

  test('the products filter works by touch', async ({ page }) => {
    await openPage(page, '/products');
    await page.getByRole('button', { name: 'Other Services' }).tap();
    await expect(page.locator('[data-products-grid] > article:visible')).toHaveCount(1);
  });
});

test("at 390 px the help button never covers the hero's money-back guarantee, with or without the cookie banner", async ({ browser }) => {
  for (const banner of [true, false]) {
    for (const height of [640, 667, 844]) {
      const context = await browser.newContext({ viewport: { width: 390, height }, isMobile: true, hasTouch: true });
      if (!banner) await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openPage(page, '/');
      const help = page.getByRole('button', { name: 'Open help assistant' });
      await expect(help).toBeVisible();
      if (banner) await expect(page.getByRole('region', { name: 'We use cookies' })).toBeVisible();
      const line = page.getByText(/7-day money-back guarantee/).first();
      // Where the button settles (it moves above the banner by a transform), against the line's words themselves.
      await expect
        .poll(
          async () => {
            const b = await help.boundingBox();
            const words = await line.evaluate((el) => {
              const range = document.createRange();
              range.selectNodeContents(el);
              return [...range.getClientRects()].map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
            });
            if (!b || words.length === 0) return 'not laid out';
            const covered = words.filter((a) => !(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y));
            return covered.length === 0 ? 'apart' : `covered: ${JSON.stringify(covered)}, button ${JSON.stringify(b)}`;
          },
          { message: `banner ${banner}, height ${height}` },
        )
        .toBe('apart');
      await context.close();
    }
  }
});
