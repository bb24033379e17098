import { expect, test } from '@playwright/test';
import { openPage } from './support/hydration.ts';

const fixtureKey = 'hostfront-fixture-key-7f3a9c';

test('the panel tools fit a phone: tabs, files, backups and history without sideways scrolling', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPage(page, '/control-panel');
  const fits = () => page.evaluate((width) => document.documentElement.scrollWidth <= width, page.viewportSize()!.width);
  // Only reads: the desktop tests change files-mc, and power tools-mc.
  await page.getByLabel('Server ID').fill('tools-mc');
  await page.getByLabel('Access key').fill(fixtureKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Fixture Creative' })).toBeVisible();
  await expect(page.getByTestId('players')).toContainText('This is not a Minecraft server');

  // The five tools share one row of tabs.
  const tabs = ['Console', 'Files', 'Backups', 'History', 'Schedules'].map((name) => page.getByRole('tab', { name, exact: true }));
  const boxes = await Promise.all(tabs.map(async (tab) => (await tab.boundingBox())!));
  expect(new Set(boxes.map((box) => Math.round(box.y))).size).toBe(1);
  await expect(page.getByRole('link', { name: 'Download log' })).toBeVisible();
  await expect(page.getByLabel('Search the console')).toBeVisible();
  expect(await fits()).toBe(true);

  await tabs[1]!.click();
  const files = page.getByTestId('file-manager');
  await expect(files.getByRole('button', { name: 'Upload file' })).toBeVisible();
  await expect(files.getByRole('button', { name: 'New folder' })).toBeVisible();
  await expect(files.getByText(/This folder is empty\.|Name/).first()).toBeVisible();
  expect(await fits()).toBe(true);
  // The new-folder dialog fits the screen and is dismissed with Cancel.
  await files.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await tabs[2]!.click();
  const backups = page.getByTestId('backups');
  await expect(backups.getByTestId('backup-usage')).toHaveText(/^\d+ of 3 backups used$/);
  await expect(backups.getByRole('button', { name: 'Create backup' })).toBeVisible();
  expect(await fits()).toBe(true);

  await tabs[3]!.click();
  const charts = page.getByTestId('history-charts');
  await expect(charts.getByRole('img', { name: /^CPU over the last hour/ })).toBeVisible();
  // One chart under the other on a phone.
  const figures = await charts.getByRole('figure').all();
  const tops = await Promise.all(figures.map(async (figure) => Math.round((await figure.boundingBox())!.y)));
  expect(new Set(tops).size).toBe(3);
  expect(await fits()).toBe(true);
});
