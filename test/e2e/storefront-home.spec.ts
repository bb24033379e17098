import { expect, test, type Locator, type Page } from '@playwright/test';
import { counters } from '../../src/data/counters.ts';
import { features } from '../../src/data/features.ts';
import { locations } from '../../src/data/locations.ts';
import { pageInfo } from '../../src/data/pages.ts';
import { testimonials } from '../../src/data/testimonials.ts';
import { carouselPageSize } from '../../src/lib/carousel.ts';
import { pingColour } from '../../src/lib/ping.ts';
import { openPage } from './support/hydration.ts';

/** Waits until the island holding `locator` has hydrated (client:visible islands wait for the scroll). */
async function islandHydrated(locator: Locator) {
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

/** No cookie banner in the way: these tests are about the home page. */
async function withConsentStored(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
}

/** Starts recording every text a counter shows (a MutationObserver in the page). */
async function recordTexts(counter: Locator) {
  await counter.evaluate((el) => {
    const seen: string[] = [];
    (el as HTMLElement & { seen?: string[] }).seen = seen;
    new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
  });
}

async function recordedTexts(counter: Locator): Promise<string[]> {
  return counter.evaluate((el) => (el as HTMLElement & { seen?: string[] }).seen ?? []);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => withConsentStored(page));

  test('hero, claims, tiles, locations and calls to action', async ({ page }) => {
    const errors = collectErrors(page);
    await openPage(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageInfo('/').heading);
    const hero = page.locator('main section').first();
    await expect(hero).toContainText(features.reviews.rating);
    await expect(hero).toContainText(`${features.reviews.count} reviews`);
    for (const claim of features.heroClaims) await expect(hero.getByText(claim.label, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Deploy Server Now' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('link', { name: 'View Locations' })).toHaveAttribute('href', '/datacenters');
    for (const tile of features.homeTiles) await expect(page.getByRole('heading', { name: tile.title, exact: true }).first()).toBeVisible();
    const why = page.locator('section[aria-labelledby="why-heading"]');
    await expect(why.getByRole('heading', { level: 3 })).toHaveText(features.whyChooseUs.map((f) => f.title));

    // Each location's ping gets its colour (docs/decisions.md 20; the thresholds are unit-tested).
    for (const location of locations) {
      const card = page.locator(`[data-location="${location.id}"]`);
      await expect(card).toContainText(location.name);
      await expect(card).toContainText(`${location.ping} ms`);
      await expect(card).toContainText(location.processor);
      await expect(card).toContainText(location.network);
      await expect(card.getByRole('img', { name: `Flag of ${location.country}` })).toBeVisible();
      await expect(card.locator('[data-ping-colour]')).toHaveAttribute('data-ping-colour', pingColour(location.ping));
    }

    const start = page.locator('section[aria-labelledby="start-heading"]');
    await expect(start).toContainText(features.guarantee.title);
    await expect(start).toContainText('terms apply');
    await expect(start.getByRole('link', { name: 'Get Started Now' })).toHaveAttribute('href', '/products');
    await expect(start.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    expect(errors).toEqual([]);
  });

  test('the testimonials carousel shows three, moves by one and stops at its bounds', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openPage(page, '/');
    const carousel = page.locator('section[aria-roledescription="carousel"]');
    await carousel.scrollIntoViewIfNeeded();
    await islandHydrated(carousel);
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    const previous = carousel.getByRole('button', { name: 'Previous testimonial' });
    const next = carousel.getByRole('button', { name: 'Next testimonial' });
    const visibleTitles = () => carousel.locator('[aria-roledescription="slide"][data-visible="true"] h3');

    expect(testimonials.length, 'more testimonials than fit at once, or the carousel has nothing to move').toBeGreaterThan(carouselPageSize);
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(testimonials.length);
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(visibleTitles()).toHaveText(testimonials.slice(0, carouselPageSize).map((t) => t.title));

    // Forward one at a time until the last ones show; then Next is disabled.
    const lastStart = testimonials.length - carouselPageSize;
    for (let index = 1; index <= lastStart; index += 1) {
      await next.click();
      await expect(visibleTitles()).toHaveText(testimonials.slice(index, index + carouselPageSize).map((t) => t.title));
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await next.click({ force: true }); // disabled (aria-disabled keeps it focusable): nothing moves
    await expect(carousel).toHaveAttribute('data-carousel-index', String(lastStart));

    // Hidden slides are out of the accessibility tree and cannot take focus.
    await expect(carousel.locator('[aria-roledescription="slide"]').first()).toHaveAttribute('aria-hidden', 'true');

    for (let index = lastStart - 1; index >= 0; index -= 1) await previous.click();
    await expect(visibleTitles()).toHaveText(testimonials.slice(0, carouselPageSize).map((t) => t.title));
    await expect(previous).toBeDisabled();

    // Keyboard: the buttons and the arrow keys.
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');
    await page.keyboard.press('ArrowLeft');
    await expect(carousel).toHaveAttribute('data-carousel-index', '0');
    await page.keyboard.press('ArrowRight');
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');
  });

  test('Live Chat opens the help assistant', async ({ page }) => {
    await openPage(page, '/');
    const button = page.getByRole('button', { name: 'Live Chat' });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeVisible();
    await button.click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('counters start at 0, wait until visible, then count up over about 2 s', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPage(page, '/');
    const first = page.locator(`[data-counter="${counters[0]!.id}"]`);
    // Fixed wait: longer than the 2 s count-up, proving a counter out of view stays at 0.
    await page.waitForTimeout(2500);
    await expect(first).toHaveText(`0${counters[0]!.suffix}`);

    await recordTexts(first);
    await first.scrollIntoViewIfNeeded();
    const started = Date.now();
    await expect(first).not.toHaveText(`0${counters[0]!.suffix}`, { timeout: 3000 });
    for (const counter of counters) {
      await expect(page.locator(`[data-counter="${counter.id}"]`)).toHaveText(`${counter.value}${counter.suffix}`, { timeout: 5000 });
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(1800);
    expect(new Set(await recordedTexts(first)).size).toBeGreaterThan(3); // it counted through values on the way
    // Screen readers get the final values and labels.
    for (const counter of counters)
      await expect(page.locator('section[aria-labelledby="support-heading"]')).toContainText(`${counter.value}${counter.suffix} ${counter.label}`);
  });

  test('counters show their final values at once under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/');
    const first = page.locator(`[data-counter="${counters[0]!.id}"]`);
    await recordTexts(first);
    await first.scrollIntoViewIfNeeded();
    for (const counter of counters) {
      await expect(page.locator(`[data-counter="${counter.id}"]`)).toHaveText(`${counter.value}${counter.suffix}`);
    }
    // Straight from 0 to the final value: no value in between was ever shown.
    const final = `${counters[0]!.value}${counters[0]!.suffix}`;
    expect((await recordedTexts(first)).filter((t) => t !== final && t !== `0${counters[0]!.suffix}`)).toEqual([]);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('counters show their final values, not 0', async ({ page }) => {
      await page.goto('/');
      for (const counter of counters) {
        await expect(page.locator(`[data-counter-final="${counter.id}"]`)).toHaveText(`${counter.value}${counter.suffix}`);
        await expect(page.locator(`[data-counter="${counter.id}"]`)).toBeHidden();
      }
    });
  });
});
