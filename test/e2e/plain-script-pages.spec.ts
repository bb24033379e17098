import { expect, type Page, test } from '@playwright/test';
import { knowledgeBase } from '../../src/data/knowledge.ts';
import { products } from '../../src/data/plans.ts';

/**
 * /products, /knowledge and /legal are HTML and a small plain script each (docs/decisions.md 143):
 * no React is fetched, and the first tap, key or address works at once, without waiting for any
 * island (these tests never wait for hydration).
 */

const react = /\/_astro\/client\.[\w-]+\.js$/;

/** Opens a page and collects the site's scripts it fetched until the network was quiet and idle callbacks ran. */
async function openCounting(page: Page, path: string): Promise<string[]> {
  const scripts: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(path);
  return scripts;
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'false'));
});

test('/products: the first press filters the server-rendered cards, with no React', async ({ page }) => {
  const scripts = await openCounting(page, '/products');
  const cards = page.locator('[data-products-grid] > article:visible');
  const filter = (name: string) => page.getByRole('group', { name: 'Filter plans' }).getByRole('button', { name });
  const status = page.getByRole('status').filter({ hasText: 'plan' });
  await expect(status).toHaveText(`All plans: ${products.length} plans`, { useInnerText: true });
  await filter('Other Services').click();
  const other = products.filter((p) => p.category === 'other');
  await expect(cards).toHaveCount(other.length);
  await expect(filter('Other Services')).toHaveAttribute('aria-pressed', 'true');
  await expect(status).toContainText(`Other Services: ${other.length} ${other.length === 1 ? 'plan' : 'plans'}`);
  await status.getByRole('button', { name: 'Show all' }).click();
  await expect(cards).toHaveCount(products.length);
  await expect(filter('Other Services')).toHaveAttribute('aria-pressed', 'false');
  await expect(status.getByRole('button', { name: 'Show all' })).toBeHidden();
  await expect(status).toHaveText(`All plans: ${products.length} plans`, { useInnerText: true });
  // By keyboard too: a button takes Space.
  await filter('Game Servers').focus();
  await page.keyboard.press('Space');
  await expect(cards).toHaveCount(products.filter((p) => p.category === 'game').length);
  await settle(page);
  expect(scripts.filter((s) => react.test(s))).toEqual([]);
});

test('/knowledge: a #id opens its answer at load, and the headers answer keys at once, with no React', async ({ page }) => {
  const item = knowledgeBase[2]!;
  const scripts = await openCounting(page, `/knowledge#${item.id}`);
  const main = page.locator('main');
  const q = (i: number) => main.getByRole('button', { name: knowledgeBase[i]!.question });
  await expect(q(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(main.getByRole('region', { name: item.question })).toBeInViewport();
  await q(2).focus();
  await page.keyboard.press('Enter');
  await expect(q(2)).toHaveAttribute('aria-expanded', 'false');
  await expect(main.locator('section[id^="kb-"]:visible')).toHaveCount(0);
  await page.keyboard.press('ArrowDown');
  await expect(q(3)).toBeFocused();
  await page.keyboard.press(' ');
  await expect(main.getByRole('region', { name: knowledgeBase[3]!.question })).toBeVisible();
  // Another #id in the address opens that one instead.
  await page.evaluate((id) => {
    window.location.hash = id;
  }, knowledgeBase[0]!.id);
  await expect(q(0)).toHaveAttribute('aria-expanded', 'true');
  await expect(q(3)).toHaveAttribute('aria-expanded', 'false');
  await settle(page);
  expect(scripts.filter((s) => react.test(s))).toEqual([]);
});

test('/legal: tabs select by press and keys at once, the address follows, with no React', async ({ page }) => {
  const scripts = await openCounting(page, '/legal#refund');
  const tab = (name: string) => page.getByRole('tab', { name });
  await expect(tab('Refund Policy')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Refund Policy')).toHaveAttribute('tabindex', '0');
  await expect(tab('Terms of Service')).toHaveAttribute('tabindex', '-1');
  await expect(page.getByRole('tabpanel', { name: 'Refund Policy' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Terms of Service' })).toBeHidden();
  await tab('Privacy Policy').click();
  await expect(page).toHaveURL(/\/legal#privacy$/);
  await expect(page.getByRole('tabpanel', { name: 'Privacy Policy' })).toBeVisible();
  // The selected tab wears the selected style, the others the plain one.
  const [selected, plain] = [await tab('Privacy Policy').getAttribute('class'), await tab('Refund Policy').getAttribute('class')];
  expect(selected).toContain('bg-brand-600');
  expect(plain).not.toContain('bg-brand-600');
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Terms of Service')).toBeFocused();
  await expect(tab('Terms of Service')).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/legal$/);
  await page.keyboard.press('End');
  await expect(tab('Refund Policy')).toHaveAttribute('aria-selected', 'true');
  await settle(page);
  expect(scripts.filter((s) => react.test(s))).toEqual([]);
});
