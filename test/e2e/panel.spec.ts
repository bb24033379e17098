import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { openPage } from './support/hydration.ts';

/** The key of the fixture servers test-mc and tools-mc (test/fixtures/panel-servers.json holds only its hash). */
const fixtureKey = 'hostfront-fixture-key-7f3a9c';

async function connect(page: Page, serverId: string, key = fixtureKey) {
  await page.getByLabel('Server ID').fill(serverId);
  await page.getByLabel('Access key').fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

/**
 * Brings a fixture server to a stop through the API (its own session, not the page's): a test
 * that starts from a stopped server must also pass on its retry, after an attempt that left
 * the server running.
 */
async function stopFixtureServer(request: APIRequestContext, serverId: string): Promise<void> {
  const connected = await request.post('/api/panel/session', { data: { serverId, key: fixtureKey } });
  expect(connected.status()).toBe(200);
  const readState = async () => ((await (await request.get('/api/panel/server')).json()) as { state: string }).state;
  if ((await readState()) !== 'offline') {
    expect((await request.post('/api/panel/power', { data: { signal: 'kill' } })).status()).toBe(204);
    await expect.poll(readState, { timeout: 10_000 }).toBe('offline');
  }
  await request.delete('/api/panel/session');
}

async function storedEverywhere(page: Page): Promise<string> {
  return page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookies: document.cookie }));
}

test.describe('control panel', () => {
  test('connects, starts the server, streams the console, runs a command and stops it', async ({ page, request }) => {
    await stopFixtureServer(request, 'test-mc');
    await openPage(page, '/control-panel');
    await expect(page.getByRole('heading', { level: 1, name: 'Control Panel' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Game Panel/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Connect to Your Server' })).toBeVisible();

    // An empty id fetches nothing.
    const connects: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/panel/session')) connects.push(request.method());
    });
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    // Fixed wait: proves an empty id sends no request; a request that does not come has no event.
    await page.waitForTimeout(300);
    expect(connects).toEqual([]);

    // While the request runs the button reads Connecting...
    await page.route(
      '**/api/panel/session',
      async (route) => {
        // Fixed wait: holds the request so that its Connecting... state can be seen.
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      },
      { times: 1 },
    );
    await connect(page, 'test-mc');
    await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled();

    await expect(page.getByRole('heading', { name: 'Fixture Survival' })).toBeVisible();
    const dot = page.getByTestId('power-dot');
    await expect(dot).toHaveAttribute('data-state', 'offline');
    await expect(dot).toHaveClass(/bg-red-500/);
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
    for (const card of ['CPU Usage', 'Memory Usage', 'Disk Usage']) await expect(page.getByRole('heading', { name: card })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Disk Usage' })).toBeVisible();

    // The key stays on the server: only the id is remembered, and the cookie is httpOnly.
    const stored = await storedEverywhere(page);
    expect(stored).toContain('"serverId":"test-mc"');
    expect(stored).not.toContain(fixtureKey);

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('Server start command sent')).toBeVisible();
    await expect(dot).toHaveAttribute('data-state', 'running', { timeout: 15_000 });
    await expect(dot).toHaveClass(/bg-green-400/);
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeEnabled();

    const log = page.getByTestId('console-log');
    await expect(log).toContainText('Loading world...');
    await expect(log).toContainText(/Done \(0\.4s\)!/);

    // Blank commands are never sent; a real one's output appears, colours rendered as styles.
    const input = page.getByPlaceholder('Enter command...');
    await input.fill('   ');
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await input.fill('color');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const green = log.locator('span', { hasText: /^green$/ });
    await expect(green).toBeVisible();
    expect(await green.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(74, 222, 128)');
    await expect(log).not.toContainText('\x1b[');
    await expect(input).toHaveValue('');

    await input.fill('say <b>not html</b>');
    await input.press('Enter');
    await expect(log).toContainText('Unknown command: say <b>not html</b>');
    expect(await log.locator('b').count()).toBe(0);

    // Up and Down recall the commands sent, then give back what was being typed.
    await input.fill('li');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('say <b>not html</b>');
    await input.press('ArrowUp');
    await expect(input).toHaveValue('color');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('say <b>not html</b>');
    await input.press('ArrowDown');
    await expect(input).toHaveValue('li');
    await input.fill('');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectNoSeriousViolations(page, '/control-panel connected, running');

    // Reloading keeps the connection (the session cookie), and the console replays recent lines.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Fixture Survival' })).toBeVisible();
    await expect(page.getByTestId('console-log')).toContainText('Unknown command: say <b>not html</b>');

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByText('Server stop command sent')).toBeVisible();
    await expect(page.getByTestId('power-dot')).toHaveAttribute('data-state', 'offline', { timeout: 15_000 });
    await expect(page.getByTestId('power-dot')).toHaveClass(/bg-red-500/);
    await expect(page.getByTestId('console-log')).toContainText('Server stopped (exit code 0)');
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByRole('heading', { name: 'Connect to Your Server' })).toBeVisible();
    await expect(page.getByLabel('Server ID')).toHaveValue('test-mc');
    await expect(page.getByLabel('Access key')).toHaveValue('');
  });

  test("an offline server takes no command; a command that reaches a stopped server shows the server's answer", async ({ page, request }) => {
    await stopFixtureServer(request, 'test-mc');
    // The console's socket, passed through; while `holdState` is set, its power-state messages
    // are held back, as when the server stops just before the page hears of it.
    let holdState = false;
    await page.routeWebSocket('**/api/panel/console', (socket) => {
      const server = socket.connectToServer();
      server.onMessage((message) => {
        if (!(holdState && String(message).includes('"type":"state"'))) socket.send(message);
      });
    });
    const commands: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().endsWith('/api/panel/command')) commands.push(sent.postData() ?? '');
    });
    await openPage(page, '/control-panel');
    await connect(page, 'test-mc');
    await expect(page.getByTestId('power-dot')).toHaveAttribute('data-state', 'offline');

    const input = page.getByPlaceholder('Enter command...');
    await input.fill('help');
    await input.press('Enter');
    await expect(page.getByText('The server is offline, so it cannot receive commands: start it first.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await expect(input).toHaveAccessibleDescription(/cannot receive commands/);
    expect(commands).toEqual([]);

    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByTestId('power-dot')).toHaveAttribute('data-state', 'running', { timeout: 15_000 });
    await expect(page.getByText('The server is offline, so it cannot receive commands: start it first.')).toHaveCount(0);

    // Stopped from elsewhere; the page has not heard yet, so it sends, and shows why the server refused.
    holdState = true;
    await stopFixtureServer(request, 'test-mc');
    await expect(page.getByTestId('power-dot')).toHaveAttribute('data-state', 'running');
    await input.press('Enter');
    await expect(page.getByText('The server must be online to receive commands.')).toBeVisible();
    await expect(page.getByText('Failed to send command')).toHaveCount(0);
    expect(commands).toHaveLength(1);
  });

  test('a wrong key shows why and the connect-failure toast, and stays on the form', async ({ page }) => {
    await openPage(page, '/control-panel');
    await connect(page, 'test-mc', 'definitely-not-the-key');
    await expect(page.getByText('Failed to fetch server details')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('The server ID or access key is not correct.');
    await expect(page.getByRole('heading', { name: 'Connect to Your Server' })).toBeVisible();
  });

  test('the Web, VPS and Dev tabs are labelled samples and work with the keyboard', async ({ page }) => {
    await openPage(page, '/control-panel');
    const game = page.getByRole('tab', { name: /Game Panel/ });
    await game.focus();
    await page.keyboard.press('ArrowRight');
    const web = page.getByRole('tab', { name: /Web Panel/ });
    await expect(web).toHaveAttribute('aria-selected', 'true');
    await expect(web).toBeFocused();
    const webPanel = page.getByRole('tabpanel', { name: /Web Panel/ });
    await expect(webPanel.getByText('Sample content.')).toBeVisible();
    await expect(webPanel.getByRole('heading', { name: 'SSL certificates' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: /Dev Panel/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: /Dev Panel/ }).getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await page.getByRole('tab', { name: /VPS Panel/ }).click();
    await expect(page.getByRole('tabpanel', { name: /VPS Panel/ }).getByRole('heading', { name: 'Backups' })).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectNoSeriousViolations(page, '/control-panel VPS sample tab');
    await page.keyboard.press('Home');
    await game.click();
    await expect(page.getByRole('heading', { name: 'Connect to Your Server' })).toBeVisible();
  });
});

