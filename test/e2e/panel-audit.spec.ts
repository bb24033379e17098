import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { createTestDatabase, type TestDatabase } from '../helpers/databases.ts';
import { freePort } from '../helpers/free-port.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';
import { tempGameServer, type TempGameServer } from '../helpers/temp-game-server.ts';
import { writeMonitorsFile } from '../server/status-helpers.ts';
import { openPage } from './support/hydration.ts';
import { overflowing } from './support/overflow.ts';
import { shoot } from './support/screenshots.ts';
import { addVirtualAuthenticator } from './support/virtual-authenticator.ts';
import { staffCli } from './support/staff-cli.ts';

/**
 * A customer's file and backup actions in the Game Panel reach the one audit log, and staff see
 * them on the console's Audit log page, written for people; the console fits a phone with long
 * names in it. A server of its own (WebAuthn needs a host name) with a game server in a temporary
 * folder.
 */

const fixtureKey = 'hostfront-fixture-key-7f3a9c';

const longName = 'Bartholomew Maximilian Featherstonehaugh-Cholmondeley';
const longSubject = 'Our whole-network-wide-failover-configuration-for-the-frankfurt-region stopped answering this morning';

/** The console's other sections: address and heading. */
const sections = [
  ['conversations', 'Conversations'],
  ['incidents', 'Incidents'],
  ['maintenance', 'Maintenance'],
  ['monitors', 'Monitors'],
  ['team', 'Staff'],
  ['account', 'My account'],
  ['audit', 'Audit log'],
] as const;

