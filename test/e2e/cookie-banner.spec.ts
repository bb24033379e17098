import { expect, test, type Page } from '@playwright/test';
import { visit } from './support/visit.ts';

const bannerOf = (page: Page) => page.getByRole('region', { name: 'We use cookies' });
const stored = (page: Page) =>
  page.evaluate(() => ({
    consent: localStorage.getItem('cookieConsent'),
    choices: JSON.parse(localStorage.getItem('cookieConsentChoices') ?? 'null') as unknown,
  }));

test.describe('the cookie banner', () => {
  test('shows on a first visit with essential fixed on and the optional categories off', async ({ page }) => {
    await visit(page, '/about');
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('checkbox', { name: 'Essential' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Essential' })).toBeDisabled();
    await expect(banner.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    expect(await stored(page)).toEqual({ consent: null, choices: null });
    // Fixed to the viewport: it never pushes the page around.
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
  });

  test('is shown as the page is parsed, before its module script runs, and not once a choice is stored', async ({ page }) => {
    // The module script that wires the banner never arrives: what shows it is the page's own inline script (docs/decisions.md 169).
    await page.route('**/_astro/Widgets.astro_*', (route) => route.abort());
    await visit(page, '/about');
    await expect(bannerOf(page)).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-cookie-banner');
    await page.evaluate(() => localStorage.setItem('cookieConsent', 'false'));
    await visit(page, '/about');
    await expect(page.locator('[data-cookie-banner]')).toBeHidden();
  });

  test("Accept All stores 'true' with both choices, and the banner stays away after a reload", async ({ page }) => {
    await visit(page, '/');
    await bannerOf(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(bannerOf(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ consent: 'true', choices: { analytics: true, marketing: true } });
    await visit(page, '/partners');
    await expect(page.locator('html')).toHaveAttribute('data-cookie-banner', 'settled');
    await expect(bannerOf(page)).toHaveCount(0);
  });

  test("Decline All stores 'false' with both choices off, on every page after", async ({ page }) => {
    await visit(page, '/legal');
    await bannerOf(page).getByRole('checkbox', { name: 'Analytics' }).check();
    await bannerOf(page).getByRole('button', { name: 'Decline All' }).click();
    await expect(bannerOf(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ consent: 'false', choices: { analytics: false, marketing: false } });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-cookie-banner', 'settled');
    await expect(bannerOf(page)).toHaveCount(0);
  });

  test('Save Choices stores exactly the ticked categories', async ({ page }) => {
    await visit(page, '/careers');
    await bannerOf(page).getByRole('checkbox', { name: 'Analytics' }).check();
    await bannerOf(page).getByRole('button', { name: 'Save Choices' }).click();
    expect(await stored(page)).toEqual({ consent: 'true', choices: { analytics: true, marketing: false } });
  });

  test("the footer's Cookie settings link reopens the choices as stored, and a new choice replaces the old", async ({ page }) => {
    await visit(page, '/about');
    await bannerOf(page).getByRole('checkbox', { name: 'Analytics' }).check();
    await bannerOf(page).getByRole('button', { name: 'Save Choices' }).click();
    await expect(bannerOf(page)).toHaveCount(0);

    await visit(page, '/partners');
    await expect(page.locator('html')).toHaveAttribute('data-cookie-banner', 'settled');
    await expect(bannerOf(page)).toHaveCount(0);
    await page.locator('footer').getByRole('link', { name: 'Cookie settings' }).click();
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
    await expect(banner.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: 'Marketing' })).not.toBeChecked();
    await banner.getByRole('button', { name: 'Decline All' }).click();
    await expect(bannerOf(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ consent: 'false', choices: { analytics: false, marketing: false } });
    // Still on the same page: the link changed nothing but the choice.
    expect(new URL(page.url()).pathname).toBe('/partners');
    // Again, from a link to the page's cookie settings.
    await page.goto('/legal#cookie-settings');
    await expect(bannerOf(page)).toBeVisible();
    await expect(bannerOf(page).getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
  });

  test('the close control hides it for this session only', async ({ page, browser }) => {
    await visit(page, '/');
    await bannerOf(page).getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(bannerOf(page)).toHaveCount(0);
    expect(await stored(page)).toEqual({ consent: null, choices: null });
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-cookie-banner', 'settled');
    await expect(bannerOf(page)).toHaveCount(0);
    await visit(page, '/about');
    await expect(page.locator('html')).toHaveAttribute('data-cookie-banner', 'settled');
    await expect(bannerOf(page)).toHaveCount(0);
    // A new browser session (a fresh context) asks again.
    const context = await browser.newContext();
    const fresh = await context.newPage();
    await visit(fresh, new URL('/about', page.url()).href);
    await expect(bannerOf(fresh)).toBeVisible();
    await context.close();
  });

  test('with no optional script configured (the default), consenting adds none', async ({ page }) => {
    await visit(page, '/');
    await bannerOf(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(page.locator('script[data-consent-script]')).toHaveCount(0);
  });
});
