import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { scanAtRest as scan } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';
import { shoot } from './support/screenshots.ts';

/**
 * The Game Panel's tools on the local driver, in the browser: files (edit and save, upload
 * with progress, new folder, rename, delete), backups (take one, change a file, restore, see
 * the file as it was), the console log's search and download, players and the history charts,
 * and axe over each with its section open. The fixture server files-mc is this spec's alone.
 */

const fixtureKey = 'hostfront-fixture-key-7f3a9c';
const serverId = 'files-mc';
const original = 'motd=A Hostfront fixture\nmax-players=20\n';

/** Puts files-mc back to a known state through the API: stopped, no backups, only server.properties. */
async function reset(request: APIRequestContext): Promise<void> {
  expect((await request.post('/api/panel/session', { data: { serverId, key: fixtureKey } })).status()).toBe(200);
  const state = async () => ((await (await request.get('/api/panel/server')).json()) as { state: string }).state;
  if ((await state()) !== 'offline') {
    await request.post('/api/panel/power', { data: { signal: 'kill' } });
    await expect.poll(state, { timeout: 10_000 }).toBe('offline');
  }
  await expect
    .poll(async () =>
      ((await (await request.get('/api/panel/backups')).json()) as { restoring: boolean; backups: { state: string }[] }).backups.some(
        (b) => b.state === 'creating',
      ),
    )
    .toBe(false);
  const backups = (await (await request.get('/api/panel/backups')).json()) as { backups: { id: string; locked: boolean }[] };
  for (const backup of backups.backups) {
    if (backup.locked) await request.post(`/api/panel/backups/${backup.id}/lock`, { data: { locked: false } });
    expect((await request.delete(`/api/panel/backups/${backup.id}`)).status()).toBe(204);
  }
  const list = (await (await request.get('/api/panel/files?path=')).json()) as { entries: { path: string }[] };
  for (const entry of list.entries) await request.delete(`/api/panel/files?path=${encodeURIComponent(entry.path)}`);
  expect((await request.put('/api/panel/files/content?path=server.properties', { data: { content: original } })).status()).toBe(204);
  await request.delete('/api/panel/session');
}