test.describe('panel actions in the staff audit log', () => {
  test.describe.configure({ mode: 'serial' });
  let database: TestDatabase;
  let port: number;
  let page: Page;
  let gameServer: TempGameServer;
  let server: ServerProcess;
  let origin: string;
  let env: Record<string, string>;

  test.beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    gameServer = tempGameServer({ id: 'audit-mc', files: { 'server.properties': 'motd=Audit\n' } });
    port = await freePort();
    origin = `http://localhost:${port}`;
    env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: origin,
      SESSION_SECRET: 'e2e-secret-e2e-secret-e2e-secret-0123456789',
      LOCAL_SERVERS_FILE: gameServer.serversFile,
      // A monitor with a long name that never answers: its latency and state badge must still fit a phone.
      MONITORS_FILE: writeMonitorsFile({
        monitors: [
          { id: 'edge', name: `${longName} edge router`, type: 'tcp', target: `127.0.0.1:${await freePort()}`, intervalSeconds: 0.3, timeoutSeconds: 1 },
        ],
      }),
    };
    server = await startServer(env, { port });
  });

  test.afterAll(async () => {
    await page?.context().close();
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

    const contact = await playwrightRequest.newContext({ baseURL: origin });
    const sent = await contact.post('/api/contact', {
      data: { name: longName, email: 'bart@example.com', subject: longSubject, message: 'Please have a look.' },
    });
    expect(sent.status()).toBe(202);
    await contact.dispose();

    const output = await staffCli(['add', 'ada@example.com', '--role', 'admin'], env);
    const link = output.split('\n').find((line) => line.startsWith(`${origin}/staff/enrol#`))!;
    const context = await browser.newContext({ baseURL: origin });
    page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await addVirtualAuthenticator(page);
    await page.goto(link);
    await page.getByLabel('Your name').fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Create passkey' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    // The Overview's latest activity: people by their names, actions as sentences.
    const activity = page.getByRole('region', { name: 'Latest activity' });
    await expect(activity.getByRole('listitem').filter({ hasText: 'Ada Lovelace enrolled' })).toBeVisible();
    await expect(activity.getByRole('listitem').filter({ hasText: 'Customer of server audit-mc made a backup' })).toBeVisible();
    await expect(activity).not.toContainText('ada@example.com');
    await expect(activity).not.toContainText('panel.');

    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Audit log', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    const entries = page.getByRole('listitem');
    const save = entries.filter({ hasText: 'panel.file.write' });
    await expect(save.locator('p').first()).toHaveText('Customer of server audit-mc (customer) saved a file');
    await expect(save).toContainText('path: server.properties');
    await expect(save).toContainText('ok');
    await expect(entries.filter({ hasText: 'panel.file.folder' }).locator('p').first()).toHaveText('Customer of server audit-mc (customer) made a folder');
    await expect(entries.filter({ hasText: 'panel.file.folder' })).toContainText('path: plugins');
    await expect(entries.filter({ hasText: 'panel.backup.create' })).toContainText('name: Nightly');
    await expect(entries.filter({ hasText: 'panel.file.delete' })).toContainText('refused');
    // A staff member by the name they gave; the e-mail they acted with stays in the entry's details.
    const enrol = entries.filter({ hasText: 'staff.enrol' });
    await expect(enrol.locator('p').first()).toHaveText('Ada Lovelace (staff) enrolled');
    await expect(enrol.locator('p').nth(1)).toContainText('ada@example.com · staff.enrol');

    // The filter by action lists each action once, by its sentence, the panel's too.
    const options = await page.getByLabel('What').locator('option').allTextContents();
    expect(options).toEqual([...new Set(options)]);
    expect(options).toEqual(expect.arrayContaining(['Everything', 'Saved a file', 'Made a backup', 'Enrolled']));
    expect(options.filter((o) => /[a-z]\.[a-z]/.test(o))).toEqual([]);
    await page.getByLabel('What').selectOption({ label: 'Saved a file' });
    await page.getByRole('button', { name: 'Show entries' }).click();
    await expect(page.getByRole('status').filter({ hasText: /^1 entry matches the filters/ })).toBeVisible();
    // The filter by who finds a person by their name.
    await page.getByLabel('What').selectOption({ label: 'Everything' });
    await page.getByLabel('Who').fill('lovelace');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await expect(entries.filter({ hasText: 'staff.enrol' })).toBeVisible();
    await expect(entries.filter({ hasText: 'panel.' })).toHaveCount(0);
  });

  for (const width of [390, 1366]) {
    test(`every staff page fits ${width} px, long names and subjects included`, async () => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/staff#overview');
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      const monitor = page.getByRole('list', { name: 'Monitors', exact: true }).getByRole('listitem');
      await expect(monitor.getByText('Connection refused')).toBeVisible();
      await expect(monitor.getByText('Down', { exact: true })).toBeVisible();
      const waiting = page.getByRole('region', { name: 'Open conversations' }).getByRole('link', { name: new RegExp(longSubject.slice(0, 30)) });
      await expect(waiting).toBeVisible();
      // Cut to fit, the whole subject and sender stay reachable: in the link's title and its conversation.
      expect(await waiting.getAttribute('title')).toBe(`${longSubject} from ${longName}`);
      await expect(page.getByRole('region', { name: 'Latest activity' })).toContainText('Ada Lovelace');
      expect(await overflowing(page)).toEqual([]);
      await shoot(page, `staff-overview-${width}`);
      for (const [id, name] of sections) {
        await page.goto(`/staff#${id}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
        await expect(page.getByText('Loading…')).toHaveCount(0);
        expect(await overflowing(page), name).toEqual([]);
      }
    });
  }

  test('at another address than PUBLIC_URL, sign-in names the address that works, as a link', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const visitor = await context.newPage();
    await addVirtualAuthenticator(visitor);
    // The button answers once the console's island has hydrated: a click on the server-rendered one does nothing.
    await openPage(visitor, '/staff');
    await visitor.getByRole('button', { name: 'Sign in with a passkey' }).click();
    const alert = visitor.getByRole('alert');
    await expect(alert).toContainText(`Passkeys do not work at this address (http://127.0.0.1:${port}): they are bound to ${origin}.`);
    const there = alert.getByRole('link', { name: `${origin}/staff` });
    await expect(there).toHaveAttribute('href', `${origin}/staff`);
    await context.close();
  });
});
