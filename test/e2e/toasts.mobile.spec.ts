import { expect, test, type Page } from '@playwright/test';
import { openPage } from './support/hydration.ts';

/** The toast list and its toasts, as boxes on the screen. */
async function toastBoxes(page: Page) {
  const list = page.locator('[data-sonner-toaster]');
  const toast = list.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  return { list: (await list.boundingBox())!, toast: (await toast.boundingBox())! };
}

for (const width of [390, 1366]) {
  test(`at ${width} px the toast list and its toast stay within the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/control-panel');
    await page.getByLabel('Server ID').fill('test-mc');
    await page.getByLabel('Access key').fill('definitely-not-the-key');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByText('Failed to fetch server details')).toBeVisible();
    const { list, toast } = await toastBoxes(page);
    for (const box of [list, toast]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    if (width === 390) {
      // Phone width: 16 px either side, the toast as wide as the list.
      expect(Math.round(list.x)).toBe(16);
      expect(Math.round(width - list.x - list.width)).toBe(16);
      expect(Math.round(toast.width)).toBe(Math.round(list.width));
    }
    await page.screenshot({ path: `/tmp/walkthrough-toast-${width}.png` });
  });
}
