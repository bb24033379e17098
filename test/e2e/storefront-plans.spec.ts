import { expect, test, type Locator, type Page } from '@playwright/test';
import { orderLinks } from '../../src/components/plans/plan-card-data.ts';
import { features } from '../../src/data/features.ts';
import { pageInfo } from '../../src/data/pages.ts';
import { fromPrice, minecraftPlanRam, planLine, planLines, products, vpsLines } from '../../src/data/plans.ts';
import { site } from '../../src/data/site.ts';
import { formatMonthly, formatPrice } from '../../src/lib/price.ts';
import { smallestPlanFor } from '../../src/lib/ram-calculator.ts';
import { openPage } from './support/hydration.ts';

/** Waits until the island holding `locator` has hydrated (client:visible islands wait for the scroll). */
async function islandHydrated(locator: Locator) {
  await expect(locator.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/, { timeout: 15_000 });
}

async function withConsentStored(page: Page) {
  await page.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
}

test.beforeEach(async ({ page }) => withConsentStored(page));

// Prices, names, labels and counts come from src/data/plans.ts (schema-checked at build): each
// page must show what the data module holds, formatted by the line's rules (docs/decisions.md 15, 16).
test.describe('plan pages', () => {
  for (const line of planLines) {
    test(`${line.route}: cards, prices, button labels, emphasis, store links, JSON-LD`, async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      // Links, not stock: without the stock answer every button keeps its first location's order link (plan-stock.spec.ts tests stock).
      await page.route('**/api/catalog/stock*', (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body: '{"refreshedAt":null,"locations":[],"stock":[]}' }),
      );
      const response = await page.goto(line.route);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageInfo(line.route).heading);

      const cards = page.locator(`[data-plan-grid="${line.id}"] > article`);
      await expect(cards).toHaveCount(line.plans.length);
      for (const [i, plan] of line.plans.entries()) {
        const card = cards.nth(i);
        await expect(card.getByRole('heading', { name: plan.name, exact: true })).toBeVisible();
        await expect(card.locator('[data-price]')).toHaveText(formatPrice(plan.price, line.currency));
        for (const spec of plan.specs) await expect(card).toContainText(spec.value);
        const order = card.getByRole('link', { name: `${line.buttonLabel}: ${plan.name}` });
        await expect(order).toHaveText(line.buttonLabel);
        // The order link carries the plan, the location and the currency (docs/decisions.md 104).
        await expect(order).toHaveAttribute('href', orderLinks(line, plan)[0]!.href);
        expect(orderLinks(line, plan)[0]!.href.startsWith(`${plan.storeUrl}?location=`)).toBe(true);
        expect(plan.storeUrl.startsWith(site.store)).toBe(true);
      }
      const emphasised = page.locator(`[data-plan-grid="${line.id}"] > article:is([data-highlight], [data-recommended])`);
      await expect(emphasised.locator('[data-price]')).toHaveText(
        line.plans.filter((p) => p.highlight || p.recommended).map((p) => formatPrice(p.price, line.currency)),
      );
      const recommended = line.plans.filter((p) => p.recommended);
      await expect(page.getByText('Recommended', { exact: true })).toHaveCount(recommended.length);
      for (const plan of recommended) await expect(page.locator(`[data-plan="${plan.id}"]`)).toContainText('Recommended');

      // Cards open one after another, 0.1 s apart.
      const delays = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).animationDelay));
      expect(delays).toEqual(line.plans.map((_, i) => `${Math.round(i * 10) / 100}s`));

      const featureSection = page.locator('section[aria-labelledby="features-heading"]');
      await expect(featureSection.locator('li')).toHaveCount(features.planLines[line.id]?.length ?? 0);
      for (const card of features.planLines[line.id] ?? []) await expect(featureSection).toContainText(card.title);

      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      const product = jsonLd.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product');
      expect(product.offers.priceCurrency).toBe(line.currency);
      expect(product.offers.offers).toHaveLength(line.plans.length);
      expect(errors).toEqual([]);
    });
  }

  test('cards do not animate under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/discord-bot');
    const names = await page.locator('[data-plan-grid] > article').evaluateAll((els) => els.map((el) => getComputedStyle(el).animationName));
    expect(new Set(names)).toEqual(new Set(['none']));
  });
});

