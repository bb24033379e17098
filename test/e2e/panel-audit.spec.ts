import { expect, request as playwrightRequest, test } from '@playwright/test';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { tempGameServer, type TempGameServer } from '../helpers/temp-game-server.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { staffCli } from './support/staff-cli.ts';

/**
 * A customer's file and backup actions in the Game Panel reach the one audit log, and staff see
 * them on the console's Audit log page. A server of its own (WebAuthn needs a host name) with a
 * game server in a temporary folder.
 */

const fixtureKey = 'hostfront-fixture-key-7f3a9c';

test.describe('panel actions in the staff audit log', () => {
  let database: TestDatabase;
  let gameServer: TempGameServer;
  let server: ServerProcess;
  let origin: string;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    gameServer = tempGameServer({ id: 'audit-mc', files: { 'server.properties': 'motd=Audit\n' } });
    const port = await freePort();
    origin = `http://localhost:${port}`;
    env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: origin,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      LOCAL_SERVERS_FILE: gameServer.serversFile,
    };
    server = await startServer(env, { port });
  });

  test.afterAll(async () => {
    await server?.stop();
    await database?.drop();
    gameServer?.remove();
  });

  test('a file save, a new folder and a backup show as customer entries', async ({ browser }) => {
    const customer = await playwrightRequest.newContext({ baseURL: origin });
    expect((await customer.post('/api/panel/session', { data: { serverId: 'audit-mc', key: fixtureKey } })).status()).toBe(200);
    expect((await customer.put('/api/panel/files/content?path=server.properties', { data: { content: 'motd=Changed\n' } })).status()).toBe(204);
    expect((await customer.post('/api/panel/files/folder', { data: { path: 'plugins' } })).status()).toBe(204);
    expect((await customer.post('/api/panel/backups', { data: { name: 'Nightly' } })).status()).toBe(201);
    expect((await customer.delete('/api/panel/files?path=..%2F..%2Fetc')).status()).toBe(400);
    await customer.dispose();

    const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
    const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await addVirtualAuthenticator(page);
    await page.goto(link);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const entries = page.getByRole('listitem');
    const save = entries.filter({ hasText: 'panel.file.write' });
    await expect(save).toContainText('server audit-mc');
    await expect(save).toContainText('(customer)');
    await expect(save).toContainText('path: server.properties');
    await expect(save).toContainText('ok');
    await expect(entries.filter({ hasText: 'panel.file.folder' })).toContainText('path: plugins');
    await expect(entries.filter({ hasText: 'panel.backup.create' })).toContainText('name: Nightly');
    await expect(entries.filter({ hasText: 'panel.file.delete' })).toContainText('refused');

    // The filter by action lists the panel's actions too.
    await page.getByLabel('What').selectOption('panel.file.write');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^1 entry matches the filters/ })).toBeVisible();
    await context.close();
  });
});
