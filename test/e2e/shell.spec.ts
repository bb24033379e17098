import { expect, test } from '@playwright/test';
import { searchIndex } from '../../src/data/search-items.ts';
import { site } from '../../src/data/site.ts';
import { searchMatches } from '../../src/lib/search.ts';
import { openPage } from './support/hydration.ts';

test.describe('the shell on every page', () => {
  test('header links, portal links and footer', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await openPage(page, '/');
    const header = page.locator('header');
    for (const item of site.nav.filter((n) => !n.mobileOnly)) {
      await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: item.label })).toHaveAttribute('href', item.href);
    }
    await expect(header.getByRole('link', { name: 'Register' }).first()).toHaveAttribute('href', site.portal.register);
    await expect(header.getByRole('link', { name: 'Login' }).first()).toHaveAttribute('href', '/account/signin');
    const footer = page.locator('footer');
    for (const link of site.footer.flatMap((column) => column.links)) {
      await expect(footer.getByRole('link', { name: link.label, exact: true })).toHaveAttribute('href', link.href);
    }
    await expect(footer).toContainText(site.contact.phone);
    await expect(footer).toContainText(site.contact.email);
    await expect(footer).toContainText(`${site.contact.city}, ${site.contact.country}`);
    for (const { name } of [...site.partnerLogos, ...site.paymentLogos]) {
      await expect(footer.getByRole('img', { name, exact: true })).toBeVisible();
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.name}`);
    expect(errors).toEqual([]);
  });

  test('the Control Panel is a visible link from any page at any width: in the header and in the footer', async ({ page }) => {
    for (const path of ['/', '/about', '/network-status']) {
      for (const width of [390, 768, 1024, 1366]) {
        await page.setViewportSize({ width, height: 800 });
        await openPage(page, path);
        const header = page.locator('header');
        if (width < 768) {
          await header.getByRole('button', { name: 'Open menu' }).click();
          await expect(header.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Control Panel' })).toBeVisible();
        } else {
          await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Control Panel' })).toBeVisible();
          await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Control Panel' })).toHaveAttribute('href', '/control-panel');
        }
        const inFooter = page.locator('footer').getByRole('link', { name: 'Control Panel' });
        await inFooter.scrollIntoViewIfNeeded();
        await expect(inFooter).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${path} at ${width}`).toBe(0);
      }
    }
  });

  test('the header turns opaque after 10 px of scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await openPage(page, '/');
    const header = page.locator('header');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await expect(header).toHaveCSS('backdrop-filter', 'none');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 10);
    });
    // Fixed wait: proves the header does not change at 10 px; a change that does not come has no event.
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 11));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await expect(header).toHaveCSS('backdrop-filter', /blur/);
  });

  test('search suggestions: open from 2 characters with a match, close without one or on an outside click, Enter opens the chosen one (docs/decisions.md 19)', async ({
    page,
  }) => {
    await openPage(page, '/');
    const box = page.getByRole('combobox', { name: 'Search the site' }).first();
    const list = page.getByRole('listbox', { name: 'Search suggestions' }).first();
    await expect(page.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
    await box.fill('m');
    await expect(list).toBeHidden();
    await expect(page.getByRole('button', { name: 'Clear search' }).first()).toBeVisible();
    await box.fill('mi');
    await expect(list).toBeVisible();
    await expect(list.getByRole('option').first()).toContainText(searchMatches('mi', searchIndex)[0]!.title);
    await box.fill('qqqqzz');
    await expect(list).toBeHidden();
    // Nothing matching is said, not shown as an empty box.
    const said = page.locator('header').getByTestId('search-no-match').first();
    await expect(said).toHaveText('Nothing matches “qqqqzz”. Try fewer or other words, such as “minecraft 8gb” or “vps”.');
    await expect(said).toBeVisible();
    await box.press('Escape');
    await expect(said).toHaveText('');
    // Words in any order, across titles, descriptions and plan specs.
    await box.fill('vps 8gb');
    await expect(list).toBeVisible();
    await expect(list.getByRole('option', { name: /Budget VPS 3/ })).toBeVisible();
    for (const option of await list.getByRole('option').allTextContents()) expect(option).toMatch(/VPS|VDS/);
    await expect(said).toHaveText('');
    await box.fill('KNOWLEDGE');
    await expect(list.getByRole('option', { name: /Knowledge Base/ }).first()).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(list).toBeHidden();
    await box.fill('vps');
    await expect(list).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/vps$/);
  });

  test('an unknown route answers 404 inside the shell', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('header')).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });
});
