import { expect, test } from '@playwright/test';
import { visit } from './support/visit.ts';

test.describe('the widgets at phone size', () => {
  test('the help button sits above the cookie banner and stays usable', async ({ page }) => {
    await visit(page, '/');
    const banner = page.getByRole('region', { name: 'We use cookies' });
    const launcher = page.getByRole('button', { name: 'Open help assistant' });
    await expect(banner).toBeVisible();
    await expect
      .poll(async () => {
        const [b, l] = await Promise.all([banner.boundingBox(), launcher.boundingBox()]);
        return b && l ? l.y + l.height <= b.y : false;
      })
      .toBe(true);
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
    await expect(dialog).toBeVisible();
    // The dialog fits the screen.
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.width).toBeLessThanOrEqual(viewport.width);
    expect(box!.y).toBeGreaterThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Close help assistant' }).click();
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toHaveCount(0);
    await expect.poll(async () => (await launcher.boundingBox())?.y ?? 0).toBeGreaterThan(viewport.height - 100);
  });

  test('the help button steps aside while a text field has focus, so it never covers the field or its button', async ({ page }) => {
    await visit(page, '/contact');
    const launcher = page.getByRole('button', { name: 'Open help assistant' });
    await expect(launcher).toBeVisible();
    await page.getByRole('textbox', { name: 'Message' }).focus();
    await expect(launcher).toBeHidden();
    await page.getByRole('textbox', { name: 'Email' }).focus(); // from one field to the next: still aside
    await expect(launcher).toBeHidden();
    await page.getByRole('textbox', { name: 'Email' }).blur();
    await expect(launcher).toBeVisible();
  });
});