test.describe('minecraft tools', () => {
  test('connects, starts and stops the server; the console box is static', async ({ page, request }) => {
    await stopFixtureServer(request, 'tools-mc');
    await openPage(page, '/minecraft-tools');
    await expect(page.getByRole('heading', { level: 1, name: 'Minecraft Server Tools' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Connect to Your Server' })).toBeVisible();
    await connect(page, 'tools-mc');
    await expect(page.getByRole('heading', { name: 'Fixture Creative' })).toBeVisible();
    const box = page.getByTestId('tools-console');
    await expect(box).toContainText('Connected to Fixture Creative.');
    await expect(page.getByPlaceholder('Enter command...')).toHaveCount(0);

    const dot = page.getByTestId('power-dot');
    await expect(page.getByRole('button', { name: 'Restart', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await expect(page.getByText('Server start command sent')).toBeVisible();
    await expect(dot).toHaveAttribute('data-state', 'running', { timeout: 15_000 });
    await expect(dot).toHaveClass(/bg-green-400/);
    await expect(page.getByText(/^\d+(\.\d)? (B|KiB|MiB|GiB)$/).first()).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectNoSeriousViolations(page, '/minecraft-tools connected');

    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect(page.getByText('Server restart command sent')).toBeVisible();
    // The restart shows (stopping or starting, Stop disabled meanwhile), then the server runs again.
    await expect(dot).not.toHaveAttribute('data-state', 'running');
    await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
    await expect(dot).toHaveAttribute('data-state', 'running', { timeout: 15_000 });

    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(page.getByText('Server stop command sent')).toBeVisible();
    await expect(dot).toHaveAttribute('data-state', 'offline', { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Start', exact: true })).toBeEnabled();
    expect(await storedEverywhere(page)).not.toContain(fixtureKey);
  });
});
