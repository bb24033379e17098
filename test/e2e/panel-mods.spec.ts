import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startFakeModrinth, type FakeModrinth } from '../fakes/modrinth-fake.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { overflowing } from './support/overflow.ts';
import { screenshotDir } from './support/screenshots.ts';
import { e2eModrinthPort } from './support/server-env.ts';

/**
 * The Game Panel's "Mods & plugins" tool in the browser, on the local driver with the fake
 * Modrinth (test/fakes/modrinth-fake.ts, on the port the test server's MODRINTH_API_URL names):
 * the software and version read from the servers file, a search, an install with its required
 * dependency ticked, an update and a removal, axe with the tool open, and nothing wider than a
 * 390 px phone. The fixture server mods-mc (Paper 1.21.4) is this spec's alone.
 */

const fixtureKey = 'hostfront-fixture-key-7f3a9c';
const serverId = 'mods-mc';
let modrinth: FakeModrinth;

/** Removes what an earlier run installed, through the API. */
async function reset(request: APIRequestContext): Promise<void> {
  expect((await request.post('/api/panel/session', { data: { serverId, key: fixtureKey } })).status()).toBe(200);
  const list = (await (await request.get('/api/panel/modrinth/installs?software=paper&version=1.21.4')).json()) as { projects: { projectId: string }[] };
  for (const project of list.projects) await request.delete(`/api/panel/modrinth/installs/${project.projectId}`);
  await request.delete('/api/panel/session');
}

async function shootAt(page: Page, name: string): Promise<void> {
  if (!screenshotDir) return;
  fs.mkdirSync(screenshotDir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // Fixed wait: the layout settles after the resize before the optional screenshot (no frame event in a hidden page).
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test.describe('Mods & plugins', () => {
  test.describe.configure({ mode: 'serial' });

  test.beforeAll(async () => {
    modrinth = await startFakeModrinth({ port: e2eModrinthPort });
  });
  test.afterAll(async () => {
    await modrinth?.close();
  });

  test('searches, installs with a dependency, updates and removes', async ({ page, request }) => {
    // One long walk through the tool, with four axe scans and screenshots on a shared two-core machine.
    test.setTimeout(180_000);
    await reset(request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/control-panel');
    await page.getByLabel('Server ID').fill(serverId);
    await page.getByLabel('Access key').fill(fixtureKey);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Fixture Paper' })).toBeVisible();

    await page.getByRole('tab', { name: 'Mods & plugins' }).click();
    const tool = page.getByTestId('mods');
    await expect(tool.getByLabel('Software')).toHaveValue('paper');
    await expect(tool.getByLabel('Minecraft version')).toHaveValue('1.21.4');
    await expect(tool.getByText('read from the server’s startup variables').first()).toBeVisible();
    const results = tool.getByTestId('mods-search');
    await expect(results.getByText('3 projects fit your server')).toBeVisible();
    await expect(results.getByText('Old Plugin')).toHaveCount(0);
    await expect(results.getByText('3.4 M downloads · updated 10 Jan 2025')).toBeVisible();
    await expect(results.locator('img').first()).toHaveJSProperty('naturalWidth', 16);
    await scan(page, 'mods tool');
    await shootAt(page, 'panel-mods-search');

    await results.getByLabel('Search Modrinth').fill('chat');
    await results.getByRole('button', { name: 'Search' }).click();
    await expect(results.getByText('1 project fit your server')).toBeVisible();
    await results.getByRole('button', { name: 'Install EssentialsX Chat' }).click();
    const plan = results.getByTestId('mods-plan');
    await expect(plan.getByText('Version 2.21.0 (EssentialsXChat-2.21.0.jar)')).toBeVisible();
    await expect(plan.getByRole('checkbox', { name: 'EssentialsX 2.21.0' })).toBeChecked();
    await scan(page, 'mods install plan');
    await shootAt(page, 'panel-mods-plan');
    await plan.getByRole('button', { name: 'Install', exact: true }).click();
    await expect(tool.getByTestId('mods-status')).toHaveText('Installed EssentialsX 2.21.0, EssentialsX Chat 2.21.0. It takes effect when the server starts.');
    const installed = tool.getByTestId('mods-installed');
    await expect(installed.getByText('plugins/EssentialsX-2.21.0.jar', { exact: false })).toBeVisible();
    await expect(installed.getByText('Up to date')).toHaveCount(2);

    modrinth.publish({
      id: 'EssX0220',
      projectId: 'EssXpl01',
      versionNumber: '2.22.0',
      loaders: ['paper'],
      gameVersions: ['1.21.4'],
      published: '2025-03-01T10:00:00Z',
      fileName: 'EssentialsX-2.22.0.jar',
    });
    // The list is read again when the version changes back and forth (as a customer correcting it would).
    await tool.getByLabel('Minecraft version').fill('1.21');
    await tool.getByLabel('Minecraft version').fill('1.21.4');
    await expect(installed.getByRole('button', { name: 'Update EssentialsX to 2.22.0' })).toBeVisible();
    await scan(page, 'mods with an update');
    await shootAt(page, 'panel-mods-installed');
    await installed.getByRole('button', { name: 'Update EssentialsX to 2.22.0' }).click();
    await expect(tool.getByTestId('mods-status')).toHaveText('Updated to EssentialsX 2.22.0. It takes effect when the server starts.');
    await expect(installed.getByText('plugins/EssentialsX-2.22.0.jar', { exact: false })).toBeVisible();

    await installed.getByRole('button', { name: 'Remove EssentialsX Chat' }).click();
    await expect(tool.getByTestId('mods-status')).toHaveText('Removed EssentialsX Chat. It takes effect when the server starts.');
    await expect(installed.getByText('EssentialsX Chat')).toHaveCount(0);

    // A phone: nothing sticks out, and axe still finds nothing serious.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => overflowing(page)).toEqual([]);
    await scan(page, 'mods tool at 390 px');
  });
});