async function connect(page: Page): Promise<void> {
  await page.getByLabel('Server ID').fill(serverId);
  await page.getByLabel('Access key').fill(fixtureKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Fixture Files' })).toBeVisible();
}

test.describe('game panel tools', () => {
  test.describe.configure({ mode: 'serial' });

  test('edits, uploads with progress, makes a folder, renames and deletes files', async ({ page, request }) => {
    await reset(request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/control-panel');
    await connect(page);
    // The fixture game is not Minecraft: the players card says so.
    await expect(page.getByTestId('players')).toContainText('This is not a Minecraft server');

    await page.getByRole('tab', { name: 'Files' }).click();
    const files = page.getByTestId('file-manager');
    await expect(files.getByRole('button', { name: 'Open server.properties' })).toBeVisible();
    await expect(files.getByRole('navigation', { name: 'Folder path' })).toContainText('Server folder');
    await scan(page, '/control-panel files');
    await shoot(page, 'panel-files');

    // Open, edit and save.
    await files.getByRole('button', { name: 'Open server.properties' }).click();
    const editor = page.getByTestId('file-editor');
    const text = editor.getByRole('textbox', { name: 'Contents of server.properties' });
    await expect(text).toHaveValue(original);
    await expect(text).toBeFocused();
    await text.fill('motd=Edited in the browser\nmax-players=42\n');
    await expect(editor).toContainText('Unsaved changes');
    await scan(page, '/control-panel editor');
    await shoot(page, 'panel-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByRole('status')).toHaveText('Saved server.properties.');
    // The page's own session reads the file back as saved.
    expect((await (await page.request.get('/api/panel/files/content?path=server.properties')).json()).content).toBe(
      'motd=Edited in the browser\nmax-players=42\n',
    );
    await editor.getByRole('button', { name: 'Close' }).click();

    // Upload a 6 MiB binary file on a slowed link, so the progress shows.
    const bytes = randomBytes(6 * 1024 * 1024);
    const upload = test.info().outputPath('mod.jar');
    fs.writeFileSync(upload, bytes);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 3 * 1024 * 1024 });
    await page.getByTestId('upload-input').setInputFiles(upload);
    const progress = page.getByTestId('upload-progress');
    await expect(progress).toBeVisible();
    await expect(page.getByLabel('Uploading mod.jar')).toBeVisible();
    await expect(page.getByTestId('files-status')).toHaveText(/^Uploading mod\.jar: (25|50|75)%$/);
    await expect(page.getByTestId('files-status')).toHaveText('Uploaded mod.jar.', { timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    // Binary: download only.
    const row = files.getByRole('row', { name: /mod\.jar/ });
    await expect(row).toContainText('Download only');
    await expect(row.getByRole('button', { name: 'Open mod.jar' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await row.getByRole('link', { name: 'Download mod.jar' }).click();
    expect(fs.readFileSync(await (await download).path()).equals(bytes)).toBe(true);

    // New folder, by keyboard in the dialog.
    await files.getByRole('button', { name: 'New folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await expect(folderDialog.getByLabel('Folder name')).toBeFocused();
    await scan(page, '/control-panel new folder dialog');
    await page.keyboard.type('mods');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('files-status')).toHaveText('Created the folder mods.');
    await expect(files.getByRole('button', { name: 'Open folder mods' })).toBeVisible();

    // Rename the upload into the new folder.
    await row.getByRole('button', { name: 'Rename mod.jar' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename mod.jar' });
    await renameDialog.getByLabel('New name').fill('mods/renamed.jar');
    await renameDialog.getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByTestId('files-status')).toHaveText('Renamed mod.jar to mods/renamed.jar.');
    await files.getByRole('button', { name: 'Open folder mods' }).click();
    await expect(files.getByRole('navigation', { name: 'Folder path' }).getByText('mods')).toHaveAttribute('aria-current', 'location');
    await expect(files.getByRole('row', { name: /renamed\.jar/ })).toBeVisible();

    // Delete, asked first; Cancel keeps it, Escape too.
    await files.getByRole('button', { name: 'Delete renamed.jar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete renamed.jar?' });
    await expect(confirm).toContainText('This cannot be undone.');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await scan(page, '/control-panel delete dialog');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(files.getByRole('row', { name: /renamed\.jar/ })).toBeVisible();
    await files.getByRole('button', { name: 'Delete renamed.jar' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('files-status')).toHaveText('Deleted renamed.jar.');
    await expect(files.getByText('This folder is empty.')).toBeVisible();
    await files.getByRole('button', { name: 'Server folder' }).click();
    await expect(files.getByRole('button', { name: 'Open server.properties' })).toBeVisible();
  });

  test('takes a backup, changes a file, restores it and sees the file as it was', async ({ page, request }) => {
    await reset(request);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/control-panel');
    await connect(page);
    await page.getByRole('tab', { name: 'Backups' }).click();
    const backups = page.getByTestId('backups');
    await expect(backups.getByTestId('backup-usage')).toHaveText('0 of 2 backups used');
    await backups.getByLabel('Backup name').fill('Before the change');
    await backups.getByRole('button', { name: 'Create backup' }).click();
    await expect(page.getByTestId('backups-status')).toHaveText('Backup Before the change is ready.', { timeout: 20_000 });
    await expect(backups.getByRole('listitem').filter({ hasText: 'Before the change' })).toContainText('Ready');
    await scan(page, '/control-panel backups');
    await shoot(page, 'panel-backups');

    // Change the file.
    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByRole('button', { name: 'Open server.properties' }).click();
    const text = page.getByRole('textbox', { name: 'Contents of server.properties' });
    await expect(text).toHaveValue(original);
    await text.fill('motd=Changed after the backup\n');
    await page.getByTestId('file-editor').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('file-editor').getByRole('status')).toHaveText('Saved server.properties.');
    await page.getByTestId('file-editor').getByRole('button', { name: 'Close' }).click();

    // Restore, asked first with what will happen.
    await page.getByRole('tab', { name: 'Backups' }).click();
    await backups.getByRole('button', { name: 'Restore Before the change' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore Before the change?' });
    await expect(dialog).toContainText('The server will be stopped');
    await expect(dialog).toContainText('started again if it was running');
    await scan(page, '/control-panel restore dialog');
    await shoot(page, 'panel-restore-dialog');
    await dialog.getByRole('button', { name: 'Stop and restore' }).click();
    await expect(page.getByTestId('backups-status')).toHaveText('The restore has finished.', { timeout: 20_000 });

    await page.getByRole('tab', { name: 'Files' }).click();
    await page.getByRole('button', { name: 'Open server.properties' }).click();
    await expect(page.getByRole('textbox', { name: 'Contents of server.properties' })).toHaveValue(original);
    await page.getByTestId('file-editor').getByRole('button', { name: 'Close' }).click();

    // The plan allows 2: at the limit, Create is off and says why.
    await page.getByRole('tab', { name: 'Backups' }).click();
    // A second backup of the same name.
    await backups.getByLabel('Backup name').fill('Before the change');
    await backups.getByRole('button', { name: 'Create backup' }).click();
    await expect(page.getByTestId('backups-status')).toHaveText('Backup Before the change is ready.', { timeout: 20_000 });
    await expect(backups.getByTestId('backup-usage')).toHaveText('2 of 2 backups used');
    await expect(backups.getByRole('button', { name: 'Create backup' })).toBeDisabled();
    await expect(backups).toContainText('This server has reached its limit of 2 backups: delete one to make room for a new one.');
    // Two backups of one name: each one's buttons have names of their own, told apart by when it was made.
    const deletes = backups.getByRole('button', { name: /^Delete Before the change/ });
    await expect(deletes).toHaveCount(2);
    const deleteNames = await deletes.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
    expect(new Set(deleteNames).size).toBe(2);
    for (const name of deleteNames) expect(name).toMatch(/^Delete Before the change, made .+/);
    const second = deleteNames[0]!.replace(/^Delete /, '');
    await expect(backups.getByRole('button', { name: `Restore ${second}`, exact: true })).toHaveCount(1);

    // Lock: a locked backup cannot be deleted.
    const lock = backups.getByRole('button', { name: `Lock ${second}`, exact: true });
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'true');
    await expect(backups.getByRole('button', { name: `Delete ${second}`, exact: true })).toBeDisabled();
    await lock.click();
    await expect(lock).toHaveAttribute('aria-pressed', 'false');
    await backups.getByRole('button', { name: `Delete ${second}`, exact: true }).click();
    await page
      .getByRole('dialog', { name: `Delete ${second}?` })
      .getByRole('button', { name: 'Delete backup' })
      .click();
    await expect(page.getByTestId('backups-status')).toHaveText('Deleted Before the change.');
    await expect(backups.getByRole('button', { name: 'Create backup' })).toBeEnabled();

    // The console kept the restore's lines: search them, and download the log.
    await page.getByRole('tab', { name: 'Console' }).click();
    await expect(page.getByTestId('console-log')).toContainText('Restored the backup "Before the change".');
    await page.getByLabel('Search the console').fill('restored the backup');
    await expect(page.getByTestId('console-matches')).toHaveText(/^1 line matches of \d+ lines kept\.$/);
    await expect(page.getByTestId('console-log')).not.toContainText('Restoring the backup');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download log' }).click();
    const log = await download;
    expect(log.suggestedFilename()).toMatch(/^files-mc-console-\d{4}-\d{2}-\d{2}\.log$/);
    expect(fs.readFileSync(await log.path(), 'utf8')).toContain('Restored the backup "Before the change".');
    await scan(page, '/control-panel console search');
  });

  test('draws the history charts with a text alternative and shows players on /minecraft-tools', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPage(page, '/control-panel');
    await connect(page);
    await page.getByRole('tab', { name: 'History' }).click();
    const charts = page.getByTestId('history-charts');
    // The live readings alone draw the charts before the first stored sample.
    await expect(charts.getByRole('img', { name: /^CPU over the last hour: lowest .*, latest .*\.$/ })).toBeVisible();
    await expect(charts.getByRole('img', { name: /^Memory over the last hour/ })).toBeVisible();
    await expect(charts.getByRole('img', { name: /^Disk over the last hour/ })).toBeVisible();
    // One unit rule for sizes: the Disk card and the Disk chart write bytes the same way (binary units).
    const size = /^\d+(\.\d)? (B|KiB|MiB|GiB|TiB)$/;
    const diskCard = page.getByRole('progressbar', { name: 'Disk Usage' }).locator('xpath=..');
    await expect(diskCard.locator('p').first()).toHaveText(size);
    await expect(diskCard.locator('p').nth(1)).toHaveText(/^of \d+(\.\d)? (MiB|GiB|TiB)$/);
    const diskChart = charts.locator('figure').filter({ hasText: 'Disk' });
    await expect(diskChart.locator('figcaption span').nth(1)).toHaveText(size);
    // The hour's axis reads times of day; the day's reads dates with them (its ends share a time of day).
    const axis = charts.locator('figure').first().locator('div[aria-hidden="true"] span');
    await expect(axis.first()).toHaveText(/^\d\d:\d\d( [AP]M)?$/);
    await page.getByRole('button', { name: 'Last 24 hours' }).click();
    await expect(page.getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute('aria-pressed', 'true');
    await expect(charts.getByRole('img', { name: /^CPU over the last 24 hours/ })).toBeVisible();
    const day = /^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d( [AP]M)?$/;
    await expect(axis.first()).toHaveText(day);
    await expect(axis.last()).toHaveText(day);
    expect(await axis.first().textContent()).not.toBe(await axis.last().textContent());
    await page.getByText('Show the figures as a table').click();
    await expect(page.getByRole('table', { name: 'Averages over the last 24 hours' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Averages over the last 24 hours' }).getByRole('rowheader').first()).toHaveText(day);
    await scan(page, '/control-panel history');
    await shoot(page, 'panel-history');

    await openPage(page, '/minecraft-tools');
    await expect(page.getByRole('heading', { name: 'Fixture Files' })).toBeVisible();
    await expect(page.getByTestId('players')).toContainText('This is not a Minecraft server');
    await expect(page.getByTestId('history-charts').getByRole('img', { name: /^CPU over the last hour/ })).toBeVisible();
    await scan(page, '/minecraft-tools players and history');
    await shoot(page, 'minecraft-tools-players');
  });
});
