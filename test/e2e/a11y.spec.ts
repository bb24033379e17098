import { expect, test } from '@playwright/test';
import { allPages } from '../../src/data/pages.ts';
import { expectNoSeriousViolations, scanRoute } from './support/a11y.ts';
import { visit } from './support/visit.ts';

// Each test reads one page and changes nothing, so the workers share this file's tests: one
// worker no longer runs every page alone at the end of the run.
test.describe.configure({ mode: 'parallel' });

// axe-core over every route at desktop size, with the cookie banner showing (a first visit).
for (const page of allPages) {
  test(`axe: ${page.path} has no serious or critical violation (desktop)`, async ({ page: tab }) => {
    await scanRoute(tab, page.path);
  });
}

test('axe: the open help assistant and its chat view have no serious or critical violation', async ({ page }) => {
  await visit(page, '/');
  await page.getByRole('button', { name: 'Open help assistant' }).click();
  const dialog = page.getByRole('dialog', { name: 'Help Assistant' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'help assistant: categories');
  await dialog.getByRole('button', { name: /^Minecraft/ }).click();
  await dialog.getByRole('button', { name: /How do I create a Minecraft server/ }).click();
  await expect(dialog.getByRole('list', { name: 'Conversation' })).toBeVisible();
  await expectNoSeriousViolations(page, 'help assistant: chat');
});

test('axe: the 404 page has no serious or critical violation', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/no-such-page');
  await expectNoSeriousViolations(page, '404');
});
