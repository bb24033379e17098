import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startupOf } from '../fakes/fake-panel-startup.ts';
import { startFakePterodactyl, type FakePterodactyl } from '../fakes/fake-pterodactyl.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { tempGameServer, type TempGameServer } from '../helpers/temp-game-server.ts';
import { scanAtRest as scan } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { overflowing } from './support/overflow.ts';

/**
 * The Game Panel's Minecraft tools in the browser (docs/decisions.md 110-112): Players on a
 * stopped server (its list files), names checked before they are sent, axe with each tool open,
 * and a phone's 390 px without anything sticking out. A server of its own with a game server in
 * a temporary folder. Set SCREENSHOT_DIR to keep screenshots of each tool at 390 and 1366 px.
 */

const fixtureKey = 'hostfront-fixture-key-7f3a9c';
const serverId = 'mctools-mc';
const properties = '#Minecraft server properties\n#A comment we keep\nmotd=\\u00A76Gold \\u00A7lServer\nonline-mode=false\ncustom-key=kept\n';

async function shootBoth(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test.describe('the Minecraft tools', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let gameServer: TempGameServer;
  let server: ServerProcess;
  let origin: string;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    gameServer = tempGameServer({
      id: serverId,
      files: { 'server.properties': properties, 'whitelist.json': '[{"uuid":"00000000-0000-4000-8000-00000000abcd","name":"Old_Friend"}]\n' },
      extra: {
        env: { GAME_STARTUP_MS: '200', GAME_VERSION: '{{MINECRAFT_VERSION}}' },
        variables: [{ key: 'MINECRAFT_VERSION', name: 'Minecraft version', default: '1.21.4', allowed: ['1.21.4', '1.20.6'] }],
      },
    });
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServer(
      { DATABASE_URL: database.url, SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789', LOCAL_SERVERS_FILE: gameServer.serversFile },
      { port },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    gameServer?.remove();
  });

  async function openTools(page: Page): Promise<void> {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, `${origin}/control-panel`);
    await page.getByLabel('Server ID').fill(serverId);
    await page.getByLabel('Access key').fill(fixtureKey);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('tab', { name: 'Minecraft', exact: true }).click();
  }

  test('Players: adds and removes through the list files while stopped, and checks names first', async ({ page }) => {
    await openTools(page);
    const tool = page.getByTestId('players-tool');
    await expect(tool.getByTestId('players-via')).toHaveText(/stopped: changes are written to its list files/);
    const whitelist = tool.getByTestId('players-whitelist');
    await expect(whitelist.getByText('Old_Friend')).toBeVisible();

    await whitelist.getByLabel('Player name').fill('bad name;stop');
    await whitelist.getByRole('button', { name: 'Add to whitelist' }).click();
    await expect(whitelist.getByText('A player name is 3 to 16 letters')).toBeVisible();
    await expect(whitelist.getByLabel('Player name')).toHaveAttribute('aria-invalid', 'true');

    await whitelist.getByLabel('Player name').fill('New_Friend');
    await whitelist.getByRole('button', { name: 'Add to whitelist' }).click();
    await expect(tool.getByTestId('players-status')).toHaveText('Added New_Friend to the whitelist (whitelist.json). It applies when the server starts.');
    await expect(whitelist.getByText('New_Friend')).toBeVisible();
    expect(JSON.parse(fs.readFileSync(path.join(gameServer.root, 'whitelist.json'), 'utf8')).map((e: { name: string }) => e.name)).toEqual([
      'Old_Friend',
      'New_Friend',
    ]);

    const bans = tool.getByTestId('players-bans');
    await bans.getByLabel('Player name').fill('Griefer');
    await bans.getByRole('button', { name: 'Ban' }).click();
    await expect(bans.getByText('Griefer')).toBeVisible();
    await bans.getByRole('button', { name: 'Pardon Griefer' }).click();
    await expect(bans.getByText('Nobody on this list.')).toBeVisible();
    await whitelist.getByRole('button', { name: 'Remove Old_Friend' }).click();
    await expect(whitelist.getByText('Old_Friend')).toBeHidden();

    await scan(page, 'Minecraft players');
    await shootBoth(page, 'minecraft-players');
  });

  test('Settings: previews the MOTD, checks each field, saves only what changed and keeps the rest of the file', async ({ page }) => {
    await openTools(page);
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    const tool = page.getByTestId('settings-tool');
    const motd = tool.getByLabel('Message of the day');
    await expect(motd).toHaveValue('§6Gold §lServer');
    // §6 is gold, §l bold: drawn as the game's server list draws them.
    await expect(tool.getByTestId('motd-preview').getByText('Gold')).toHaveCSS('color', 'rgb(255, 170, 0)');
    await expect(tool.getByTestId('motd-preview').getByText('Server')).toHaveCSS('font-weight', '700');
    await expect(tool.getByTestId('online-mode-warning')).toBeVisible();

    await tool.getByLabel('Difficulty').selectOption('hard');
    await tool.getByLabel('Max players').fill('5000');
    await tool.getByRole('button', { name: 'Save settings' }).click();
    await expect(tool.getByText('Max players is a whole number from 1 to 1000.').first()).toBeVisible();
    await expect(tool.getByLabel('Max players')).toHaveAttribute('aria-invalid', 'true');
    await tool.getByLabel('Max players').fill('12');
    await motd.fill('§cRed §oSky');
    await expect(tool.getByTestId('motd-preview').getByText('Sky')).toHaveCSS('font-style', 'italic');
    await tool.getByRole('button', { name: 'Save settings' }).click();
    await expect(tool.getByTestId('settings-status')).toHaveText('Saved. They apply when the server starts.');
    expect(fs.readFileSync(path.join(gameServer.root, 'server.properties'), 'utf8')).toBe(
      '#Minecraft server properties\n#A comment we keep\nmotd=\\u00A7cRed \\u00A7oSky\nonline-mode=false\ncustom-key=kept\ndifficulty=hard\nmax-players=12\n',
    );
    await scan(page, 'Minecraft settings');
    await shootBoth(page, 'minecraft-settings');
  });

  test('Version (local): picks an allowed version, applied at the next start', async ({ page }) => {
    await openTools(page);
    await page.getByRole('tab', { name: 'Version', exact: true }).click();
    const tool = page.getByTestId('version-tool');
    const variable = tool.getByTestId('variable-MINECRAFT_VERSION');
    await variable.getByLabel('Minecraft version', { exact: true }).selectOption('1.20.6');
    await variable.getByRole('button', { name: 'Save Minecraft version' }).click();
    await expect(tool.getByTestId('version-status')).toHaveText(
      'Minecraft version is now 1.20.6. It takes effect at the next start: restart the server to apply it.',
    );
    await expect(tool.getByTestId('reinstall-needed')).toHaveCount(0);
    await scan(page, 'Minecraft version (local)');
    await shootBoth(page, 'minecraft-version-local');
  });

  test('the tools fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openTools(page);
    await expect(page.getByTestId('players-tool').getByTestId('players-via')).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await scan(page, 'Minecraft players at 390 px');
    await page.getByRole('tab', { name: 'Settings', exact: true }).click();
    await expect(page.getByTestId('settings-tool').getByLabel('Difficulty')).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await scan(page, 'Minecraft settings at 390 px');
    await page.getByRole('tab', { name: 'Version', exact: true }).click();
    await expect(page.getByTestId('version-tool').getByLabel('Minecraft version', { exact: true })).toBeVisible();
    expect(await overflowing(page)).toEqual([]);
    await scan(page, 'Minecraft version at 390 px');
  });
});

