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
