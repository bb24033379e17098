import { expect, test } from '@playwright/test';
import { openPage } from './support/hydration.ts';

test('the status board fits a phone and takes a visitor server', async ({ page }) => {
  await openPage(page, '/network-status');
  await expect(page.getByTestId('status-board')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('status-banner')).toHaveText('All Systems Operational');
  const form = page.getByRole('region', { name: 'Add New Server' });
  await form.getByLabel('Server Name').fill('Phone SMP');
  await form.getByRole('button', { name: 'Add Server' }).click();
  await expect(page.getByRole('heading', { name: 'Phone SMP' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Remove Phone SMP' }).click();
  await expect(page.getByRole('heading', { name: 'Phone SMP' })).toHaveCount(0);
});
