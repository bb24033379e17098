import { expect, test } from '@playwright/test';
import { openPage } from './support/hydration.ts';

const fixtureKey = 'hostfront-fixture-key-7f3a9c';

test('the control panel fits a phone: tabs, connect form and the connected view without sideways scrolling', async ({ page }) => {
  await openPage(page, '/control-panel');
  const fits = () => page.evaluate((width) => document.documentElement.scrollWidth <= width, page.viewportSize()!.width);
  await expect(page.getByRole('tab', { name: /Game Panel/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Dev Panel/ })).toBeVisible();
  expect(await fits()).toBe(true);

  // A phone reads the same server as the desktop test, without touching its power state.
  await page.getByLabel('Server ID').fill('tools-mc');
  await page.getByLabel('Access key').fill(fixtureKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Fixture Creative' })).toBeVisible();
  const cards = ['CPU Usage', 'Memory Usage', 'Disk Usage'].map((name) => page.getByRole('progressbar', { name }));
  const boxes = await Promise.all(cards.map((card) => card.boundingBox()));
  // The three usage cards share one row on a phone.
  expect(new Set(boxes.map((box) => Math.round(box!.y))).size).toBe(1);
  await expect(page.getByPlaceholder('Enter command...')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeVisible();
  expect(await fits()).toBe(true);
});

test('the sample tabs fit a phone: their tables scroll inside their card, not the page', async ({ page }) => {
  await openPage(page, '/control-panel');
  for (const name of [/Web Panel/, /VPS Panel/, /Dev Panel/]) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tabpanel').getByText('Sample content.')).toBeVisible();
    // The screen's width, not innerWidth: a phone's browser zooms out to show what overflows, widening innerWidth with it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), String(name)).toBeLessThanOrEqual(page.viewportSize()!.width);
  }
});
