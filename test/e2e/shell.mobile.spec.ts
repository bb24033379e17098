import { expect, test } from '@playwright/test';
import { site } from '../../src/data/site.ts';
import { openPage } from './support/hydration.ts';

test('the mobile menu toggles, closes on outside click and on Escape, and has the portal links', async ({ page }) => {
  await openPage(page, '/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeHidden();
  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Control Panel' })).toHaveAttribute('href', '/control-panel');
  await expect(menu.getByRole('link', { name: 'Register' })).toHaveAttribute('href', site.portal.register);
  await expect(menu.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/account/signin');
  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.mouse.click(200, 700);
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
});
