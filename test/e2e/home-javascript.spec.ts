import { expect, type Page, test } from '@playwright/test';

/** The site's own scripts the page fetched, with their encoded sizes, until the network is quiet. */
async function scriptsBeforeInteraction(page: Page): Promise<{ url: string; bytes: number }[]> {
  const scripts: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(request.sizes().then((sizes) => ({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize })));
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // Idle callbacks and timers have had their chance: what has not loaded now waits for the visitor.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })));
  await page.waitForLoadState('networkidle');
  return Promise.all(scripts);
}

// docs/decisions.md 88: the home page runs no React before the first interaction, at either width.
for (const width of [390, 1366]) {
  test(`the home page at ${width} px loads no React and at most 60 KB gzip of scripts before the first interaction`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    const scripts = await scriptsBeforeInteraction(page);
    expect(scripts.map((s) => s.url).filter((url) => /\/_astro\/client\.[\w-]+\.js$/.test(url))).toEqual([]);
    expect(scripts.reduce((sum, s) => sum + s.bytes, 0)).toBeLessThanOrEqual(60 * 1024);
    // Nothing waits for a script to be seen: the islands' HTML is already there (on phones the
    // search sits in the closed menu, so it is looked up by its id rather than its role).
    await expect(page.locator('#header-search-input')).toBeAttached();
    await expect(page.getByRole('button', { name: 'Open help assistant' })).toBeVisible();
  });
}

test('text typed into the header search before its island has loaded is kept, and its suggestions open', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search the site' }).first();
  await expect(box.locator('xpath=ancestor::astro-island')).toHaveAttribute('ssr', '');
  await box.click();
  await page.keyboard.type('vps', { delay: 0 });
  await expect(box).toHaveValue('vps');
  await expect(page.getByRole('listbox', { name: 'Search suggestions' }).first().getByRole('option').first()).toBeVisible();
  await expect(box).toHaveValue('vps');
});

test('the help button opens the assistant on the first click, before its island has loaded, and the island takes it over', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('cookieConsent', 'false'));
  await page.reload();
  const launcher = page.getByRole('button', { name: 'Open help assistant' });
  await expect(launcher.locator('xpath=ancestor::astro-island')).toHaveAttribute('ssr', '');
  await launcher.click();
  const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('searchbox', { name: 'Search help articles' })).toBeFocused();
  await expect(launcher.locator('xpath=ancestor::astro-island')).not.toHaveAttribute('ssr');
  // Still open once React runs it, and its controls answer.
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close help assistant' }).click();
  await expect(dialog).toBeHidden();
});