test.describe('the Version tool on Pterodactyl', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let panel: FakePterodactyl;
  let server: ServerProcess;
  let origin: string;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    panel = await startFakePterodactyl({ wings: { statsIntervalMs: 0 } });
    startupOf(panel.server(panel.serverId)).reinstallMs = 2500;
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = await startServer(
      { DATABASE_URL: database.url, SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789', PANEL_DRIVER: 'pterodactyl', PANEL_URL: panel.url },
      { port },
    );
  });

  test.afterAll(async () => {
    await server?.stop();
    await panel?.close();
    await database?.drop();
  });

  test('changes the software by the egg`s rules, says it needs a reinstall, offers a backup, and follows the reinstall', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, `${origin}/control-panel`);
    await page.getByLabel('Server ID').fill(panel.serverId);
    await page.getByLabel('Access key').fill(panel.keys.client);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page.getByRole('tab', { name: 'Minecraft', exact: true }).click();
    await page.getByRole('tab', { name: 'Version', exact: true }).click();
    const tool = page.getByTestId('version-tool');
    const version = tool.getByTestId('variable-MINECRAFT_VERSION');
    await version.getByLabel('Minecraft Version', { exact: true }).fill('1.21.4; stop');
    await version.getByRole('button', { name: 'Save Minecraft Version' }).click();
    await expect(version.getByText(/no spaces or shell characters/)).toBeVisible();
    await version.getByLabel('Minecraft Version', { exact: true }).fill('1.21.4');
    await version.getByRole('button', { name: 'Save Minecraft Version' }).click();
    await expect(tool.getByTestId('version-status')).toHaveText(/Minecraft Version is now 1\.21\.4\. It takes effect when the server is reinstalled/);
    const needed = tool.getByTestId('reinstall-needed');
    await expect(needed).toBeVisible();
    await scan(page, 'Minecraft version (Pterodactyl)');
    await shootBoth(page, 'minecraft-version-pterodactyl');

    await needed.getByRole('button', { name: 'Make a backup first' }).click();
    await expect(tool.getByTestId('version-status')).toHaveText(/A backup is being made/);
    await needed.getByRole('button', { name: 'Reinstall now' }).click();
    await needed.getByRole('button', { name: 'Reinstall now' }).click();
    await expect(tool.getByTestId('version-installing')).toBeVisible();
    await shootBoth(page, 'minecraft-version-installing');
    await expect(tool.getByTestId('version-status')).toHaveText('The reinstall is done: start the server when you are ready.', { timeout: 15_000 });
    expect(startupOf(panel.server(panel.serverId)).reinstalls).toBe(1);
  });
});
