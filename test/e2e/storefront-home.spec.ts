import { expect, test, type Locator, type Page } from '@playwright/test';
import { counters } from '../../src/data/counters.ts';
import { locations } from '../../src/data/locations.ts';
import { testimonials } from '../../src/data/testimonials.ts';
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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Premium Game Server Hosting');
    const hero = page.locator('main section').first();
    await expect(hero).toContainText('Excellent');
    await expect(hero).toContainText('638 reviews');
    for (const claim of ['99.9% uptime', '24/7 support', 'Setup in under 60 seconds', 'DDoS protection up to 1 Tbps', 'NVMe storage', '10 Gbps network']) {
      await expect(hero.getByText(claim, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Deploy Server Now' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('link', { name: 'View Locations' })).toHaveAttribute('href', '/datacenters');
    for (const tile of ['NVMe SSD Storage', 'DDoS Protection', 'AMD EPYC', 'Instant Setup']) {
      await expect(page.getByRole('heading', { name: tile, exact: true }).first()).toBeVisible();
    }
    const why = page.locator('section[aria-labelledby="why-heading"]');
    await expect(why.getByRole('heading', { level: 3 })).toHaveText(['Premium Hardware', 'DDoS Protection', 'Instant Setup']);

    // Ping colours: green under 100 ms, yellow 100 to under 150.
    const expectedColour: Record<string, string> = { 'delhi-ncr': 'green', singapore: 'green', frankfurt: 'yellow' };
    for (const location of locations) {
      const card = page.locator(`[data-location="${location.id}"]`);
      await expect(card).toContainText(location.name);
      await expect(card).toContainText(`${location.ping} ms`);
      await expect(card).toContainText('AMD EPYC 7763');
      await expect(card).toContainText('10 Gbps Network');
      await expect(card.getByRole('img', { name: `Flag of ${location.country}` })).toBeVisible();
      await expect(card.locator('[data-ping-colour]')).toHaveAttribute('data-ping-colour', expectedColour[location.id]!);
    }

    const start = page.locator('section[aria-labelledby="start-heading"]');
    await expect(start).toContainText('7-day money-back guarantee');
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

    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(testimonials.length);
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(visibleTitles()).toHaveText(testimonials.slice(0, 3).map((t) => t.title));

    await next.click();
    await expect(visibleTitles()).toHaveText(testimonials.slice(1, 4).map((t) => t.title));
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    await next.click({ force: true }); // disabled (aria-disabled keeps it focusable): nothing moves
    await expect(carousel).toHaveAttribute('data-carousel-index', '1');

    // Hidden slides are out of the accessibility tree and cannot take focus.
    await expect(carousel.locator('[aria-roledescription="slide"]').first()).toHaveAttribute('aria-hidden', 'true');

    await previous.click();
    await expect(visibleTitles()).toHaveText(testimonials.slice(0, 3).map((t) => t.title));
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
    await expect(page.locator('section[aria-labelledby="support-heading"]')).toContainText('78% chats answered in seconds');
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