test.describe('RAM calculator on /minecraft-intel', () => {
  test('computes the recommended RAM from type, players and mods', async ({ page }) => {
    await openPage(page, '/minecraft-intel');
    await page.getByRole('link', { name: /Try the RAM calculator/ }).click();
    await expect(page).toHaveURL(/#ram-calculator$/);
    const calculator = page.locator('#ram-calculator');
    await expect(calculator.getByRole('heading', { name: 'RAM Calculator' })).toBeInViewport();
    await calculator.scrollIntoViewIfNeeded();
    await islandHydrated(calculator);
    const result = calculator.locator('[data-ram-result]');
    const players = calculator.getByRole('slider', { name: 'Players' });
    const mods = calculator.getByRole('spinbutton', { name: 'Number of mods' });

    await expect(calculator.getByRole('radio', { name: /Vanilla/ })).toBeChecked();
    await expect(players).toHaveAttribute('min', '2');
    await expect(players).toHaveAttribute('max', '40');
    await expect(result).toHaveText('6 GB'); // 10 players, vanilla
    await expect(calculator.locator('[data-ram-plan]')).toContainText(smallestPlanFor(6, minecraftPlanRam)!.name);

    await players.fill('2');
    await expect(result).toHaveText('2 GB');
    await players.focus();
    await page.keyboard.press('End');
    await expect(players).toHaveValue('40');
    await expect(result).toHaveText('18 GB');

    await calculator.getByText('Optimized', { exact: true }).click();
    await expect(result).toHaveText('19 GB');
    // Past Intel's largest (16 GB) the AMD line still sells one: its 32 GB plan, on its own page.
    const crystal = minecraftPlanRam.find((p) => p.ramGb === 32)!;
    await expect(calculator.locator('[data-ram-plan]')).toContainText(`Suggested plan: Minecraft AMD ${crystal.name} (32 GB`);
    await expect(calculator.locator('[data-ram-plan]').getByRole('link')).toHaveAttribute('href', `/minecraft-amd#plan-${crystal.id}`);
    await expect(calculator.locator('[data-ram-plan]')).not.toContainText('custom server');
    // Only beyond every plan sold: a modded server with many mods.
    await calculator.getByText('Modded', { exact: true }).click();
    await mods.fill('40');
    await expect(result).toHaveText('40 GB');
    await expect(calculator.locator('[data-ram-plan]')).toContainText('More than our largest plan: ask us for a custom server');
    await mods.fill('0');

    await players.fill('2');
    await calculator.getByText('Bedrock', { exact: true }).click();
    await expect(result).toHaveText('2 GB'); // 2 + 0 − 1, at least 2

    // Mods count only when modded.
    await expect(mods).toBeDisabled();
    await calculator.getByText('Modded', { exact: true }).click();
    await expect(mods).toBeEnabled();
    await expect(result).toHaveText('4 GB');
    await mods.fill('3');
    await expect(result).toHaveText('5.5 GB');
    await mods.fill('-4');
    await expect(mods).toHaveValue('0');
    await expect(result).toHaveText('4 GB');
    await mods.fill('10');
    await expect(result).toHaveText('9 GB');

    // The optimization-mods checkbox changes nothing.
    await calculator.getByRole('checkbox').check();
    await expect(result).toHaveText('9 GB');
    await calculator.getByText('Vanilla', { exact: true }).click();
    await expect(result).toHaveText('2 GB');
  });
});

test.describe('products page', () => {
  test('filters: none, Game Servers, VPS Solutions, Other Services', async ({ page }) => {
    await openPage(page, '/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products');
    const grid = page.locator('[data-products-grid] > article:visible');
    const filter = (name: string) => page.getByRole('group', { name: 'Filter plans' }).getByRole('button', { name });
    const names = (category: string) => products.filter((p) => p.category === category).map((p) => p.name);

    for (const name of ['Game Servers', 'VPS Solutions', 'Other Services']) await expect(filter(name)).toHaveAttribute('aria-pressed', 'false');
    await expect(grid).toHaveCount(products.length);

    await filter('Game Servers').click();
    await expect(filter('Game Servers')).toHaveAttribute('aria-pressed', 'true');
    await expect(grid.getByRole('heading')).toHaveText(names('game'));

    await filter('VPS Solutions').click();
    await expect(filter('VPS Solutions')).toHaveAttribute('aria-pressed', 'true');
    await expect(filter('Game Servers')).toHaveAttribute('aria-pressed', 'false');
    await expect(grid.getByRole('heading')).toHaveText(vpsLines.map((l) => l.name));

    await filter('Other Services').click();
    await expect(grid.getByRole('heading')).toHaveText(names('other'));

    await filter('Other Services').click();
    await expect(filter('Other Services')).toHaveAttribute('aria-pressed', 'false');
    await expect(grid).toHaveCount(products.length);
  });

  test('every card: its price in its currency with 2 decimals and /Monthly, its specs, badge and lists, View Plans to the store', async ({ page }) => {
    await openPage(page, '/products');
    // The formatted form, pinned once, so a change to formatMonthly shows here too.
    expect(formatMonthly(129, 'INR')).toBe('₹129.00/Monthly');
    for (const product of products) {
      const card = page.locator(`[data-plan="${product.id}"]`);
      await expect(card.locator('[data-price]')).toHaveText(formatMonthly(product.price, product.currency));
      await expect(card.getByText('From', { exact: true })).toHaveCount(product.fromPrice ? 1 : 0);
      for (const spec of product.specs) await expect(card).toContainText(spec.value);
      await expect(card.getByText('Recommended', { exact: true })).toHaveCount(product.recommended ? 1 : 0);
      await expect(card.getByRole('list', { name: 'Popular Plugins' })).toHaveCount(product.plugins.length > 0 ? 1 : 0);
      await expect(card.getByRole('list', { name: 'Included Tools' })).toHaveCount(product.tools.length > 0 ? 1 : 0);
      await expect(card.getByRole('link', { name: /^View Plans/ })).toHaveAttribute('href', product.path);
    }
    for (const tile of features.productTiles) {
      await expect(page.getByRole('heading', { name: tile.title, exact: true })).toBeVisible();
      await expect(page.getByText(tile.text, { exact: true })).toBeVisible();
    }
  });
});

test.describe('/vps overview', () => {
  test('links every VPS and VDS line with its from price', async ({ page }) => {
    await openPage(page, '/vps');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageInfo('/vps').heading);
    for (const line of vpsLines) {
      const card = page.locator(`[data-vps-line="${line.id}"]`);
      await expect(card.getByRole('heading', { name: line.name })).toBeVisible();
      await expect(card).toContainText(formatPrice(fromPrice(line), line.currency));
      await expect(card.getByRole('link')).toHaveAttribute('href', line.route);
    }
    const last = vpsLines.at(-1)!;
    await page.locator(`[data-vps-line="${last.id}"]`).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${last.route}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageInfo(last.route).heading);
  });

  test('the header search finds a plan line and opens its page', async ({ page }) => {
    await openPage(page, '/vps');
    const box = page.getByRole('combobox', { name: 'Search the site' }).first();
    const line = planLine('minecraft-amd');
    const plan = line.plans.at(-1)!;
    await box.fill(plan.name.toLowerCase());
    const option = page
      .getByRole('listbox', { name: 'Search suggestions' })
      .first()
      .getByRole('option', { name: `${line.name} – ${plan.name}` });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(new RegExp(`${line.route}$`));
  });
});
